package org.streamflex.runtime.net;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import org.streamflex.Capsule;
import org.streamflex.Deployment;
import org.streamflex.Shared;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.capsule.CapsuleType;
import org.streamflex.runtime.counter.CounterOwner;
import org.streamflex.runtime.counter.CounterRegistry;

/**
 * The network links of a graph split between nodes and a server, as one graph's part sees them:
 * on a node, one link per crossing channel to the server; on the server, one listening socket and,
 * per crossing channel, one receiving end per node of the inventory. Made when the graph is
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
     * ({@link Deployment#maxSharedItemBytes(int)}). The bound sizes the server's receiving queues,
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
     */
    public record Crossing(String name, ElementKind kind, int capacity, LinkMode mode, Class<?> type) {
        /** A crossing of primitives. */
        public Crossing(String name, ElementKind kind, int capacity, LinkMode mode) {
            this(name, kind, capacity, mode, null);
        }

        /** Checks that capsules and shared values, and only they, name their class, of the right kind. */
        public Crossing {
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
    /** Node: one outlet per crossing. */
    private final List<NetworkOutlet> outlets;
    /** Server: the one inlet. */
    private final NetworkInlet inlet;
    private volatile NetworkLinkClient[] clients;
    private volatile NetworkLinkServer server;
    private volatile LinkReceiver[][] receivers;
    private boolean closed;

    private CrossingLinks(String graph, Deployment deployment, List<Crossing> crossings, List<NetworkOutlet> outlets,
            NetworkInlet inlet) {
        this.graph = graph;
        this.deployment = deployment;
        this.crossings = List.copyOf(crossings);
        this.outlets = outlets;
        this.inlet = inlet;
    }

    /** A node's links: {@code outlets.get(i)} sends {@code crossings.get(i)}. */
    public static CrossingLinks forNode(String graph, Deployment deployment, List<Crossing> crossings,
            List<NetworkOutlet> outlets) {
        return new CrossingLinks(graph, deployment, crossings, List.copyOf(outlets), null);
    }

    /** The server's links: {@code inlet} fills the channel of each crossing, in order. */
    public static CrossingLinks forServer(String graph, Deployment deployment, List<Crossing> crossings,
            NetworkInlet inlet) {
        return new CrossingLinks(graph, deployment, crossings, List.of(), inlet);
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
     * Opens the links: a node starts connecting (in the background: the server may start later), the
     * server listens and makes its receiving ends.
     *
     * @throws StreamFlexError if the server cannot listen (address taken, not loopback without TLS
     *     and {@code allowNonLoopback}), or a TLS store cannot be opened; the message says which
     */
    public void open() {
        LinkSecurity security = security();
        int itemBytes = deployment.maxSharedItemBytes();
        if (deployment.site() == Deployment.Site.NODE) {
            LinkClientSettings plain = LinkClientSettings.DEFAULT.withMaxFrameLength(maxFrameLength(itemBytes));
            LinkClientSettings settings = security == null ? plain : plain.withSecurity(security);
            NetworkLinkClient[] opened = new NetworkLinkClient[crossings.size()];
            for (int i = 0; i < opened.length; i++) {
                Crossing c = crossings.get(i);
                LinkIdentity offer = identity(graph, deployment.node(), c, itemBytes);
                int queue = queueItems(c);
                if (c.kind() == ElementKind.SHARED) {
                    opened[i] = NetworkLinkClient.openShared(deployment.server(), offer, sharedCodec(c.type()), queue,
                            queueBytes(queue, itemBytes), itemBytes, settings);
                } else if (c.kind() == ElementKind.CAPSULE) {
                    CapsuleCodec<?> codec = CapsuleCodec.of(c.type().asSubclass(Capsule.class));
                    opened[i] = NetworkLinkClient.openCapsules(deployment.server(), offer, codec, queue,
                            queueBytes(queue, itemBytes(codec)), settings);
                } else {
                    opened[i] = NetworkLinkClient.open(deployment.server(), offer, queue, settings);
                }
                outlets.get(i).open(opened[i]);
            }
            clients = opened;
            LOG.log(System.Logger.Level.INFO, "StreamFlex " + graph + ": " + deployment + ", " + crossings.size()
                    + " channel(s): " + crossings.stream().map(Crossing::name).toList());
        } else {
            NetworkLinkServer listening = listen(security, maxFrameLength(itemBytes));
            LinkReceiver[][] made = new LinkReceiver[crossings.size()][];
            for (int c = 0; c < made.length; c++) {
                Crossing crossing = crossings.get(c);
                made[c] = new LinkReceiver[deployment.nodes().size()];
                CapsuleCodec<?> codec = crossing.kind() == ElementKind.CAPSULE
                        ? CapsuleCodec.of(crossing.type().asSubclass(Capsule.class)) : null;
                for (int n = 0; n < made[c].length; n++) {
                    LinkIdentity expected = identity(graph, deployment.nodes().get(n), crossing, itemBytes);
                    int queue = queueItems(crossing);
                    made[c][n] = switch (crossing.kind()) {
                        // A codec per receiver: each is used by the inlet's thread alone, and may cache.
                        case SHARED -> listening.sharedReceiver(expected, sharedCodec(crossing.type()), queue,
                                itemBytes);
                        case CAPSULE -> listening.capsuleReceiver(expected, codec, queue, itemBytes(codec));
                        default -> listening.longReceiver(expected, queue);
                    };
                }
                inlet.open(c, made[c]);
            }
            receivers = made;
            server = listening;
            LOG.log(System.Logger.Level.INFO, "StreamFlex " + graph + ": " + deployment + " (listening at "
                    + listening.address() + "), " + crossings.size() + " channel(s): "
                    + crossings.stream().map(Crossing::name).toList());
        }
    }

    private LinkSecurity security() {
        if (!deployment.isSecured()) {
            return null;
        }
        char[] password = deployment.password();
        try {
            return LinkSecurity.fromPkcs12(deployment.keyStore(), password, deployment.trustStore(), password);
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

    /** Node, once open: the link of crossing {@code i}. */
    public NetworkLinkClient client(int i) {
        NetworkLinkClient[] c = clients;
        return c == null ? null : c[i];
    }

    /** Server, once open: the receiving end of crossing {@code i} for the node at {@code node} in the inventory. */
    public LinkReceiver receiver(int i, int node) {
        LinkReceiver[][] r = receivers;
        return r == null ? null : r[i][node];
    }

    /**
     * Registers each link's counts ({@code link.n1:Doa.out->Cluster.in.sent}), read from the links
     * once open and 0 before: on a node what its sender counts, on the server what each receiving
     * end counts.
     */
    public void registerCounters(CounterRegistry registry) {
        for (int i = 0; i < crossings.size(); i++) {
            int index = i;
            if (deployment.site() == Deployment.Site.NODE) {
                String owner = deployment.node() + ":" + crossings.get(i).name();
                sender(registry, owner, index, "accepted", "items the link took from the channel",
                        LinkCounters::accepted);
                sender(registry, owner, index, "refused", "offers refused (no credit, or the link closed): left in"
                        + " the channel", LinkCounters::refused);
                sender(registry, owner, index, "droppedAtSender", "items dropped at the node, its queue full"
                        + " (DROP mode)", LinkCounters::droppedAtSender);
                sender(registry, owner, index, "sent", "items written to a connection", LinkCounters::sent);
                sender(registry, owner, index, "acknowledged", "items the server said it received",
                        LinkCounters::acknowledged);
                sender(registry, owner, index, "lostInFlight", "items sent on a connection that died unacknowledged",
                        LinkCounters::lostInFlight);
                sender(registry, owner, index, "lostInTransit", "items sent that the server said never arrived",
                        LinkCounters::lostInTransit);
                sender(registry, owner, index, "discardedAtClose", "items still queued when the link closed",
                        LinkCounters::discardedAtClose);
                if (crossings.get(i).kind() == ElementKind.SHARED) {
                    sender(registry, owner, index, "tooLarge", "values too large for the link, dropped from the"
                            + " channel at the node", LinkCounters::tooLarge);
                    sender(registry, owner, index, "encodeFailed", "values the codec failed to encode, not sent",
                            LinkCounters::encodeFailed);
                }
                registry.register(CounterOwner.LINK, owner, "connections", "handshakes that succeeded", () -> {
                    NetworkLinkClient client = client(index);
                    return client == null ? 0 : client.connections();
                });
            } else {
                for (int n = 0; n < deployment.nodes().size(); n++) {
                    int node = n;
                    String owner = deployment.nodes().get(n) + ":" + crossings.get(i).name();
                    receiver(registry, owner, index, node, "delivered", "items received into the server's queue",
                            LinkCounters::delivered);
                    receiver(registry, owner, index, node, "droppedAtReceiver", "items dropped at the server, its"
                            + " queue full (DROP mode)", LinkCounters::droppedAtReceiver);
                    receiver(registry, owner, index, node, "droppedAtSender", "items the node reported dropped or"
                            + " discarded", LinkCounters::droppedAtSender);
                    receiver(registry, owner, index, node, "lostInTransit", "items the node sent that never arrived",
                            LinkCounters::lostInTransit);
                    registry.register(CounterOwner.LINK, owner, "taken", "items the inlet moved into the graph's"
                            + " channel", () -> {
                                LinkReceiver r = receiver(index, node);
                                return r == null ? 0 : r.consumed();
                            });
                    // Delivered into the queue but never moved into the graph: after a stop, what the server
                    // received last and did not process. Counted, not silently gone.
                    registry.register(CounterOwner.LINK, owner, "unread", "items delivered into the server's queue"
                            + " and not (yet) taken: after the graph stopped, received and never processed", () -> {
                                LinkReceiver r = receiver(index, node);
                                return r == null ? 0 : r.counters().delivered() - r.consumed();
                            });
                }
            }
        }
    }

    private void sender(CounterRegistry registry, String owner, int index, String key, String description,
            ToLongFunction<LinkCounters> read) {
        registry.register(CounterOwner.LINK, owner, key, description, () -> {
            NetworkLinkClient client = client(index);
            return client == null ? 0 : read.applyAsLong(client.counters());
        });
    }

    private void receiver(CounterRegistry registry, String owner, int index, int node, String key, String description,
            ToLongFunction<LinkCounters> read) {
        registry.register(CounterOwner.LINK, owner, key, description, () -> {
            LinkReceiver r = receiver(index, node);
            return r == null ? 0 : read.applyAsLong(r.counters());
        });
    }

    /** One line per link for {@code schedule()}: where it goes and, once open, its counts. */
    public String describe() {
        StringBuilder s = new StringBuilder(deployment.toString()).append('\n');
        for (int i = 0; i < crossings.size(); i++) {
            Crossing c = crossings.get(i);
            if (deployment.site() == Deployment.Site.NODE) {
                NetworkLinkClient client = client(i);
                s.append("  sends ").append(c.name()).append(" (").append(c.kind().javaName()).append(", ")
                        .append(c.mode()).append(')').append(client == null ? "" : ": " + client.counters() + "; "
                                + client.connections() + " connection(s)" + (client.isOpen() ? "" : ", closed")
                                + (client.lastProblem().isEmpty() ? "" : "; last problem: " + client.lastProblem()))
                        .append('\n');
            } else {
                for (int n = 0; n < deployment.nodes().size(); n++) {
                    LinkReceiver r = receiver(i, n);
                    s.append("  receives ").append(c.name()).append(" from ").append(deployment.nodes().get(n))
                            .append(" (").append(c.kind().javaName()).append(", ").append(c.mode()).append(')')
                            .append(r == null ? "" : ": " + r.counters() + "; taken " + r.consumed() + ", unread "
                                    + (r.counters().delivered() - r.consumed())).append('\n');
                }
            }
        }
        return s.toString();
    }

    /**
     * Closes the links: a node tells the server what it sent and waits for its answer (at most a
     * few seconds per link); the server stops listening and closes every link, and releases the
     * shared values its receivers still queue. Called after the graph's last thread ended. Idempotent.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        NetworkLinkClient[] c = clients;
        if (c != null) {
            // In parallel: each waits up to seconds for the server's answer.
            List<Thread> closing = new ArrayList<>();
            for (NetworkLinkClient client : c) {
                closing.add(Thread.ofPlatform().name("streamflex-link-close").start(client::close));
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
        NetworkLinkServer s = server;
        if (s != null) {
            s.close();
            releaseQueuedValues();
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
            for (LinkReceiver in : row) {
                if (in instanceof SharedLinkReceiver<?> shared) {
                    shared.releaseQueued();
                }
            }
        }
    }
}
