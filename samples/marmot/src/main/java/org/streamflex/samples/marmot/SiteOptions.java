package org.streamflex.samples.marmot;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.streamflex.StreamFlexError;
import org.streamflex.StreamFlexProperties;

/**
 * Where the JVM of a split run stands, from the command line: {@code --site node --node ID
 * --server HOST:PORT} (one node, sending to the server) or {@code --site server --listen HOST:PORT}
 * (the server, for every node of the deployment), as a runtime {@link org.streamflex.Deployment}.
 * TLS and listening beyond loopback come from the runtime's own properties, so that a secured run
 * is configured as for any StreamFlex graph: {@code streamflex.net.keyStore}, {@code .trustStore},
 * {@code .passwordFile}, {@code .allowNonLoopback} and {@code .pollMicros}.
 *
 * <pre>{@code
 * org.streamflex.Deployment d = SiteOptions.node("A", SiteOptions.address("--server", "10.0.0.5:7400"));
 * MarmotGraph g = d.build(() -> MarmotGraph.forNode(config, deployment, 0, 44_100, 23_220));
 * }</pre>
 */
final class SiteOptions {
    /** The options of a node's run, besides the deployment's and the detector's. */
    static final Set<String> NODE = Set.of("site", "node", "server", "speed", "timeout", "doa");
    /** The options of the server's run, besides the deployment's and the clustering's. */
    static final Set<String> SERVER = Set.of("site", "listen", "timeout", "doa");

    private SiteOptions() {
    }

    /**
     * {@code HOST:PORT} or {@code [IPv6]:PORT}, as option {@code option} gives it.
     *
     * @throws UsageException naming the option, if it is not that
     */
    static InetSocketAddress address(String option, String text) throws UsageException {
        int colon = text.lastIndexOf(':');
        String host = colon < 0 ? "" : text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.contains(":")) {
            host = "";
        }
        int port = -1;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            // reported below
        }
        if (host.isEmpty() || port < 0 || port > 65_535) {
            throw new UsageException(option + ": \"" + text + "\" is not HOST:PORT (as 127.0.0.1:7400, or [::1]:7400)"
                    + " with a port from 0 to 65535");
        }
        return new InetSocketAddress(host, port);
    }

    /**
     * This JVM is node {@code id}, sending to {@code server}.
     *
     * @throws UsageException if the id is not one the runtime accepts, or the TLS properties are
     *     incomplete or unreadable
     */
    static org.streamflex.Deployment node(String id, InetSocketAddress server) throws UsageException {
        try {
            return network(org.streamflex.Deployment.node(id, server));
        } catch (StreamFlexError e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * This JVM is the server, listening at {@code listen} for the nodes {@code ids}.
     *
     * @throws UsageException if the TLS properties are incomplete or unreadable
     */
    static org.streamflex.Deployment server(InetSocketAddress listen, List<String> ids) throws UsageException {
        try {
            return network(org.streamflex.Deployment.server(listen, ids));
        } catch (StreamFlexError e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** {@code d} with the runtime's {@code streamflex.net.*} properties applied. */
    private static org.streamflex.Deployment network(org.streamflex.Deployment d) throws UsageException {
        try {
            String keys = StreamFlexProperties.NET_KEY_STORE.get();
            String trust = StreamFlexProperties.NET_TRUST_STORE.get();
            String passwordFile = StreamFlexProperties.NET_PASSWORD_FILE.get();
            org.streamflex.Deployment secured = d;
            if (!keys.isEmpty() || !trust.isEmpty() || !passwordFile.isEmpty()) {
                if (keys.isEmpty() || trust.isEmpty() || passwordFile.isEmpty()) {
                    throw new UsageException("TLS needs all three of -Dstreamflex.net.keyStore, -Dstreamflex.net."
                            + "trustStore and -Dstreamflex.net.passwordFile; set the missing ones, or none for a"
                            + " plain link on loopback");
                }
                secured = d.secured(Path.of(keys), Path.of(trust), password(Path.of(passwordFile)));
            }
            if (StreamFlexProperties.NET_ALLOW_NON_LOOPBACK.get()) {
                secured = secured.allowNonLoopback();
            }
            return secured.pollMicros(StreamFlexProperties.NET_POLL_MICROS.get());
        } catch (StreamFlexError e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static char[] password(Path file) throws UsageException {
        try {
            return Files.readString(file).strip().toCharArray();
        } catch (IOException e) {
            throw new UsageException("-Dstreamflex.net.passwordFile: cannot read " + file + ": " + e.getMessage());
        }
    }
}
