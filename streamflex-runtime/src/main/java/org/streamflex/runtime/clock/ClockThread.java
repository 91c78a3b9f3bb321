package org.streamflex.runtime.clock;

import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.streamflex.BoundaryError;
import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.Regions;
import org.streamflex.runtime.flight.ClockFlight;
import org.streamflex.runtime.flight.Flight;

/**
 * The loop of one clock: applies its backend's policy on its own thread, waits at the start gate,
 * then waits for each release boundary, releases the filter, and applies the paper's release rule
 * ({@link ReleaseRule}). Time comes from the backend, so a scripted backend can drive it exactly.
 */
public final class ClockThread implements Runnable {
    private final RuntimeClock clock;
    private final ClockBackend backend;
    private final StartGate gate;
    private final BooleanSupplier running;
    private final Consumer<BoundaryError> onFailure;
    private final Runnable exitHook;
    private final Thread thread;

    public ClockThread(RuntimeClock clock, ClockBackend backend, StartGate gate, BooleanSupplier running,
            Consumer<BoundaryError> onFailure, Runnable onExit) {
        this.clock = clock;
        this.backend = backend;
        this.gate = gate;
        this.running = running;
        this.onFailure = onFailure;
        this.exitHook = onExit;
        this.thread = backend.newThread("streamflex-clock-" + clock.index(), this);
    }

    public Thread thread() {
        return thread;
    }

    public RuntimeClock clock() {
        return clock;
    }

    /** Makes the thread see a stop even while it waits. */
    public void wake() {
        backend.wake(thread);
    }

    @Override
    public void run() {
        try {
            try {
                clock.entered(backend.enter());
            } finally {
                gate.ready();
            }
            long startNanos = gate.awaitOpen();
            if (startNanos < 0) {
                return;
            }
            backend.begin(startNanos);
            if (clock.periodMicros() == 0) {
                runFree(startNanos);
            } else {
                runPeriodic(startNanos);
            }
        } catch (BoundaryError failure) {
            Flight.failure(failure, clock.toString());
            onFailure.accept(failure);
        } catch (Throwable unexpected) {
            // Not from a filter's code (those arrive as BoundaryError): a runtime fault or an Error
            // such as StackOverflowError. Still stop the graph and tell the Java side.
            Flight.failure(clock.target().filterName(), clock.target().filter(), unexpected, clock.toString());
            onFailure.accept(new BoundaryError(clock.target().filterName(),
                    clock.target().filter().getClass().getName(), "a release by " + clock, unexpected));
        } finally {
            exitHook.run();
        }
    }

    private void runFree(long startNanos) {
        RegionSlot regions = Regions.current();
        ReleaseObserver observer = clock.observer();
        ClockFlight flight = new ClockFlight(clock.toString(), 0, clock.target().filterName());
        long boundary = 0;
        while (running.getAsBoolean()) {
            if (!backend.awaitRelease(running)) {
                return;
            }
            long start = backend.nanoTime() - startNanos;
            flight.begin();
            clock.release(start / 1000, 0, regions);
            long completion = backend.nanoTime() - startNanos;
            flight.released(boundary, start, completion, false, 0);
            observer.released(boundary++, start, completion, false);
        }
    }

    private void runPeriodic(long startNanos) {
        long period = clock.periodMicros() * 1000L;
        long boundary = 0;
        int skipped = 0;
        RegionSlot regions = Regions.current();
        ReleaseObserver observer = clock.observer();
        ClockFlight flight = new ClockFlight(clock.toString(), clock.periodMicros(), clock.target().filterName());
        while (running.getAsBoolean()) {
            if (!backend.awaitNanos(startNanos + boundary * period, running)) {
                return;
            }
            long start = backend.nanoTime() - startNanos;
            flight.begin();
            clock.release(boundary * clock.periodMicros(), skipped, regions);
            long completion = backend.nanoTime() - startNanos;
            boolean missed = ReleaseRule.missed(boundary, completion, period);
            if (missed) {
                clock.countMiss();
            }
            observer.released(boundary, start, completion, missed);
            flight.released(boundary, start, completion, missed, clock.missedDeadlines());
            long next = ReleaseRule.nextBoundary(boundary, completion, period);
            skipped = (int) Math.min(Integer.MAX_VALUE, next - boundary - 1);
            boundary = next;
        }
    }
}
