package org.streamflex.runtime.schedule;

import java.util.Arrays;

/**
 * Where each unit of work goes on a graph's workers: the units, in data-flow order, cut into at
 * most one contiguous run per worker so that the busiest worker's measured cost is as small as it
 * can be (the linear partition problem, solved exactly by dynamic programming: graphs have tens of
 * units, not thousands). Contiguous runs keep the hybrid scheduler's upstream-first order on each
 * worker and make every link between workers point downstream, so items cross each link once.
 *
 * <pre>{@code
 * int[] worker = Placement.place(new long[] {10, 40, 10, 40}, 2);   // {0, 0, 1, 1}
 * }</pre>
 */
public final class Placement {
    private Placement() {
    }

    /**
     * The worker of each unit.
     *
     * @param costs each unit's measured cost (any unit, the same for all), in data-flow order
     * @param workers the workers available, at least 1
     * @return for each unit its worker, 0 first, non-decreasing, each worker with at least one unit
     *     while there are units enough
     */
    public static int[] place(long[] costs, int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be positive: " + workers);
        }
        int n = costs.length;
        int k = Math.min(workers, n);
        int[] placed = new int[n];
        if (k <= 1) {
            return placed;
        }
        long[] prefix = new long[n + 1];
        for (int i = 0; i < n; i++) {
            if (costs[i] < 0) {
                throw new IllegalArgumentException("cost " + costs[i] + " of unit " + i + " is negative");
            }
            // Every unit costs at least 1: a unit measured at nothing still needs a worker's turn.
            prefix[i + 1] = prefix[i] + Math.max(1, costs[i]);
        }
        // best[j][i]: the least maximum load of the first i units on j workers; cut[j][i] the start of
        // the last run.
        long[][] best = new long[k + 1][n + 1];
        int[][] cut = new int[k + 1][n + 1];
        for (long[] row : best) {
            Arrays.fill(row, Long.MAX_VALUE);
        }
        best[0][0] = 0;
        for (int j = 1; j <= k; j++) {
            for (int i = j; i <= n; i++) {
                for (int s = j - 1; s < i; s++) {
                    if (best[j - 1][s] == Long.MAX_VALUE) {
                        continue;
                    }
                    long load = Math.max(best[j - 1][s], prefix[i] - prefix[s]);
                    if (load < best[j][i]) {
                        best[j][i] = load;
                        cut[j][i] = s;
                    }
                }
            }
        }
        int end = n;
        for (int j = k; j >= 1; j--) {
            int start = cut[j][end];
            Arrays.fill(placed, start, end, j - 1);
            end = start;
        }
        return placed;
    }
}
