package org.streamflex.bench.predict;

import java.util.function.LongConsumer;
import org.streamflex.RealTime;
import org.streamflex.runtime.clock.ClockBackend;
import org.streamflex.runtime.clock.ClockBackends;
import org.streamflex.runtime.clock.ClockPlatform;
import org.streamflex.runtime.clock.ReleaseRule;

/**
 * Runs plain Java code periodically on the same thread set-up and wait as a StreamFlex clock
 * (same backend, same release rule), so that a plain-Java variant differs from its StreamFlex
 * twin in memory management alone. The paper's plain variant also gave up real-time threads;
 * keeping them here isolates the collector's effect.
 */
public final class PlainPeriodicLoop {
    private PlainPeriodicLoop() {
    }

    /**
     * Runs {@code release} (given the boundary time in microseconds) until {@code log} is full.
     *
     * @return what the backend applied
     */
    public static String run(int periodMicros, RealTime options, LongConsumer release, ReleaseLog log)
            throws InterruptedException {
        ClockBackend backend = ClockBackends.choose(periodMicros, options, ClockPlatform.current()).backend();
        String[] entered = new String[1];
        Thread thread = backend.newThread("plain-periodic", () -> {
            entered[0] = backend.enter().description();
            long period = periodMicros * 1000L;
            long startNanos = System.nanoTime() + 1_000_000;
            backend.begin(startNanos);
            long boundary = 0;
            while (!log.isFull()) {
                backend.awaitNanos(startNanos + boundary * period, () -> true);
                long start = System.nanoTime() - startNanos;
                release.accept(boundary * periodMicros);
                long completion = System.nanoTime() - startNanos;
                log.released(boundary, start, completion, ReleaseRule.missed(boundary, completion, period));
                boundary = ReleaseRule.nextBoundary(boundary, completion, period);
            }
        });
        thread.start();
        thread.join();
        return entered[0];
    }
}
