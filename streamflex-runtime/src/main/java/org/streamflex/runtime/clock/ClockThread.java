package org.streamflex.runtime.clock;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.streamflex.BoundaryError;
import org.streamflex.spi.Regions;

/**
 * The thread of one clock: waits for each release boundary (parking, then spinning the last
 * microseconds, since {@code parkNanos} wakes late by tens of microseconds), releases the filter,
 * and applies the paper's release rule. This is the plain-thread backend; real-time backends are
 * a separate piece of work.
 */
public final class ClockThread extends Thread {
    /** Default spin before each deadline, in microseconds; property {@code streamflex.clock.spinMicros}. */
    public static final int DEFAULT_SPIN_MICROS = 20;

    private final RuntimeClock clock;
    private final long startNanos;
    private final BooleanSupplier running;
    private final Consumer<BoundaryError> onFailure;
    private final long spinNanos;
    private final Runnable exitHook;

    public ClockThread(RuntimeClock clock, long startNanos, BooleanSupplier running,
            Consumer<BoundaryError> onFailure, Runnable onExit) {
        super("streamflex-clock-" + clock.index());
        this.clock = clock;
        this.startNanos = startNanos;
        this.running = running;
        this.onFailure = onFailure;
        this.spinNanos = Long.getLong("streamflex.clock.spinMicros", DEFAULT_SPIN_MICROS) * 1000L;
        this.exitHook = onExit;
        setPriority(MAX_PRIORITY);
    }

    @Override
    public void run() {
        try {
            if (clock.periodMicros() == 0) {
                runFree();
            } else {
                runPeriodic();
            }
        } catch (BoundaryError failure) {
            onFailure.accept(failure);
        } catch (Throwable unexpected) {
            // Not from a filter's code (those arrive as BoundaryError): a runtime fault or an Error
            // such as StackOverflowError. Still stop the graph and tell the Java side.
            onFailure.accept(new BoundaryError(clock.target().filter().getClass().getName(),
                    "a release by " + clock, unexpected));
        } finally {
            exitHook.run();
        }
    }

    private void runFree() {
        Regions.Current regions = Regions.current();
        while (running.getAsBoolean()) {
            clock.release((System.nanoTime() - startNanos) / 1000, 0, regions);
        }
    }

    private void runPeriodic() {
        long period = clock.periodMicros() * 1000L;
        long boundary = 0;
        int skipped = 0;
        Regions.Current regions = Regions.current();
        while (running.getAsBoolean()) {
            if (!awaitNanos(startNanos + boundary * period)) {
                return;
            }
            clock.release(boundary * clock.periodMicros(), skipped, regions);
            long completion = System.nanoTime() - startNanos;
            if (ReleaseRule.missed(boundary, completion, period)) {
                clock.countMiss();
            }
            long next = ReleaseRule.nextBoundary(boundary, completion, period);
            skipped = (int) Math.min(Integer.MAX_VALUE, next - boundary - 1);
            boundary = next;
        }
    }

    /** @return false if the graph stopped while waiting */
    private boolean awaitNanos(long deadline) {
        for (;;) {
            if (!running.getAsBoolean()) {
                return false;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return true;
            }
            if (left > spinNanos) {
                LockSupport.parkNanos(left - spinNanos);
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
