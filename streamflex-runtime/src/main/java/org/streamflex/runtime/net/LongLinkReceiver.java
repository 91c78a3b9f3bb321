package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import java.util.function.LongConsumer;

/**
 * The receiving end of a network link of primitives, each kept as the 64-bit slot a channel's ring
 * holds it in ({@link SlotCodec}), hosted by a {@link NetworkLinkServer}: a bounded
 * queue the link's event loop fills and one consumer thread drains. One sender at a time may be
 * linked to it; when that link ends, the receiver stays and takes the next one.
 *
 * <pre>{@code
 * LongLinkReceiver in = server.longReceiver(LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.CREDIT), 4096);
 * while (running) {
 *     in.drain(value -> total += value, 256); // the consumer thread only
 * }
 * }</pre>
 */
public final class LongLinkReceiver extends LinkReceiver {
    private final SequencedLongRing ring;

    LongLinkReceiver(LinkIdentity identity, int capacity) {
        this(identity, new SequencedLongRing(checkKind(identity, capacity)));
    }

    private LongLinkReceiver(LinkIdentity identity, SequencedLongRing ring) {
        super(identity, ring.capacity());
        this.ring = ring;
    }

    private static int checkKind(LinkIdentity identity, int capacity) {
        if (identity.kind() == ElementKind.CAPSULE) {
            throw new IllegalArgumentException("a LongLinkReceiver carries primitives in 64-bit slots, not capsules;"
                    + " channel " + identity.channel() + ": use NetworkLinkServer.capsuleReceiver");
        }
        return capacity;
    }

    /** The queue's capacity (the one asked for, rounded up to a power of two). */
    @Override
    public int capacity() {
        return ring.capacity();
    }

    /**
     * Consumer thread only: passes up to {@code max} items, oldest first, to {@code sink} and returns
     * how many. In CREDIT mode the room it frees is granted to the sender.
     */
    public int drain(LongConsumer sink, int max) {
        int n = Math.min(max, ring.available());
        for (int i = 0; i < n; i++) {
            sink.accept(ring.valueAt(i));
        }
        ring.advance(n);
        if (n > 0) {
            consumedMore(n);
        }
        return n;
    }

    @Override
    int queued() {
        return ring.size();
    }

    @Override
    boolean accept(long sequence, ByteBuf items) {
        return ring.offer(sequence, SlotCodec.read(items, identity().kind()));
    }
}
