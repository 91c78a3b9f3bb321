package org.streamflex.runtime.counter;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A counter with one writer at a time, read from any thread: Agrona's discipline. The writer reads
 * its own value plain and publishes the new one with a release store ({@code putLongOrdered}); a
 * reader loads with acquire. On x86 both are plain moves, so counting costs what {@code count++}
 * does, yet a reader never sees a torn value and sees every value the writer published, in order.
 * The orderings are named here once.
 *
 * <p>The writer may change hands (a filter's counters are written by whichever clock thread owns
 * the filter, or by the constructing thread before start) only through a happens-before edge: a
 * thread start, a lock, a CAS on the filter's run state. Two threads never write at once.
 *
 * <p>Each counter is an object of its own rather than a field of the object that counts, so a
 * reader on another thread (JMX, a monitoring loop) pulls this line into its cache, not the line of
 * the ring indices or scheduler flags next to it.
 */
public final class SingleWriterCounter {
    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(SingleWriterCounter.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long value;

    /** By the writer: one more. */
    public void increment() {
        VALUE.setRelease(this, value + 1);
    }

    /** By the writer: {@code delta} more. */
    public void add(long delta) {
        VALUE.setRelease(this, value + delta);
    }

    /** By the writer: a new value (a size rather than a count: a peak, the bytes a region holds). */
    public void set(long newValue) {
        VALUE.setRelease(this, newValue);
    }

    /** By the writer, which needs no ordering to read what it wrote itself. */
    public long plain() {
        return value;
    }

    /** By any thread: the last value the writer published. */
    public long get() {
        return (long) VALUE.getAcquire(this);
    }

    @Override
    public String toString() {
        return Long.toString(get());
    }
}
