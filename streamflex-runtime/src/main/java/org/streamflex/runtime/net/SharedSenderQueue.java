package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.streamflex.Shared;

/**
 * The sender's queue of a link of shared values (signal segments): it holds a reference to each
 * value offered (a {@link SequencedRefRing}), and the event loop encodes the values straight into
 * the DATA frame's direct buffer, releasing each reference once its bytes are in the frame. A value
 * is immutable while anyone holds it, so the frame gets the bytes it had when it was offered; its
 * samples are copied once on this side, where a queue of bytes copied them twice (into the queue on
 * the producer's thread, then into the frame). DATA frames carry the values as length-prefixed
 * items (item size 0), as {@link RecordSenderQueue}'s do, byte for byte, at most {@link #BATCH_BYTES}
 * of them a frame, written into the queue's own reused buffers ({@link FrameBuffers}: no view of a
 * frame's memory is made per frame).
 *
 * <p>Bounds, as a queue of bytes had them: at most {@code capacity} values and {@code byteCapacity}
 * bytes (rounded up to a power of two) of encoded values, each counting its size and 12 bytes; a
 * value that encodes to more than an item may have (the link's bound, what a DATA frame holds, half
 * the queue's bytes) is refused with an {@link ItemTooLargeException}. Values leave the queue, and
 * their references go, when a frame takes them or the link discards them: never retransmitted, so
 * nothing is kept for a connection that fails after the frame was written (the sender counts those
 * lost in flight, as before).
 *
 * <p>Threads: the producer sizes each value with the codec it was given; the event loop encodes with
 * a {@link SharedCodec#copy()} of it, since a codec's caches serve one thread. The last reference
 * to a value may go on the event loop, which then frees it (segment pools take memory back from any
 * thread).
 *
 * <pre>{@code
 * SharedSenderQueue queue = new SharedSenderQueue(SharedCodec.of(FloatSeg.class), 1024, 1 << 24, 1 << 20, 1 << 16);
 * queue.offer(0, segment); // producer thread: the queue holds a reference until the segment is in a frame
 * }</pre>
 */
final class SharedSenderQueue implements SenderQueue {
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private final SequencedRefRing<Shared> ring;
    /** The producer's: sizes values as they are offered. */
    private final SharedCodec<Shared> sizer;
    /** The event loop's: encodes values into frames. */
    private final SharedCodec<Shared> encoder;
    /** The most bytes of items one DATA frame carries, lengths included. */
    private final int maxFrameItemBytes;
    private final int maxItemBytes;
    private final String limits;
    /**
     * The most bytes of items a DATA frame of several values carries (a single larger value goes
     * alone, within the frame length). A receiver delivers none of a frame's items before its last
     * byte has arrived: frames as long as the frame length allowed (1 MiB, 127 segments of 8 KiB)
     * left the consumer idle while each arrived, and the sender idle while the consumer then freed
     * their credit; frames of one socket read keep items flowing, and a drain still writes several
     * frames before it flushes.
     */
    static final int BATCH_BYTES = 1 << 16;
    /** Bytes of a DATA frame besides its items: the header and the DATA prefix. */
    private static final int FRAME_OVERHEAD = FrameFormat.HEADER_BYTES + FrameFormat.DATA_PREFIX_BYTES;

    /** Event loop: buffers for frames of up to a batch, each with its view made once. */
    private final FrameBuffers buffers = new FrameBuffers(FRAME_OVERHEAD + BATCH_BYTES);
    /** Event loop: the heap array of the last heap frame and its segment, so that a view is made once. */
    private byte[] heapArray;
    private MemorySegment heapView;

    @SuppressWarnings("unchecked") // offer checks each value's class against the codec's
    SharedSenderQueue(SharedCodec<?> codec, int capacity, int byteCapacity, int maxFrameLength, int maxItemBytes) {
        if (maxItemBytes < 1) {
            throw new IllegalArgumentException("a link's items need at least 1 byte, " + maxItemBytes + " was given");
        }
        if (byteCapacity < 2 * SequencedRefRing.HEADER_BYTES || byteCapacity > FrameFormat.MAX_CAPACITY) {
            throw new IllegalArgumentException("a queue of " + byteCapacity + " bytes: it must hold 2 * "
                    + SequencedRefRing.HEADER_BYTES + " to " + FrameFormat.MAX_CAPACITY + " bytes");
        }
        int bytes = Integer.highestOneBit(byteCapacity) == byteCapacity ? byteCapacity
                : Integer.highestOneBit(byteCapacity) << 1;
        this.ring = new SequencedRefRing<>(capacity, bytes);
        this.sizer = (SharedCodec<Shared>) codec;
        this.encoder = (SharedCodec<Shared>) codec.copy();
        if (encoder.type() != codec.type()) {
            throw new IllegalStateException(codec.getClass().getName() + ".copy() gave a codec of "
                    + encoder.type().getName() + ", not of " + codec.type().getName());
        }
        this.maxFrameItemBytes = maxFrameLength - FrameFormat.DATA_PREFIX_BYTES;
        // Half the queue, as a queue of bytes whose records never wrap took at most: the same bound for users.
        int queueItemBytes = Math.min(maxFrameItemBytes - RecordSenderQueue.LENGTH_BYTES,
                bytes / 2 - SequencedRefRing.HEADER_BYTES);
        this.maxItemBytes = Math.min(maxItemBytes, queueItemBytes);
        this.limits = "a DATA frame holds " + maxFrameItemBytes + " bytes of items, the queue " + bytes + " bytes"
                + (maxItemBytes < queueItemBytes ? ", the link " + maxItemBytes + " bytes" : "");
    }

    /** The class of the values it takes. */
    Class<?> type() {
        return sizer.type();
    }

    /** The largest encoded value an offer takes. */
    int maxValueBytes() {
        return maxItemBytes;
    }

    /**
     * Producer: queues {@code value} numbered {@code sequence}, holding a reference to it until the
     * event loop has encoded it into a frame or discarded it; false, no reference taken, when the
     * queue has no room for it now.
     *
     * @throws ItemTooLargeException if it encodes to more bytes than an item may have
     * @throws ClassCastException if it is not of the codec's type
     */
    boolean offer(long sequence, Shared value) {
        Shared typed = sizer.type().cast(value);
        int size = sizer.encodedSize(typed);
        if (size > maxItemBytes) {
            throw new ItemTooLargeException("a " + value.getClass().getSimpleName() + " (" + value + ") encodes to "
                    + size + " bytes; this link carries at most " + maxItemBytes + " bytes per item (" + limits
                    + "): send shorter segments (cut them with subseg), or give the link larger frames and queue");
        }
        if (!ring.claim(sequence, size)) {
            return false;
        }
        typed.retain(); // before it is published: the event loop may release it at once
        ring.publish(typed);
        return true;
    }

    /** The buffers its frames of up to {@link #BATCH_BYTES} of items are written into. */
    FrameBuffers frameBuffers() {
        return buffers;
    }

    @Override
    public SequencedRing ring() {
        return ring;
    }

    /**
     * Event loop: a DATA frame of the oldest values, each encoded straight into it and released.
     *
     * @throws EncodeFailedException if the codec failed to encode a value: every value taken is
     *     released all the same, and the frame with them; the exception says how many left the queue
     */
    @Override
    public ByteBuf takeData(ByteBufAllocator alloc, int budget) {
        int max = Math.min(Math.min(budget, RecordSenderQueue.MAX_ITEMS_PER_FRAME), ring.available());
        long first = ring.sequenceAt(0);
        // Measured first, so that the frame is allocated at its size; it ends at a drop or at the frame length.
        int n = 0;
        int itemBytes = 0;
        while (n < max && ring.sequenceAt(n) == first + n) {
            int item = RecordSenderQueue.LENGTH_BYTES + ring.lengthAt(n);
            if (itemBytes + item > maxFrameItemBytes || (n > 0 && itemBytes + item > BATCH_BYTES)) {
                break;
            }
            itemBytes += item;
            n++;
        }
        ByteBuf frame;
        MemorySegment target;
        if (FRAME_OVERHEAD + itemBytes <= buffers.capacity()) {
            FrameBuffers.Frame reused = buffers.take(alloc);
            frame = FrameEncoder.startCapsuleData(reused, first);
            target = reused.segment();
        } else {
            frame = FrameEncoder.startCapsuleData(alloc, first, itemBytes);
            target = null;
        }
        int start = frame.writerIndex();
        RuntimeException failure = encode(frame, target, start, itemBytes, n);
        ring.free();
        if (failure != null) {
            frame.release();
            throw new EncodeFailedException("the link's " + encoder.getClass().getName() + " failed to encode a "
                    + encoder.type().getName() + " whose size it had given, so the " + n + " value(s) of its frame"
                    + " were not sent: " + failure, n, failure);
        }
        frame.writerIndex(start + itemBytes);
        return FrameEncoder.finishData(frame, n);
    }

    /**
     * Encodes the next {@code n} values into {@code frame} at {@code start}, through {@code view} (its
     * memory from index 0) or, when null, a view made for the frame; releases each value and returns
     * the first failure.
     */
    private RuntimeException encode(ByteBuf frame, MemorySegment view, int start, int itemBytes, int n) {
        MemorySegment target = view != null ? view : writable(frame, start, itemBytes);
        long at = view != null ? start : frame.hasArray() ? frame.arrayOffset() + start : 0;
        RuntimeException failure = null;
        for (int i = 0; i < n; i++) {
            Shared value = ring.value();
            int length = ring.lengthAt(0);
            ring.next();
            try {
                if (failure == null) {
                    target.set(U32, at, length);
                    encoder.encode(value, target, at + RecordSenderQueue.LENGTH_BYTES);
                }
            } catch (RuntimeException e) {
                failure = e;
            } finally {
                value.release();
            }
            at += RecordSenderQueue.LENGTH_BYTES + length;
        }
        return failure;
    }

    /**
     * The frame's bytes from {@code start} as a segment the codec writes: a view of the direct
     * buffer's memory (made per frame: a pooled buffer's memory is shared with others, so no view
     * outlives its frame), or of a heap buffer's array (made once per array).
     */
    @SuppressWarnings("ReferenceEquality") // the same array: its view is the one made before
    private MemorySegment writable(ByteBuf frame, int start, int length) {
        if (frame.hasArray()) {
            if (frame.array() != heapArray) {
                heapArray = frame.array();
                heapView = MemorySegment.ofArray(heapArray);
            }
            return heapView;
        }
        if (frame.nioBufferCount() != 1) {
            throw new IllegalStateException("the channel's allocator gave a DATA frame of "
                    + frame.nioBufferCount() + " buffers; a link of shared values needs one");
        }
        return MemorySegment.ofBuffer(frame.nioBuffer(start, length));
    }

    @Override
    public int discardAvailable() {
        int n = ring.available();
        for (int i = 0; i < n; i++) {
            Shared value = ring.value();
            ring.next();
            value.release();
        }
        ring.free();
        return n;
    }
}
