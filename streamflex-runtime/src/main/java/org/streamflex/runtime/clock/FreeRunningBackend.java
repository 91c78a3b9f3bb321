package org.streamflex.runtime.clock;

import java.util.function.BooleanSupplier;

/**
 * A free-running clock's thread: a normal thread that never waits. Never real-time: a SCHED_FIFO
 * thread that never sleeps would hold its core against the garbage collector's threads, and the
 * kernel's real-time throttling would hand back only 5% of it.
 */
public final class FreeRunningBackend implements ClockBackend {
    private final String why;

    /**
     * @param why a note for the log, e.g. that a requested real-time backend does not apply, or null
     */
    public FreeRunningBackend(String why) {
        this.why = why;
    }

    @Override
    public Thread newThread(String name, Runnable body) {
        return new Thread(body, name);
    }

    @Override
    public Entered enter() {
        return new Entered("free-running: normal thread, releases back to back", why);
    }

    @Override
    public boolean awaitNanos(long deadline, BooleanSupplier running) {
        return running.getAsBoolean();
    }
}
