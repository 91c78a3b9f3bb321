package org.streamflex.bench.net;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.LongConsumer;

/**
 * One-way latency by ping-pong: round trips of a caller's {@code roundTrip} (it sends a value and
 * returns once that value came back) for the warm-up, then N timed; the one-way time is the round
 * trip / 2, reported as the median and the 99th percentile (nearest rank); and, to find where a
 * tail comes from, the slow round trips (above {@link #SLOW_FACTOR} times the median) in each tenth of
 * the timed pings, with the JVM's uptime at the start and end of the timing, to set beside a JIT or
 * GC log of the same JVM ({@link #tailRow}).
 *
 * <pre>{@code
 * PingPong raw = PingPong.run(options, v -> { send(v); awaitEcho(v); });
 * System.out.println(raw.median() + " us");
 * }</pre>
 */
final class PingPong {
    /** A round trip above this many times the median counts as slow in {@link #tailRow}. */
    static final int SLOW_FACTOR = 20;
    /** Parts of the timed pings the slow ones are counted in. */
    static final int PARTS = 10;

    /** The measured round trips in nanoseconds, sorted. */
    private final long[] sorted;
    /** The measured round trips in nanoseconds, in the order they ran. */
    private final long[] inOrder;
    /** The JVM's uptime at the first and after the last timed ping, in ms. */
    private final long startMillis;
    private final long endMillis;

    private PingPong(long[] inOrder, long startMillis, long endMillis) {
        this.inOrder = inOrder;
        this.sorted = inOrder.clone();
        Arrays.sort(sorted);
        this.startMillis = startMillis;
        this.endMillis = endMillis;
    }

    static PingPong run(BenchOptions o, LongConsumer roundTrip) {
        long v = 0;
        long warm = System.nanoTime() + (long) (o.warmup() * 1e9);
        do {
            roundTrip.accept(v++);
        } while (System.nanoTime() < warm);
        long[] nanos = new long[o.pings()];
        long start = ManagementFactory.getRuntimeMXBean().getUptime();
        for (int i = 0; i < nanos.length; i++) {
            long t0 = System.nanoTime();
            roundTrip.accept(v++);
            nanos[i] = System.nanoTime() - t0;
        }
        return new PingPong(nanos, start, ManagementFactory.getRuntimeMXBean().getUptime());
    }

    /** Round trips measured elsewhere, in nanoseconds in the order they ran (for tests). */
    static PingPong of(long[] inOrder, long startMillis, long endMillis) {
        return new PingPong(inOrder.clone(), startMillis, endMillis);
    }

    /**
     * Round trips above {@link #SLOW_FACTOR} times the median in each {@link #PARTS}th of the timed
     * pings, in order: slow ones bunched in one part point at something that happened once (a
     * compilation, a collection), spread evenly at something every ping risks (scheduling).
     */
    int[] slowByPart() {
        long bound = sorted[(sorted.length - 1) / 2] * SLOW_FACTOR;
        int[] parts = new int[PARTS];
        for (int i = 0; i < inOrder.length; i++) {
            if (inOrder[i] > bound) {
                parts[(int) ((long) i * PARTS / inOrder.length)]++;
            }
        }
        return parts;
    }

    /**
     * A row of the tail table: the slow round trips by tenth of the run ({@link #slowByPart}), their
     * sum, and the JVM's uptime over the timed pings.
     */
    String tailRow(String name) {
        int[] parts = slowByPart();
        StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-36s", name));
        int all = 0;
        for (int p : parts) {
            row.append(String.format(Locale.ROOT, " %4d", p));
            all += p;
        }
        return row.append(String.format(Locale.ROOT, " %6d  %d-%d ms", all, startMillis, endMillis)).toString();
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
