package org.streamflex.runtime.schedule;

/**
 * Whether a worker's CPU is shared with another process, from its run delay ({@link RunDelay}), and
 * when a worker that handed its units away should look whether its CPU is free again.
 *
 * <p>Why it matters: each worker is pinned to a CPU of its own, and the workers are a pipeline. A
 * busy process on worker 0's CPU takes about half of it from worker 0, which cannot move; worker 1,
 * waiting for its items, idles; the pipeline runs at half of worker 0's speed, slower than one
 * worker alone (FilterBankNew on two workers beside one busy loop: 0.67x to 0.83x one worker,
 * {@code jmh/README.md}). Such a worker moves to a spare CPU of the process if there is one
 * ({@link WorkerCpus#claimSpare}); else it hands its units to a neighbour whose CPU is free
 * ({@link Workers#move}) and probes its own CPU now and then; once it is free again, the placement
 * chosen at the start comes back ({@link Workers#restore}).
 *
 * <p>The measure: in windows of at least {@link #WINDOW_NANOS} by the wall clock, the share of the
 * time the worker wanted a CPU (ran, or was runnable and waited) that it waited. A worker with a CPU
 * of its own waits almost never (a few microseconds for the kernel's own threads); one beside a busy
 * process on its CPU waits about half the time. A collection, a park or a lock does not count: the
 * thread is not runnable then. The CPU is shared after {@link #SHARED_WINDOWS} windows in a row at
 * {@link #SHARED_PERMILLE} or more, each with at least {@link #MIN_DEMAND_NANOS} of demand (a worker
 * parked most of a window says little). What the JVM's other threads ran in the window
 * ({@link ProcessCpuClock}) is taken off the wait first: only other processes move units. The JIT
 * compiles a new graph's code on the workers' CPUs in its first second and is soon done; counted,
 * it moved the units of FilterBankNew's two workers on an idle machine, which then ran at 1.27x and
 * 1.31x one worker instead of 1.62x to 1.80x. (The collector's threads and the application's are
 * taken off too: a worker waiting for them is not moved, a cautious error.) Written and read by its
 * worker only, except {@link #permille()}, which neighbours read to choose where units go.
 *
 * <pre>{@code
 * if (watch.due(now) && delay.read() && watch.shared(now, delay.runNanos(), delay.waitNanos(), others)) {
 *     workers.move(me, neighbour, watch.describe(me, neighbour));
 * }
 * }</pre>
 */
final class ContentionWatch {
    /** A window's least length by the wall clock: many of the kernel's 3 ms time slices. */
    static final long WINDOW_NANOS = 20_000_000;
    /** A window's least demand (run plus run delay) for it to count. */
    static final long MIN_DEMAND_NANOS = WINDOW_NANOS / 4;
    /** Waited at least this share of its demand (in thousandths): the window was shared. */
    static final int SHARED_PERMILLE = 250;
    /** Waited under this share: the CPU is free, for a neighbour taking units or a probe. */
    static final int FREE_PERMILLE = 100;
    /** Shared windows in a row before the units move: one window can hold one unlucky burst. */
    static final int SHARED_WINDOWS = 3;
    /** How long a worker without units spins to see whether its CPU is free again. */
    static final long PROBE_NANOS = 10_000_000;
    /**
     * The first wait between probes; doubled after each probe that found the CPU shared and each
     * time units came back too soon, up to {@link #MAX_PROBE_GAP_NANOS}: a spin of 10 ms takes that
     * much from whoever shares the CPU.
     */
    static final long PROBE_GAP_NANOS = 100_000_000;
    static final long MAX_PROBE_GAP_NANOS = 3_200_000_000L;
    /** Units that move away again this soon after they came back came back too soon. */
    static final long TOO_SOON_NANOS = 1_000_000_000;

    private long windowStart;
    private long othersAt;
    private long runAt;
    private long waitAt;
    private int sharedInARow;
    private int lastSharedPermille;
    /** The last counted window's share in thousandths, or -1 if none yet: read by neighbours. */
    private volatile int permille = -1;
    private long probeGap = PROBE_GAP_NANOS;
    private long nextProbe;
    private long restoredAt = Long.MIN_VALUE;

    /**
     * Starts a window at {@code now} from the thread's counts then and the CPU time of the JVM's
     * other threads ({@link ProcessCpuClock#othersNanos}, -1 if unknown).
     */
    void restart(long now, long run, long wait, long others) {
        windowStart = now;
        othersAt = others;
        runAt = run;
        waitAt = wait;
    }

    /** Whether the window begun at {@link #restart} has lasted long enough to be judged. */
    boolean due(long now) {
        return now - windowStart >= WINDOW_NANOS;
    }

    /**
     * Ends the window at {@code now} with the thread's counts then, and starts the next.
     *
     * @return whether this made {@link #SHARED_WINDOWS} shared windows in a row (and the count
     *     starts again)
     */
    boolean shared(long now, long run, long wait, long others) {
        long ran = run - runAt;
        long waitedAll = wait - waitAt;
        long waited = outside(waitedAll, others, othersAt);
        restart(now, run, wait, others);
        long demand = ran + waitedAll;
        if (ran < 0 || waitedAll < 0 || demand <= 0) {
            return false;
        }
        int share = (int) Math.min(1000, waited * 1000 / demand);
        permille = share;
        if (demand < MIN_DEMAND_NANOS) {
            return false;
        }
        if (share < SHARED_PERMILLE) {
            sharedInARow = 0;
            return false;
        }
        lastSharedPermille = share;
        if (++sharedInARow < SHARED_WINDOWS) {
            return false;
        }
        sharedInARow = 0;
        return true;
    }

    /**
     * Of {@code waited}, what the JVM's other threads did not run: the wait for other processes,
     * at least. Their CPU time went from {@code othersBefore} to {@code othersAfter} (-1 if unknown:
     * then all of it).
     */
    static long outside(long waited, long othersAfter, long othersBefore) {
        if (othersAfter < 0 || othersBefore < 0) {
            return waited;
        }
        return Math.max(0, waited - Math.max(0, othersAfter - othersBefore));
    }

    /** The last counted window's share of waiting, in thousandths; -1 before any. */
    int permille() {
        return permille;
    }

    /** Forgets the published share: a worker without units says nothing about its CPU. */
    void unknown() {
        permille = -1;
        sharedInARow = 0;
    }

    /** What a move for a shared CPU says, after {@link #shared} returned true. */
    String describe(int from, int to) {
        return "worker " + from + "'s units to worker " + to + ": it waited for its CPU " + waited();
    }

    /** What a worker's move to a spare CPU says, after {@link #shared} returned true. */
    String describeCpu(int worker, int from, int to) {
        return "worker " + worker + " from CPU " + from + " to CPU " + to + ", a spare one: it waited for CPU " + from
                + " " + waited();
    }

    /** How much the last shared windows waited, as the move messages say it. */
    private String waited() {
        return lastSharedPermille / 10 + "% of the time it could run, " + SHARED_WINDOWS + " windows of "
                + WINDOW_NANOS / 1_000_000 + " ms in a row";
    }

    /**
     * After this worker's units moved away at {@code now}: when it first probes. Units that had
     * come back less than {@link #TOO_SOON_NANOS} before double the wait, so that a CPU that
     * seems free for a probe but not for work costs a probe ever more rarely.
     */
    void movedAway(long now) {
        boolean tooSoon = restoredAt != Long.MIN_VALUE && now - restoredAt < TOO_SOON_NANOS;
        probeGap = tooSoon ? Math.min(MAX_PROBE_GAP_NANOS, probeGap * 2) : PROBE_GAP_NANOS;
        nextProbe = now + probeGap;
    }

    /** Whether a worker without units should probe its CPU now. */
    boolean probeDue(long now) {
        return now - nextProbe >= 0;
    }

    /**
     * The result of a probe ending at {@code now} that ran {@code ran} and waited {@code waitedAll}
     * nanoseconds while the JVM's other threads ran {@code othersRan} (-1 if unknown): whether the
     * CPU is free of other processes. If not, the next probe is a gap later.
     */
    boolean probed(long now, long ran, long waitedAll, long othersRan) {
        long waited = othersRan < 0 ? waitedAll : Math.max(0, waitedAll - othersRan);
        long demand = ran + waitedAll;
        boolean free = demand > 0 && waited * 1000 / demand < FREE_PERMILLE;
        if (free) {
            restoredAt = now;
        } else {
            probeGap = Math.min(MAX_PROBE_GAP_NANOS, probeGap * 2);
            nextProbe = now + probeGap;
        }
        return free;
    }

    /** The current wait between probes, for tests. */
    long probeGap() {
        return probeGap;
    }
}
