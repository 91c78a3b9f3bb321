package org.streamflex.runtime.net;

import org.streamflex.Capsule;
import org.streamflex.Filter;
import org.streamflex.Shared;
import org.streamflex.runtime.channel.CapsuleRing;
import org.streamflex.runtime.channel.LongRing;
import org.streamflex.runtime.channel.SharedRing;

/**
 * The node's end of a channel that crosses to the server: a filter the runtime puts where the
 * server's consumer was, downstream of the producer, so it runs on the producer's thread right
 * after it. It moves every item of the channel into the link's queue and takes it only once the
 * link accepted it: in CREDIT mode what the server has no room for stays in the channel (whose
 * producer then drops and counts when it is full, as the contract says); in DROP mode the link
 * drops and counts it. Offering never blocks and never does I/O on this thread: the link's event
 * loop sends. A capsule is encoded into the link's queue as it is offered; taken from the channel,
 * it goes back to its pool when this work() returns, as any capsule a filter consumes. A shared value
 * (a signal segment) is queued by reference, the link holding one of its own until its event loop
 * has encoded the value into a frame, and the channel's reference to it goes when this work()
 * returns; one too large for the link ({@link ItemTooLargeException}) is taken from the channel,
 * counted in the link's {@code tooLarge} and logged once, so that it cannot hold up the channel.
 *
 * <p>Made by the graph when it is built as a node ({@code Deployment}); users never make one.
 */
// The runtime makes this filter and its fields (rings, links) when the graph is validated and started, outside
// any region, and they live as long as the graph: the ownership rules for user filters do not apply.
@SuppressWarnings("StreamFlex")
public final class NetworkOutlet extends Filter {
    private LongRing in;
    private CapsuleRing capsules;
    private SharedRing shared;
    private final OversizeLog oversize = new OversizeLog("in the link's tooLarge");
    private LinkMode mode;
    /** Set at start, before the clock threads start (thread start orders it before every work()). */
    private NetworkLinkClient link;

    private NetworkOutlet() {
    }

    /** At validate: the channel of primitives this outlet empties, and the link's mode. */
    public void bind(LongRing channel, LinkMode linkMode) {
        this.in = channel;
        this.mode = linkMode;
    }

    /** At validate: the channel of capsules this outlet empties, and the link's mode. */
    public void bind(CapsuleRing channel, LinkMode linkMode) {
        this.capsules = channel;
        this.mode = linkMode;
    }

    /** At validate: the channel of shared values (signal segments) this outlet empties, and the link's mode. */
    public void bind(SharedRing channel, LinkMode linkMode) {
        this.shared = channel;
        this.mode = linkMode;
    }

    /** At start: the link to the server. */
    void open(NetworkLinkClient client) {
        this.link = client;
    }

    @Override
    public void work() {
        NetworkLinkClient out = link;
        boolean credit = mode == LinkMode.CREDIT;
        SharedRing s = shared;
        if (s != null) {
            for (int n = s.size(); n > 0; n--) {
                if (!offerShared(out, s.peek(0)) && credit) {
                    return; // refused: the value stays in the channel for the next release
                }
                s.take(); // encoded into the link's queue, dropped and counted, or too large and counted
            }
            return;
        }
        CapsuleRing c = capsules;
        if (c != null) {
            for (int n = c.size(); n > 0; n--) {
                Capsule next = c.peek(0);
                if (!out.offer(next) && credit) {
                    return; // refused: the capsule stays in the channel for the next release
                }
                c.take(); // encoded into the link's queue, or (DROP mode) dropped and counted: back to its pool
            }
            return;
        }
        LongRing ring = in;
        for (int n = ring.size(); n > 0; n--) {
            if (!out.offer(ring.peek(0)) && credit) {
                return; // refused: the item stays in the channel for the next release
            }
            ring.take(); // sent, queued, or (DROP mode) dropped and counted by the link
        }
    }

    /** Offers one shared value; a value too large for the link counts as taken (the link counted it). */
    private boolean offerShared(NetworkLinkClient out, Shared value) {
        try {
            return out.offer(value);
        } catch (ItemTooLargeException e) {
            oversize.dropped(shared.name(), e);
            return true;
        }
    }
}
