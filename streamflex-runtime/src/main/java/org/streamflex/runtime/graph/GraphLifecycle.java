package org.streamflex.runtime.graph;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import org.streamflex.BoundaryError;
import org.streamflex.FailureListener;
import org.streamflex.FailurePolicy;
import org.streamflex.RealTime;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.atomic.FilterAtomicity;
import org.streamflex.runtime.capsule.CapsulePools;
import org.streamflex.runtime.channel.CapsuleRing;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.clock.ClockBackends;
import org.streamflex.runtime.clock.ClockPlatform;
import org.streamflex.runtime.clock.ClockThread;
import org.streamflex.runtime.clock.RuntimeClock;
import org.streamflex.runtime.clock.StartGate;
import org.streamflex.runtime.counter.CounterMBeans;
import org.streamflex.runtime.net.CrossingLinks;
import org.streamflex.runtime.schedule.FilterTask;
import org.streamflex.runtime.schedule.WorkerUnit;
import org.streamflex.runtime.schedule.Workers;

/**
 * Where one graph is in its life, and the moves between: built, validated, then either started
 * on clock threads or driven by a {@code GraphDriver}, then stopped. A graph runs once. Starting
 * chooses each clock's backend, prefills the capsule pools and opens the clocks together; the
 * first failure on any clock thread stops them all and is kept for {@code awaitTermination}.
 * Failures are reported (logged, and told to listeners) by the graph's {@link FailureReporter};
 * which of them stop the graph is each filter's {@link FailurePolicy}, fixed when it starts.
 */
final class GraphLifecycle {
    private enum State { BUILDING, VALIDATED, RUNNING, DRIVEN, STOPPED }

    private static final System.Logger LOG = System.getLogger("org.streamflex.runtime");

    private final String graphName;
    private final GraphModel model;
    private final CapsulePools pools;
    private final CounterMBeans mbeans;
    private final AtomicReference<BoundaryError> failure = new AtomicReference<>();
    private final FailureReporter reporter;
    private FailurePolicy failurePolicy = FailurePolicy.STOP_GRAPH;

    /** Run once when the graph has stopped, whichever way: after its last thread, or at stop(). Guarded by this. */
    private final List<Runnable> stopHooks = new ArrayList<>();
    private boolean stopHooksRan;

    private volatile State state = State.BUILDING;
    private volatile boolean running;
    private List<ClockThread> threads = List.of();
    /** The filters that run on worker threads once started, and how; chosen by validate(). */
    private Set<FilterWiring> onWorkers = Set.of();
    private GraphSettings settings;
    /** The network links of a node or server part, opened at start, closed at the end; or null. */
    private CrossingLinks crossing;
    /** Null unless the graph started with filters on workers. */
    private volatile Workers workers;
    private CountDownLatch terminated;
    private RealTime realTime;
    private BiFunction<RuntimeClock, RealTime, ClockBackends.Choice> backends =
            (clock, options) -> ClockBackends.choose(clock.periodMicros(), options, ClockPlatform.current());

    GraphLifecycle(String graphName, GraphModel model, CapsulePools pools, CounterMBeans mbeans) {
        this.graphName = graphName;
        this.model = model;
        this.pools = pools;
        this.reporter = new FailureReporter(graphName, model);
        this.mbeans = mbeans;
    }

    // ---------------------------------------------------------------- before start

    void requireBuilding(String call) {
        if (state != State.BUILDING) {
            throw new StreamFlexError(call + " after validate(): the graph is frozen once validated");
        }
    }

    boolean isBuilding() {
        return state == State.BUILDING;
    }

    void validated(Set<FilterWiring> workerFilters, GraphSettings graphSettings, CrossingLinks links) {
        this.onWorkers = workerFilters;
        this.settings = graphSettings;
        this.crossing = links;
        state = State.VALIDATED;
    }

    /** How many worker threads the graph will start: one per core, at most one per unit; 0 if none. */
    int plannedWorkers() {
        if (onWorkers.isEmpty()) {
            return 0;
        }
        int cores = settings.workerCores() > 0 ? settings.workerCores() : Runtime.getRuntime().availableProcessors();
        return Math.max(1, Math.min(cores, WorkerAssignment.unitNames(model, onWorkers, cores).size()));
    }

    /** A count of worker {@code index} ({@link Workers#workerCount}); 0 before the workers start. */
    long workerCount(int index, String what) {
        Workers w = workers;
        return w == null || index >= w.count() ? 0 : w.workerCount(index, what);
    }

    /** The graph's workers once started, else null. */
    Workers workers() {
        return workers;
    }

    /** The workers' lines of {@code schedule()}: which filters, and once started, where. */
    String describeWorkers() {
        Workers w = workers;
        if (w != null) {
            return w.describe();
        }
        if (onWorkers.isEmpty()) {
            return settings != null && !settings.workers() ? "workers are off (-Dstreamflex.workers=false)\n" : "";
        }
        return "workers: " + onWorkers.size() + " of " + model.filters.size()
                + " filters, placed when the graph starts\n";
    }

    synchronized void requireNotStarted(String call) {
        if (state != State.BUILDING && state != State.VALIDATED) {
            throw new StreamFlexError(call + "() on a graph that has started: call it before start()");
        }
    }

    synchronized void setRealTime(RealTime options) {
        requireNotStarted("setRealTime");
        this.realTime = options;
    }

    /** The graph's failure policy, or the filter's own if {@code task} is not null. */
    synchronized void setFailurePolicy(FilterTask task, FailurePolicy policy) {
        requireNotStarted("setFailurePolicy");
        if (task == null) {
            this.failurePolicy = policy;
        } else {
            task.failureCount().own(policy);
        }
    }

    void addFailureListener(FailureListener listener) {
        reporter.add(listener);
    }

    /** Fixes each filter's failure policy, before its first release. */
    private void fixFailurePolicies() {
        model.filters.forEach(w -> w.task.failureCount().begin(failurePolicy, reporter));
    }

    synchronized void chooseClockBackends(BiFunction<RuntimeClock, RealTime, ClockBackends.Choice> chooser) {
        requireNotStarted("chooseClockBackends");
        this.backends = chooser;
    }

    // ---------------------------------------------------------------- running on clock threads

    synchronized void start() {
        if (state == State.BUILDING) {
            throw new StreamFlexError(
                    "start() before validate(): call validate() at the end of the graph's constructor");
        }
        if (state != State.VALIDATED) {
            throw new StreamFlexError("start() on a graph that already ran (" + state.name().toLowerCase(Locale.ROOT)
                    + "): a graph runs once; build a new one");
        }
        RealTime options = realTime != null ? realTime : RealTime.defaults(); // code wins over the properties
        Workers pool = null;
        List<RuntimeClock> clocked = new ArrayList<>(model.clocks);
        if (!onWorkers.isEmpty()) {
            int cores = settings.workerCores() > 0 ? settings.workerCores()
                    : Runtime.getRuntime().availableProcessors();
            // Read before anything changes: a bad profile file leaves the graph as validated.
            long[] given = WorkerAssignment.givenCosts(settings.workerProfile(),
                    WorkerAssignment.unitNames(model, onWorkers, cores));
            List<WorkerUnit> units = WorkerAssignment.units(model, onWorkers, cores);
            pool = new Workers(graphName, units, cores, settings.workerPin(), settings.workerMoves(), given,
                    () -> running, this::fail, this::threadExited);
            clocked.removeIf(c -> onWorkers.contains(model.targetOf(c)));
        }
        if (crossing != null) {
            crossing.open(); // a server that cannot listen leaves the graph as validated
        }
        prefillCapsulePools();
        fixFailurePolicies();
        // From here on only clock threads write the filters' state: @Atomic calls go through them.
        atomicFilters().forEach(FilterAtomicity::queueCalls);
        state = State.RUNNING;
        mbeans.register();
        running = true;
        terminated = new CountDownLatch(clocked.size() + (pool == null ? 0 : pool.count()));
        StartGate gate = new StartGate(clocked.size());
        List<ClockThread> started = new ArrayList<>();
        List<ClockBackends.Choice> choices = new ArrayList<>();
        for (RuntimeClock clock : clocked) {
            ClockBackends.Choice choice = backends.apply(clock, options);
            choices.add(choice);
            started.add(new ClockThread(clock, choice.backend(), gate, () -> running, this::fail, this::threadExited));
        }
        threads = Collections.unmodifiableList(started);
        threads.forEach(t -> t.thread().start());
        gate.awaitReady();
        logBackends(clocked, choices);
        // Boundary 0 a millisecond ahead: every thread is parked at the gate by then.
        long zero = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
        gate.open(zero);
        if (pool != null) {
            workers = pool;
            pool.start(zero);
        }
    }

    /**
     * Creates each capsule channel's pool and fills it with as many capsules as the channel holds,
     * here rather than in the first releases, which would otherwise construct them (a few hundred
     * microseconds for a small graph: enough to miss the first deadlines at short periods).
     * Abstract element types are skipped: which subclasses their filters make is not known.
     */
    private void prefillCapsulePools() {
        for (FilterWiring w : model.filters) {
            for (SpscRing r : w.outputs) {
                if (r instanceof CapsuleRing ring && !Modifier.isAbstract(ring.elementType().getModifiers())) {
                    pools.pool(ring.elementType()).prefill(ring.capacity());
                }
            }
        }
    }

    /** One line for the graph, plus one per fallback: the start-up log the README describes. */
    private void logBackends(List<RuntimeClock> clocked, List<ClockBackends.Choice> choices) {
        StringBuilder line = new StringBuilder("StreamFlex ").append(graphName).append(": ");
        if (clocked.size() < model.clocks.size()) {
            line.append(model.clocks.size() - clocked.size()).append(" free-running clock(s) released by the workers")
                    .append(clocked.isEmpty() ? "" : "; ");
        }
        for (int i = 0; i < clocked.size(); i++) {
            RuntimeClock clock = clocked.get(i);
            ClockBackends.Choice choice = choices.get(i);
            line.append(i == 0 ? "" : "; ").append(clock).append(": ").append(clock.backend());
            String fallback = clock.entered() == null ? null : clock.entered().fallback();
            for (String note : new String[] {choice.note(), fallback}) {
                if (note != null) {
                    System.Logger.Level level =
                            choice.requested() ? System.Logger.Level.WARNING : System.Logger.Level.INFO;
                    LOG.log(level, "StreamFlex " + graphName + ", " + clock + ": " + note);
                }
            }
        }
        LOG.log(System.Logger.Level.INFO, line.toString());
    }

    private void threadExited() {
        terminated.countDown();
        if (terminated.getCount() == 0) {
            atomicFilters().forEach(FilterAtomicity::applyCallsDirectly);
            running = false;
            state = State.STOPPED;
            freeOffHeap();
            closeLinks();
            reporter.stopped();
            mbeans.unregister();
            runStopHooks();
        }
    }

    /**
     * Runs {@code hook} once the graph has stopped (at once if it has): on the thread that stops
     * it, after every filter's last work(). A hook that throws is logged and the others still run.
     */
    void whenStopped(Runnable hook) {
        boolean now;
        synchronized (this) {
            stopHooks.add(hook);
            now = stopHooksRan;
        }
        if (now) {
            runHook(hook);
        }
    }

    private void runStopHooks() {
        List<Runnable> hooks;
        synchronized (this) {
            if (stopHooksRan) {
                return;
            }
            stopHooksRan = true;
            hooks = List.copyOf(stopHooks); // one added from now on runs at once, by whenStopped
        }
        hooks.forEach(GraphLifecycle::runHook);
    }

    private static void runHook(Runnable hook) {
        try {
            hook.run();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "a hook run when the graph stopped threw", e);
        }
    }

    /** After the last thread: a node tells the server what it sent; the server stops listening. */
    private void closeLinks() {
        if (crossing != null) {
            crossing.close();
        }
    }

    private List<FilterAtomicity> atomicFilters() {
        return model.filters.stream().map(w -> w.task.atomicity()).filter(a -> a != null).toList();
    }

    /** Frees the off-heap memory of every filter: the graph will not run again. */
    private void freeOffHeap() {
        model.filters.forEach(w -> w.task.offHeap().close());
    }

    /** Records the first failure, stops every clock, then reports it (on the failed clock's thread). */
    private void fail(BoundaryError error) {
        failure.compareAndSet(null, error);
        running = false;
        threads.forEach(ClockThread::wake);
        Workers w = workers;
        if (w != null) {
            w.wake();
        }
        reporter.stopping(error);
    }

    void stop() {
        List<ClockThread> toJoin;
        synchronized (this) {
            if (state == State.BUILDING || state == State.VALIDATED || state == State.DRIVEN) {
                if (state == State.DRIVEN) {
                    reporter.stopped();
                }
                state = State.STOPPED;
                freeOffHeap();
                toJoin = null;
            } else {
                running = false;
                toJoin = threads;
            }
        }
        if (toJoin == null) {
            runStopHooks();
            return;
        }
        boolean interrupted = false;
        List<Thread> joined = new ArrayList<>();
        for (ClockThread clockThread : toJoin) {
            clockThread.wake();
            joined.add(clockThread.thread());
        }
        Workers w = workers;
        if (w != null) {
            w.wake();
            joined.addAll(w.threads());
        }
        for (Thread thread : joined) {
            while (thread != Thread.currentThread()) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        CountDownLatch latch;
        synchronized (this) {
            if (state == State.BUILDING || state == State.VALIDATED) {
                throw new IllegalStateException("awaitTermination() on a graph that was not started");
            }
            latch = terminated;
        }
        boolean done = latch == null || latch.await(timeout, unit);
        BoundaryError error = failure.get();
        if (done && error != null) {
            throw error;
        }
        return done;
    }

    BoundaryError failure() {
        return failure.get();
    }

    // ---------------------------------------------------------------- driving

    synchronized List<RuntimeClock> beginDriving() {
        if (state == State.BUILDING) {
            throw new StreamFlexError("a driver needs a validated graph: call validate() first");
        }
        if (state != State.VALIDATED) {
            throw new StreamFlexError("a driver needs a graph that has not run ("
                    + state.name().toLowerCase(Locale.ROOT) + ")");
        }
        if (crossing != null) {
            throw new StreamFlexError("a driver runs a whole graph on one thread, and " + graphName + " is built as "
                    + settings.deployment() + ": drive it built whole (streamflex.site=whole), or start() it");
        }
        state = State.DRIVEN;
        fixFailurePolicies();
        model.clocks.forEach(RuntimeClock::markDriven);
        return List.copyOf(model.clocks);
    }

    synchronized void driverFailed(BoundaryError error) {
        failure.compareAndSet(null, error);
        state = State.STOPPED;
        freeOffHeap();
        reporter.stopping(error);
        reporter.stopped();
        runStopHooks();
    }

    boolean drivable() {
        return state == State.DRIVEN;
    }
}
