package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The sender's queue of a link of primitives: each item the 64-bit slot its channel held
 * ({@link SlotCodec}), in a {@link SequencedLongRing}; DATA frames carry them at their kind's size.
 *
 * <pre>{@code
 * LongSenderQueue queue = new LongSenderQueue(ElementKind.INT, 4096, FrameFormat.DEFAULT_MAX_FRAME_LENGTH);
 * queue.offer(0, 42); // producer thread
 * }</pre>
 */
final class LongSenderQueue implements SenderQueue {
    private final ElementKind kind;
    private final SequencedLongRing ring;
    private final int maxItemsPerFrame;

    LongSenderQueue(ElementKind kind, int capacity, int maxFrameLength) {
        if (kind == ElementKind.CAPSULE) {
            throw new IllegalArgumentException("a LongSenderQueue carries primitives in 64-bit slots, not capsules");
        }
        this.kind = kind;
        this.ring = new SequencedLongRing(capacity);
        this.maxItemsPerFrame = Math.min(4096, (maxFrameLength - FrameFormat.DATA_PREFIX_BYTES) / kind.size());
    }

    /** Producer: queues {@code slot} numbered {@code sequence}; false when full. */
    boolean offer(long sequence, long slot) {
        return ring.offer(sequence, slot);
    }

    @Override
    public SequencedRing ring() {
        return ring;
    }

    @Override
    public ByteBuf takeData(ByteBufAllocator alloc, int budget) {
        int max = Math.min(Math.min(budget, maxItemsPerFrame), ring.available());
        long first = ring.sequenceAt(0);
        ByteBuf frame = FrameEncoder.startData(alloc, first, kind.size(), max);
        int n = 0;
        // A DATA frame holds consecutive numbers: a drop ends it.
        while (n < max && ring.sequenceAt(n) == first + n) {
            SlotCodec.write(frame, kind, ring.valueAt(n));
            n++;
        }
        ring.advance(n);
        return FrameEncoder.finishData(frame, n);
    }

    @Override
    public int discardAvailable() {
        int n = ring.available();
        ring.advance(n);
        return n;
    }
}
