package org.streamflex.runtime.schedule;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.streamflex.BoundaryError;

/**
 * The worker threads of one graph: the hybrid scheduler's "one thread per core". Each worker runs
 * its units ({@link WorkerUnit}: fused subgraphs and filters) in data-flow order, each for a batch
 * per turn, and goes round again; there is no master thread. A worker that made progress wakes the
 * workers next to it (the one downstream has new input, the one upstream new room), so control
 * passes directly from worker to worker, as the paper's threads signal their successor.
 *
 * <p>Placement: units are cut into contiguous runs of the data-flow order, one run per worker, by
 * measured cost ({@link Placement}). The costs come from a profile file, or from the start of
 * the run, during which worker 0 runs every unit while the others wait: for {@link #WARM_UP_NANOS}
 * of its CPU time, then {@link #PROFILE_NANOS} more timing each turn by that clock
 * ({@link TurnProfile}); it then publishes the placement and every worker takes its run. One worker
 * needs no placement and skips the profile.
 *
 * <p>Moves: a worker whose CPU another process shares hands its units to a neighbour whose CPU is
 * free, and they come back once its own is free again ({@link ContentionWatch}). Every change of
 * placement is published whole ({@link #placement}); a worker stops running the units it had,
 * says so ({@link Worker#on()}), and runs its new ones only once every worker has said so: a unit
 * never runs on two workers at once, and what one worker's last turn of it wrote is seen by the
 * next worker's first.
 *
 * <pre>{@code
 * Workers workers = new Workers("Pipeline", units, 2, true, true, null, () -> running, this::fail, this::exited);
 * workers.start(System.nanoTime());
 * }</pre>
 */
public final class Workers {
    /**
     * How long worker 0 runs the units before it measures them: the first turns run interpreted
     * code and fill the links, which says little about the steady state.
     */
    static final long WARM_UP_NANOS = 20_000_000;
    /** How much of its CPU time worker 0 then spends measuring the units before they are placed. */
    static final long PROFILE_NANOS = 20_000_000;
    /**
     * The longest the warm-up and profile may take by the wall clock: a worker 0 that gets less than
     * 4% of a CPU places the units by what it measured until then rather than leave the other
     * workers waiting.
     */
    static final long PROFILE_LIMIT_NANOS = 1_000_000_000;
    private static final VarHandle PLACEMENT;

    static {
        try {
            PLACEMENT = MethodHandles.lookup().findVarHandle(Workers.class, "placement", int[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String graphName;
    private final WorkerUnit[] units;
    private final long[] givenCosts;
    private final BooleanSupplier running;
    private final Consumer<BoundaryError> onFailure;
    private final Runnable onExit;
    private final Worker[] workers;
    /** The workers' threads, filled by {@link #start} before any of them starts. */
    private final Thread[] threadArray;
    /** Whether a worker whose CPU is shared moves to a spare CPU or hands its units to a neighbour. */
    private final boolean moves;
    /** The CPUs the workers are pinned to, or null if they are not pinned. */
    private final WorkerCpus cpus;
    /** Workers that moved to a spare CPU: any worker adds, anyone reads. */
    private final AtomicLong cpuChanges = new AtomicLong();
    /** What the last move to a spare CPU did and why, for {@link #describe()}. */
    private volatile String lastCpuChange = "";
    /**
     * Each unit's worker now: set by worker 0 after the profile (or at construction), then replaced
     * whole by {@link #move} and {@link #restore} (compare-and-set, so that two moves at once do not
     * lose one); read by every worker once per round.
     */
    private volatile int[] placement;
    /**
     * The placement of the profile or the file, which {@link #restore} brings back; written before
     * the first {@link #placement}.
     */
    private volatile int[] chosen;
    /** Placements changed after the first: any worker adds, anyone reads. */
    private final AtomicLong moved = new AtomicLong();
    /** What the last change did and why, for {@link #describe()}. */
    private volatile String lastMove = "";
    /** The costs the placement used, for {@link #describe()}. */
    private volatile long[] costs;
    /** How a cut-short profile went, for {@link #describe()}; written before {@link #placement}, read after it. */
    private String profiled = "";

    /**
     * @param units the graph's units in data-flow order
     * @param count worker threads, at least 1
     * @param pin whether to pin worker i to the i-th CPU the calling thread may run on ({@link WorkerCpus})
     * @param moves whether a worker whose CPU another process shares moves to a spare CPU of the
     *     process, or else hands its units to a neighbour
     * @param givenCosts each unit's cost from a profile file, or null to measure
     * @param running false once the graph stops
     * @param onFailure told the first failure of a worker (which then ends)
     * @param onExit run by each worker as it ends
     */
    public Workers(String graphName, List<WorkerUnit> units, int count, boolean pin, boolean moves,
            long[] givenCosts, BooleanSupplier running, Consumer<BoundaryError> onFailure, Runnable onExit) {
        if (units.isEmpty()) {
            throw new IllegalArgumentException(graphName + ": no units for the workers");
        }
        this.graphName = graphName;
        this.units = units.toArray(WorkerUnit[]::new);
        int threads = Math.max(1, Math.min(count, this.units.length));
        if (givenCosts != null && givenCosts.length != this.units.length) {
            throw new IllegalArgumentException("one cost per unit");
        }
        this.givenCosts = givenCosts == null ? null : givenCosts.clone();
        this.running = running;
        this.onFailure = onFailure;
        this.onExit = onExit;
        this.workers = new Worker[threads];
        this.threadArray = new Thread[threads];
        this.cpus = pin ? WorkerCpus.ofThisThread(threads) : null;
        this.moves = moves && (threads > 1 || (cpus != null && cpus.hasSpares(threads)));
        boolean oversubscribed = threads > Runtime.getRuntime().availableProcessors();
        for (int i = 0; i < threads; i++) {
            workers[i] = new Worker(this, i, pin, oversubscribed);
        }
        if (threads == 1) {
            chosen = new int[this.units.length];
            placement = chosen;
        } else if (givenCosts != null) {
            costs = this.givenCosts;
            chosen = Placement.place(this.givenCosts, threads);
            placement = chosen;
        }
    }

    /** Starts the worker threads; {@code startNanos} is time zero of the graph's clocks. */
    public void start(long startNanos) {
        for (int i = 0; i < workers.length; i++) {
            threadArray[i] = workers[i].prepare(graphName, startNanos);
        }
        // Started after the array is whole: each thread's start makes it visible to that thread.
        for (Thread t : threadArray) {
            t.start();
        }
    }

    /** The worker threads, once started (for {@link ProcessCpuClock}: no list per read). */
    Thread[] threadArray() {
        return threadArray;
    }

    /** The CPUs the workers pin themselves to; only called when they are pinned. */
    WorkerCpus cpus() {
        return cpus;
    }

    /** After a worker moved to a spare CPU: counted, and said by {@link #describe()}. */
    void changedCpu(String why) {
        lastCpuChange = why;
        cpuChanges.incrementAndGet();
    }

    /** Times a worker moved to a spare CPU. */
    public long cpuChanges() {
        return cpuChanges.get();
    }

    /** Worker {@code index}. */
    Worker worker(int index) {
        return workers[index];
    }

    /** The worker threads, to join. */
    public List<Thread> threads() {
        return new ArrayList<>(Arrays.asList(threadArray));
    }

    public int count() {
        return workers.length;
    }

    /**
     * A count of worker {@code index}: {@code "busyTurns"} (rounds over its units in which one made
     * progress), {@code "idleTurns"} (rounds in which none did) or {@code "parks"} (times it parked for
     * want of work). Each is written by its worker only and read here with acquire.
     */
    public long workerCount(int index, String what) {
        Worker w = workers[index];
        return switch (what) {
            case "busyTurns" -> w.busyTurns();
            case "idleTurns" -> w.idleTurns();
            case "parks" -> w.parks();
            default -> throw new IllegalArgumentException("no worker count " + what);
        };
    }

    /** Makes every worker see a stop at once, even parked. */
    public void wake() {
        for (Worker w : workers) {
            w.wake();
        }
    }

    /**
     * How the units are placed, for people: one line per worker with its units, then each unit's
     * cost as a profile file takes it ({@code name=nanoseconds}); before placement, the units only.
     */
    @SuppressWarnings("ReferenceEquality") // a placement is never changed, only replaced: its identity is its version
    public String describe() {
        StringBuilder s = new StringBuilder();
        int[] placed = chosen;
        s.append("workers: ").append(workers.length).append(workers.length == 1 ? " thread" : " threads");
        String pins = pinning();
        if (!pins.isEmpty()) {
            s.append(", ").append(pins);
        }
        if (placed == null) {
            s.append(", not placed yet (profiling)\n");
            return s.toString();
        }
        s.append(workers.length == 1 ? "" : givenCosts != null ? ", placed by the profile file"
                : ", placed by a profile of " + PROFILE_NANOS / 1_000_000 + " ms"
                        + (ThreadCpuClock.measuresCpu() ? " of worker 0's CPU time" : "") + profiled)
                .append('\n');
        for (int w = 0; w < workers.length; w++) {
            List<String> names = new ArrayList<>();
            for (int u = 0; u < units.length; u++) {
                if (placed[u] == w) {
                    names.add(units[u].name());
                }
            }
            s.append("  worker ").append(w).append(": ").append(String.join(", ", names)).append('\n');
        }
        for (int w = 0; w < workers.length; w++) {
            for (List<WorkerUnit> run : runsOf(placed, w)) {
                if (run.size() > 1) {
                    s.append("  worker ").append(w).append(" fuses ").append(run.size()).append(" units: ")
                            .append(run.getFirst().name()).append(" to ").append(run.getLast().name()).append('\n');
                }
            }
        }
        long toSpare = cpuChanges.get();
        if (toSpare > 0) {
            s.append("  changed CPU ").append(toSpare).append(toSpare == 1 ? " time" : " times").append(", last ")
                    .append(lastCpuChange).append('\n');
        }
        long changes = moved.get();
        if (changes > 0) {
            int[] now = placement;
            s.append("  moved ").append(changes).append(changes == 1 ? " time" : " times").append(", last ")
                    .append(lastMove).append(now == placed ? "; now as placed" : "; now:").append('\n');
            for (int w = 0; now != placed && w < workers.length; w++) {
                List<String> names = new ArrayList<>();
                for (int u = 0; u < units.length; u++) {
                    if (now[u] == w) {
                        names.add(units[u].name());
                    }
                }
                s.append("    worker ").append(w).append(": ").append(String.join(", ", names)).append('\n');
            }
        }
        long[] c = costs;
        if (c != null) {
            for (int u = 0; u < units.length; u++) {
                s.append("  ").append(units[u].name()).append('=').append(c[u]).append('\n');
            }
        }
        return s.toString();
    }

    private String pinning() {
        List<String> refused = new ArrayList<>();
        List<Integer> pinned = new ArrayList<>();
        for (Worker w : workers) {
            String r = w.pinRefusal();
            if (r != null) {
                refused.add(r);
            } else if (w.pinned()) {
                pinned.add(w.cpu());
            }
        }
        String on = pinned.isEmpty() ? "" : "pinned to CPUs " + pinned;
        if (refused.isEmpty()) {
            return on;
        }
        // More workers than the process's CPUs: the first ones pinned, the rest not; say both.
        String off = (pinned.isEmpty() ? "unpinned" : refused.size() + " unpinned") + " (" + refused.getFirst() + ")";
        return on.isEmpty() ? off : on + ", " + off;
    }

    // ---------------------------------------------------------------- called by the workers

    WorkerUnit[] units() {
        return units;
    }

    /**
     * The units of worker {@code index}, in data-flow order, once placed; null before. With two
     * workers or more, consecutive pieces of a static subgraph that landed on the same worker are
     * fused back into one unit ({@link WorkerUnit#fuse}): cut per filter, FilterBankNew's 37 units
     * on one worker ran at about half the speed of its fused subgraph (a turn per filter, a room
     * check per link, a batch bounded by half a link), which capped two workers near 1.5 times one.
     * Called by the worker itself, which then owns the fused task, once every worker runs
     * {@code placed} ({@link #allOn}).
     */
    WorkerUnit[] unitsOf(int index, int[] placed) {
        List<WorkerUnit> mine = new ArrayList<>();
        for (List<WorkerUnit> run : runsOf(placed, index)) {
            mine.add(run.size() == 1 ? run.getFirst() : WorkerUnit.fuse(run));
        }
        return mine.toArray(WorkerUnit[]::new);
    }

    /**
     * The units of worker {@code index} in data-flow order, grouped: each group one unit, or
     * consecutive {@link WorkerUnit#fusable()} ones that will run as one, when there are several
     * workers (one worker got the subgraphs whole).
     */
    private List<List<WorkerUnit>> runsOf(int[] placed, int index) {
        List<List<WorkerUnit>> runs = new ArrayList<>();
        List<WorkerUnit> open = null;
        for (int u = 0; u < units.length; u++) {
            if (placed[u] != index) {
                continue;
            }
            WorkerUnit unit = units[u];
            if (workers.length > 1 && unit.fusable() && open != null) {
                open.add(unit);
                continue;
            }
            List<WorkerUnit> run = new ArrayList<>(List.of(unit));
            runs.add(run);
            open = workers.length > 1 && unit.fusable() ? run : null;
        }
        return runs;
    }

    /**
     * Worker 0, after the profile: places the units by what they cost and lets the others go.
     *
     * @param untimed -1 when the profile ran its course, else the units it had not timed when
     *     {@link #PROFILE_LIMIT_NANOS} cut it short
     */
    void place(long[] measured, int untimed) {
        if (untimed >= 0) {
            profiled = " (cut short after " + PROFILE_LIMIT_NANOS / 1_000_000 + " ms by the wall clock, "
                    + untimed + (untimed == 1 ? " unit" : " units") + " not timed)";
        }
        costs = measured.clone();
        chosen = Placement.place(measured, workers.length);
        placement = chosen;
        wake();
    }

    /** The placement now, or null while worker 0 profiles. */
    int[] placement() {
        return placement;
    }

    /** Whether every worker has stopped running the units of any placement before {@code placed}. */
    @SuppressWarnings("ReferenceEquality") // a placement is never changed, only replaced: its identity is its version
    boolean allOn(int[] placed) {
        for (Worker w : workers) {
            if (w.on() != placed) {
                return false;
            }
        }
        return true;
    }

    /** Whether workers move units away from a shared CPU. */
    boolean moves() {
        return moves;
    }

    /**
     * Hands every unit of worker {@code from} to worker {@code to}; the workers take the new
     * placement between their turns. Public so that a graph's tests can move units at will.
     *
     * @param why what {@code schedule()} says about it
     * @return false if there was nothing to move, or the placement changed meanwhile
     */
    public boolean move(int from, int to, String why) {
        int[] now = placement;
        if (now == null || from == to || to < 0 || to >= workers.length) {
            return false;
        }
        int[] next = now.clone();
        boolean any = false;
        for (int u = 0; u < next.length; u++) {
            if (next[u] == from) {
                next[u] = to;
                any = true;
            }
        }
        return any && change(now, next, why);
    }

    /**
     * Brings back the placement of the profile or the file, after {@link #move}.
     *
     * @return false if it is already in place, or the placement changed meanwhile
     */
    @SuppressWarnings("ReferenceEquality") // a placement is never changed, only replaced: its identity is its version
    public boolean restore(String why) {
        int[] now = placement;
        int[] back = chosen;
        return now != null && now != back && change(now, back, why);
    }

    private boolean change(int[] from, int[] to, String why) {
        if (!PLACEMENT.compareAndSet(this, from, to)) {
            return false;
        }
        lastMove = why;
        moved.incrementAndGet();
        wake();
        return true;
    }

    /** Placements changed after the first. */
    public long moved() {
        return moved.get();
    }

    /**
     * The neighbour of worker {@code index} whose CPU is free (its last window waited under
     * {@link ContentionWatch#FREE_PERMILLE}), the less waiting one if both are; -1 if neither.
     */
    int freeNeighbour(int index) {
        int below = index > 0 ? workers[index - 1].cpuShareWaited() : -1;
        int above = index + 1 < workers.length ? workers[index + 1].cpuShareWaited() : -1;
        boolean belowFree = below >= 0 && below < ContentionWatch.FREE_PERMILLE;
        boolean aboveFree = above >= 0 && above < ContentionWatch.FREE_PERMILLE;
        if (belowFree && (!aboveFree || below <= above)) {
            return index - 1;
        }
        return aboveFree ? index + 1 : -1;
    }

    boolean profiling() {
        return placement == null;
    }

    boolean running() {
        return running.getAsBoolean();
    }

    /** After worker {@code index} made progress: its neighbours may have input or room now. */
    void progressed(int index) {
        if (index + 1 < workers.length) {
            workers[index + 1].wakeIfIdle();
        }
        if (index > 0) {
            workers[index - 1].wakeIfIdle();
        }
    }

    void failed(BoundaryError error) {
        onFailure.accept(error);
    }

    void exited() {
        onExit.run();
    }

    @Override
    public String toString() {
        return graphName + " " + Arrays.toString(units);
    }
}
