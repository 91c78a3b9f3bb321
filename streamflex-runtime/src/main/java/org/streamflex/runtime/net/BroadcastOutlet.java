package org.streamflex.runtime.net;

import java.util.Arrays;
import org.streamflex.Filter;
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
 * <p>Made by the graph when it is built as the server ({@code Deployment}); users never make one.
 */
// The runtime makes this filter and its fields (rings, links) when the graph is validated and started, outside
// any region, and they live as long as the graph: the ownership rules for user filters do not apply.
@SuppressWarnings("StreamFlex")
public final class BroadcastOutlet extends Filter {
    private LongRing in;
    private CapsuleRing capsules;
    private SharedRing shared;
    /** Whether a value too large for the links was logged: once per outlet, the counters have the rest. */
    private boolean warnedTooLarge;
    /** Set at start, before the clock threads start (thread start orders it before every work()). */
    private ServerLinkSender[] links = new ServerLinkSender[0];
    /** Per node: whether its link is done with the item at the channel's head. */
    private boolean[] done = new boolean[0];

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

    /** At start: one link per node of the inventory. */
    void open(ServerLinkSender[] toNodes) {
        this.links = toNodes.clone();
        this.done = new boolean[toNodes.length];
    }

    @Override
    public void work() {
        SharedRing s = shared;
        CapsuleRing c = capsules;
        LongRing ring = in;
        int n = s != null ? s.size() : c != null ? c.size() : ring.size();
        for (; n > 0; n--) {
            boolean all = true;
            for (int i = 0; i < links.length; i++) {
                if (!done[i]) {
                    done[i] = s != null ? offerShared(links[i], s.peek(0))
                            : c != null ? links[i].offer(c.peek(0)) : links[i].offer(ring.peek(0));
                    all &= done[i];
                }
            }
            if (!all) {
                return; // a linked node has no room yet: the item stays, and goes to the rest at the next release
            }
            Arrays.fill(done, false);
            if (s != null) {
                s.take();
            } else if (c != null) {
                c.take(); // encoded into every node's queue: back to its pool when work() returns
            } else {
                ring.take();
            }
        }
    }

    /** Offers one shared value; a value too large for the link counts as done (the link counted it). */
    private boolean offerShared(ServerLinkSender out, Shared value) {
        try {
            return out.offer(value);
        } catch (ItemTooLargeException e) {
            if (!warnedTooLarge) {
                warnedTooLarge = true;
                System.getLogger("org.streamflex.runtime.net").log(System.Logger.Level.WARNING, "channel "
                        + shared.name() + " dropped a value too large for its links (counted in each link's"
                        + " tooLarge; logged once): " + e.getMessage() + "; a split graph's bound is"
                        + " Deployment.maxSharedItemBytes, the same on the nodes and the server");
            }
            return true;
        }
    }
}
