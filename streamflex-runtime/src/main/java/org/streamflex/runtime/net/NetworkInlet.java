package org.streamflex.runtime.net;

import java.util.function.LongConsumer;
import org.streamflex.Capsule;
import org.streamflex.Filter;
import org.streamflex.Shared;
import org.streamflex.runtime.channel.CapsuleRing;
import org.streamflex.runtime.channel.LongRing;
import org.streamflex.runtime.channel.SharedRing;
import org.streamflex.runtime.channel.SpscRing;

/**
 * The server's end of the channels that cross from the nodes: one filter, released by a clock of
 * its own every poll period, that moves what each link received into the channel the producer on
 * the nodes would have written, at most what the channel has room for, so that it never drops:
 * the rest waits in the link's queue (CREDIT mode: the node then waits for credit) or is dropped
 * and counted there (DROP mode). Several nodes feeding one channel are drained in turn, starting
 * one further each release, so that none is favoured. A capsule is decoded into one this filter
 * takes from the channel's pool ({@code makeCapsule}), into its own arrays, then put; a shared value
 * (a signal segment) is decoded by its codec into a new one from its library's pools, held by this
 * work() as any value a filter makes, then put.
 *
 * <p>Made by the graph when it is built as the server ({@code Deployment}); users never make one.
 */
// The runtime makes this filter and its fields (rings, links) when the graph is validated and started, outside
// any region, and they live as long as the graph: the ownership rules for user filters do not apply.
@SuppressWarnings("StreamFlex")
public final class NetworkInlet extends Filter {
    private SpscRing[] outs = new SpscRing[0];
    private LongConsumer[] putters = new LongConsumer[0];
    /** Per channel, its receivers, one per node; filled at start. */
    private LinkReceiver[][] receivers = new LinkReceiver[0][];
    private int[] first = new int[0];

    private NetworkInlet() {
    }

    /**
     * At validate: the channels this inlet fills, in crossing order: {@link LongRing}s, {@link CapsuleRing}s
     * and {@link SharedRing}s.
     */
    public void bind(SpscRing[] channels) {
        this.outs = channels.clone();
        this.putters = new LongConsumer[channels.length];
        for (int i = 0; i < channels.length; i++) {
            if (channels[i] instanceof LongRing ring) {
                putters[i] = value -> ring.put(value);
            } else if (!(channels[i] instanceof CapsuleRing) && !(channels[i] instanceof SharedRing)) {
                throw new IllegalArgumentException("channel " + channels[i].name() + " carries neither primitives"
                        + " nor capsules nor shared values: it cannot cross machines");
            }
        }
        this.receivers = new LinkReceiver[channels.length][];
        this.first = new int[channels.length];
    }

    /** At start: the receivers of channel {@code index}, one per node. */
    void open(int index, LinkReceiver[] fromNodes) {
        receivers[index] = fromNodes.clone();
    }

    @Override
    public void work() {
        for (int c = 0; c < outs.length; c++) {
            LinkReceiver[] from = receivers[c];
            int nodes = from.length;
            int room = outs[c].free();
            int start = first[c];
            LongConsumer putter = putters[c];
            for (int k = 0; k < nodes && room > 0; k++) {
                int i = start + k < nodes ? start + k : start + k - nodes;
                room -= switch (from[i]) {
                    case LongLinkReceiver longs -> longs.drain(putter, room);
                    case CapsuleLinkReceiver<?> capsules -> moveCapsules(capsules, (CapsuleRing) outs[c], room);
                    case SharedLinkReceiver<?> shared -> moveShared(shared, (SharedRing) outs[c], room);
                };
            }
            first[c] = start + 1 < nodes ? start + 1 : 0;
        }
    }

    /** Decodes up to {@code max} received capsules into pooled ones and puts them; returns how many. */
    private <C extends Capsule> int moveCapsules(CapsuleLinkReceiver<C> from, CapsuleRing to, int max) {
        int n = Math.min(max, from.available());
        Class<C> type = from.capsuleType();
        for (int i = 0; i < n; i++) {
            C capsule = makeCapsule(type); // reclaimed to its pool when work() returns, unless put
            from.poll(capsule);
            to.put(capsule);
        }
        return n;
    }

    /** Puts up to {@code max} received shared values (decoded by the link's event loop); returns how many. */
    private static int moveShared(SharedLinkReceiver<?> from, SharedRing to, int max) {
        int n = Math.min(max, from.available());
        for (int i = 0; i < n; i++) {
            Shared value = from.poll(); // held by this work(), which lets go when it returns: the channel keeps it
            to.put(value);
        }
        return n;
    }
}
