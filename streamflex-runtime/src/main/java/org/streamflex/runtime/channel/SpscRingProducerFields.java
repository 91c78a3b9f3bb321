package org.streamflex.runtime.channel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Written by the producer's thread only. */
abstract class SpscRingProducerFields extends SpscRingPad0 {
    private static final VarHandle TAIL;
    private static final VarHandle DROPPED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TAIL = lookup.findVarHandle(SpscRingProducerFields.class, "tail", long.class);
            DROPPED = lookup.findVarHandle(SpscRingProducerFields.class, "dropped", long.class);
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
    /** Last head the producer read; a lower bound of the real one. */
    long headCache;
    /** Items the current transaction dropped. */
    int pendingDrops;

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
}
