package org.streamflex.bench.predict;

import java.util.Arrays;

/**
 * The figures of one run, in microseconds: inter-arrival percentiles, how many inter-arrivals
 * exceed two periods and one millisecond, deadline misses, time lost to them (how far past
 * their deadlines the missed releases completed, summed) and periods skipped.
 */
public record RunStats(int releases, double periodMicros, double minMicros, double medianMicros,
        double p99Micros, double p999Micros, double maxMicros, long overTwoPeriods, long overOneMilli,
        long misses, double lostMicros, long skipped, double medianWorkMicros) {

    public static RunStats of(ReleaseLog log) {
        int n = log.size();
        if (n < 2) {
            throw new IllegalArgumentException("a run needs at least 2 releases, had " + n);
        }
        long[] gaps = new long[n - 1];
        long overTwo = 0;
        long overMilli = 0;
        for (int i = 1; i < n; i++) {
            gaps[i - 1] = log.interArrival(i);
            overTwo += gaps[i - 1] > 2 * log.periodNanos ? 1 : 0;
            overMilli += gaps[i - 1] > 1_000_000 ? 1 : 0;
        }
        Arrays.sort(gaps);
        long misses = 0;
        long lost = 0;
        long[] work = new long[n];
        for (int i = 0; i < n; i++) {
            if (log.missed(i)) {
                misses++;
                lost += log.completion[i] - log.deadline(i);
            }
            work[i] = log.completion[i] - log.start[i];
        }
        Arrays.sort(work);
        long skipped = log.boundary[n - 1] - log.boundary[0] + 1 - n;
        return new RunStats(n, log.periodNanos / 1e3, gaps[0] / 1e3, percentile(gaps, 0.5) / 1e3,
                percentile(gaps, 0.99) / 1e3, percentile(gaps, 0.999) / 1e3, gaps[gaps.length - 1] / 1e3,
                overTwo, overMilli, misses, lost / 1e3, skipped, percentile(work, 0.5) / 1e3);
    }

    /** Nearest-rank percentile of sorted values. */
    static long percentile(long[] sorted, double q) {
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    public double missRate() {
        return (double) misses / releases;
    }
}
