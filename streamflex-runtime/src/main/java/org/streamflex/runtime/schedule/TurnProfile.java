package org.streamflex.runtime.schedule;

import java.util.Arrays;

/**
 * What each unit's turns cost during the start-up profile, robust to the profiling thread being
 * descheduled. Worker 0 times each turn, and places it in the profile, by its own CPU time
 * ({@link ThreadCpuClock}), which stands still while it waits for a CPU or for a garbage
 * collection. Timed by the wall clock, as until 2026-11-28, a machine shared with three busy
 * processes put a 12 to 24 ms preemption into one turn of a 20 ms profile that held one or two of
 * FilterBankNew's rounds, and its 37 units were placed 6 on one worker and 31 on the other.
 *
 * <p>The profile is also cut into {@link #WINDOWS} windows of equal CPU time; a unit's cost is the
 * median of its cost per turn in each window, times its turns. A turn inflated by what the CPU
 * clock still counts (page faults, a cold cache after a migration) lands in one window and does
 * not make a cheap filter look like the heaviest (measured by the wall clock: a 4 ms preemption
 * made one FIR of FilterBankNew cost 14 times its twins).
 *
 * <p>The profile lasts until its length of CPU time has passed and every unit has a timed turn:
 * a round over all units can take longer than a window while the code is still being compiled.
 *
 * <pre>{@code
 * TurnProfile p = new TurnProfile(units.length, cpuNow + warmUp, Workers.PROFILE_NANOS);
 * p.add(cpuNow, u, cpuNow - cpuBefore);   // after each unit's turn
 * if (p.done(cpuNow)) { long[] costs = p.costs(); }
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
    /** Units without a timed turn yet. */
    private int untimed;

    /**
     * @param units how many units are timed
     * @param from where the profile starts on the profiling thread's CPU clock
     * @param length how much of that clock it lasts, in nanoseconds
     */
    TurnProfile(int units, long from, long length) {
        if (length < WINDOWS) {
            throw new IllegalArgumentException("a profile of " + length + " ns cannot be cut into " + WINDOWS);
        }
        this.from = from;
        this.length = length;
        this.nanos = new long[WINDOWS][units];
        this.turns = new long[WINDOWS][units];
        this.untimed = units;
    }

    /**
     * Records that unit {@code u}'s turn, ended at {@code at} on the CPU clock, took {@code took}
     * ns of it; ignored before the profile, in the last window after it (while a unit waits for its
     * first timed turn).
     */
    void add(long at, int u, long took) {
        long into = at - from;
        if (into < 0) {
            return;
        }
        int w = into >= length ? WINDOWS - 1 : (int) (into * WINDOWS / length);
        if (timedTurns(u) == 0) {
            untimed--;
        }
        nanos[w][u] += took;
        turns[w][u]++;
    }

    /** Whether the profile's length of CPU time has passed at {@code at} and every unit has a timed turn. */
    boolean done(long at) {
        return at - from >= length && untimed == 0;
    }

    /** Units with no timed turn yet: 0 once {@link #done} (they cost nothing in {@link #costs()}). */
    int untimed() {
        return untimed;
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

    private long timedTurns(int u) {
        long all = 0;
        for (int w = 0; w < WINDOWS; w++) {
            all += turns[w][u];
        }
        return all;
    }
}
