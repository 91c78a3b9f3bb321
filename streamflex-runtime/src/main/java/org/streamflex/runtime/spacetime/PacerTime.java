package org.streamflex.runtime.spacetime;

import java.util.concurrent.locks.LockSupport;

/**
 * The real time a {@link SpaceTimePacer} paces against: a monotonic clock in nanoseconds and a way
 * to wait for one of its instants. {@link #SYSTEM} is {@link System#nanoTime()} (on Linux the
 * CLOCK_MONOTONIC the StreamFlex clocks wait on) with {@link LockSupport#parkNanos}; tests pass a
 * fake that moves only when told, so that what they check does not depend on the machine's speed.
 *
 * <pre>{@code
 * SpaceTimePacer pacer = SpaceTimePacer.start(digitizer, 33, 5, TimeUnit.MILLISECONDS,
 *         LateTickHandler.SKIP, PacerTime.SYSTEM);
 * }</pre>
 */
public interface PacerTime {
    /** {@link System#nanoTime()}, waiting with {@link LockSupport#parkNanos} until the deadline has passed. */
    PacerTime SYSTEM = new PacerTime() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleepUntil(long deadlineNanos) throws InterruptedException {
            // parkNanos may return early (spuriously, or on unpark): loop until the deadline has passed.
            for (long left = deadlineNanos - System.nanoTime(); left > 0; left = deadlineNanos - System.nanoTime()) {
                if (Thread.interrupted()) {
                    throw new InterruptedException("interrupted while pacing to real time");
                }
                LockSupport.parkNanos(this, left);
            }
        }

        @Override
        public String toString() {
            return "System.nanoTime";
        }
    };

    /** Now, in nanoseconds from an arbitrary origin; never goes back. */
    long nanoTime();

    /**
     * Returns once {@link #nanoTime()} has reached {@code deadlineNanos} (at once if it has).
     *
     * @throws InterruptedException if the thread is interrupted while it waits
     */
    void sleepUntil(long deadlineNanos) throws InterruptedException;
}
