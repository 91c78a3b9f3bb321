package org.streamflex.runtime.clock;

import java.util.function.BooleanSupplier;

/**
 * What releases one clock's thread: creates the thread, gives it its scheduling policy once it
 * runs, and waits for each release time. Time is {@link System#nanoTime()}'s, which on Linux is
 * CLOCK_MONOTONIC, so every backend and the release rule share one time base.
 */
public interface ClockBackend {
    /** A new, unstarted thread that will run {@code body}. */
    Thread newThread(String name, Runnable body);

    /**
     * Applies the scheduling policy to the calling thread, the clock's own, before its first
     * release. Never throws for a refused call: falls back and says so.
     *
     * @return what is in force, for the start-up log, e.g. {@code "linux-fifo priority 80, cpu 1"}
     */
    Entered enter();

    /**
     * Called on the clock's thread once the graph's start time is fixed, before the first wait.
     *
     * @param startNanos the time of period boundary 0
     */
    default void begin(long startNanos) {
    }

    /**
     * Waits until {@link #nanoTime()} reaches {@code deadline}.
     *
     * @return false if {@code running} turned false while waiting
     */
    boolean awaitNanos(long deadline, BooleanSupplier running);

    /**
     * A free-running clock's wait before each release: none by default, so its releases run back
     * to back; a backend that releases on an event (a space-time put) waits for it here.
     *
     * @return false if {@code running} turned false while waiting
     */
    default boolean awaitRelease(BooleanSupplier running) {
        return true;
    }

    /** The current time, on the time base of {@code deadline}. */
    default long nanoTime() {
        return System.nanoTime();
    }

    /** Wakes a thread blocked in {@link #awaitNanos} so that it sees {@code running} turn false. */
    default void wake(Thread thread) {
        java.util.concurrent.locks.LockSupport.unpark(thread);
    }

    /**
     * The outcome of {@link #enter()}.
     *
     * @param description what is in force
     * @param fallback why a requested policy could not be applied, or null if all was applied
     */
    record Entered(String description, String fallback) {
        public static Entered applied(String description) {
            return new Entered(description, null);
        }
    }
}
