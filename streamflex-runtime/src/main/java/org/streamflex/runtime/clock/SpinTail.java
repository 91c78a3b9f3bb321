package org.streamflex.runtime.clock;

import java.util.function.BooleanSupplier;

/**
 * Waiting for a deadline in two phases: sleep until {@code spinNanos} before it, then spin. Timers
 * wake threads late by tens of microseconds; the spin takes that out of the release.
 */
final class SpinTail {
    private SpinTail() {
    }

    /** Sleeps until about {@code wakeAt} ({@link System#nanoTime()}), or less; never past it by design. */
    @FunctionalInterface
    interface Sleep {
        void until(long wakeAt);
    }

    /** Waits until {@code deadline}; returns false if {@code running} turned false while waiting. */
    static boolean await(long deadline, BooleanSupplier running, long spinNanos, Sleep sleep) {
        for (;;) {
            if (!running.getAsBoolean()) {
                return false;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return true;
            }
            if (left > spinNanos) {
                sleep.until(deadline - spinNanos);
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
