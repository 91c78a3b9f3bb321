package org.streamflex.runtime.net;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A bounded single-producer single-consumer queue of (sequence number, long) pairs in two
 * preallocated arrays: no allocation per item, unlike a queue of boxed values. The producer
 * publishes with a release store of the tail, the consumer frees slots with a release store of the
 * head; each reads the other's index with an acquire load, and only when its cached copy says full
 * or empty.
 *
 * <pre>{@code
 * SequencedLongRing ring = new SequencedLongRing(1024);
 * ring.offer(0, 42);                   // producer thread
 * long v = ring.valueAt(0); ring.advance(1); // consumer thread
 * }</pre>
 */
public final class SequencedLongRing implements SequencedRing {
    private static final VarHandle HEAD;
    private static final VarHandle TAIL;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(SequencedLongRing.class, "head", long.class);
            TAIL = lookup.findVarHandle(SequencedLongRing.class, "tail", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long[] sequences;
    private final long[] values;
    private final int mask;
    private long head;
    private long tail;
    /** The producer's copy of head. */
    private long headCache;
    /** The consumer's copy of tail. */
    private long tailCache;

    /** A ring of {@code capacity} pairs, rounded up to a power of two, at most 2^30. */
    public SequencedLongRing(int capacity) {
        if (capacity < 1 || capacity > FrameFormat.MAX_CAPACITY) {
            throw new IllegalArgumentException("ring capacity " + capacity + " is not 1 to "
                    + FrameFormat.MAX_CAPACITY);
        }
        int size = Integer.highestOneBit(capacity) == capacity ? capacity : Integer.highestOneBit(capacity) << 1;
        sequences = new long[size];
        values = new long[size];
        mask = size - 1;
    }

    /** Slots, a power of two. */
    @Override
    public int capacity() {
        return mask + 1;
    }

    /** Producer: appends the pair, or returns false when the ring is full. */
    public boolean offer(long sequence, long value) {
        long t = tail;
        if (t - headCache > mask) {
            headCache = (long) HEAD.getAcquire(this);
            if (t - headCache > mask) {
                return false;
            }
        }
        int slot = (int) t & mask;
        sequences[slot] = sequence;
        values[slot] = value;
        TAIL.setRelease(this, t + 1);
        return true;
    }

    /** Consumer: pairs it may read, at least as many as were published before the call. */
    @Override
    public int available() {
        long h = head;
        if (tailCache == h) {
            tailCache = (long) TAIL.getAcquire(this);
        }
        return (int) (tailCache - h);
    }

    /** Consumer: the sequence number {@code i} pairs after the head; {@code i < available()}. */
    public long sequenceAt(int i) {
        return sequences[(int) (head + i) & mask];
    }

    @Override
    public long firstSequence() {
        return sequenceAt(0);
    }

    /** Consumer: the value {@code i} pairs after the head; {@code i < available()}. */
    public long valueAt(int i) {
        return values[(int) (head + i) & mask];
    }

    /** Consumer: frees the first {@code n} pairs. */
    public void advance(int n) {
        HEAD.setRelease(this, head + n);
    }

    /** Any thread: pairs in the ring, exact only when both sides are quiet. */
    @Override
    public int size() {
        return (int) ((long) TAIL.getAcquire(this) - (long) HEAD.getAcquire(this));
    }
}
