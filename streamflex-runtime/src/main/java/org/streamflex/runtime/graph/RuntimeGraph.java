package org.streamflex.runtime.graph;

import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.streamflex.BoundaryError;
import org.streamflex.Clock;
import org.streamflex.DataChannel;
import org.streamflex.Deployment;
import org.streamflex.FailureListener;
import org.streamflex.FailurePolicy;
import org.streamflex.Filter;
import org.streamflex.GraphCounters;
import org.streamflex.RealTime;
import org.streamflex.StreamFlexError;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.capsule.CapsulePools;
import org.streamflex.runtime.clock.ClockBackends;
import org.streamflex.runtime.clock.ReleaseObserver;
import org.streamflex.runtime.clock.RuntimeClock;
import org.streamflex.runtime.counter.CounterMBeans;
import org.streamflex.runtime.counter.CounterOwner;
import org.streamflex.runtime.counter.CounterRegistry;
import org.streamflex.runtime.net.CrossingLinks;
import org.streamflex.runtime.schedule.FilterTask;
import org.streamflex.runtime.schedule.SchedulePlan;
import org.streamflex.runtime.schedule.Workers;
import org.streamflex.spi.GraphAssembly;

/**
 * The runtime's side of one graph, as the API and the runtime's tools see it. It delegates each
 * question to the class that answers it: how filters are made and named ({@link FilterFactory}),
 * what a connect makes ({@link ClockLinks}, {@link ChannelLinks}), what {@code validate()} checks
 * ({@link GraphChecks}) and fixes ({@link GraphFreeze}), and where the graph is in its life
 * ({@link GraphLifecycle}). It answers the inspection calls itself.
 *
 * <p>Problems with what a {@code connect} or {@code make} call asks for are collected and
 * reported together by {@link #validate()}, like a compiler's errors; calls that cannot proceed
 * at all (a filter class that cannot be instantiated, a frozen graph) throw at once. The
 * configuration ({@link GraphSettings}) is read from the system properties when the graph is built.
 */
public final class RuntimeGraph implements GraphAssembly {
    private final GraphSettings settings = GraphSettings.fromProperties();
    private final CapsulePools pools = new CapsulePools();
    private final GraphModel model = new GraphModel();
    private final FilterFactory factory = new FilterFactory(model, pools, settings);
    private final ClockLinks clockLinks = new ClockLinks(model);
    private final ChannelLinks channelLinks = new ChannelLinks(model);
    private final CounterRegistry counters = new CounterRegistry(filter -> model.require(filter).name);
    private final String graphName;
    private final CounterMBeans mbeans;
    private final GraphLifecycle lifecycle;
    /** Made by validate(). */
    private SchedulePlan plan;
    /** What fusion did with each static subgraph of the plan, one line each; made by validate(). */
    private List<String> fusion = List.of();
    /** The filters that run on worker threads once started; chosen by validate(). */
    private Set<FilterWiring> onWorkers = Set.of();
    /** The network links of a node or server part; null for a whole graph. Made by validate(). */
    private CrossingLinks crossing;

    public RuntimeGraph(StreamFlexGraph graph) {
        this.graphName = graph.getClass().getSimpleName();
        this.mbeans = new CounterMBeans(counters, graphName, settings.jmx());
        this.lifecycle = new GraphLifecycle(graphName, model, pools, mbeans);
    }

    // ---------------------------------------------------------------- building

    @Override
    public <F extends Filter> F makeFilter(String name, Class<F> type, int stableBytes, int transientBytes) {
        lifecycle.requireBuilding("makeFilter");
        return factory.make(name, type, stableBytes, transientBytes);
    }

    @Override
    public Clock makeClock(int periodMicros) {
        lifecycle.requireBuilding("makeClock");
        return clockLinks.makeClock(periodMicros);
    }

    @Override
    public void connect(Clock clock, Filter target, String targetField) {
        lifecycle.requireBuilding("connect");
        clockLinks.connect(clock, target, targetField);
    }

    @Override
    public void connect(Filter source, String sourceField, Filter target, String targetField, int capacity) {
        lifecycle.requireBuilding("connect");
        channelLinks.connect(source, sourceField, target, targetField, capacity);
    }

    @Override
    public void runOnWorkers(Filter filter) {
        lifecycle.requireBuilding("runOnWorkers");
        FilterWiring w = model.wiringOf(filter);
        if (w != null && !model.onWorkers.contains(w)) {
            model.onWorkers.add(w);
        }
    }

    @Override
    public void runOnServer(Filter filter) {
        lifecycle.requireBuilding("runOnServer");
        FilterWiring w = model.wiringOf(filter);
        if (w != null && !model.onServer.contains(w)) {
            model.onServer.add(w);
        }
    }

    @Override
    public Deployment deployment() {
        return settings.deployment();
    }

    /** The network links of a graph built as a node or the server; null for a whole graph. */
    public CrossingLinks crossingLinks() {
        return crossing;
    }

    @Override
    public void validate() {
        if (!lifecycle.isBuilding()) {
            return;
        }
        List<String> found = GraphChecks.check(model, settings.maxRegionBytes());
        found.addAll(RateDeclarations.check(model));
        if (found.isEmpty()) {
            crossing = GraphSplit.split(model, factory, clockLinks, settings.deployment(), graphName, found);
        }
        if (found.isEmpty()) {
            plan = RateDeclarations.plan(model, found);
        }
        if (found.isEmpty()) {
            onWorkers = WorkerAssignment.choose(model, plan, settings.workers(), found);
        }
        if (!found.isEmpty()) {
            throw new StreamFlexError(found);
        }
        GraphFreeze.freeze(model, pools);
        RateDeclarations.installTriggers(model);
        if (settings.ratesCheck()) {
            RateDeclarations.installChecks(model);
        }
        fusion = settings.fusion() ? Fusion.fuse(model, plan, factory, settings)
                : plan.subgraphs().isEmpty() ? List.of() : List.of("fusion is off (-Dstreamflex.fusion=false)");
        GraphCounterRegistration.registerAll(counters, model);
        if (crossing != null) {
            crossing.registerCounters(counters);
        }
        lifecycle.validated(onWorkers, settings, crossing);
        registerWorkerCounters();
    }

    /** Each worker thread's counts, read from the workers once they start (0 before). */
    private void registerWorkerCounters() {
        int planned = lifecycle.plannedWorkers();
        for (int i = 0; i < planned; i++) {
            int index = i;
            String name = "worker-" + i;
            counters.register(CounterOwner.WORKER, name, "busyTurns", "rounds over its units in which one made"
                    + " progress (count)", () -> lifecycle.workerCount(index, "busyTurns"));
            counters.register(CounterOwner.WORKER, name, "idleTurns", "rounds over its units in which none did:"
                    + " spinning, or looking once more before parking (count)",
                    () -> lifecycle.workerCount(index, "idleTurns"));
            counters.register(CounterOwner.WORKER, name, "parks", "times it parked for want of work (count)",
                    () -> lifecycle.workerCount(index, "parks"));
        }
    }

    /** The static subgraphs and steady states the declared rates give; null before validate(). */
    public SchedulePlan schedulePlan() {
        return plan;
    }

    /** The worker threads running the graph's work once it started, else null: for tests that move its units. */
    public Workers workers() {
        return lifecycle.workers();
    }

    @Override
    public String schedule() {
        if (plan == null) {
            throw new StreamFlexError("schedule() before validate(): the plan is made when the graph is validated");
        }
        StringBuilder s = new StringBuilder(plan.describe());
        fusion.forEach(line -> s.append(line).append('\n'));
        s.append(lifecycle.describeWorkers());
        if (crossing != null) {
            s.append(crossing.describe());
        }
        return s.toString();
    }

    @Override
    public boolean isValidated() {
        return !lifecycle.isBuilding();
    }

    // ---------------------------------------------------------------- running

    @Override
    public void setRealTime(RealTime options) {
        lifecycle.setRealTime(options);
    }

    /**
     * Replaces how each clock's backend is chosen (by default {@link ClockBackends#choose} on
     * this platform); before {@code start()}. For tests and measuring harnesses.
     */
    public void chooseClockBackends(BiFunction<RuntimeClock, RealTime, ClockBackends.Choice> chooser) {
        lifecycle.chooseClockBackends(chooser);
    }

    /**
     * Runs {@code hook} once when the graph has stopped, whichever way (stopped, failed, or stopped
     * before it ran; at once if it has already), after every filter's last {@code work()}: for what
     * the graph's filters hold outside it, such as a space-time memory they joined.
     */
    public void whenStopped(Runnable hook) {
        lifecycle.whenStopped(hook);
    }

    /** Has {@code observer} see every release of {@code clock}; before {@code start()}. */
    public void observeReleases(Clock clock, ReleaseObserver observer) {
        lifecycle.requireNotStarted("observeReleases");
        RuntimeClock rc = model.clockOf(clock);
        if (rc == null) {
            throw new StreamFlexError("observeReleases: the clock was not made by this graph");
        }
        rc.observe(observer);
    }

    @Override
    public void start() {
        lifecycle.start();
    }

    @Override
    public void stop() {
        lifecycle.stop();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return lifecycle.awaitTermination(timeout, unit);
    }

    @Override
    public BoundaryError failure() {
        return lifecycle.failure();
    }

    @Override
    public void setFailurePolicy(Filter filter, FailurePolicy policy) {
        lifecycle.setFailurePolicy(filter == null ? null : model.require(filter).task, policy);
    }

    @Override
    public void addFailureListener(FailureListener listener) {
        lifecycle.addFailureListener(listener);
    }

    @Override
    public long failureCount(Filter filter) {
        return taskOf(filter).failureCount().failures();
    }

    @Override
    public long discardedCount(Filter filter) {
        return taskOf(filter).failureCount().discarded();
    }

    // ---------------------------------------------------------------- driving

    /** Switches the validated graph to single-threaded driving; returns its clocks in order. */
    public List<RuntimeClock> beginDriving() {
        return lifecycle.beginDriving();
    }

    /** A driven release threw: record it and stop. */
    public void driverFailed(BoundaryError error) {
        lifecycle.driverFailed(error);
    }

    /** Whether a driver may still release (driving, not failed or stopped). */
    public boolean drivable() {
        return lifecycle.drivable();
    }

    // ---------------------------------------------------------------- inspection

    @Override
    public DataChannel channel(Filter filter, String field) {
        FilterWiring w = model.require(filter);
        int bracket = field.indexOf('[');
        String name = bracket < 0 ? field : field.substring(0, bracket);
        ChannelField f = w.fields.get(name);
        if (f == null) {
            throw new StreamFlexError(ConnectHints.noSuchField(w, name));
        }
        Object found = f.channel;
        if (f.array) {
            int index = bracket < 0 || !field.endsWith("]") ? -1
                    : parseIndex(field.substring(bracket + 1, field.length() - 1));
            if (index < 0 || index >= f.elements.size()) {
                throw new StreamFlexError(f.describe() + " is an array of " + f.elements.size()
                        + " channels: name one by its index, from 0, as in \"" + name + "[0]\"");
            }
            found = f.elements.get(index);
        }
        if (!(found instanceof DataChannel channel)) {
            throw new StreamFlexError(f.describe() + " is not a connected data channel");
        }
        return channel;
    }

    private static int parseIndex(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The capsule pools of this graph, for statistics. */
    public CapsulePools pools() {
        return pools;
    }

    /**
     * Turns transient regions on or off for the filters of this graph before it runs (on by
     * default; property {@code streamflex.regions=false} turns them off for every graph built
     * while it is set). Off, woven code allocates on the heap as plain Java does: for comparing the
     * two and for diagnosis.
     */
    public void useRegions(boolean on) {
        lifecycle.requireNotStarted("useRegions");
        if (!on) {
            model.filters.forEach(w -> w.task.disableRegion());
        }
    }

    /**
     * Counts, per filter, the heap bytes its work() calls allocate (property
     * {@code streamflex.heapAccounting=true} does it for every graph). It costs two reads of the
     * thread's allocation counter per work(), so it is off by default; read the counts with
     * {@link #heapBytes(Filter)} or the counter {@code filter.<name>.heapBytes}.
     */
    public void countHeapBytes() {
        countHeapBytes(null);
    }

    @Override
    public void countHeapBytes(Filter filter) {
        if (filter == null) {
            model.filters.forEach(w -> w.task.countHeapBytes());
        } else {
            model.require(filter).task.countHeapBytes();
        }
    }

    @Override
    public GraphCounters counters() {
        return counters;
    }

    /** The graph's counter registry. */
    public CounterRegistry counterRegistry() {
        return counters;
    }

    /** The graph's MBeans (registered while it runs). */
    public CounterMBeans mbeans() {
        return mbeans;
    }

    @Override
    public String toDot() {
        String name = mbeans.graphName();
        return GraphPicture.of(name == null ? graphName : name, model, counters);
    }

    /** Heap bytes the filter's work() calls allocated since counting started (0 if not counting). */
    public long heapBytes(Filter filter) {
        return taskOf(filter).heapBytes();
    }

    /** The filters of this graph, in creation order. */
    public List<Filter> filters() {
        return model.filters.stream().map(w -> w.filter).toList();
    }

    /** The scheduler's view of a filter of this graph. */
    public FilterTask taskOf(Filter filter) {
        return model.require(filter).task;
    }
}
