package org.streamflex;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Where a graph runs: all of it in this JVM (the default), or the part of one node, or the
 * server's part, of a graph split between nodes and a server (WaveScript's node/server
 * partition). A graph marks its server filters with {@link StreamFlexGraph#runOnServer}; every
 * other filter runs on each node. Built as a node, a graph keeps only its node filters and sends
 * each channel that runs to a server filter over the network to the server; built as the server, it
 * keeps only its server filters and receives each such channel from every node of the inventory
 * (items from several nodes merge in arrival order). The same class runs everywhere, so moving a
 * filter between node and server is one line: adding it to, or removing it from, {@code runOnServer}.
 *
 * <p>A deployment is chosen when the graph is built ({@code new MyGraph()}): the one given to
 * {@link #build(Supplier)}, else the one the system properties describe ({@link #fromProperties()},
 * {@code -Dstreamflex.site=node -Dstreamflex.node=n1 -Dstreamflex.server=10.0.0.5:7400}).
 *
 * <pre>{@code
 * // on each node
 * Marmots node = Deployment.node("n1", new InetSocketAddress("10.0.0.5", 7400))
 *         .secured(Path.of("n1.p12"), Path.of("trust.p12"), password)
 *         .build(Marmots::new);
 * // on the server
 * Marmots server = Deployment.server(new InetSocketAddress("10.0.0.5", 7400), List.of("n1", "n2", "n3"))
 *         .secured(Path.of("server.p12"), Path.of("trust.p12"), password).allowNonLoopback()
 *         .build(Marmots::new);
 * }</pre>
 *
 * <p>Channels cross both ways and carry primitives ({@code IntChannel}, {@code FloatChannel}, ...),
 * capsules ({@code Channel<C>}, encoded field by field) or shared values ({@code SharedChannel<T>},
 * signal segments, by their library's codec). A channel from a node filter to a server filter
 * carries each node's items to the server, which merges them. A channel from a server filter to a
 * node filter is a broadcast: every node of the inventory receives every item (a threshold, a
 * configuration the server computes), on a link of its own, counted per node; a node that is down
 * gets its items queued up to a bound and then dropped and counted for it alone, and never holds up
 * the others. Either way the node opens the connection (nodes need no listening port). Each
 * crossing channel is lossless over the network (credit-based flow control: a slow receiver holds
 * items in the sending side's channel, whose producer then drops and counts as the contract says),
 * unless its producer end is named in {@link #dropping}, where the receiving side (to the server) or
 * each node's link (to the nodes) drops and counts what it has no room for. Nodes and server may
 * start in any order; a node reconnects after a fault with backoff, and every item is delivered or
 * counted lost. A channel between two node filters never crosses: every node runs all of them.
 */
public final class Deployment {
    /** What part of a graph this JVM runs. */
    public enum Site {
        /** The whole graph, in this JVM: crossing channels are ordinary channels. */
        WHOLE,
        /** The node filters, sending crossing channels to the server and receiving those from it. */
        NODE,
        /** The server filters, receiving crossing channels from every node and sending those to every node. */
        SERVER;

        /** The name {@code streamflex.site} takes. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The port a server listens on when {@code streamflex.server} gives none. */
    public static final int DEFAULT_PORT = 7400;
    /** The default period, in microseconds, at which the server moves received items into its channels. */
    public static final int DEFAULT_POLL_MICROS = 1000;
    /**
     * The default most bytes a shared value (a signal segment, a tuple) crossing the cut may encode
     * to: 64 KiB, a segment of about 16,000 floats. The server's receiving queues hold their item
     * count of items this large (64 items at least, per node and crossing), so the bound sizes their
     * memory: raise it ({@link #maxSharedItemBytes(int)}) only for a graph whose values need it.
     */
    public static final int DEFAULT_MAX_SHARED_ITEM_BYTES = 1 << 16;
    /** The least bound {@link #maxSharedItemBytes(int)} takes: 1 KiB. */
    public static final int MIN_SHARED_ITEM_BYTES = 1 << 10;
    /**
     * The largest bound {@link #maxSharedItemBytes(int)} takes: 16 MiB, so that a receiving queue of
     * 64 such items (twice over, as its records may skip the array's end) stays within the 1 GiB one
     * queue may have.
     */
    public static final int MAX_SHARED_ITEM_BYTES = 1 << 24;
    /**
     * How long a link's peer may send nothing, not even its heartbeat (both sides beat every 200 ms
     * while they have nothing else to send), before its connection is closed as stalled: 10 s, 50
     * missed heartbeats, so that a long garbage collection, a loaded host or a few TCP retransmissions
     * never pass for a frozen peer, while the OS would take minutes to notice one.
     */
    public static final Duration DEFAULT_STALL_TIMEOUT = Duration.ofSeconds(10);
    /** The shortest stall timeout {@link #stallTimeout(Duration)} takes: five heartbeats. */
    public static final Duration MIN_STALL_TIMEOUT = Duration.ofSeconds(1);

    private static final ScopedValue<Deployment> CURRENT = ScopedValue.newInstance();
    private static final Pattern NODE_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final Deployment WHOLE = new Deployment(Site.WHOLE, null, null, List.of(), null, null, null,
            false, DEFAULT_POLL_MICROS, Set.of(), DEFAULT_MAX_SHARED_ITEM_BYTES, DEFAULT_STALL_TIMEOUT, Map.of(),
            Map.of(), null);

    private final Site site;
    private final String node;
    private final InetSocketAddress server;
    private final List<String> nodes;
    private final Path keyStore;
    private final Path trustStore;
    private final char[] password;
    private final boolean allowNonLoopback;
    private final int pollMicros;
    private final Set<String> dropping;
    private final int maxSharedItemBytes;
    private final Duration stallTimeout;
    /** Per producer end ({@code "Filter.field"}): its shared values' bound, where it is not the deployment's. */
    private final Map<String, Integer> sharedBounds;
    /** Per producer end of a channel to the nodes: which node gets each item, where it is not every node. */
    private final Map<String, NodeRouter> routes;
    /** A certificate revocation list the TLS handshake checks peers against; null for none. */
    private final Path revocationList;

    private Deployment(Site site, String node, InetSocketAddress server, List<String> nodes, Path keyStore,
            Path trustStore, char[] password, boolean allowNonLoopback, int pollMicros, Set<String> dropping,
            int maxSharedItemBytes, Duration stallTimeout, Map<String, Integer> sharedBounds,
            Map<String, NodeRouter> routes, Path revocationList) {
        this.site = site;
        this.node = node;
        this.server = server;
        this.nodes = nodes;
        this.keyStore = keyStore;
        this.trustStore = trustStore;
        this.password = password;
        this.allowNonLoopback = allowNonLoopback;
        this.pollMicros = pollMicros;
        this.dropping = dropping;
        this.maxSharedItemBytes = maxSharedItemBytes;
        this.stallTimeout = stallTimeout;
        this.sharedBounds = sharedBounds;
        this.routes = routes;
        this.revocationList = revocationList;
    }

    /** The whole graph in this JVM: the default. */
    public static Deployment whole() {
        return WHOLE;
    }

    /**
     * This JVM is node {@code id}, sending to the server at {@code server}.
     *
     * @throws StreamFlexError if the id is not 1 to 64 letters, digits, '.', '_' or '-' (starting
     *     with a letter or digit)
     */
    public static Deployment node(String id, InetSocketAddress server) {
        return new Deployment(Site.NODE, checkNode(id, "node id"), Objects.requireNonNull(server, "server"), List.of(),
                null, null, null, false, DEFAULT_POLL_MICROS, Set.of(), DEFAULT_MAX_SHARED_ITEM_BYTES,
                DEFAULT_STALL_TIMEOUT, Map.of(),
            Map.of(), null);
    }

    /**
     * This JVM is the server, listening at {@code listen} for the nodes {@code nodes} (the
     * inventory: a node not in it is refused, with a message naming it).
     *
     * @throws StreamFlexError if the inventory is empty, names a node twice, or names one badly
     */
    public static Deployment server(InetSocketAddress listen, List<String> nodes) {
        Objects.requireNonNull(listen, "listen");
        if (nodes.isEmpty()) {
            throw new StreamFlexError("the server's node inventory is empty: list the ids of the nodes that send"
                    + " to it");
        }
        Set<String> seen = new LinkedHashSet<>();
        for (String n : nodes) {
            if (!seen.add(checkNode(n, "node id in the inventory"))) {
                throw new StreamFlexError("the node inventory names node " + n + " twice: node ids are unique");
            }
        }
        return new Deployment(Site.SERVER, null, listen, List.copyOf(seen), null, null, null, false,
                DEFAULT_POLL_MICROS, Set.of(), DEFAULT_MAX_SHARED_ITEM_BYTES, DEFAULT_STALL_TIMEOUT, Map.of(),
                Map.of(), null);
    }

    /**
     * The same deployment over TLS 1.3 with mutual certificates: this JVM presents the key in the
     * PKCS12 store {@code keyStore} and accepts peers whose certificates chain to {@code trustStore}.
     * Both stores are opened with {@code password} (copied) when the graph starts.
     */
    public Deployment secured(Path keyStore, Path trustStore, char[] password) {
        return new Deployment(site, node, server, nodes, Objects.requireNonNull(keyStore, "keyStore"),
                Objects.requireNonNull(trustStore, "trustStore"), Objects.requireNonNull(password, "password").clone(),
                allowNonLoopback, pollMicros, dropping, maxSharedItemBytes, stallTimeout, sharedBounds, routes,
                revocationList);
    }

    /**
     * The same deployment, allowed to listen on an address other than loopback: a server doing so
     * must also be {@link #secured}, or the graph refuses to start.
     */
    public Deployment allowNonLoopback() {
        return new Deployment(site, node, server, nodes, keyStore, trustStore, password, true, pollMicros, dropping,
                maxSharedItemBytes, stallTimeout, sharedBounds, routes, revocationList);
    }

    /**
     * The same deployment with the server moving received items into its channels every
     * {@code micros} microseconds (default {@value #DEFAULT_POLL_MICROS}), on a clock of its own.
     */
    public Deployment pollMicros(int micros) {
        if (micros <= 0) {
            throw new StreamFlexError("poll period " + micros + " us: give a positive number of microseconds");
        }
        return new Deployment(site, node, server, nodes, keyStore, trustStore, password, allowNonLoopback, micros,
                dropping, maxSharedItemBytes, stallTimeout, sharedBounds, routes, revocationList);
    }

    /**
     * The same deployment with the crossing channels produced at {@code producerEnds} (as
     * {@code "Detector.out"}, the producer's name and field) in the contract's mode instead of
     * lossless: for a channel to the server, the server's side holds what its channel has room for,
     * and drops and counts the rest; for a channel to the nodes, each node's link drops and counts
     * what its queue has no room for, and the server's channel never waits for a node.
     */
    public Deployment dropping(String... producerEnds) {
        Set<String> ends = new LinkedHashSet<>(dropping);
        ends.addAll(Arrays.asList(producerEnds));
        return new Deployment(site, node, server, nodes, keyStore, trustStore, password, allowNonLoopback,
                pollMicros, Set.copyOf(ends), maxSharedItemBytes, stallTimeout, sharedBounds, routes, revocationList);
    }

    /**
     * The same deployment with shared values (signal segments, tuples) crossing the cut allowed to
     * encode to {@code bytes} each, instead of {@value #DEFAULT_MAX_SHARED_ITEM_BYTES}. Nodes and
     * server must give the same bound: a link's identity names it when it is not the default, so a
     * server refuses a node that differs, naming both. The links' frames follow the bound, so a
     * receiver still refuses a frame longer than it; a larger value is dropped at the node and
     * counted ({@code tooLarge}), and the first is logged naming the channel, its size and the bound.
     *
     * <pre>{@code
     * Deployment.node("n1", server).maxSharedItemBytes(256 << 10).build(Marmots::new);
     * }</pre>
     *
     * @throws StreamFlexError if {@code bytes} is not {@value #MIN_SHARED_ITEM_BYTES} to
     *     {@value #MAX_SHARED_ITEM_BYTES}
     */
    public Deployment maxSharedItemBytes(int bytes) {
        checkSharedBound(bytes, "every shared crossing channel");
        return new Deployment(site, node, server, nodes, keyStore, trustStore, password, allowNonLoopback,
                pollMicros, dropping, bytes, stallTimeout, sharedBounds, routes, revocationList);
    }

    /**
     * The same deployment with shared values crossing from the producer end {@code producerEnd}
     * ({@code "Doa.out"}) allowed to encode to {@code bytes} each, whatever the deployment's bound
     * ({@link #maxSharedItemBytes(int)}) for the other channels: a bound sizes the receiving queues,
     * which hold their item count of the largest items, so a graph with one channel of large values
     * raises that one only. As for the deployment's bound, nodes and server must agree, and a
     * channel's bound other than the default is part of its links' identity.
     *
     * <pre>{@code
     * Deployment.server(listen, nodes).maxSharedItemBytes("Beamformer.out", 1 << 20).build(Marmots::new);
     * }</pre>
     *
     * @throws StreamFlexError if {@code bytes} is not {@value #MIN_SHARED_ITEM_BYTES} to
     *     {@value #MAX_SHARED_ITEM_BYTES}, or {@code producerEnd} is not {@code Filter.field}
     */
    public Deployment maxSharedItemBytes(String producerEnd, int bytes) {
        checkEnd(producerEnd, "shared value bound");
        checkSharedBound(bytes, "producer end " + producerEnd);
        Map<String, Integer> bounds = new LinkedHashMap<>(sharedBounds);
        bounds.put(producerEnd, bytes);
        return new Deployment(site, node, server, nodes, keyStore, trustStore, password, allowNonLoopback,
                pollMicros, dropping, maxSharedItemBytes, stallTimeout, Map.copyOf(bounds), routes, revocationList);
    }

    /**
     * The same deployment with its links' stall timeout {@code timeout} instead of
     * {@link #DEFAULT_STALL_TIMEOUT}: how long a peer may send nothing, not even a heartbeat, before
     * its connection is closed as stalled, counted ({@code stalls}) and, on a node, connected again.
     * It bounds how long a node that stopped reading holds up a channel the server sends to every
     * node, and how long a frozen peer goes unnoticed; shorter trusts the network and hosts more.
     * Each side applies its own: to the peers it receives from and sends to.
     *
     * <pre>{@code
     * Deployment.server(listen, nodes).stallTimeout(Duration.ofSeconds(3)).build(Marmots::new);
     * }</pre>
     *
     * @throws StreamFlexError if {@code timeout} is shorter than {@link #MIN_STALL_TIMEOUT}
     */
    public Deployment stallTimeout(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.compareTo(MIN_STALL_TIMEOUT) < 0) {
            throw new StreamFlexError("stall timeout " + timeout.toMillis() + " ms is shorter than "
                    + MIN_STALL_TIMEOUT.toMillis() + " ms: a live peer beats only every 200 ms");
        }
        return new Deployment(site, node, server, nodes, keyStore, trustStore, password, allowNonLoopback,
                pollMicros, dropping, maxSharedItemBytes, timeout, sharedBounds, routes, revocationList);
    }

    /**
     * The same deployment with the channel to the nodes produced at {@code producerEnd}
     * ({@code "Planner.command"}) sending each item to the one node {@code router} chooses, instead
     * of every node of the inventory: {@link NodeRouter#to} one node, {@link NodeRouter#bySlot} or
     * {@link NodeRouter#byItem} a node per item. Read on the server only (a node receives what is
     * sent to it). Each node's link counts what it was given; an item for a node the inventory does
     * not list is dropped and counted ({@code unrouted}), the first such id logged. Each node has a
     * bounded queue of its own on the server: a node with no credit, or down, holds up no other node
     * while its queue has room. In CREDIT mode an item whose node is linked and whose queue is full
     * waits in the channel, and the items behind it too, for every node (nothing may be dropped):
     * counted for that node ({@code heldUp}). Per node the channel counts {@code sent},
     * {@code delivered}, {@code lost} and {@code queued}.
     *
     * <pre>{@code
     * Deployment.server(listen, List.of("n1", "n2")).routeToNodes("Planner.reset", NodeRouter.to("n2"))
     *         .build(Planner::new);
     * }</pre>
     *
     * @throws StreamFlexError if {@code producerEnd} is not {@code Filter.field}, or a fixed node is
     *     not in a server's inventory
     */
    public Deployment routeToNodes(String producerEnd, NodeRouter router) {
        Objects.requireNonNull(router, "router");
        checkEnd(producerEnd, "route to the nodes");
        if (site == Site.SERVER && router instanceof NodeRouter.Fixed(String to) && !nodes.contains(to)) {
            throw new StreamFlexError("the route of " + producerEnd + " sends every item to node " + to
                    + ", which the inventory does not list; it lists " + nodes);
        }
        Map<String, NodeRouter> routed = new LinkedHashMap<>(routes);
        routed.put(producerEnd, router);
        return new Deployment(site, node, server, nodes, keyStore, trustStore, password, allowNonLoopback,
                pollMicros, dropping, maxSharedItemBytes, stallTimeout, sharedBounds, Map.copyOf(routed),
                revocationList);
    }

    /**
     * The same deployment refusing, at the TLS handshake, peers whose certificates the certificate
     * revocation list {@code crl} revokes (a file as {@code keytool -gencrl} writes it, read when the
     * graph starts): a revoked node at the server, a revoked server at a node. Needs
     * {@link #secured}; the graph refuses to start otherwise.
     *
     * <pre>{@code
     * Deployment.server(listen, nodes).secured(serverP12, trustP12, password)
     *         .revocationList(Path.of("revoked.crl")).build(Marmots::new);
     * }</pre>
     */
    public Deployment revocationList(Path crl) {
        return new Deployment(site, node, server, nodes, keyStore, trustStore, password, allowNonLoopback,
                pollMicros, dropping, maxSharedItemBytes, stallTimeout, sharedBounds, routes,
                Objects.requireNonNull(crl, "crl"));
    }

    /** The certificate revocation list peers are checked against ({@link #revocationList(Path)}), or null. */
    public Path revocationList() {
        return revocationList;
    }

    /** The channels to the nodes sent to chosen nodes ({@link #routeToNodes}), by producer end. */
    public Map<String, NodeRouter> routes() {
        return routes;
    }

    private static void checkEnd(String producerEnd, String what) {
        Objects.requireNonNull(producerEnd, "producerEnd");
        int dot = producerEnd.indexOf('.');
        if (dot <= 0 || dot == producerEnd.length() - 1 || producerEnd.indexOf('.', dot + 1) >= 0) {
            throw new StreamFlexError(what + " of \"" + producerEnd + "\": name the channel by its producer end,"
                    + " Filter.field, as \"Doa.out\"");
        }
    }

    private static void checkSharedBound(int bytes, String what) {
        if (bytes < MIN_SHARED_ITEM_BYTES || bytes > MAX_SHARED_ITEM_BYTES) {
            throw new StreamFlexError("a shared value crossing machines may be given " + MIN_SHARED_ITEM_BYTES + " to "
                    + MAX_SHARED_ITEM_BYTES + " bytes (1 KiB to 16 MiB), not " + bytes + " (" + what + ")");
        }
    }

    /**
     * Builds a graph as this deployment says: {@code graph} (a constructor, as {@code MyGraph::new})
     * runs with this deployment in force, whatever the system properties say.
     */
    public <G extends StreamFlexGraph> G build(Supplier<G> graph) {
        return ScopedValue.where(CURRENT, this).call(graph::get);
    }

    /** The deployment of the graph being built now: the one {@link #build} gives, else {@link #fromProperties()}. */
    public static Deployment current() {
        return CURRENT.isBound() ? CURRENT.get() : fromProperties();
    }

    /**
     * The deployment the system properties describe: {@code streamflex.site} ({@code whole},
     * {@code node} or {@code server}); for a node, {@code streamflex.node} (its id) and
     * {@code streamflex.server} ({@code host:port} to send to); for the server,
     * {@code streamflex.server} (the address to listen at; default port {@value #DEFAULT_PORT}) and
     * {@code streamflex.nodes} (the inventory: ids separated by commas, or {@code @file} with one id
     * per line, {@code #} starting a comment); and for either, {@code streamflex.net.keyStore},
     * {@code streamflex.net.trustStore} and {@code streamflex.net.passwordFile} for TLS (and
     * {@code streamflex.net.crlFile}, a certificate revocation list),
     * {@code streamflex.net.allowNonLoopback}, {@code streamflex.net.pollMicros},
     * {@code streamflex.net.stallTimeoutMillis}, {@code streamflex.net.maxSharedItemBytes} and
     * {@code streamflex.net.drop}.
     *
     * @throws StreamFlexError naming the property and what it needs, if one is missing or malformed
     */
    public static Deployment fromProperties() {
        Site site = StreamFlexProperties.SITE.get();
        if (site == Site.WHOLE) {
            return WHOLE;
        }
        String serverText = StreamFlexProperties.SERVER.get();
        if (serverText.isEmpty()) {
            throw new StreamFlexError("streamflex.site=" + site.label() + " needs streamflex.server: "
                    + (site == Site.NODE ? "the server's host:port" : "the host:port to listen at"));
        }
        InetSocketAddress address = address(serverText);
        Deployment d;
        if (site == Site.NODE) {
            String id = StreamFlexProperties.NODE.get();
            if (id.isEmpty()) {
                throw new StreamFlexError("streamflex.site=node needs streamflex.node: this node's id, as the server's"
                        + " inventory (streamflex.nodes) names it");
            }
            d = node(id, address);
        } else {
            d = server(address, inventory(StreamFlexProperties.NODES.get()));
        }
        String keys = StreamFlexProperties.NET_KEY_STORE.get();
        String trust = StreamFlexProperties.NET_TRUST_STORE.get();
        String passwordFile = StreamFlexProperties.NET_PASSWORD_FILE.get();
        if (!keys.isEmpty() || !trust.isEmpty() || !passwordFile.isEmpty()) {
            if (keys.isEmpty() || trust.isEmpty() || passwordFile.isEmpty()) {
                throw new StreamFlexError("TLS needs all three of streamflex.net.keyStore, streamflex.net.trustStore"
                        + " and streamflex.net.passwordFile; set the missing ones, or none for a plain link");
            }
            d = d.secured(Path.of(keys), Path.of(trust), readPassword(Path.of(passwordFile)));
        }
        String crl = StreamFlexProperties.NET_CRL_FILE.get();
        if (!crl.isEmpty()) {
            if (!d.isSecured()) {
                throw new StreamFlexError("streamflex.net.crlFile=" + crl + " needs TLS: set streamflex.net.keyStore,"
                        + " streamflex.net.trustStore and streamflex.net.passwordFile too");
            }
            d = d.revocationList(Path.of(crl));
        }
        if (StreamFlexProperties.NET_ALLOW_NON_LOOPBACK.get()) {
            d = d.allowNonLoopback();
        }
        d = d.pollMicros(StreamFlexProperties.NET_POLL_MICROS.get());
        d = d.stallTimeout(Duration.ofMillis(StreamFlexProperties.NET_STALL_TIMEOUT_MILLIS.get()));
        d = sharedBounds(d, StreamFlexProperties.NET_MAX_SHARED_ITEM_BYTES.get());
        String drop = StreamFlexProperties.NET_DROP.get();
        if (!drop.isEmpty()) {
            d = d.dropping(Arrays.stream(drop.split(",")).map(String::strip).filter(s -> !s.isEmpty())
                    .toArray(String[]::new));
        }
        return d;
    }

    /** What part of the graph this JVM runs. */
    public Site site() {
        return site;
    }

    /** This node's id; null unless {@link Site#NODE}. */
    public String node() {
        return node;
    }

    /** The server's address: where a node sends, or where the server listens; null for {@link Site#WHOLE}. */
    public InetSocketAddress server() {
        return server;
    }

    /** The server's node inventory, in the order given; empty unless {@link Site#SERVER}. */
    public List<String> nodes() {
        return nodes;
    }

    /** The PKCS12 store with this JVM's key and certificate; null without TLS. */
    public Path keyStore() {
        return keyStore;
    }

    /** The PKCS12 store of the certificates peers must chain to; null without TLS. */
    public Path trustStore() {
        return trustStore;
    }

    /** A copy of the stores' password; null without TLS. */
    public char[] password() {
        return password == null ? null : password.clone();
    }

    /** Whether TLS is configured. */
    public boolean isSecured() {
        return keyStore != null;
    }

    /** Whether the server may listen beyond loopback (with TLS only). */
    public boolean allowsNonLoopback() {
        return allowNonLoopback;
    }

    /** How often, in microseconds, the server moves received items into its channels. */
    public int pollMicros() {
        return pollMicros;
    }

    /** The producer ends ({@code "Filter.field"}) whose crossing channels drop rather than hold. */
    public Set<String> dropping() {
        return dropping;
    }

    /** The most bytes a shared value crossing the cut may encode to ({@link #maxSharedItemBytes(int)}). */
    public int maxSharedItemBytes() {
        return maxSharedItemBytes;
    }

    /**
     * The most bytes a shared value of the channel produced at {@code producerEnd} may encode to: its
     * own bound ({@link #maxSharedItemBytes(String, int)}), else the deployment's.
     */
    public int maxSharedItemBytes(String producerEnd) {
        return sharedBounds.getOrDefault(producerEnd, maxSharedItemBytes);
    }

    /** The channels given bounds of their own ({@link #maxSharedItemBytes(String, int)}), by producer end. */
    public Map<String, Integer> sharedItemBounds() {
        return sharedBounds;
    }

    /** How long a link's peer may be silent before it is taken for stalled ({@link #stallTimeout(Duration)}). */
    public Duration stallTimeout() {
        return stallTimeout;
    }

    @Override
    public String toString() {
        return switch (site) {
            case WHOLE -> "the whole graph";
            case NODE -> "node " + node + " sending to " + server.getHostString() + ":" + server.getPort();
            case SERVER -> "the server at " + server.getHostString() + ":" + server.getPort() + " for nodes " + nodes;
        };
    }

    private static String checkNode(String id, String what) {
        Objects.requireNonNull(id, what);
        if (!NODE_ID.matcher(id).matches()) {
            throw new StreamFlexError(what + " \"" + id + "\" is not 1 to 64 letters, digits, '.', '_' or '-'"
                    + " starting with a letter or digit");
        }
        return id;
    }

    /** {@code host:port}, {@code [v6]:port}, or a host alone (the default port). */
    static InetSocketAddress address(String text) {
        String host;
        String port = null;
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            String rest = close < 0 ? "" : text.substring(close + 1);
            if (close < 0 || !(rest.isEmpty() || rest.startsWith(":"))) {
                throw new StreamFlexError("streamflex.server=" + text + " is not [address]:port");
            }
            host = text.substring(1, close);
            port = rest.isEmpty() ? null : rest.substring(1);
        } else {
            int colon = text.indexOf(':');
            if (colon >= 0 && colon != text.lastIndexOf(':')) {
                throw new StreamFlexError("streamflex.server=" + text + ": write an IPv6 address in brackets,"
                        + " as [::1]:7400");
            }
            host = colon < 0 ? text : text.substring(0, colon);
            port = colon < 0 ? null : text.substring(colon + 1);
        }
        if (host.isEmpty()) {
            throw new StreamFlexError("streamflex.server=" + text + " names no host: give host:port");
        }
        int number = DEFAULT_PORT;
        if (port != null) {
            try {
                number = Integer.parseInt(port);
            } catch (NumberFormatException e) {
                number = -1;
            }
            if (number < 0 || number > 65535) {
                throw new StreamFlexError("streamflex.server=" + text + ": the port is not a number from 0 to 65535");
            }
        }
        return new InetSocketAddress(host, number);
    }

    private static List<String> inventory(String text) {
        if (text.isEmpty()) {
            throw new StreamFlexError("streamflex.site=server needs streamflex.nodes: the ids of the nodes, as"
                    + " n1,n2,n3 or @file with one id per line");
        }
        List<String> ids = new ArrayList<>();
        if (text.startsWith("@")) {
            Path file = Path.of(text.substring(1));
            List<String> lines;
            try {
                lines = Files.readAllLines(file);
            } catch (IOException e) {
                throw new StreamFlexError("streamflex.nodes=" + text + ": cannot read the inventory " + file + ": "
                        + e.getMessage());
            }
            for (String line : lines) {
                int hash = line.indexOf('#');
                String id = (hash < 0 ? line : line.substring(0, hash)).strip();
                if (!id.isEmpty()) {
                    ids.add(id);
                }
            }
        } else {
            Arrays.stream(text.split(",")).map(String::strip).filter(s -> !s.isEmpty()).forEach(ids::add);
        }
        return ids;
    }

    /** {@code streamflex.net.maxSharedItemBytes}: a number for every channel, {@code Filter.field=bytes} for one. */
    private static Deployment sharedBounds(Deployment d, String text) {
        Deployment bounded = d;
        for (String entry : text.split(",", -1)) {
            String e = entry.strip();
            if (e.isEmpty()) {
                continue;
            }
            int eq = e.indexOf('=');
            String number = eq < 0 ? e : e.substring(eq + 1).strip();
            int bytes;
            try {
                bytes = Integer.parseInt(number);
            } catch (NumberFormatException ex) {
                throw new StreamFlexError("streamflex.net.maxSharedItemBytes: \"" + e + "\" is not bytes or"
                        + " Filter.field=bytes");
            }
            bounded = eq < 0 ? bounded.maxSharedItemBytes(bytes)
                    : bounded.maxSharedItemBytes(e.substring(0, eq).strip(), bytes);
        }
        return bounded;
    }

    private static char[] readPassword(Path file) {
        try {
            return Files.readString(file).strip().toCharArray();
        } catch (IOException e) {
            throw new StreamFlexError("streamflex.net.passwordFile: cannot read " + file + ": " + e.getMessage());
        }
    }
}
