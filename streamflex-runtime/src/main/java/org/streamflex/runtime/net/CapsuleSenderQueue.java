package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.streamflex.Capsule;

/**
 * The sender's queue of a link of capsules: each capsule encoded by its {@link CapsuleCodec} into a
 * record of a {@link SequencedByteRing} as it is offered (the capsule itself goes back to its pool),
 * bounded in items and in bytes; DATA frames carry them as length-prefixed items (item size 0),
 * as many as the frame length allows.
 *
 * <pre>{@code
 * CapsuleSenderQueue queue = new CapsuleSenderQueue(CapsuleCodec.of(Reading.class), 4096, 1 << 20, maxFrameLength);
 * queue.offer(0, reading); // producer thread
 * }</pre>
 */
final class CapsuleSenderQueue implements SenderQueue {
    /** Bytes of an item in a DATA frame besides its body: its length. */
    private static final int LENGTH_BYTES = 4;
    private static final int MAX_ITEMS_PER_FRAME = 4096;

    private final CapsuleCodec<?> codec;
    private final SequencedByteRing ring;
    /** The most bytes of items one DATA frame carries, lengths included. */
    private final int maxFrameItemBytes;
    private final int maxItemBytes;

    CapsuleSenderQueue(CapsuleCodec<?> codec, int capacity, int byteCapacity, int maxFrameLength) {
        this.codec = codec;
        this.ring = new SequencedByteRing(capacity, byteCapacity);
        this.maxFrameItemBytes = maxFrameLength - FrameFormat.DATA_PREFIX_BYTES;
        this.maxItemBytes = Math.min(maxFrameItemBytes - LENGTH_BYTES, ring.maxLength());
    }

    /** The largest encoded capsule an offer takes. */
    int maxItemBytes() {
        return maxItemBytes;
    }

    /**
     * Producer: encodes {@code capsule} into the queue numbered {@code sequence}; false when the queue
     * has no room for it now.
     *
     * @throws IllegalArgumentException if it encodes to more bytes than a DATA frame or the queue holds
     */
    boolean offer(long sequence, Capsule capsule) {
        int size = codec.encodedSize(capsule);
        if (size > maxItemBytes) {
            throw new IllegalArgumentException("a capsule of " + codec.type().getName() + " encodes to " + size
                    + " bytes; this link carries at most " + maxItemBytes + " bytes per item (a DATA frame holds "
                    + maxFrameItemBytes + " bytes of items, the queue " + ring.byteCapacity()
                    + " bytes): raise maxFrameLength on both sides and the queue's bytes, or send smaller capsules");
        }
        int at = ring.claim(sequence, size);
        if (at < 0) {
            return false;
        }
        codec.encode(capsule, ring.buffer(), at);
        ring.publish();
        return true;
    }

    @Override
    public int capacity() {
        return ring.capacity();
    }

    @Override
    public int size() {
        return ring.size();
    }

    @Override
    public int available() {
        return ring.available();
    }

    @Override
    public long firstSequence() {
        return ring.sequence();
    }

    @Override
    public ByteBuf takeData(ByteBufAllocator alloc, int budget) {
        int max = Math.min(Math.min(budget, MAX_ITEMS_PER_FRAME), ring.available());
        long first = ring.sequence();
        // Measured first, so that the frame is allocated at its size; it ends at a drop or at the frame length.
        int n = 0;
        int itemBytes = 0;
        while (n < max && ring.sequence() == first + n) {
            int item = LENGTH_BYTES + ring.length();
            if (itemBytes + item > maxFrameItemBytes) {
                break;
            }
            itemBytes += item;
            n++;
            ring.next();
        }
        ring.rewind();
        ByteBuf frame = FrameEncoder.startCapsuleData(alloc, first, itemBytes);
        byte[] bytes = ring.buffer();
        for (int i = 0; i < n; i++) {
            int length = ring.length();
            frame.writeInt(length);
            frame.writeBytes(bytes, ring.offset(), length);
            ring.next();
        }
        ring.free();
        return FrameEncoder.finishData(frame, n);
    }

    @Override
    public int discardAvailable() {
        int n = ring.available();
        for (int i = 0; i < n; i++) {
            ring.next();
        }
        ring.free();
        return n;
    }
}
