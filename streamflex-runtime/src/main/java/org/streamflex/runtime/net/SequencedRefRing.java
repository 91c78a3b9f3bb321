package org.streamflex.runtime.net;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A bounded single-producer single-consumer queue of numbered references, each with a size in
 * bytes, in three preallocated arrays: bounded in items and in the sum of the sizes (each size
 * plus {@link #HEADER_BYTES}, as a {@link SequencedByteRing} record takes), and without allocation
 * per item. It holds the references, not the bytes: a link of shared values queues the values
 * themselves and encodes them once, straight into the outgoing frame, where a byte ring would copy
 * them twice.
 *
 * <p>Memory ordering: the producer writes a slot, then publishes it with a release store of its
 * item count {@code tail}; the consumer reads that count with an acquire load, so every slot it
 * counts is fully visible. The consumer clears the slots it frees, then releases its item count
 * {@code head} and byte count {@code headBytes}; the producer reads both with acquire loads, and
 * only when its cached copies say full (a stale copy only says fuller), so it never writes a slot
 * the consumer still reads.
 *
 * <pre>{@code
 * SequencedRefRing<FloatSeg> ring = new SequencedRefRing<>(256, 1 << 21);
 * if (ring.claim(0, 8227)) { ring.publish(segment); }   // producer thread
 * if (ring.available() > 0) {                           // consumer thread
 *     use(ring.value(), ring.lengthAt(0)); ring.next(); ring.free();
 * }
 * }</pre>
 *
 * @param <T> the referenced type
 */
final class SequencedRefRing<T> implements SequencedRing {
    /** Bytes each item counts besides its size, as a {@link SequencedByteRing} record's header. */
    static final int HEADER_BYTES = SequencedByteRing.HEADER_BYTES;
    private static final VarHandle HEAD;
    private static final VarHandle HEAD_BYTES;
    private static final VarHandle TAIL;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(SequencedRefRing.class, "head", long.class);
            HEAD_BYTES = lookup.findVarHandle(SequencedRefRing.class, "headBytes", long.class);
            TAIL = lookup.findVarHandle(SequencedRefRing.class, "tail", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object[] values;
    private final long[] sequences;
    private final int[] lengths;
    private final int mask;
    private final int maxItems;
    private final long byteCapacity;
    /** Consumer: items freed; published. */
    private long head;
    /** Consumer: bytes freed; published. */
    private long headBytes;
    /** Consumer: items before the cursor, at or after head. */
    private long cursor;
    /** Consumer: bytes before the cursor. */
    private long cursorBytes;
    /** Consumer: its copy of tail. */
    private long tailCache;
    /** Producer: items published; published. */
    private long tail;
    /** Producer: bytes published. */
    private long tailBytes;
    /** Producer: the size of the claimed item, with its header. */
    private int claimed;
    private long headCache;
    private long headBytesCache;

    /** A ring of at most {@code maxItems} items and {@code byteCapacity} bytes of sizes and headers. */
    SequencedRefRing(int maxItems, long byteCapacity) {
        if (maxItems < 1 || maxItems > FrameFormat.MAX_CAPACITY) {
            throw new IllegalArgumentException("ring capacity " + maxItems + " is not 1 to "
                    + FrameFormat.MAX_CAPACITY);
        }
        if (byteCapacity < HEADER_BYTES) {
            throw new IllegalArgumentException("ring of " + byteCapacity + " bytes: it must hold at least "
                    + HEADER_BYTES);
        }
        int slots = Integer.highestOneBit(maxItems) == maxItems ? maxItems : Integer.highestOneBit(maxItems) << 1;
        this.values = new Object[slots];
        this.sequences = new long[slots];
        this.lengths = new int[slots];
        this.mask = slots - 1;
        this.maxItems = maxItems;
        this.byteCapacity = byteCapacity;
    }

    @Override
    public int capacity() {
        return maxItems;
    }

    /** Bytes of sizes and headers it holds at most. */
    long byteCapacity() {
        return byteCapacity;
    }

    /**
     * Producer: reserves an item of {@code length} bytes numbered {@code sequence}; false when the
     * ring has no room for it now. The item is the consumer's after {@link #publish}; claiming again
     * without publishing replaces it.
     */
    boolean claim(long sequence, int length) {
        if (length < 0 || length > byteCapacity - HEADER_BYTES) {
            throw new IllegalArgumentException("an item of " + length + " bytes does not fit a ring of "
                    + byteCapacity + " bytes: at most " + (byteCapacity - HEADER_BYTES));
        }
        if (tail - headCache >= maxItems) {
            headCache = (long) HEAD.getAcquire(this);
            if (tail - headCache >= maxItems) {
                return false;
            }
        }
        int size = HEADER_BYTES + length;
        if (tailBytes + size - headBytesCache > byteCapacity) {
            headBytesCache = (long) HEAD_BYTES.getAcquire(this);
            if (tailBytes + size - headBytesCache > byteCapacity) {
                return false;
            }
        }
        int slot = (int) tail & mask;
        sequences[slot] = sequence;
        lengths[slot] = length;
        claimed = size;
        return true;
    }

    /** Producer: hands {@code value}, the item of the last {@link #claim}, to the consumer. */
    void publish(T value) {
        values[(int) tail & mask] = value;
        tailBytes += claimed;
        TAIL.setRelease(this, tail + 1);
    }

    /** Consumer: items at and after the cursor it may read, at least those published before the call. */
    @Override
    public int available() {
        if (tailCache == cursor) {
            tailCache = (long) TAIL.getAcquire(this);
        }
        return (int) (tailCache - cursor);
    }

    /** Consumer: the sequence number of the item {@code ahead} items after the cursor; {@code available() > ahead}. */
    long sequenceAt(int ahead) {
        return sequences[(int) (cursor + ahead) & mask];
    }

    @Override
    public long firstSequence() {
        return sequenceAt(0);
    }

    /** Consumer: the size of the item {@code ahead} items after the cursor; {@code available() > ahead}. */
    int lengthAt(int ahead) {
        return lengths[(int) (cursor + ahead) & mask];
    }

    /** Consumer: the item at the cursor; {@code available() > 0}. */
    @SuppressWarnings("unchecked") // publish stores only T
    T value() {
        return (T) values[(int) cursor & mask];
    }

    /** Consumer: moves the cursor past the item at it and forgets its reference; {@code available() > 0}. */
    void next() {
        int slot = (int) cursor & mask;
        values[slot] = null;
        cursorBytes += HEADER_BYTES + lengths[slot];
        cursor++;
    }

    /** Consumer: frees every item before the cursor, for the producer to reuse. */
    void free() {
        HEAD_BYTES.setRelease(this, cursorBytes);
        HEAD.setRelease(this, cursor);
    }

    @Override
    public int size() {
        return (int) ((long) TAIL.getAcquire(this) - (long) HEAD.getAcquire(this));
    }
}
