package org.streamflex.runtime.clock;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * A normal thread at Java's highest priority: parks until {@code spin} before each deadline, then
 * spins. Parking alone wakes 50 us or more late under SCHED_OTHER's timer slack, which at short
 * periods releases every other period; the spin tail takes that late wake-up out of the release.
 */
public final class ParkSpinBackend implements ClockBackend {
    private final long spinNanos;
    private final String why;

    /**
     * @param spinMicros spin before each deadline
     * @param why why this backend runs, for the log (e.g. the refusal that led here), or null
     */
    public ParkSpinBackend(int spinMicros, String why) {
        this.spinNanos = spinMicros * 1000L;
        this.why = why;
    }

    @Override
    public Thread newThread(String name, Runnable body) {
        return normalThread(name, body);
    }

    /** A normal thread at Java's highest priority: the clock thread of the non-RTSJ backends. */
    @SuppressWarnings("ThreadPriorityCheck") // a clock thread must win the CPU from the rest of the application
    static Thread normalThread(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setPriority(Thread.MAX_PRIORITY);
        return thread;
    }

    @Override
    public Entered enter() {
        return new Entered("park-spin: normal thread, Java priority " + Thread.MAX_PRIORITY
                + ", cpu any, memory not locked, parkNanos then " + spinNanos / 1000 + " us spin", why);
    }

    @Override
    public boolean awaitNanos(long deadline, BooleanSupplier running) {
        return SpinTail.await(deadline, running, spinNanos,
                wakeAt -> LockSupport.parkNanos(wakeAt - System.nanoTime()));
    }
}
