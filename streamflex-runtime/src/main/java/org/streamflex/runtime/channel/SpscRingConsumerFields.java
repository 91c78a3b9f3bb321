package org.streamflex.runtime.channel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Written by the consumer's thread only. */
abstract class SpscRingConsumerFields extends SpscRingPad1 {
    private static final VarHandle HEAD;

    static {
        try {
            HEAD = MethodHandles.lookup().findVarHandle(SpscRingConsumerFields.class, "head", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Published start of the stream: every index below it is free for the producer. */
    private long head;
    /** Next index the current transaction takes. */
    long pendingHead;
    /** Last tail the consumer read; a lower bound of the real one. */
    long tailCache;

    final long lvHead() {
        return (long) HEAD.getAcquire(this);
    }

    final long lpHead() {
        return head;
    }

    final void soHead(long value) {
        HEAD.setRelease(this, value);
    }
}
