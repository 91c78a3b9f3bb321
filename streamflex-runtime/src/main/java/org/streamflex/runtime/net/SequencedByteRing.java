package org.streamflex.runtime.net;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A bounded single-producer single-consumer queue of numbered byte records, {@code [sequence u64]
 * [length u32][bytes]}, in one preallocated array: bounded both in items and in bytes, and without
 * allocation per item. A record never wraps: one that does not fit before the end of the array
 * starts at its beginning, the tail end skipped (marked by a length of -1 when a header fits there).
 *
 * <p>Memory ordering: the producer writes a record, then publishes it with a release store of the
 * item count {@code tailItems}; the consumer reads that count with an acquire load, so every record
 * it counts is fully visible. The consumer frees records with release stores of its byte position
 * {@code head} and its item count {@code headItems}, after reading them; the producer reads both with
 * acquire loads, and only when its cached copies say full (a stale copy only says fuller).
 *
 * <pre>{@code
 * SequencedByteRing ring = new SequencedByteRing(1024, 1 << 16);
 * int at = ring.claim(0, 3);                         // producer thread
 * ring.buffer()[at] = 1; ...; ring.publish();
 * if (ring.available() > 0) {                        // consumer thread
 *     use(ring.buffer(), ring.offset(), ring.length()); ring.next(); ring.free();
 * }
 * }</pre>
 */
public final class SequencedByteRing implements SequencedRing {
    /** Bytes of a record's header: sequence u64, length u32. */
    public static final int HEADER_BYTES = 12;
    private static final int WRAP = -1;
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle HEAD;
    private static final VarHandle HEAD_ITEMS;
    private static final VarHandle TAIL_ITEMS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(SequencedByteRing.class, "head", long.class);
            HEAD_ITEMS = lookup.findVarHandle(SequencedByteRing.class, "headItems", long.class);
            TAIL_ITEMS = lookup.findVarHandle(SequencedByteRing.class, "tailItems", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final byte[] bytes;
    private final int mask;
    private final int maxItems;
    /** Consumer: byte position freed up to; published. */
    private long head;
    /** Consumer: items freed; published. */
    private long headItems;
    /** Consumer: byte position of the record it reads, at or after head. */
    private long cursor;
    /** Consumer: items before the cursor. */
    private long cursorItems;
    /** Consumer: its copy of tailItems. */
    private long tailItemsCache;
    /** Producer: byte position after the last record claimed. */
    private long tail;
    /** Producer: items published; published. */
    private long tailItems;
    /** Producer: where the claimed record ends. */
    private long claimEnd;
    private long headCache;
    private long headItemsCache;

    /**
     * A ring of at most {@code maxItems} records and {@code byteCapacity} bytes (rounded up to a power
     * of two), headers included.
     */
    public SequencedByteRing(int maxItems, int byteCapacity) {
        if (maxItems < 1 || maxItems > FrameFormat.MAX_CAPACITY) {
            throw new IllegalArgumentException("ring capacity " + maxItems + " is not 1 to "
                    + FrameFormat.MAX_CAPACITY);
        }
        if (byteCapacity < 2 * HEADER_BYTES || byteCapacity > FrameFormat.MAX_CAPACITY) {
            throw new IllegalArgumentException("ring of " + byteCapacity + " bytes: it must hold 2 * "
                    + HEADER_BYTES + " to " + FrameFormat.MAX_CAPACITY + " bytes");
        }
        int size = Integer.highestOneBit(byteCapacity) == byteCapacity ? byteCapacity
                : Integer.highestOneBit(byteCapacity) << 1;
        this.bytes = new byte[size];
        this.mask = size - 1;
        this.maxItems = maxItems;
    }

    /**
     * The bytes a ring needs so that {@code items} records of up to {@code maxLength} bytes always fit,
     * whatever the tail ends skipped: then the item count alone bounds it (a receiver granting credit in
     * items relies on that). May exceed what one ring can have; the caller checks.
     */
    public static long bytesFor(int items, int maxLength) {
        return ((long) items + 1) * (HEADER_BYTES + (long) maxLength) * 2;
    }

    @Override
    public int capacity() {
        return maxItems;
    }

    /** Its bytes, a power of two. */
    public int byteCapacity() {
        return mask + 1;
    }

    /**
     * The longest record body that always fits once the ring is empty: half the bytes, less a header
     * (a record that does not fit before the end skips the rest of the array, at most its own length).
     */
    public int maxLength() {
        return (mask + 1) / 2 - HEADER_BYTES;
    }

    /** The array records live in: the producer writes a claimed record's body there, the consumer reads it. */
    public byte[] buffer() {
        return bytes;
    }

    /**
     * Producer: reserves a record of {@code length} bytes numbered {@code sequence} and returns the
     * offset in {@link #buffer()} of its body, or -1 when the ring has no room for it now. The record
     * is the consumer's after {@link #publish()}; claiming again without publishing replaces it.
     */
    public int claim(long sequence, int length) {
        if (length < 0 || length > maxLength()) {
            throw new IllegalArgumentException("a record of " + length + " bytes does not fit a ring of "
                    + (mask + 1) + " bytes: at most " + maxLength());
        }
        if (tailItems - headItemsCache >= maxItems) {
            headItemsCache = (long) HEAD_ITEMS.getAcquire(this);
            if (tailItems - headItemsCache >= maxItems) {
                return -1;
            }
        }
        int record = HEADER_BYTES + length;
        int at = (int) tail & mask;
        int toEnd = mask + 1 - at;
        int skip = toEnd < record ? toEnd : 0;
        if (tail + skip + record - headCache > mask + 1) {
            headCache = (long) HEAD.getAcquire(this);
            if (tail + skip + record - headCache > mask + 1) {
                return -1;
            }
        }
        if (skip > 0) {
            if (toEnd >= HEADER_BYTES) {
                INTS.set(bytes, at + 8, WRAP);
            }
            tail += skip;
            at = 0;
        }
        LONGS.set(bytes, at, sequence);
        INTS.set(bytes, at + 8, length);
        claimEnd = tail + record;
        return at + HEADER_BYTES;
    }

    /** Producer: hands the record of the last {@link #claim} to the consumer. */
    public void publish() {
        tail = claimEnd;
        TAIL_ITEMS.setRelease(this, tailItems + 1);
    }

    /** Consumer: records at and after the cursor it may read, at least those published before the call. */
    @Override
    public int available() {
        if (tailItemsCache == cursorItems) {
            tailItemsCache = (long) TAIL_ITEMS.getAcquire(this);
        }
        return (int) (tailItemsCache - cursorItems);
    }

    /** Consumer: the sequence number of the record at the cursor; {@code available() > 0}. */
    public long sequence() {
        return (long) LONGS.get(bytes, at());
    }

    /** Consumer: the sequence number of the record at the cursor, as {@link #sequence()}; {@code available() > 0}. */
    @Override
    public long firstSequence() {
        return sequence();
    }

    /** Consumer: the body length of the record at the cursor; {@code available() > 0}. */
    public int length() {
        return (int) INTS.get(bytes, at() + 8);
    }

    /** Consumer: the offset in {@link #buffer()} of the body of the record at the cursor. */
    public int offset() {
        return at() + HEADER_BYTES;
    }

    /** Consumer: moves the cursor past the record at it; {@code available() > 0}. */
    public void next() {
        int at = at();
        cursor += HEADER_BYTES + (int) INTS.get(bytes, at + 8);
        cursorItems++;
    }

    /** Consumer: frees every record before the cursor, for the producer to reuse. */
    public void free() {
        HEAD.setRelease(this, cursor);
        HEAD_ITEMS.setRelease(this, cursorItems);
    }

    /** Consumer: moves the cursor back to the oldest record not freed. */
    public void rewind() {
        cursor = head;
        cursorItems = headItems;
    }

    /** Any thread: records not freed, exact only when both sides are quiet. */
    @Override
    public int size() {
        return (int) ((long) TAIL_ITEMS.getAcquire(this) - (long) HEAD_ITEMS.getAcquire(this));
    }

    /** Consumer: the cursor's offset, past the skipped end of the array if the record starts over. */
    private int at() {
        int at = (int) cursor & mask;
        int toEnd = mask + 1 - at;
        if (toEnd < HEADER_BYTES || (int) INTS.get(bytes, at + 8) == WRAP) {
            cursor += toEnd;
            return 0;
        }
        return at;
    }
}
