package org.streamflex.runtime.net;

import java.lang.foreign.MemorySegment;
import org.streamflex.Shared;

/**
 * The sender's queue of a link of shared values (signal segments): each value encoded by its
 * {@link SharedCodec} into a record as it is offered, so that the caller's reference is all that
 * holds it afterwards; DATA frames carry the records as length-prefixed items
 * ({@link RecordSenderQueue}). A value that encodes to more than an item may have is refused with
 * an {@link ItemTooLargeException}.
 *
 * <pre>{@code
 * SharedSenderQueue queue = new SharedSenderQueue(SharedCodec.of(FloatSeg.class), 1024, 1 << 24, 1 << 20, 1 << 16);
 * queue.offer(0, segment); // producer thread: its samples are in the queue now
 * }</pre>
 */
final class SharedSenderQueue extends RecordSenderQueue {
    private final SharedCodec<Shared> codec;
    /** The queue's array as a segment, made once: codecs write samples with bulk copies. */
    private final MemorySegment bytes;
    private final int maxItemBytes;
    private final String limits;

    @SuppressWarnings("unchecked") // offer checks each value's class against the codec's
    SharedSenderQueue(SharedCodec<?> codec, int capacity, int byteCapacity, int maxFrameLength, int maxItemBytes) {
        super(capacity, byteCapacity, maxFrameLength);
        if (maxItemBytes < 1) {
            throw new IllegalArgumentException("a link's items need at least 1 byte, " + maxItemBytes + " was given");
        }
        this.codec = (SharedCodec<Shared>) codec;
        this.bytes = MemorySegment.ofArray(buffer());
        this.maxItemBytes = Math.min(maxItemBytes, maxItemBytes());
        this.limits = bounds() + (maxItemBytes < maxItemBytes() ? ", the link " + maxItemBytes + " bytes" : "");
    }

    /** The class of the values it takes. */
    Class<?> type() {
        return codec.type();
    }

    /** The largest encoded value an offer takes. */
    int maxValueBytes() {
        return maxItemBytes;
    }

    /**
     * Producer: encodes {@code value} into the queue numbered {@code sequence}; false when the queue
     * has no room for it now. The queue keeps no reference to it.
     *
     * @throws ItemTooLargeException if it encodes to more bytes than an item may have
     * @throws ClassCastException if it is not of the codec's type
     */
    boolean offer(long sequence, Shared value) {
        Shared typed = codec.type().cast(value);
        int size = codec.encodedSize(typed);
        if (size > maxItemBytes) {
            throw new ItemTooLargeException("a " + value.getClass().getSimpleName() + " (" + value + ") encodes to "
                    + size + " bytes; this link carries at most " + maxItemBytes + " bytes per item (" + limits
                    + "): send shorter segments (cut them with subseg), or give the link larger frames and queue");
        }
        int at = claim(sequence, size);
        if (at < 0) {
            return false;
        }
        codec.encode(typed, bytes, at);
        publish();
        return true;
    }
}
