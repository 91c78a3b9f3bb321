package org.streamflex.runtime.graph;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import org.streamflex.BoundaryError;
import org.streamflex.Capsule;
import org.streamflex.Clock;
import org.streamflex.DataChannel;
import org.streamflex.Filter;
import org.streamflex.RealTime;
import org.streamflex.StreamFlexError;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.capsule.CapsulePools;
import org.streamflex.runtime.capsule.CapsuleType;
import org.streamflex.runtime.channel.CapsuleRing;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.channel.TimeSlot;
import org.streamflex.runtime.clock.ClockBackends;
import org.streamflex.runtime.clock.ClockPlatform;
import org.streamflex.runtime.clock.ClockThread;
import org.streamflex.runtime.clock.ReleaseObserver;
import org.streamflex.runtime.clock.RuntimeClock;
import org.streamflex.runtime.clock.StartGate;
import org.streamflex.runtime.region.StableRegion;
import org.streamflex.runtime.schedule.FilterTask;
import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.Regions;
import org.streamflex.runtime.atomic.FilterAtomicity;
import org.streamflex.spi.GraphAssembly;
import org.streamflex.spi.StableAccount;

/**
 * The runtime's side of one graph: builds it (making filters and clocks, creating and injecting
 * channels), validates it, and runs it on clock threads or under a {@link
 * org.streamflex.runtime.GraphDriver}.
 *
 * <p>Problems with what a {@code connect} or {@code make} call asks for are collected and
 * reported together by {@link #validate()}, like a compiler's errors; calls that cannot proceed
 * at all (a filter class that cannot be instantiated, a frozen graph) throw at once.
 */
public final class RuntimeGraph implements GraphAssembly {
    /** Largest channel capacity accepted. */
    public static final int MAX_CAPACITY = 1 << 24;

    private enum State { BUILDING, VALIDATED, RUNNING, DRIVEN, STOPPED }

    private static final System.Logger LOG = System.getLogger("org.streamflex.runtime");

    private final StreamFlexGraph graph;
    /** Read from the system properties when the graph is built, so each graph sees them as they are then. */
    private final GraphSettings settings = GraphSettings.fromProperties();
    private final CapsulePools pools = new CapsulePools();
    private final List<FilterWiring> filters = new ArrayList<>();
    private final Map<Filter, FilterWiring> byFilter = new IdentityHashMap<>();
    private final List<RuntimeClock> clocks = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private final AtomicReference<BoundaryError> failure = new AtomicReference<>();

    private volatile State state = State.BUILDING;
    private volatile boolean running;
    private List<ClockThread> threads = List.of();
    private CountDownLatch terminated;
    private RealTime realTime;
    private BiFunction<RuntimeClock, RealTime, ClockBackends.Choice> backends =
            (clock, options) -> ClockBackends.choose(clock.periodMicros(), options, ClockPlatform.current());

    public RuntimeGraph(StreamFlexGraph graph) {
        this.graph = graph;
    }

    // ---------------------------------------------------------------- building

    @Override
    public <F extends Filter> F makeFilter(Class<F> type, int stableBytes, int transientBytes) {
        requireBuilding("makeFilter");
        F filter;
        StableRegion stable = new StableRegion(type.getName(), Math.max(0, stableBytes));
        if (stableBytes >= 0) {
            stable.allocate(type); // the filter object itself lives in its stable region
        }
        // What the constructor keeps (its stable objects and arrays) counts against the stable region.
        RegionSlot slot = Regions.current();
        StableAccount outer = ApiAccess.stableOf(slot);
        ApiAccess.setStable(slot, stableBytes >= 0 ? stable : null);
        try {
            filter = instantiate(type);
        } finally {
            ApiAccess.setStable(slot, outer);
        }
        FilterTask task = new FilterTask(filter, pools, Math.max(0, transientBytes), stable, settings.atomicLimits());
        if (!settings.regions()) {
            task.disableRegion();
        }
        if (settings.heapAccounting()) {
            task.countHeapBytes();
        }
        ApiAccess.setContext(filter, task);
        FilterWiring wiring = new FilterWiring(filter, task, stableBytes, transientBytes);
        if (stableBytes < 0 || transientBytes < 0) {
            problems.add(wiring.simpleName() + " has a negative region size (stable " + stableBytes
                    + " bytes, transient " + transientBytes + " bytes): sizes must be 0 or more");
        }
        filters.add(wiring);
        byFilter.put(filter, wiring);
        return filter;
    }

    private static <F extends Filter> F instantiate(Class<F> type) {
        String name = type.getName();
        if (Modifier.isAbstract(type.getModifiers())) {
            throw new StreamFlexError("cannot create filter " + name + ": it is abstract; make a concrete subclass");
        }
        Constructor<F> constructor;
        try {
            constructor = type.getDeclaredConstructor();
        } catch (NoSuchMethodException e) {
            boolean inner = type.isMemberClass() && !Modifier.isStatic(type.getModifiers());
            throw new StreamFlexError("cannot create filter " + name + ": it has no constructor without parameters;"
                    + (inner ? " it is an inner class, declare it static" : " add one (any visibility)"));
        }
        try {
            constructor.setAccessible(true);
            return constructor.newInstance();
        } catch (InvocationTargetException e) {
            StreamFlexError error = new StreamFlexError("cannot create filter " + name + ": its constructor threw "
                    + e.getCause());
            error.initCause(e.getCause());
            throw error;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new StreamFlexError("cannot create filter " + name + ": " + e);
        }
    }

    @Override
    public Clock makeClock(int periodMicros) {
        requireBuilding("makeClock");
        RuntimeClock clock = new RuntimeClock(clocks.size(), periodMicros);
        if (periodMicros < 0) {
            problems.add("clock " + clock.index() + " has unsupported period " + periodMicros
                    + " us: use 0 (free-running) or a positive number of microseconds");
        }
        clocks.add(clock);
        return clock;
    }

    @Override
    public void connect(Clock clock, Filter target, String targetField) {
        requireBuilding("connect");
        if (!(clock instanceof RuntimeClock rc) || !clocks.contains(rc)) {
            problems.add("a clock passed to connect was not made by this graph: use this graph's makeClock");
            return;
        }
        FilterWiring dst = wiringOf(target);
        if (dst == null) {
            return;
        }
        if (rc.target() != null) {
            problems.add(rc + " is already connected to " + rc.target().filter().getClass().getSimpleName()
                    + ": a clock releases one filter; make another clock");
            return;
        }
        ChannelField field = null;
        if (targetField != null) {
            field = dst.fields.get(targetField);
            if (field == null) {
                problems.add(noSuchField(dst, targetField));
                return;
            }
            if (field.kind != ChannelKind.TIME) {
                problems.add(field.describe() + " is not a time channel: connect a clock to a TimeChannel field");
                return;
            }
            if (field.claimed) {
                problems.add(field.describe() + " is already connected; each channel field takes one connect");
                return;
            }
        } else {
            List<ChannelField> free = dst.free(true);
            if (free.size() > 1) {
                problems.add("cannot choose the time channel of " + dst.simpleName() + " among " + names(free)
                        + ": name it, as in connect(clock, filter, \"" + free.getFirst().name() + "\")");
                return;
            }
            field = free.isEmpty() ? null : free.getFirst();
        }
        // A filter without a TimeChannel field is still released: the tick goes to a hidden slot.
        TimeSlot slot = new TimeSlot(rc + " -> " + dst.simpleName() + (field == null ? "" : "." + field.name()));
        if (field != null) {
            field.claimed = true;
            field.inject(target, slot);
        }
        dst.timers.add(slot);
        rc.bind(dst.task, slot);
    }

    @Override
    public void connect(Filter source, String sourceField, Filter target, String targetField, int capacity) {
        requireBuilding("connect");
        FilterWiring src = wiringOf(source);
        FilterWiring dst = wiringOf(target);
        if (src == null || dst == null) {
            return;
        }
        if (src.isJoiner() && dst.isJoiner()) {
            problems.add("cannot connect a " + src.simpleName() + " directly to a " + dst.simpleName()
                    + ": put a filter between them, or connect all inputs to one Joiner");
            return;
        }
        if (src.isSplitter() && dst.isSplitter()) {
            problems.add("cannot connect a " + src.simpleName() + " directly to a " + dst.simpleName()
                    + ": put a filter between them, or connect all outputs from one splitter");
            return;
        }
        boolean splitterOutput = src.isSplitter() && (sourceField == null || sourceField.equals("out"));
        ChannelField out = splitterOutput ? null : chooseField(src, sourceField, "out", "output");
        boolean joinerInput = dst.isJoiner() && (targetField == null || targetField.equals("in"));
        ChannelField in = joinerInput ? null : chooseField(dst, targetField, "in", "input");
        if ((out == null && !splitterOutput) || (in == null && !joinerInput)) {
            return;
        }
        String link = src.simpleName() + (splitterOutput ? ".out[" + src.splitterOutputs.size() + "]" : "." + out.name())
                + " -> " + dst.simpleName()
                + (joinerInput ? ".in[" + dst.joinerInputs.size() + "]" : "." + in.name());
        // A built-in's channels take the kind of what they connect to: a splitter's that of its
        // input, a joiner's that of its inputs, or else that of the other end.
        ChannelKind produced;
        Class<? extends Capsule> producedElement;
        if (splitterOutput) {
            produced = src.splitterInputKind;
            producedElement = src.splitterInputElement;
        } else if (out.kind == ChannelKind.ANY) {
            FilterWiring.JoinerInput first = src.joinerInputs.isEmpty() ? null : src.joinerInputs.getFirst();
            produced = first == null ? null : first.kind();
            producedElement = first == null || first.elementType() == null ? null
                    : first.elementType().asSubclass(Capsule.class);
        } else {
            produced = out.kind;
            producedElement = out.elementType;
        }
        boolean consumerTyped = !joinerInput && in.kind != ChannelKind.ANY;
        ChannelKind kind;
        Class<? extends Capsule> elementType;
        if (consumerTyped && (produced == null || out != null && out.kind == ChannelKind.ANY)) {
            kind = in.kind;
            elementType = in.elementType;
        } else if (produced != null) {
            kind = produced;
            elementType = producedElement;
        } else {
            problems.add("cannot tell what " + link + " carries: connect the inputs of " + src.simpleName()
                    + " before its outputs");
            return;
        }
        if (out != null && out.kind == ChannelKind.ANY) { // a Joiner's output takes the kind of its consumer
            src.joinerOutputKind = kind;
            src.joinerOutputElement = elementType;
            src.joinerOutputTarget = joinerInput ? dst.simpleName() : in.describe();
        }
        if (!joinerInput && in.kind == ChannelKind.ANY) { // a splitter's input takes the kind of its producer
            dst.splitterInputKind = kind;
            dst.splitterInputElement = elementType;
        }
        boolean producerTyped = out != null && out.kind != ChannelKind.ANY;
        if (producerTyped && consumerTyped && !matches(out, in)) {
            problems.add("element types do not match: " + out.describe() + " cannot feed " + in.describe()
                    + "; declare both fields with the same channel type"
                    + (kind == ChannelKind.CAPSULE && in.kind == ChannelKind.CAPSULE
                            ? " (a Channel<A> feeds a Channel<B> only if A is a B)" : ""));
            return;
        }
        if (splitterOutput && consumerTyped && produced != null && (produced != in.kind
                || produced == ChannelKind.CAPSULE && !in.elementType.isAssignableFrom(producedElement))) {
            problems.add("element types do not match: " + link + " would carry what " + src.simpleName()
                    + " receives into " + in.describe() + "; every channel of a splitter carries the same kind of item");
            return;
        }
        if (kind == ChannelKind.TIME || (in != null && in.kind == ChannelKind.TIME)) {
            return; // reported by chooseField
        }
        if (capacity <= 0 || capacity > MAX_CAPACITY) {
            problems.add("capacity of channel " + link + " must be between 1 and " + MAX_CAPACITY
                    + ", was " + capacity);
            return;
        }
        if (kind == ChannelKind.CAPSULE) {
            try {
                CapsuleType.checkFields(elementType);
            } catch (StreamFlexError e) {
                problems.add(e.getMessage() + "; it is carried by " + link);
                return;
            }
        }
        DataChannel channel = kind.newChannel(capacity, link, elementType);
        SpscRing ring = (SpscRing) ApiAccess.storeOf(channel);
        if (splitterOutput) {
            src.splitterOutputs.add(new FilterWiring.JoinerInput(kind, elementType, channel, link));
        } else {
            out.inject(source, channel);
        }
        if (joinerInput) {
            dst.joinerInputs.add(new FilterWiring.JoinerInput(kind, elementType, channel, out.describe()));
        } else {
            in.inject(target, channel);
        }
        if (ring instanceof CapsuleRing capsules) {
            capsules.bind(src.task, dst.task);
        }
        src.outputs.add(ring);
        dst.inputs.add(ring);
        src.downstream.add(dst);
    }

    private static boolean matches(ChannelField out, ChannelField in) {
        if (out.kind != in.kind) {
            return false;
        }
        return out.kind != ChannelKind.CAPSULE || in.elementType.isAssignableFrom(out.elementType);
    }

    /** The field a connect names, or the one its short form chooses; null after recording a problem. */
    private ChannelField chooseField(FilterWiring w, String name, String conventional, String role) {
        ChannelField field;
        if (name != null) {
            field = w.fields.get(name);
            if (field == null) {
                problems.add(noSuchField(w, name));
                return null;
            }
        } else {
            List<ChannelField> free = w.free(false);
            ChannelField byName = w.fields.get(conventional);
            if (byName != null && !byName.claimed && byName.kind != ChannelKind.TIME) {
                field = byName;
            } else if (free.size() == 1) {
                field = free.getFirst();
            } else if (free.isEmpty()) {
                problems.add(w.simpleName() + " has no free channel field for an " + role
                        + ": declare one (for example private IntChannel " + conventional
                        + ";) or check the earlier connects");
                return null;
            } else {
                problems.add("cannot choose the " + role + " field of " + w.simpleName() + " among " + names(free)
                        + ": name it in connect, as in \"" + free.getFirst().name() + "\"");
                return null;
            }
        }
        if (field.kind == ChannelKind.TIME) {
            problems.add(field.describe() + " is a time channel: only clocks write time channels;"
                    + " use connect(clock, filter, \"" + field.name() + "\")");
            field.claimed = true;
            return null;
        }
        if (field.claimed) {
            problems.add(field.describe() + " is already connected; each channel field takes one connect");
            return null;
        }
        field.claimed = true;
        return field;
    }

    private static String noSuchField(FilterWiring w, String name) {
        return "filter " + w.simpleName() + " has no channel field \"" + name + "\": its channel fields are "
                + w.channelFieldNames() + "; fix the name in connect";
    }

    private static List<String> names(List<ChannelField> fields) {
        return fields.stream().map(ChannelField::name).toList();
    }

    private FilterWiring wiringOf(Filter filter) {
        FilterWiring wiring = byFilter.get(filter);
        if (wiring == null) {
            problems.add(filter.getClass().getSimpleName()
                    + " was not made by this graph: create filters with this graph's makeFilter");
        }
        return wiring;
    }

    private void requireBuilding(String call) {
        if (state != State.BUILDING) {
            throw new StreamFlexError(call + " after validate(): the graph is frozen once validated");
        }
    }

    // ---------------------------------------------------------------- validation

    @Override
    public void validate() {
        if (state != State.BUILDING) {
            return;
        }
        List<String> found = new ArrayList<>(problems);
        found.addAll(GraphChecks.check(filters, clocks, settings.maxRegionBytes(), !problems.isEmpty()));
        if (!found.isEmpty()) {
            throw new StreamFlexError(found);
        }
        freeze();
        state = State.VALIDATED;
    }

    @Override
    public boolean isValidated() {
        return state != State.BUILDING;
    }

    private void freeze() {
        Map<FilterWiring, Integer> reachedBy = GraphChecks.clocksReaching(filters, clocks, byFilter);
        for (RuntimeClock clock : clocks) {
            clock.applyCallsOf(GraphChecks.reachedFrom(clock, byFilter).stream()
                    .filter(w -> w.task.atomicity() != null && reachedBy.getOrDefault(w, 0) == 1)
                    .map(w -> w.task.atomicity()).toArray(FilterAtomicity[]::new));
        }
        if (clocks.size() == 1) {
            // One clock thread runs every filter: no ring is ever seen by two threads.
            filters.forEach(w -> w.outputs.forEach(SpscRing::confine));
        }
        int capsuleCapacity = 0;
        for (FilterWiring w : filters) {
            if (w.isJoiner()) {
                injectArray(w, "inputs", w.joinerInputs);
            }
            if (w.isSplitter()) {
                injectArray(w, "outputs", w.splitterOutputs);
            }
            for (SpscRing r : w.outputs) {
                if (r instanceof CapsuleRing) {
                    capsuleCapacity += r.capacity();
                }
            }
            FilterTask[] downstream = w.downstream.stream().map(d -> d.task).toArray(FilterTask[]::new);
            w.task.wire(w.inputs.toArray(SpscRing[]::new), w.outputs.toArray(SpscRing[]::new),
                    w.timers.toArray(TimeSlot[]::new), downstream, overridesTrigger(w.filter.getClass()),
                    reachedBy.getOrDefault(w, 0) > 1);
        }
        // Live capsules are bounded by what the channels hold plus what works have in hand.
        long wanted = Math.max(1024L, 2L * capsuleCapacity);
        pools.capacity((int) Math.min(1 << 20, wanted));
    }

    /** Gives a built-in joiner or splitter its channels, in connection order. */
    private static void injectArray(FilterWiring builtin, String fieldName, List<FilterWiring.JoinerInput> ports) {
        DataChannel[] channels = ports.stream().map(i -> (DataChannel) i.channel()).toArray(DataChannel[]::new);
        try {
            var field = builtin.filter.getClass().getDeclaredField(fieldName);
            field.setAccessible(true);
            field.set(builtin.filter, channels);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the runtime does not match this API version: " + e, e);
        }
    }

    private static boolean overridesTrigger(Class<?> type) {
        for (Class<?> c = type; c != Filter.class; c = c.getSuperclass()) {
            try {
                c.getDeclaredMethod("trigger");
                return true;
            } catch (NoSuchMethodException e) {
                // keep looking in the superclass
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- running

    @Override
    public synchronized void setRealTime(RealTime options) {
        requireNotStarted("setRealTime");
        this.realTime = options;
    }

    /**
     * Replaces how each clock's backend is chosen (by default {@link ClockBackends#choose} on
     * this platform); before {@code start()}. For tests and measuring harnesses.
     */
    public synchronized void chooseClockBackends(BiFunction<RuntimeClock, RealTime, ClockBackends.Choice> chooser) {
        requireNotStarted("chooseClockBackends");
        this.backends = chooser;
    }

    /** Has {@code observer} see every release of {@code clock}; before {@code start()}. */
    public synchronized void observeReleases(Clock clock, ReleaseObserver observer) {
        requireNotStarted("observeReleases");
        if (!(clock instanceof RuntimeClock rc) || !clocks.contains(rc)) {
            throw new StreamFlexError("observeReleases: the clock was not made by this graph");
        }
        rc.observe(observer);
    }

    private void requireNotStarted(String call) {
        if (state != State.BUILDING && state != State.VALIDATED) {
            throw new StreamFlexError(call + "() on a graph that has started: call it before start()");
        }
    }

    @Override
    public synchronized void start() {
        if (state == State.BUILDING) {
            throw new StreamFlexError("start() before validate(): call validate() at the end of the graph's constructor");
        }
        if (state != State.VALIDATED) {
            throw new StreamFlexError("start() on a graph that already ran (" + state.name().toLowerCase()
                    + "): a graph runs once; build a new one");
        }
        RealTime options = realTime != null ? realTime : RealTime.defaults(); // code wins over the properties
        prefillCapsulePools();
        // From here on only clock threads write the filters' state: @Atomic calls go through them.
        filters.stream().map(w -> w.task.atomicity()).filter(a -> a != null).forEach(FilterAtomicity::queueCalls);
        state = State.RUNNING;
        running = true;
        terminated = new CountDownLatch(clocks.size());
        StartGate gate = new StartGate(clocks.size());
        List<ClockThread> started = new ArrayList<>();
        List<ClockBackends.Choice> choices = new ArrayList<>();
        for (RuntimeClock clock : clocks) {
            ClockBackends.Choice choice = backends.apply(clock, options);
            choices.add(choice);
            started.add(new ClockThread(clock, choice.backend(), gate, () -> running, this::fail, this::threadExited));
        }
        threads = Collections.unmodifiableList(started);
        threads.forEach(t -> t.thread().start());
        gate.awaitReady();
        logBackends(choices);
        // Boundary 0 a millisecond ahead: every thread is parked at the gate by then.
        gate.open(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1));
    }

    /**
     * Creates each capsule channel's pool and fills it with as many capsules as the channel holds,
     * here rather than in the first releases, which would otherwise construct them (a few hundred
     * microseconds for a small graph: enough to miss the first deadlines at short periods).
     * Abstract element types are skipped: which subclasses their filters make is not known.
     */
    private void prefillCapsulePools() {
        for (FilterWiring w : filters) {
            for (SpscRing r : w.outputs) {
                if (r instanceof CapsuleRing ring && !Modifier.isAbstract(ring.elementType().getModifiers())) {
                    pools.pool(ring.elementType()).prefill(ring.capacity());
                }
            }
        }
    }

    /** One line for the graph, plus one per fallback: the start-up log the README describes. */
    private void logBackends(List<ClockBackends.Choice> choices) {
        StringBuilder line = new StringBuilder("StreamFlex ").append(graph.getClass().getSimpleName()).append(": ");
        for (int i = 0; i < clocks.size(); i++) {
            RuntimeClock clock = clocks.get(i);
            ClockBackends.Choice choice = choices.get(i);
            line.append(i == 0 ? "" : "; ").append(clock).append(": ").append(clock.backend());
            String fallback = clock.entered() == null ? null : clock.entered().fallback();
            for (String note : new String[] {choice.note(), fallback}) {
                if (note != null) {
                    System.Logger.Level level = choice.requested() ? System.Logger.Level.WARNING : System.Logger.Level.INFO;
                    LOG.log(level, "StreamFlex " + graph.getClass().getSimpleName() + ", " + clock + ": " + note);
                }
            }
        }
        LOG.log(System.Logger.Level.INFO, line.toString());
    }

    private void threadExited() {
        terminated.countDown();
        if (terminated.getCount() == 0) {
            filters.stream().map(w -> w.task.atomicity()).filter(a -> a != null)
                    .forEach(FilterAtomicity::applyCallsDirectly);
            running = false;
            state = State.STOPPED;
            freeOffHeap();
        }
    }

    /** Frees the off-heap memory of every filter: the graph will not run again. */
    private void freeOffHeap() {
        filters.forEach(w -> w.task.offHeap().close());
    }

    /** Records the first failure and stops every clock. */
    public void fail(BoundaryError error) {
        failure.compareAndSet(null, error);
        running = false;
        threads.forEach(ClockThread::wake);
    }

    @Override
    public void stop() {
        List<ClockThread> toJoin;
        synchronized (this) {
            if (state == State.BUILDING || state == State.VALIDATED) {
                state = State.STOPPED;
                freeOffHeap();
                return;
            }
            running = false;
            toJoin = threads;
            if (state == State.DRIVEN) {
                state = State.STOPPED;
                freeOffHeap();
            }
        }
        boolean interrupted = false;
        for (ClockThread clockThread : toJoin) {
            clockThread.wake();
            Thread thread = clockThread.thread();
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

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
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

    @Override
    public BoundaryError failure() {
        return failure.get();
    }

    @Override
    public DataChannel channel(Filter filter, String field) {
        FilterWiring w = byFilter.get(filter);
        if (w == null) {
            throw new StreamFlexError(filter.getClass().getSimpleName() + " was not made by this graph");
        }
        ChannelField f = w.fields.get(field);
        if (f == null) {
            throw new StreamFlexError(noSuchField(w, field));
        }
        if (!(f.channel instanceof DataChannel channel)) {
            throw new StreamFlexError(f.describe() + " is not a connected data channel");
        }
        return channel;
    }

    // ---------------------------------------------------------------- driving

    /** Switches the validated graph to single-threaded driving; returns its clocks in order. */
    public synchronized List<RuntimeClock> beginDriving() {
        if (state == State.BUILDING) {
            throw new StreamFlexError("a driver needs a validated graph: call validate() first");
        }
        if (state != State.VALIDATED) {
            throw new StreamFlexError("a driver needs a graph that has not run (" + state.name().toLowerCase() + ")");
        }
        state = State.DRIVEN;
        clocks.forEach(RuntimeClock::markDriven);
        return List.copyOf(clocks);
    }

    /** A driven release threw: record it and stop. */
    public synchronized void driverFailed(BoundaryError error) {
        failure.compareAndSet(null, error);
        state = State.STOPPED;
        freeOffHeap();
    }

    /** Whether a driver may still release (driving, not failed or stopped). */
    public boolean drivable() {
        return state == State.DRIVEN;
    }

    /** The capsule pools of this graph, for statistics. */
    public CapsulePools pools() {
        return pools;
    }

    /**
     * Turns transient regions on or off for the filters of this graph before it runs (on by
     * default; property {@code streamflex.regions=false} turns them off for every graph built while
     * it is set). Off,
     * woven code allocates on the heap as plain Java does: for comparing the two and for diagnosis.
     */
    public synchronized void useRegions(boolean on) {
        if (state != State.BUILDING && state != State.VALIDATED) {
            throw new StreamFlexError("useRegions() on a graph that already ran");
        }
        if (!on) {
            filters.forEach(w -> w.task.disableRegion());
        }
    }

    /**
     * Counts, per filter, the heap bytes its work() calls allocate (property
     * {@code streamflex.heapAccounting=true} does it for every graph). It costs two reads of the
     * thread's allocation counter per work(), so it is off by default; read the counts with
     * {@link #heapBytes(Filter)}.
     */
    public synchronized void countHeapBytes() {
        filters.forEach(w -> w.task.countHeapBytes());
    }

    /** Heap bytes the filter's work() calls allocated since counting started (0 if not counting). */
    public long heapBytes(Filter filter) {
        return taskOf(filter).heapBytes();
    }

    /** The filters of this graph, in creation order. */
    public List<Filter> filters() {
        return filters.stream().map(w -> w.filter).toList();
    }

    /** The scheduler's view of a filter of this graph. */
    public FilterTask taskOf(Filter filter) {
        FilterWiring w = byFilter.get(filter);
        if (w == null) {
            throw new StreamFlexError(filter.getClass().getSimpleName() + " was not made by this graph");
        }
        return w.task;
    }
}
