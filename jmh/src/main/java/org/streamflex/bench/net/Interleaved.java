package org.streamflex.bench.net;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.LongConsumer;

/**
 * A latency ratio that survives the machine's state: a compared ping-pong and its baseline, both
 * connected at once between the same two JVMs, run in alternating short segments (rounds), and the
 * ratio of their medians taken per round. A whole-run ratio compares two runs made seconds apart,
 * and on this machine either may land in a slow state (a quiet 2-vCPU KVM guest's idle cores are
 * slow to wake) that the other escapes; two segments of one round run within a fraction of a
 * second of each other, so a state that lasts longer than a round moves both of them.
 *
 * <p>Round 0 is a warm-up of both sides, not reported; then rounds 1 to R. Each round runs the two
 * sides one after the other, the baseline first in odd rounds and the compared side first in even
 * ones (ABBA), so that a drift within a round favours neither. Each side keeps its own consecutive
 * sequence of values (a space-time channel's timestamps must be consecutive).
 *
 * <p>A slow state can also belong to one connection's threads for as long as they live (raw Netty
 * at 22 us in all 20 rounds of one run, the link beside it at 12 us in each): so the rounds are
 * spread over {@link #SESSIONS} pairs of connections, each with threads of its own, and joined
 * ({@link #join}); one pair's state then moves a quarter of the rounds, which the median passes over.
 *
 * <pre>{@code
 * Interleaved r = Interleaved.run(5, 2000, raw::roundTrip, link::roundTrip);
 * System.out.println(Interleaved.join(r, again).row("interleaved link / raw Netty 512 B"));
 * }</pre>
 */
final class Interleaved {
    /** Rounds reported by default, over all sessions. */
    static final int ROUNDS = 20;
    /** Pairs of connections the rounds are spread over, each with a warm-up round of its own. */
    static final int SESSIONS = 4;
    /** Round trips of each side in a round, at most. */
    static final int ROUND_PINGS = 2000;
    /** Issue 16's goal: at most this many times raw Netty. */
    static final double GOAL = 1.2;

    /** Median one-way time of each reported round, in microseconds. */
    private final double[] baseline;
    private final double[] compared;
    private final int roundPings;

    private Interleaved(double[] baseline, double[] compared, int roundPings) {
        this.baseline = baseline;
        this.compared = compared;
        this.roundPings = roundPings;
    }

    /** Medians measured elsewhere, one of each side per round (for tests). */
    static Interleaved of(double[] baseline, double[] compared, int roundPings) {
        if (baseline.length != compared.length || baseline.length == 0) {
            throw new IllegalArgumentException("one median of each side per round, at least one round: "
                    + baseline.length + " and " + compared.length);
        }
        return new Interleaved(baseline.clone(), compared.clone(), roundPings);
    }

    /** Round trips each side runs in a round for {@code pings} round trips in a whole-run row. */
    static int roundPings(int pings) {
        return Math.max(1, Math.min(ROUND_PINGS, pings / 10));
    }

    /**
     * Runs round 0 (warm-up) and {@code rounds} reported rounds of {@code roundPings} round trips of
     * each side; each consumer sends its value and returns once it came back.
     */
    static Interleaved run(int rounds, int roundPings, LongConsumer baselineTrip, LongConsumer comparedTrip) {
        if (rounds < 1 || roundPings < 1) {
            throw new IllegalArgumentException("at least one round of at least one ping, not " + rounds + " of "
                    + roundPings);
        }
        Side base = new Side(baselineTrip, roundPings);
        Side other = new Side(comparedTrip, roundPings);
        double[] b = new double[rounds];
        double[] c = new double[rounds];
        for (int r = 0; r <= rounds; r++) {
            double bm;
            double cm;
            if (r % 2 == 1) {
                bm = base.segment();
                cm = other.segment();
            } else {
                cm = other.segment();
                bm = base.segment();
            }
            if (r > 0) {
                b[r - 1] = bm;
                c[r - 1] = cm;
            }
        }
        return new Interleaved(b, c, roundPings);
    }

    /** The rounds of {@code parts} (sessions of the same two rows) as one measurement. */
    static Interleaved join(Interleaved... parts) {
        int n = 0;
        for (Interleaved p : parts) {
            n += p.rounds();
        }
        double[] b = new double[n];
        double[] c = new double[n];
        int at = 0;
        for (Interleaved p : parts) {
            System.arraycopy(p.baseline, 0, b, at, p.rounds());
            System.arraycopy(p.compared, 0, c, at, p.rounds());
            at += p.rounds();
        }
        return new Interleaved(b, c, parts[0].roundPings);
    }

    /** The compared side's median over the baseline's, per reported round. */
    double[] ratios() {
        double[] r = new double[baseline.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = compared[i] / baseline[i];
        }
        return r;
    }

    /** The median of the per-round ratios (the mean of the middle two for an even count). */
    double medianRatio() {
        return median(ratios());
    }

    double minRatio() {
        return Arrays.stream(ratios()).min().orElseThrow();
    }

    double maxRatio() {
        return Arrays.stream(ratios()).max().orElseThrow();
    }

    /** Reported rounds whose ratio is at most {@code bound}. */
    int roundsAtMost(double bound) {
        return (int) Arrays.stream(ratios()).filter(x -> x <= bound).count();
    }

    int rounds() {
        return baseline.length;
    }

    int roundPings() {
        return roundPings;
    }

    /** The median over the rounds of the baseline's round medians, one way, in microseconds. */
    double baselineMedian() {
        return median(baseline.clone());
    }

    /** The median over the rounds of the compared side's round medians, one way, in microseconds. */
    double comparedMedian() {
        return median(compared.clone());
    }

    /** The header of {@link #row}'s table. */
    static String header() {
        return String.format(Locale.ROOT, "%-44s %8s %7s %7s %7s %7s %8s", "per-round ratio of medians", "median",
                "min", "max", "base us", "row us", "<= " + GOAL + "x");
    }

    /**
     * A table row: the median, least and greatest per-round ratio, the two sides' medians over the
     * rounds, and the rounds at or under {@link #GOAL}, of all.
     */
    String row(String name) {
        return String.format(Locale.ROOT, "%-44s %7.2fx %6.2fx %6.2fx %7.1f %7.1f %5d/%d", name, medianRatio(),
                minRatio(), maxRatio(), baselineMedian(), comparedMedian(), roundsAtMost(GOAL), rounds());
    }

    private static double median(double[] values) {
        Arrays.sort(values);
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    /** One side: its round trip, its next value, and one reused array of a segment's times. */
    private static final class Side {
        private final LongConsumer trip;
        private final long[] nanos;
        private long next;

        Side(LongConsumer trip, int roundPings) {
            this.trip = trip;
            this.nanos = new long[roundPings];
        }

        /** One segment of round trips; its median one-way time in microseconds. */
        double segment() {
            for (int i = 0; i < nanos.length; i++) {
                long t0 = System.nanoTime();
                trip.accept(next++);
                nanos[i] = System.nanoTime() - t0;
            }
            Arrays.sort(nanos);
            return nanos[(nanos.length - 1) / 2] / 2e3;
        }
    }
}
