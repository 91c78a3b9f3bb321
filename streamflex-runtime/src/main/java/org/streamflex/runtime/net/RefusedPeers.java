package org.streamflex.runtime.net;

import io.netty.handler.codec.DecoderException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The peers a server refused at the TLS handshake (no certificate, an untrusted one, another
 * protocol), or for sending no handshake frame within its stall timeout: every refusal counted,
 * and each peer address logged once, at WARNING with the reason.
 * A peer that retries in a loop would otherwise fill the log with one line per attempt, hiding
 * everything else; the count still shows how often it tried. Addresses are remembered up to a bound,
 * so that refusals from many addresses cannot grow the server's memory without limit.
 *
 * <pre>{@code
 * tls.handshakeFuture().addListener(done -> {
 *     if (!done.isSuccess()) {
 *         refusedPeers.refused(channel.localAddress(), channel.remoteAddress(), done.cause());
 *     }
 * });
 * }</pre>
 */
final class RefusedPeers {
    /** Distinct addresses logged at most; later ones are counted only. */
    static final int MAX_LOGGED = 1024;

    private static final System.Logger LOG = System.getLogger("org.streamflex.runtime");

    private final AtomicLong count = new AtomicLong();
    private final Set<Object> logged = ConcurrentHashMap.newKeySet();

    long count() {
        return count.get();
    }

    /**
     * Any thread: counts the refusal of {@code peer} by the server listening at {@code local}, and
     * logs it if this address was not logged yet.
     */
    void refused(SocketAddress local, SocketAddress peer, Throwable cause) {
        refused(local, peer, "at the TLS handshake: " + reason(cause));
    }

    /**
     * Any thread: counts the refusal of {@code peer} for {@code why} (said after "refused peer A"),
     * and logs it if this address was not logged yet.
     */
    void refused(SocketAddress local, SocketAddress peer, String why) {
        count.incrementAndGet();
        // The port differs on every attempt: a peer is its IP address.
        Object key = peer instanceof InetSocketAddress inet && inet.getAddress() != null ? inet.getAddress() : peer;
        if (logged.size() >= MAX_LOGGED || !logged.add(key)) {
            return;
        }
        String address = key instanceof InetAddress ip ? ip.getHostAddress() : String.valueOf(key);
        LOG.log(System.Logger.Level.WARNING, "network link server at " + local + " refused peer " + address
                + " " + why + ". Each peer address is logged once;"
                + " refusedPeers() counts every refusal"
                + (logged.size() == MAX_LOGGED ? " (" + MAX_LOGGED + " addresses logged: later ones are counted"
                        + " only)" : ""));
    }

    private static String reason(Throwable cause) {
        Throwable shown = cause;
        while (shown instanceof DecoderException && shown.getCause() != null) {
            shown = shown.getCause();
        }
        return String.valueOf(shown);
    }
}
