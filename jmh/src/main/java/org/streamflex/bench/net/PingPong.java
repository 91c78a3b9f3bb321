package org.streamflex.bench.net;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.LongConsumer;

/**
 * One-way latency by ping-pong: round trips of a caller's {@code roundTrip} (it sends a value and
 * returns once that value came back) for the warm-up, then N timed; the one-way time is the round
 * trip / 2, reported as the median and the 99th percentile (nearest rank).
 *
 * <pre>{@code
 * PingPong raw = PingPong.run(options, v -> { send(v); awaitEcho(v); });
 * System.out.println(raw.median() + " us");
 * }</pre>
 */
final class PingPong {
    /** The measured round trips in nanoseconds, sorted. */
    private final long[] sorted;

    private PingPong(long[] sorted) {
        this.sorted = sorted;
    }

    static PingPong run(BenchOptions o, LongConsumer roundTrip) {
        long v = 0;
        long warm = System.nanoTime() + (long) (o.warmup() * 1e9);
        do {
            roundTrip.accept(v++);
        } while (System.nanoTime() < warm);
        long[] nanos = new long[o.pings()];
        for (int i = 0; i < nanos.length; i++) {
            long t0 = System.nanoTime();
            roundTrip.accept(v++);
            nanos[i] = System.nanoTime() - t0;
        }
        Arrays.sort(nanos);
        return new PingPong(nanos);
    }

    /** The median one-way time in microseconds. */
    double median() {
        return sorted[(sorted.length - 1) / 2] / 2e3;
    }

    /** The 99th percentile (nearest rank) one-way time in microseconds. */
    double p99() {
        return sorted[(int) Math.ceil(0.99 * sorted.length) - 1] / 2e3;
    }

    /** A table row: the median and p99 in microseconds. */
    String row(String name) {
        return String.format(Locale.ROOT, "%-36s %9.1f %8.1f", name, median(), p99());
    }

    /** A table row: this latency's median and p99 over {@code baseline}'s. */
    String ratioRow(String name, PingPong baseline) {
        return String.format(Locale.ROOT, "%-36s %8.2fx %7.2fx", name, median() / baseline.median(),
                p99() / baseline.p99());
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "PingPong[median %.1f us, p99 %.1f us, %d pings]", median(), p99(),
                sorted.length);
    }
}
