package org.streamflex.runtime.net;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.streamflex.Capsule;
import org.streamflex.Deployment;
import org.streamflex.NodeRouter;
import org.streamflex.Shared;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.capsule.CapsuleType;
import org.streamflex.runtime.counter.CounterOwner;
import org.streamflex.runtime.counter.CounterRegistry;

/**
 * The network links of a graph split between nodes and a server, as one graph's part sees them:
 * on a node, one link per crossing channel, which the node opens to the server whichever way the
 * channel runs; on the server, one listening socket and, per crossing channel, one end per node of
 * the inventory: a receiving end for a channel to the server, a sending end ({@link ServerLinkSender})
 * for a channel to the nodes, which every node receives in full. Made when the graph is
 * validated, opened when it starts (before its clocks), closed when it stops.
 *
 * <p>Each link is named by the graph's class, and the node's id before the channel's two ends
 * ({@code "n1:Doa.out->Cluster.in"}): the server refuses a node it does not list, a graph of
 * another class, a channel it does not have, or one whose element type or mode differs, naming
 * both sides, and the node logs the refusal (its items then stay in its channel, counted as the
 * channel's drops once it is full).
 *
 * <pre>{@code
 * CrossingLinks links = CrossingLinks.forServer("Marmots", deployment, crossings, inlet);
 * links.open();    // listens; receivers for every node and crossing
 * ...
 * links.close();
 * }</pre>
 */
public final class CrossingLinks implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("org.streamflex.runtime.net");
    /** The least link queue: a channel of a few items still gets a useful window on the wire. */
    private static final int MIN_QUEUE = 1024;
    /**
     * The default most bytes a shared value (a signal segment) crossing machines may encode to: 64
     * KiB, a segment of 16,000 floats; a deployment may give another
     * ({@link Deployment#maxSharedItemBytes(int)}), and another to each crossing channel
     * ({@link Deployment#maxSharedItemBytes(String, int)}). The bound sizes the server's receiving queues,
     * which must hold their item count of the largest items; a larger value is dropped at the node
     * and counted ({@code tooLarge}).
     */
    public static final int MAX_SHARED_ITEM_BYTES = Deployment.DEFAULT_MAX_SHARED_ITEM_BYTES;
    /** The least link queue of shared values, in items: their queues hold every item at its largest. */
    private static final int MIN_SHARED_QUEUE = 64;

    /**
     * One channel that crosses from the nodes to the server.
     *
     * @param name the channel's two ends, as its counters name it ({@code "Doa.out->Cluster.in"})
     * @param kind what it carries
     * @param capacity the channel's capacity, which sizes the link's queues
     * @param mode lossless (CREDIT) or the contract's drops (DROP)
     * @param type for {@link ElementKind#CAPSULE} the channel's capsule class, for {@link ElementKind#SHARED}
     *     its shared class; else null
     * @param direction from the nodes to the server, or from the server to every node
     */
    public record Crossing(String name, ElementKind kind, int capacity, LinkMode mode, Class<?> type,
            CrossingDirection direction) {
        /** A crossing of primitives from the nodes to the server. */
        public Crossing(String name, ElementKind kind, int capacity, LinkMode mode) {
            this(name, kind, capacity, mode, null);
        }

        /** A crossing from the nodes to the server. */
        public Crossing(String name, ElementKind kind, int capacity, LinkMode mode, Class<?> type) {
            this(name, kind, capacity, mode, type, CrossingDirection.TO_SERVER);
        }

        /** Whether it runs from the server to the nodes. */
        public boolean toNodes() {
            return direction == CrossingDirection.TO_NODES;
        }

        /** Checks that capsules and shared values, and only they, name their class, of the right kind. */
        public Crossing {
            Objects.requireNonNull(direction, "direction");
            boolean typed = kind == ElementKind.CAPSULE || kind == ElementKind.SHARED;
            if (typed != (type != null)) {
                throw new IllegalArgumentException("crossing " + name + " of " + kind.javaName()
                        + (type == null ? " needs its element class" : " has no element class"));
            }
            Class<?> base = kind == ElementKind.CAPSULE ? Capsule.class : Shared.class;
            if (typed && !base.isAssignableFrom(type)) {
                throw new IllegalArgumentException("crossing " + name + " of " + kind.javaName() + " names "
                        + type.getName() + ", which is no " + base.getSimpleName());
            }
        }
    }

    private final String graph;
    private final Deployment deployment;
    private final List<Crossing> crossings;
    /** Node: one outlet per crossing to the server, in order. */
    private final List<NetworkOutlet> outlets;
    /** Server: one outlet per crossing to the nodes, in order. */
    private final List<BroadcastOutlet> broadcasts;
    /** The one inlet: on the server of the crossings to it, on a node of those to the nodes; or null. */
    private final NetworkInlet inlet;
    /** Node, once open: per crossing, its sending link (to the server) or null. */
    private volatile NetworkLinkClient[] clients;
    /** Node, once open: per crossing, its receiving link (to the nodes) or null. */
    private volatile ReceivingLinkClient[] receiving;
    private volatile NetworkLinkServer server;
    /** Server, once open: per crossing and node, its receiving end (to the server) or null. */
    private volatile LinkReceiver[][] receivers;
    /** Server, once open: per crossing and node, its sending end (to the nodes) or null. */
    private volatile ServerLinkSender[][] senders;
    private boolean closed;

    private CrossingLinks(String graph, Deployment deployment, List<Crossing> crossings, List<NetworkOutlet> outlets,
            List<BroadcastOutlet> broadcasts, NetworkInlet inlet) {
        this.graph = graph;
        this.deployment = deployment;
        this.crossings = List.copyOf(crossings);
        this.outlets = List.copyOf(outlets);
        this.broadcasts = List.copyOf(broadcasts);
        this.inlet = inlet;
    }

    /** A node's links: {@code outlets.get(i)} sends {@code crossings.get(i)}, all to the server. */
    public static CrossingLinks forNode(String graph, Deployment deployment, List<Crossing> crossings,
            List<NetworkOutlet> outlets) {
        return forNode(graph, deployment, crossings, outlets, null);
    }

    /**
     * A node's links: the k-th crossing to the server is sent by {@code outlets.get(k)}, and
     * {@code inlet} fills the channels of the crossings to the nodes, in order (null if there are none).
     */
    public static CrossingLinks forNode(String graph, Deployment deployment, List<Crossing> crossings,
            List<NetworkOutlet> outlets, NetworkInlet inlet) {
        return new CrossingLinks(graph, deployment, crossings, outlets, List.of(), inlet);
    }

    /** The server's links: {@code inlet} fills the channel of each crossing, in order, all to the server. */
    public static CrossingLinks forServer(String graph, Deployment deployment, List<Crossing> crossings,
            NetworkInlet inlet) {
        return forServer(graph, deployment, crossings, inlet, List.of());
    }

    /**
     * The server's links: {@code inlet} fills the channels of the crossings to the server, in order
     * (null if there are none), and the k-th crossing to the nodes is sent by {@code broadcasts.get(k)}.
     */
    public static CrossingLinks forServer(String graph, Deployment deployment, List<Crossing> crossings,
            NetworkInlet inlet, List<BroadcastOutlet> broadcasts) {
        return new CrossingLinks(graph, deployment, crossings, List.of(), broadcasts, inlet);
    }

    /** What a node offers, and the server expects, for {@code crossing} from node {@code node}. */
    public static LinkIdentity identity(String graph, String node, Crossing crossing) {
        return identity(graph, node, crossing, Deployment.DEFAULT_MAX_SHARED_ITEM_BYTES);
    }

    /**
     * What a node offers, and the server expects, for {@code crossing} from node {@code node}, shared
     * values being bounded to {@code maxSharedItemBytes}: a bound other than the default is part of
     * the channel's name, so that a node and a server that differ are refused, naming both bounds.
     */
    public static LinkIdentity identity(String graph, String node, Crossing crossing, int maxSharedItemBytes) {
        String channel = node + ":" + crossing.name();
        return switch (crossing.kind()) {
            case CAPSULE -> LinkIdentity.ofCapsules(graph, channel, crossing.type().getName(), crossing.mode());
            case SHARED -> LinkIdentity.ofShared(graph, maxSharedItemBytes == Deployment.DEFAULT_MAX_SHARED_ITEM_BYTES
                    ? channel : channel + " [items up to " + maxSharedItemBytes + " bytes]", crossing.type().getName(),
                    crossing.mode());
            default -> LinkIdentity.of(graph, channel, crossing.kind(), crossing.mode());
        };
    }

    /**
     * The frame length of the links and the server's decoder: the default, or more when the shared
     * values' bound needs it (a DATA frame's prefix and one item with its length), so that a receiver
     * still refuses any frame longer than the largest item it may be sent.
     */
    static int maxFrameLength(int maxSharedItemBytes) {
        return Math.max(FrameFormat.DEFAULT_MAX_FRAME_LENGTH, FrameFormat.DATA_PREFIX_BYTES
                + RecordSenderQueue.LENGTH_BYTES + maxSharedItemBytes);
    }

    /** The bound on a crossing's shared values: its own, else the deployment's. */
    private int itemBytes(Crossing crossing) {
        return deployment.maxSharedItemBytes(producerEnd(crossing));
    }

    /** {@code "Doa.out"} of {@code "Doa.out->Cluster.in"}: how a deployment names a crossing. */
    private static String producerEnd(Crossing crossing) {
        return crossing.name().substring(0, crossing.name().indexOf("->"));
    }

    /**
     * The frame length of every link here and of the server's decoder: one decoder reads every
     * connection, so it follows the largest bound of a shared crossing, or the deployment's.
     */
    private int maxFrameLength() {
        int largest = deployment.maxSharedItemBytes();
        for (Crossing c : crossings) {
            if (c.kind() == ElementKind.SHARED) {
                largest = Math.max(largest, itemBytes(c));
            }
        }
        return maxFrameLength(largest);
    }

    /** The link queue of a crossing, in items: at least the channel's capacity. */
    private static int queueItems(Crossing crossing) {
        return Math.max(crossing.kind() == ElementKind.SHARED ? MIN_SHARED_QUEUE : MIN_QUEUE, crossing.capacity());
    }

    /** A shared type's codec, for a crossing of {@code type}. */
    @SuppressWarnings("unchecked") // a crossing of SHARED names a Shared class, as its constructor checks
    private static SharedCodec<?> sharedCodec(Class<?> type) {
        return SharedCodec.of((Class<? extends Shared>) type);
    }

    /** The bytes a capsule of {@code type} encodes to, measured on a new one: its constructor sizes its arrays. */
    private static int itemBytes(CapsuleCodec<?> codec) {
        return codec.encodedSize(CapsuleType.of(codec.type()).newInstance());
    }

    /**
     * A node's queue of capsules, in bytes: room for every item even when records skip the array's end,
     * at most 1 GiB (the item count then bounds it less).
     */
    private static int queueBytes(int items, int itemBytes) {
        return (int) Math.min(FrameFormat.MAX_CAPACITY, SequencedByteRing.bytesFor(items, itemBytes));
    }

    /**
     * Opens the links: a node starts connecting (in the background: the server may start later), for
     * the channels it sends and those it receives; the server listens and makes its receiving and
     * sending ends, one per node and crossing.
     *
     * @throws StreamFlexError if the server cannot listen (address taken, not loopback without TLS
     *     and {@code allowNonLoopback}), or a TLS store cannot be opened; the message says which
     */
    public void open() {
        LinkSecurity security = security();
        if (deployment.site() == Deployment.Site.NODE) {
            LinkClientSettings plain = LinkClientSettings.DEFAULT.withMaxFrameLength(maxFrameLength())
                    .withStallTimeout(deployment.stallTimeout());
            LinkClientSettings settings = security == null ? plain : plain.withSecurity(security);
            NetworkLinkClient[] opened = new NetworkLinkClient[crossings.size()];
            ReceivingLinkClient[] fromServer = new ReceivingLinkClient[crossings.size()];
            int sent = 0;
            int received = 0;
            for (int i = 0; i < opened.length; i++) {
                Crossing c = crossings.get(i);
                int itemBytes = itemBytes(c);
                LinkIdentity link = identity(graph, deployment.node(), c, itemBytes);
                if (c.toNodes()) {
                    fromServer[i] = receiving(link, c, itemBytes, settings);
                    inlet.open(received++, new LinkReceiver[] {fromServer[i].receiver()});
                    continue;
                }
                int queue = queueItems(c);
                if (c.kind() == ElementKind.SHARED) {
                    opened[i] = NetworkLinkClient.openShared(deployment.server(), link, sharedCodec(c.type()), queue,
                            queueBytes(queue, itemBytes), itemBytes, settings);
                } else if (c.kind() == ElementKind.CAPSULE) {
                    CapsuleCodec<?> codec = CapsuleCodec.of(c.type().asSubclass(Capsule.class));
                    opened[i] = NetworkLinkClient.openCapsules(deployment.server(), link, codec, queue,
                            queueBytes(queue, itemBytes(codec)), settings);
                } else {
                    opened[i] = NetworkLinkClient.open(deployment.server(), link, queue, settings);
                }
                outlets.get(sent++).open(opened[i]);
            }
            clients = opened;
            receiving = fromServer;
            LOG.log(System.Logger.Level.INFO, "StreamFlex " + graph + ": " + deployment + ", " + crossings.size()
                    + " channel(s): " + crossings.stream().map(CrossingLinks::label).toList());
        } else {
            NetworkLinkServer listening = listen(security, maxFrameLength()).stallTimeout(deployment.stallTimeout());
            LinkReceiver[][] made = new LinkReceiver[crossings.size()][];
            ServerLinkSender[][] sending = new ServerLinkSender[crossings.size()][];
            int received = 0;
            int sent = 0;
            for (int c = 0; c < made.length; c++) {
                Crossing crossing = crossings.get(c);
                int nodes = deployment.nodes().size();
                CapsuleCodec<?> codec = crossing.kind() == ElementKind.CAPSULE
                        ? CapsuleCodec.of(crossing.type().asSubclass(Capsule.class)) : null;
                int queue = queueItems(crossing);
                int itemBytes = itemBytes(crossing);
                if (crossing.toNodes()) {
                    sending[c] = new ServerLinkSender[nodes];
                    for (int n = 0; n < nodes; n++) {
                        LinkIdentity link = identity(graph, deployment.nodes().get(n), crossing, itemBytes);
                        sending[c][n] = switch (crossing.kind()) {
                            case SHARED -> listening.sharedSender(link, sharedCodec(crossing.type()), queue,
                                    queueBytes(queue, itemBytes), itemBytes);
                            case CAPSULE -> listening.capsuleSender(link, codec, queue,
                                    queueBytes(queue, itemBytes(codec)));
                            default -> listening.longSender(link, queue);
                        };
                    }
                    NodeRouter route = deployment.routes().get(producerEnd(crossing));
                    if (route == null) {
                        broadcasts.get(sent++).open(sending[c]);
                    } else {
                        broadcasts.get(sent++).open(sending[c], deployment.nodes(), route);
                    }
                    continue;
                }
                made[c] = new LinkReceiver[nodes];
                for (int n = 0; n < nodes; n++) {
                    LinkIdentity expected = identity(graph, deployment.nodes().get(n), crossing, itemBytes);
                    made[c][n] = switch (crossing.kind()) {
                        // A codec per receiver: each is used by the inlet's thread alone, and may cache.
                        case SHARED -> listening.sharedReceiver(expected, sharedCodec(crossing.type()), queue,
                                itemBytes);
                        case CAPSULE -> listening.capsuleReceiver(expected, codec, queue, itemBytes(codec));
                        default -> listening.longReceiver(expected, queue);
                    };
                }
                inlet.open(received++, made[c]);
            }
            receivers = made;
            senders = sending;
            server = listening;
            LOG.log(System.Logger.Level.INFO, "StreamFlex " + graph + ": " + deployment + " (listening at "
                    + listening.address() + "), " + crossings.size() + " channel(s): "
                    + crossings.stream().map(CrossingLinks::label).toList());
        }
    }

    /** A crossing as the start-up log names it: its ends, and which way it runs. */
    private static String label(Crossing c) {
        return c.name() + (c.toNodes() ? " (to the nodes)" : " (to the server)");
    }

    /** Node: the receiving link of a crossing from the server; its queue holds the channel's capacity or more. */
    private ReceivingLinkClient receiving(LinkIdentity link, Crossing c, int itemBytes, LinkClientSettings settings) {
        int queue = queueItems(c);
        return switch (c.kind()) {
            case SHARED -> ReceivingLinkClient.openShared(deployment.server(), link, sharedCodec(c.type()), queue,
                    itemBytes, settings);
            case CAPSULE -> {
                CapsuleCodec<?> codec = CapsuleCodec.of(c.type().asSubclass(Capsule.class));
                yield ReceivingLinkClient.openCapsules(deployment.server(), link, codec, queue, itemBytes(codec),
                        settings);
            }
            default -> ReceivingLinkClient.openLongs(deployment.server(), link, queue, settings);
        };
    }

    private LinkSecurity security() {
        if (!deployment.isSecured()) {
            if (deployment.revocationList() != null) {
                throw new StreamFlexError("cannot start " + graph + " as " + deployment + ": the revocation list "
                        + deployment.revocationList() + " is checked at the TLS handshake, and the deployment has no"
                        + " TLS: give it secured(keyStore, trustStore, password)");
            }
            return null;
        }
        char[] password = deployment.password();
        try {
            return LinkSecurity.fromPkcs12(deployment.keyStore(), password, deployment.trustStore(), password,
                    deployment.revocationList());
        } catch (LinkSecurityException e) {
            throw new StreamFlexError("cannot start " + graph + " as " + deployment + ": " + e.getMessage());
        }
    }

    private NetworkLinkServer listen(LinkSecurity security, int maxFrameLength) {
        InetSocketAddress at = deployment.server();
        try {
            return security == null
                    ? NetworkLinkServer.open(at, deployment.allowsNonLoopback(), maxFrameLength)
                    : NetworkLinkServer.open(at, deployment.allowsNonLoopback(), maxFrameLength, security);
        } catch (InsecureBindException e) {
            throw new StreamFlexError("cannot start " + graph + " as " + deployment + ": " + e.getMessage()
                    + " (Deployment.allowNonLoopback() and secured(...), or -Dstreamflex.net.allowNonLoopback=true"
                    + " with the streamflex.net.keyStore, trustStore and passwordFile properties)");
        } catch (RuntimeException e) {
            throw new StreamFlexError("cannot start " + graph + " as " + deployment + ": cannot listen at " + at + ": "
                    + e);
        }
    }

    /** Where the server listens once open (the port chosen when 0 was asked); null on a node or before. */
    public InetSocketAddress listeningAt() {
        NetworkLinkServer s = server;
        return s == null ? null : s.address();
    }

    /** The crossing channels, in order. */
    public List<Crossing> crossings() {
        return crossings;
    }

    /** Node, once open: the sending link of crossing {@code i} (to the server); null for one to the nodes. */
    public NetworkLinkClient client(int i) {
        NetworkLinkClient[] c = clients;
        return c == null ? null : c[i];
    }

    /** Node, once open: the receiving link of crossing {@code i} (to the nodes); null for one to the server. */
    public ReceivingLinkClient receivingClient(int i) {
        ReceivingLinkClient[] r = receiving;
        return r == null ? null : r[i];
    }

    /**
     * Server, once open: the receiving end of crossing {@code i} (to the server) for the node at
     * {@code node} in the inventory; null for a crossing to the nodes.
     */
    public LinkReceiver receiver(int i, int node) {
        LinkReceiver[][] r = receivers;
        return r == null || r[i] == null ? null : r[i][node];
    }

    /**
     * Server, once open: the sending end of crossing {@code i} (to the nodes) for the node at
     * {@code node} in the inventory; null for a crossing to the server.
     */
    public ServerLinkSender sender(int i, int node) {
        ServerLinkSender[][] s = senders;
        return s == null || s[i] == null ? null : s[i][node];
    }

    /** The receiving end of crossing {@code i} on a node, once open. */
    private LinkReceiver nodeReceiver(int i) {
        ReceivingLinkClient client = receivingClient(i);
        return client == null ? null : client.receiver();
    }

    /**
     * Registers each link's counts ({@code link.n1:Doa.out->Cluster.in.sent}), read from the links
     * once open and 0 before: where a link's items are sent (a node for a crossing to the server, the
     * server per node for one to the nodes) what its sender counts, where they are received what its
     * receiving end counts.
     */
    public void registerCounters(CounterRegistry registry) {
        boolean onNode = deployment.site() == Deployment.Site.NODE;
        for (int i = 0; i < crossings.size(); i++) {
            int index = i;
            Crossing crossing = crossings.get(i);
            boolean shared = crossing.kind() == ElementKind.SHARED;
            if (onNode && !crossing.toNodes()) {
                senderCounters(registry, deployment.node() + ":" + crossing.name(), shared, () -> {
                    NetworkLinkClient client = client(index);
                    return client == null ? null : client.counters();
                }, () -> {
                    NetworkLinkClient client = client(index);
                    return client == null ? 0 : client.connections();
                });
            } else if (onNode) {
                receiverCounters(registry, deployment.node() + ":" + crossing.name(), () -> nodeReceiver(index));
                registry.register(CounterOwner.LINK, deployment.node() + ":" + crossing.name(), "connections",
                        "links the server's sending end opened on this node's connections", () -> {
                            ReceivingLinkClient client = receivingClient(index);
                            return client == null ? 0 : client.connections();
                        });
            } else {
                if (crossing.toNodes()) {
                    BroadcastOutlet outlet = broadcasts.get((int) crossings.subList(0, i).stream()
                            .filter(Crossing::toNodes).count());
                    if (deployment.routes().containsKey(producerEnd(crossing))) {
                        registry.register(CounterOwner.LINK, crossing.name(), "unrouted", "items routed to a node"
                                + " the inventory does not list: dropped", outlet::unrouted);
                    }
                    nodeCounters(registry, index, crossing.name(), outlet);
                }
                for (int n = 0; n < deployment.nodes().size(); n++) {
                    int node = n;
                    String owner = deployment.nodes().get(n) + ":" + crossing.name();
                    if (crossing.toNodes()) {
                        senderCounters(registry, owner, shared, () -> {
                            ServerLinkSender s = sender(index, node);
                            return s == null ? null : s.counters();
                        }, () -> {
                            ServerLinkSender s = sender(index, node);
                            return s == null ? 0 : s.connections();
                        });
                    } else {
                        receiverCounters(registry, owner, () -> receiver(index, node));
                    }
                }
            }
        }
    }

    /**
     * A channel to the nodes' counts per node under the channel's name ({@code link.Planner.command->Actuator.command
     * .n2.sent}): what {@link NodeCounts} sums from the node's link, and the items that waited for its full queue.
     */
    private void nodeCounters(CounterRegistry registry, int crossing, String owner, BroadcastOutlet outlet) {
        for (int n = 0; n < deployment.nodes().size(); n++) {
            int node = n;
            String id = deployment.nodes().get(n);
            Supplier<LinkCounters> counters = () -> {
                ServerLinkSender s = sender(crossing, node);
                return s == null ? null : s.counters();
            };
            sender(registry, owner, counters, id + ".sent", "items given to node " + id + ": queued for it, or"
                    + " dropped and counted for it", NodeCounts::sent);
            sender(registry, owner, counters, id + ".delivered", "items node " + id + " acknowledged",
                    NodeCounts::delivered);
            sender(registry, owner, counters, id + ".lost", "items given to node " + id + " that it will never"
                    + " receive, each counted on its link", NodeCounts::lost);
            sender(registry, owner, counters, id + ".queued", "items given to node " + id + " neither delivered"
                    + " nor lost yet: in its queue or on the wire", NodeCounts::queued);
            registry.register(CounterOwner.LINK, owner, id + ".heldUp", "items that waited at the channel's head"
                    + " because node " + id + "'s queue was full, holding up the items behind them (CREDIT mode)",
                    () -> outlet.heldUp(node));
        }
    }

    private static void senderCounters(CounterRegistry registry, String owner, boolean shared,
            Supplier<LinkCounters> counters, LongSupplier connections) {
        sender(registry, owner, counters, "accepted", "items the link took from the channel", LinkCounters::accepted);
        sender(registry, owner, counters, "refused", "offers refused (no credit, or the link closed): left in"
                + " the channel", LinkCounters::refused);
        sender(registry, owner, counters, "droppedAtSender", "items dropped at the sending side, its queue full"
                + " (DROP mode, or no receiver linked)", LinkCounters::droppedAtSender);
        sender(registry, owner, counters, "sent", "items written to a connection", LinkCounters::sent);
        sender(registry, owner, counters, "acknowledged", "items the receiving side said it received",
                LinkCounters::acknowledged);
        sender(registry, owner, counters, "lostInFlight", "items sent on a connection that died unacknowledged",
                LinkCounters::lostInFlight);
        sender(registry, owner, counters, "lostInTransit", "items sent that the receiving side said never arrived",
                LinkCounters::lostInTransit);
        sender(registry, owner, counters, "discardedAtClose", "items still queued when the link closed",
                LinkCounters::discardedAtClose);
        if (shared) {
            sender(registry, owner, counters, "tooLarge", "values too large for the link, dropped from the"
                    + " channel", LinkCounters::tooLarge);
            sender(registry, owner, counters, "encodeFailed", "values the codec failed to encode, not sent",
                    LinkCounters::encodeFailed);
        }
        sender(registry, owner, counters, "stalls", "connections closed because the receiving side sent nothing,"
                + " not even a heartbeat, for the stall timeout", LinkCounters::stalls);
        registry.register(CounterOwner.LINK, owner, "connections", "handshakes that succeeded", connections);
    }

    private static void sender(CounterRegistry registry, String owner, Supplier<LinkCounters> counters, String key,
            String description, ToLongFunction<LinkCounters> read) {
        registry.register(CounterOwner.LINK, owner, key, description, () -> {
            LinkCounters c = counters.get();
            return c == null ? 0 : read.applyAsLong(c);
        });
    }

    private static void receiverCounters(CounterRegistry registry, String owner, Supplier<LinkReceiver> end) {
        receiver(registry, owner, end, "delivered", "items received into the receiving queue",
                LinkCounters::delivered);
        receiver(registry, owner, end, "droppedAtReceiver", "items dropped at the receiving side, its queue full"
                + " (DROP mode)", LinkCounters::droppedAtReceiver);
        receiver(registry, owner, end, "droppedAtSender", "items the sending side reported dropped or discarded",
                LinkCounters::droppedAtSender);
        receiver(registry, owner, end, "lostInTransit", "items sent that never arrived", LinkCounters::lostInTransit);
        receiver(registry, owner, end, "stalls", "connections closed because the sending side sent nothing, not"
                + " even a heartbeat, for the stall timeout", LinkCounters::stalls);
        registry.register(CounterOwner.LINK, owner, "taken", "items the inlet moved into the graph's channel", () -> {
            LinkReceiver r = end.get();
            return r == null ? 0 : r.consumed();
        });
        // Delivered into the queue but never moved into the graph: after a stop, what was received last and
        // never processed. Counted, not silently gone.
        registry.register(CounterOwner.LINK, owner, "unread", "items delivered into the receiving queue and not"
                + " (yet) taken: after the graph stopped, received and never processed", () -> {
                    LinkReceiver r = end.get();
                    return r == null ? 0 : r.counters().delivered() - r.consumed();
                });
    }

    private static void receiver(CounterRegistry registry, String owner, Supplier<LinkReceiver> end, String key,
            String description, ToLongFunction<LinkCounters> read) {
        registry.register(CounterOwner.LINK, owner, key, description, () -> {
            LinkReceiver r = end.get();
            return r == null ? 0 : read.applyAsLong(r.counters());
        });
    }

    /** One line per link for {@code schedule()}: where it goes and, once open, its counts. */
    public String describe() {
        StringBuilder s = new StringBuilder(deployment.toString()).append('\n');
        boolean onNode = deployment.site() == Deployment.Site.NODE;
        for (int i = 0; i < crossings.size(); i++) {
            Crossing c = crossings.get(i);
            String what = " (" + c.kind().javaName() + ", " + c.mode() + ')';
            if (onNode && !c.toNodes()) {
                NetworkLinkClient client = client(i);
                s.append("  sends ").append(c.name()).append(what).append(client == null ? "" : ": "
                        + client.counters() + "; " + client.connections() + " connection(s)"
                        + (client.isOpen() ? "" : ", closed")
                        + (client.lastProblem().isEmpty() ? "" : "; last problem: " + client.lastProblem()))
                        .append('\n');
            } else if (onNode) {
                ReceivingLinkClient client = receivingClient(i);
                s.append("  receives ").append(c.name()).append(" from the server").append(what).append(client == null
                        ? "" : ": " + received(client.receiver()) + "; " + client.connections() + " connection(s)"
                        + (client.lastProblem().isEmpty() ? "" : "; last problem: " + client.lastProblem()))
                        .append('\n');
            } else {
                for (int n = 0; n < deployment.nodes().size(); n++) {
                    String node = deployment.nodes().get(n);
                    if (c.toNodes()) {
                        ServerLinkSender out = sender(i, n);
                        s.append("  sends ").append(c.name()).append(" to ").append(node).append(what)
                                .append(out == null ? "" : ": " + out.counters() + "; " + out.connections()
                                        + " connection(s)" + (out.isLinked() ? "" : ", not linked")
                                        + (out.lastProblem().isEmpty() ? "" : "; last problem: " + out.lastProblem()))
                                .append('\n');
                    } else {
                        LinkReceiver r = receiver(i, n);
                        s.append("  receives ").append(c.name()).append(" from ").append(node).append(what)
                                .append(r == null ? "" : ": " + received(r)).append('\n');
                    }
                }
            }
        }
        return s.toString();
    }

    private static String received(LinkReceiver r) {
        return r.counters() + "; taken " + r.consumed() + ", unread " + (r.counters().delivered() - r.consumed());
    }

    /**
     * Closes the links: a node tells the server what it sent, and what it received, and waits for
     * its answers (at most a few seconds per link, in parallel); the server stops listening, ends
     * the links it sends (telling each node what it sent) and closes every link, and releases the
     * shared values its receivers still queue. Called after the graph's last thread ended. Idempotent.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<AutoCloseable> links = new ArrayList<>();
        NetworkLinkClient[] c = clients;
        if (c != null) {
            Arrays.stream(c).filter(Objects::nonNull).forEach(links::add);
        }
        ReceivingLinkClient[] r = receiving;
        if (r != null) {
            Arrays.stream(r).filter(Objects::nonNull).forEach(links::add);
        }
        closeInParallel(links);
        if (r != null) {
            // The inlet's thread is gone: this thread is the receiving queues' consumer now.
            Arrays.stream(r).filter(Objects::nonNull).forEach(client -> releaseQueued(client.receiver()));
        }
        NetworkLinkServer s = server;
        if (s != null) {
            s.close();
            releaseQueuedValues();
        }
    }

    /** Closes each link on a thread of its own: each waits up to seconds for the other side's answer. */
    private static void closeInParallel(List<AutoCloseable> links) {
        List<Thread> closing = new ArrayList<>();
        for (AutoCloseable link : links) {
            closing.add(Thread.ofPlatform().name("streamflex-link-close").start(() -> {
                try {
                    link.close();
                } catch (Exception e) {
                    LOG.log(System.Logger.Level.WARNING, "closing a link failed: " + e);
                }
            }));
        }
        boolean interrupted = false;
        for (Thread t : closing) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * After the server closed: its event loops and the inlets' threads are gone, so this thread is
     * the shared queues' consumer now; the values they still hold go back to their pools.
     */
    private void releaseQueuedValues() {
        LinkReceiver[][] r = receivers;
        if (r == null) {
            return;
        }
        for (LinkReceiver[] row : r) {
            if (row != null) {
                for (LinkReceiver in : row) {
                    releaseQueued(in);
                }
            }
        }
    }

    private static void releaseQueued(LinkReceiver in) {
        if (in instanceof SharedLinkReceiver<?> shared) {
            shared.releaseQueued();
        }
    }
}
