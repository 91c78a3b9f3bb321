package org.streamflex.runtime.net;

/**
 * What the server's channel to the nodes did with one node's items, summed from that node's link
 * counts into the four a user reconciles: {@code sent} (given to the node: into its queue, or
 * dropped and counted for it), {@code delivered} (acknowledged by the node's receiving end),
 * {@code lost} (dropped for it, too large, discarded at close, lost in flight or in transit) and
 * {@code queued} (neither yet: in its queue on the server or on the wire). Once the link is quiet,
 * {@code delivered + lost + queued == sent}, and {@code queued} is 0 once the link is settled.
 *
 * <p>Each count is one of {@link LinkCounters}'s single-writer counters (the producer's thread
 * writes {@code accepted}, {@code droppedAtSender} and {@code tooLarge}; the link's event loop the
 * rest), read with acquire; a sum reads them one after the other, not at one instant. So that
 * {@code queued} is never negative while items move, it reads what left the node's queue before
 * what entered it, and is clamped at 0 (the producer counts an item accepted just after queueing
 * it, so the event loop may count it first). Registered per node under the channel's link
 * counters ({@code link.Planner.command->Actuator.command.n2.sent}).
 *
 * <pre>{@code
 * LinkCounters c = links.sender(0, 1).counters();
 * long backlog = NodeCounts.queued(c);   // any thread
 * }</pre>
 */
public final class NodeCounts {
    private NodeCounts() {
    }

    /** Items given to the node: queued for it, or dropped and counted for it. */
    public static long sent(LinkCounters c) {
        return c.accepted() + c.tooLarge();
    }

    /** Items the node's receiving end acknowledged. */
    public static long delivered(LinkCounters c) {
        return c.acknowledged();
    }

    /** Items given to the node that it never will receive, each counted in one of the link's counters. */
    public static long lost(LinkCounters c) {
        return c.droppedAtSender() + c.tooLarge() + c.encodeFailed() + c.discardedAtClose() + c.lostInFlight()
                + c.lostInTransit();
    }

    /** Items given to the node, neither delivered nor lost yet; exact when the link is quiet. */
    public static long queued(LinkCounters c) {
        long gone = delivered(c) + lost(c);
        return Math.max(0, sent(c) - gone);
    }
}
