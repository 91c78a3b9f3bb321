package org.streamflex.runtime.spacetime;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * A {@link PacerTime} that moves only when a test moves it, or when a wait jumps it to its deadline:
 * pacing tests check what the pacer decides, independent of how fast the machine is. It records
 * each wait's deadline, and what {@code probe} said at the moment the wait began.
 */
final class FakePacerTime implements PacerTime {
    private long now;
    final List<Long> waits = new ArrayList<>();
    final List<Long> probedAtWaits = new ArrayList<>();
    private final LongSupplier probe;

    FakePacerTime(long now, LongSupplier probe) {
        this.now = now;
        this.probe = probe;
    }

    void advanceBy(long nanos) {
        now += nanos;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public void sleepUntil(long deadlineNanos) {
        waits.add(deadlineNanos);
        probedAtWaits.add(probe.getAsLong());
        now = Math.max(now, deadlineNanos);
    }
}
