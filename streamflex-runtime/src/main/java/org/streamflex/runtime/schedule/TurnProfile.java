package org.streamflex.runtime.schedule;

import java.util.Arrays;

/**
 * What each unit's turns cost during the start-up profile, robust to the profiling thread being
 * descheduled: the profile is cut into {@link #WINDOWS} windows of equal length, each unit's cost
 * per turn is taken in each window, and a unit's cost is the median of those, times the turns of
 * the whole profile. A preemption, a garbage collection or a JIT compilation lands in one window and
 * inflates whatever unit was running then; summed, that one turn could make a cheap filter look like
 * the heaviest and spoil the placement (measured: a 4 ms preemption on a machine shared with a
 * build made one FIR of FilterBankNew cost 14 times its twins).
 *
 * <pre>{@code
 * TurnProfile p = new TurnProfile(units.length, measureFrom, Workers.PROFILE_NANOS);
 * p.add(now, u, now - before);   // after each unit's turn
 * long[] costs = p.costs();
 * }</pre>
 *
 * <p>One thread: the worker that profiles.
 */
final class TurnProfile {
    /** Windows the profile is cut into: an odd count, so the median is one of them. */
    static final int WINDOWS = 5;

    private final long from;
    private final long length;
    /** Nanoseconds of each unit's turns, per window. */
    private final long[][] nanos;
    /** Turns of each unit, per window. */
    private final long[][] turns;

    /**
     * @param units how many units are timed
     * @param from when the profile starts ({@link System#nanoTime()})
     * @param length how long it lasts, in nanoseconds
     */
    TurnProfile(int units, long from, long length) {
        if (length < WINDOWS) {
            throw new IllegalArgumentException("a profile of " + length + " ns cannot be cut into " + WINDOWS);
        }
        this.from = from;
        this.length = length;
        this.nanos = new long[WINDOWS][units];
        this.turns = new long[WINDOWS][units];
    }

    /** Records that unit {@code u}'s turn, ended at {@code now}, took {@code took} ns; ignored outside the profile. */
    void add(long now, int u, long took) {
        long at = now - from;
        if (at < 0 || at >= length) {
            return;
        }
        int w = (int) (at * WINDOWS / length);
        nanos[w][u] += took;
        turns[w][u]++;
    }

    /**
     * Each unit's cost: its median cost per turn over the windows it ran in, times its turns; 0 for
     * a unit that never ran.
     */
    long[] costs() {
        int units = nanos[0].length;
        long[] costs = new long[units];
        double[] perTurn = new double[WINDOWS];
        for (int u = 0; u < units; u++) {
            int n = 0;
            long all = 0;
            for (int w = 0; w < WINDOWS; w++) {
                if (turns[w][u] > 0) {
                    perTurn[n++] = (double) nanos[w][u] / turns[w][u];
                    all += turns[w][u];
                }
            }
            if (n == 0) {
                continue;
            }
            Arrays.sort(perTurn, 0, n);
            // With an even count, the lower middle: an inflated window is what this is here to ignore.
            costs[u] = Math.round(perTurn[(n - 1) / 2] * all);
        }
        return costs;
    }
}
