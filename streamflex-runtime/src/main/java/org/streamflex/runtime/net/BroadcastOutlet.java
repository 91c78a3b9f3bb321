package org.streamflex.runtime.net;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.streamflex.Filter;
import org.streamflex.NodeRouter;
import org.streamflex.Shared;
import org.streamflex.runtime.channel.CapsuleRing;
import org.streamflex.runtime.channel.LongRing;
import org.streamflex.runtime.channel.SharedRing;

/**
 * The server's end of a channel that crosses to the nodes: a filter the runtime puts where the
 * node consumer was, downstream of the producer, so it runs on the producer's thread right after
 * it. Every item goes to every node of the inventory (a broadcast: a threshold, a configuration,
 * a command the server computes), through one {@link ServerLinkSender} per node, and leaves the
 * channel once every node's link is done with it: queued, or dropped and counted for that node.
 *
 * <p>In CREDIT mode (the default) a node that is linked and has no room yet holds the item in the
 * channel (lossless; the channel's producer drops and counts when it is full, as the contract
 * says), and the item is offered again at the next release, to the nodes that have not taken it
 * only; a node that is not linked (down, restarting, not started yet) gets its items queued up to
 * its link's bound and then dropped and counted for it alone, so that it never holds up the others.
 * In DROP mode each node's link drops and counts what its queue has no room for. Offering never
 * blocks and never does I/O on this thread. A capsule is encoded into each node's queue; a shared
 * value is queued by reference in each (one too large is counted in each link's {@code tooLarge},
 * logged once, and taken from the channel).
 *
 * <p>With a {@link NodeRouter} ({@code Deployment.routeToNodes}) each item goes to the one node the
 * router names instead, into that node's own bounded queue (its link's: preallocated, one per node,
 * drained by the link's event loop as the node grants credit), and leaves the channel as soon as
 * that queue took it, whatever the other nodes' queues hold: a node with no credit holds up nothing
 * while its queue has room. An item for a node the inventory does not list (or null) is taken from
 * the channel, counted ({@link #unrouted()}) and the first such id logged. In CREDIT mode an item
 * whose linked node's queue is full waits at the channel's head, and the items behind it (for every
 * node) with it: nothing may be dropped, and the channel is one queue, so one full node's queue
 * stalls the channel, as backpressure into the graph; each such wait is counted for that node
 * ({@link #heldUp(int)}). In DROP mode that node's link drops and counts the item, and nothing waits.
 *
 * <p>Made by the graph when it is built as the server ({@code Deployment}); users never make one.
 */
// The runtime makes this filter and its fields (rings, links) when the graph is validated and started, outside
// any region, and they live as long as the graph: the ownership rules for user filters do not apply.
@SuppressWarnings("StreamFlex")
public final class BroadcastOutlet extends Filter {
    private LongRing in;
    private CapsuleRing capsules;
    private SharedRing shared;
    private final OversizeLog oversize = new OversizeLog("in each link's tooLarge");
    /** Set at start, before the clock threads start (thread start orders it before every work()). */
    private ServerLinkSender[] links = new ServerLinkSender[0];
    /** Per node: whether its link is done with the item at the channel's head. */
    private boolean[] done = new boolean[0];
    /** Broadcast, per node: whether the item at the channel's head waited for its full queue (counted once). */
    private boolean[] waited = new boolean[0];
    /** Routed: the node of every item, or -1 when a key chooses per item; -2 when not routed. */
    private int fixedNode = -2;
    private NodeRouter.SlotKey slotKey;
    private NodeRouter.ByItem<?> itemKey;
    /** Routed: each node's index in {@link #links}, by id. */
    private Map<String, Integer> nodeIndex = Map.of();
    private static final VarHandle UNROUTED;
    /** Each node's count in {@link #heldUp}: written by the producer's thread (release), read by any (acquire). */
    private static final VarHandle HELD_UP = MethodHandles.arrayElementVarHandle(long[].class);

    static {
        try {
            UNROUTED = MethodHandles.lookup().findVarHandle(BroadcastOutlet.class, "unrouted", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Items whose node the inventory does not list: written by the producer's thread (release), read by any. */
    private long unrouted;
    private boolean warnedUnrouted;
    /** Per node: items that waited at the channel's head for its full queue (the producer's thread writes). */
    private long[] heldUp = new long[0];
    /** Routed: the node whose full queue the item at the head already waits for (counted once), or -1. */
    private int waitingOn = -1;

    private BroadcastOutlet() {
    }

    /** At validate: the channel of primitives this outlet empties. */
    public void bind(LongRing channel) {
        this.in = channel;
    }

    /** At validate: the channel of capsules this outlet empties. */
    public void bind(CapsuleRing channel) {
        this.capsules = channel;
    }

    /** At validate: the channel of shared values this outlet empties. */
    public void bind(SharedRing channel) {
        this.shared = channel;
    }

    /** At start: one link per node of the inventory; every item goes to every node. */
    void open(ServerLinkSender[] toNodes) {
        this.links = toNodes.clone();
        this.done = new boolean[toNodes.length];
        this.waited = new boolean[toNodes.length];
        this.heldUp = new long[toNodes.length];
    }

    /**
     * At start: one link per node of the inventory, {@code nodes} their ids in the same order; each
     * item goes to the node {@code router} names (the graph's split checked that it fits the channel).
     */
    void open(ServerLinkSender[] toNodes, List<String> nodes, NodeRouter router) {
        open(toNodes);
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            index.put(nodes.get(i), i);
        }
        this.nodeIndex = Map.copyOf(index);
        switch (router) {
            case NodeRouter.Fixed(String node) -> {
                Integer i = nodeIndex.get(node);
                if (i == null) {
                    throw new IllegalArgumentException("channel " + channelName(shared, capsules, in)
                            + " is routed to node " + node + ", which the inventory does not list: " + nodes);
                }
                fixedNode = i;
            }
            case NodeRouter.BySlot(NodeRouter.SlotKey key) -> {
                fixedNode = -1;
                slotKey = key;
            }
            case NodeRouter.ByItem<?> key -> {
                fixedNode = -1;
                itemKey = key;
            }
        }
    }

    /** Items taken from the channel because their node is not in the inventory (routed channels only). */
    public long unrouted() {
        return (long) UNROUTED.getAcquire(this);
    }

    /**
     * CREDIT mode: items that waited at the channel's head because the queue of node {@code node}
     * (its index in the inventory) was full while it was linked, holding up the items behind them
     * for every node; each item counted once however long it waited. Any thread.
     */
    public long heldUp(int node) {
        long[] waits = heldUp;
        return node < waits.length ? (long) HELD_UP.getAcquire(waits, node) : 0;
    }

    @Override
    public void work() {
        SharedRing s = shared;
        CapsuleRing c = capsules;
        LongRing ring = in;
        int n = s != null ? s.size() : c != null ? c.size() : ring.size();
        if (fixedNode != -2) {
            routed(s, c, ring, n);
            return;
        }
        for (; n > 0; n--) {
            boolean all = true;
            for (int i = 0; i < links.length; i++) {
                if (!done[i]) {
                    done[i] = offer(links[i], s, c, ring);
                    all &= done[i];
                    if (!done[i] && !waited[i]) {
                        waited[i] = true;
                        HELD_UP.setRelease(heldUp, i, heldUp[i] + 1);
                    }
                }
            }
            if (!all) {
                return; // a linked node has no room yet: the item stays, and goes to the rest at the next release
            }
            Arrays.fill(done, false);
            Arrays.fill(waited, false);
            take(s, c, ring);
        }
    }

    /**
     * Each of the {@code n} items at the channel's head into its one node's queue, in order; stops at
     * an item whose linked node's queue is full (CREDIT mode), counting that node's wait once per item.
     */
    private void routed(SharedRing s, CapsuleRing c, LongRing ring, int n) {
        for (int left = n; left > 0; left--) {
            int node = fixedNode >= 0 ? fixedNode : target(s, c, ring);
            if (node >= 0 && !offer(links[node], s, c, ring)) {
                if (waitingOn != node) {
                    waitingOn = node;
                    HELD_UP.setRelease(heldUp, node, heldUp[node] + 1);
                }
                return; // lossless: the item waits for room in its node's queue, and the channel's order with it
            }
            waitingOn = -1;
            take(s, c, ring);
        }
    }

    /** The index of the node the router names for the item at the head, or -1 (counted) if none. */
    private int target(SharedRing s, CapsuleRing c, LongRing ring) {
        String node = slotKey != null ? slotKey.node(ring.peek(0))
                : itemKey.nodeOf(s != null ? s.peek(0) : c.peek(0));
        Integer index = node == null ? null : nodeIndex.get(node);
        if (index == null) {
            UNROUTED.setRelease(this, unrouted + 1);
            if (!warnedUnrouted) {
                warnedUnrouted = true;
                System.getLogger("org.streamflex.runtime.net").log(System.Logger.Level.WARNING, "channel "
                        + channelName(s, c, ring) + " routed an item to node " + node + ", which the inventory does"
                        + " not list (it lists " + nodeIndex.keySet() + "): dropped and counted in unrouted; later"
                        + " ones are counted, not logged");
            }
            return -1;
        }
        return index;
    }

    private static String channelName(SharedRing s, CapsuleRing c, LongRing ring) {
        return s != null ? s.name() : c != null ? c.name() : ring.name();
    }

    /** Offers the item at the head to {@code out}; whether that link is done with it. */
    private boolean offer(ServerLinkSender out, SharedRing s, CapsuleRing c, LongRing ring) {
        return s != null ? offerShared(out, s.peek(0)) : c != null ? out.offer(c.peek(0)) : out.offer(ring.peek(0));
    }

    private static void take(SharedRing s, CapsuleRing c, LongRing ring) {
        if (s != null) {
            s.take();
        } else if (c != null) {
            c.take(); // encoded into every node's queue: back to its pool when work() returns
        } else {
            ring.take();
        }
    }

    /** Offers one shared value; a value too large for the link counts as done (the link counted it). */
    private boolean offerShared(ServerLinkSender out, Shared value) {
        try {
            return out.offer(value);
        } catch (ItemTooLargeException e) {
            oversize.dropped(shared.name(), e);
            return true;
        }
    }
}
