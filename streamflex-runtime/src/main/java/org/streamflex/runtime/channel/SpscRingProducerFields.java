package org.streamflex.runtime.channel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Written by the producer's thread only. */
abstract class SpscRingProducerFields extends SpscRingPad0 {
    private static final VarHandle TAIL;
    private static final VarHandle DROPPED;
    private static final VarHandle SPILLED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TAIL = lookup.findVarHandle(SpscRingProducerFields.class, "tail", long.class);
            DROPPED = lookup.findVarHandle(SpscRingProducerFields.class, "dropped", long.class);
            SPILLED = lookup.findVarHandle(SpscRingProducerFields.class, "spilled", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Published end of the stream: every index below it is readable by the consumer. */
    private long tail;
    /** Items dropped since the graph started. */
    private long dropped;
    /** End of the stream including the current transaction's puts. */
    long pendingTail;
    /**
     * The last head the producer read plus the capacity: a lower bound of the index a put may not
     * reach. Kept as the limit rather than the head so that a put's fast path is one compare.
     */
    long putLimit;
    /**
     * Committed items in the spill of a lossless ring, not yet moved into the ring: a copy of
     * {@code spillTail - spillHead} for other threads, written (release) whenever either moves.
     */
    private long spilled;
    /** Items the current transaction dropped. */
    int pendingDrops;
    /** Spill position of the oldest spilled item: the next to move into the ring. */
    long spillHead;
    /** End of the committed spilled items. */
    long spillTail;
    /** End of the spilled items including the current transaction's. */
    long spillPendingTail;
    /** Length of the subclass's spill array: a power of two, 0 until the first spill. */
    int spillLength;

    final long lvTail() {
        return (long) TAIL.getAcquire(this);
    }

    final long lpTail() {
        return tail;
    }

    final void soTail(long value) {
        TAIL.setRelease(this, value);
    }

    final long lvDropped() {
        return (long) DROPPED.getAcquire(this);
    }

    final long lpDropped() {
        return dropped;
    }

    final void soDropped(long value) {
        DROPPED.setRelease(this, value);
    }

    final long lvSpilled() {
        return (long) SPILLED.getAcquire(this);
    }

    final long lpSpilled() {
        return spilled;
    }

    final void soSpilled(long value) {
        SPILLED.setRelease(this, value);
    }
}
