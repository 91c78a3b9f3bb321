package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * A sender's queue of items of varying size (capsules): each item a record of a
 * {@link SequencedByteRing}, written by the producer when it is offered, bounded in items and in
 * bytes; DATA frames carry them as length-prefixed items (item size 0), as many as the frame length
 * allows. What an item's bytes are is the subclass's: it claims a record, encodes into
 * {@link #buffer()} and publishes.
 *
 * <pre>{@code
 * int at = claim(sequence, size);  // producer thread: -1 when full
 * encode(item, buffer(), at);
 * publish();
 * }</pre>
 */
abstract class RecordSenderQueue implements SenderQueue {
    /** Bytes of an item in a DATA frame besides its body: its length. */
    static final int LENGTH_BYTES = 4;
    /** The most items one DATA frame carries: bounds the work of one drain. */
    static final int MAX_ITEMS_PER_FRAME = 4096;

    private static final int FRAME_OVERHEAD = FrameFormat.HEADER_BYTES + FrameFormat.DATA_PREFIX_BYTES;

    private final SequencedByteRing ring;
    /**
     * Event loop: reused buffers for frames of up to {@link SharedSenderQueue#BATCH_BYTES} of items.
     * A frame from the pooled allocator costs the event loop heap bytes per frame (the NIO buffer
     * Netty makes to write it); at one item a frame, as a ping-pong or a lightly loaded link sends,
     * that is heap bytes per item. Longer frames still come from the allocator.
     */
    private final FrameBuffers buffers = new FrameBuffers(FRAME_OVERHEAD + SharedSenderQueue.BATCH_BYTES);
    /** The most bytes of items one DATA frame carries, lengths included. */
    private final int maxFrameItemBytes;
    private final int maxItemBytes;

    RecordSenderQueue(int capacity, int byteCapacity, int maxFrameLength) {
        this.ring = new SequencedByteRing(capacity, byteCapacity);
        this.maxFrameItemBytes = maxFrameLength - FrameFormat.DATA_PREFIX_BYTES;
        this.maxItemBytes = Math.min(maxFrameItemBytes - LENGTH_BYTES, ring.maxLength());
    }

    /** The largest encoded item an offer takes. */
    final int maxItemBytes() {
        return maxItemBytes;
    }

    /** The bounds an item's size meets, for messages: "a DATA frame holds N bytes of items, the queue M bytes". */
    final String bounds() {
        return "a DATA frame holds " + maxFrameItemBytes + " bytes of items, the queue " + ring.byteCapacity()
                + " bytes";
    }

    /** Producer: the array records live in. */
    final byte[] buffer() {
        return ring.buffer();
    }

    /** Producer: the body offset of a record of {@code size} bytes numbered {@code sequence}, or -1 when full. */
    final int claim(long sequence, int size) {
        return ring.claim(sequence, size);
    }

    /** Producer: hands the claimed record to the event loop. */
    final void publish() {
        ring.publish();
    }

    @Override
    public final SequencedRing ring() {
        return ring;
    }

    @Override
    public final ByteBuf takeData(ByteBufAllocator alloc, int budget) {
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
        ByteBuf frame = startFrame(alloc, first, itemBytes);
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

    /**
     * Event loop: the start of a DATA frame of items numbered from {@code first} that take
     * {@code itemBytes}, lengths included: a reused buffer when they fit one, else one of their own.
     */
    final ByteBuf startFrame(ByteBufAllocator alloc, long first, int itemBytes) {
        return FRAME_OVERHEAD + itemBytes <= buffers.capacity()
                ? FrameEncoder.startCapsuleData(buffers.take(alloc), first)
                : FrameEncoder.startCapsuleData(alloc, first, itemBytes);
    }

    @Override
    public final int discardAvailable() {
        int n = ring.available();
        for (int i = 0; i < n; i++) {
            ring.next();
        }
        ring.free();
        return n;
    }
}
