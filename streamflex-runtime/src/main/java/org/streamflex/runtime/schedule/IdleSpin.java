package org.streamflex.runtime.schedule;

import java.util.function.LongSupplier;

/**
 * How long a fission worker with nothing to do keeps spinning before it parks: a span of time,
 * not a count of {@link Thread#onSpinWait()} calls, whose length varies about tenfold between
 * processors (13 ns on this project's Xeon VM, 16,384 of them 0.2 ms). A worker that parks
 * between two batches of a stream costs each batch a wake-up (tens of microseconds on a VM) on
 * the filter's critical path; the span covers the filter's own work between two batches.
 *
 * <pre>{@code
 * IdleSpin idle = new IdleSpin(1_000_000, System::nanoTime);
 * while (nothingPosted()) {
 *     if (idle.spinning()) Thread.onSpinWait(); else LockSupport.park(this);
 * }
 * idle.reset();   // after running a part: the span starts again when it is idle next
 * }</pre>
 */
final class IdleSpin {
    private final long spanNanos;
    private final LongSupplier clock;
    private boolean idle;
    private boolean expired;
    private long since;

    /** Spins for {@code spanNanos} of {@code clock} from the first {@link #spinning()} after a reset. */
    IdleSpin(long spanNanos, LongSupplier clock) {
        if (spanNanos < 0) {
            throw new IllegalArgumentException("an idle spin of " + spanNanos + " ns; it must be 0 or more");
        }
        this.spanNanos = spanNanos;
        this.clock = clock;
    }

    /** True while the span that began at the first call since {@link #reset()} lasts; false from then on. */
    boolean spinning() {
        if (expired) {
            return false;
        }
        long now = clock.getAsLong();
        if (!idle) {
            idle = true;
            since = now;
        }
        expired = now - since >= spanNanos;
        return !expired;
    }

    /** The worker had work: the next idle span starts afresh. */
    void reset() {
        idle = false;
        expired = false;
    }
}
