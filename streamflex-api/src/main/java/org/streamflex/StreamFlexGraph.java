package org.streamflex;

import java.util.Objects;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.streamflex.spi.GraphAssembly;
import org.streamflex.spi.GraphRuntime;

/**
 * A stream processing application: subclass it, create and connect filters and clocks in the
 * constructor, then call {@link #validate()}. After {@code validate()} the graph is frozen.
 *
 * <pre>{@code
 * class Simple extends StreamFlexGraph {
 *     Simple(int period) {
 *         Clock clk = makeClock(period);
 *         Gen gen = makeFilter(Gen.class);
 *         Mid mid = makeFilter(Mid.class);
 *         Sink sink = makeFilter(Sink.class);
 *         connect(clk, gen, "timer");
 *         connect(gen, "out", mid, "in", 1);
 *         connect(mid, "out", sink, "in", 1);
 *         validate();
 *     }
 * }
 * Simple graph = new Simple(1000);
 * graph.start();
 * ...
 * graph.stop();
 * }</pre>
 *
 * <p>The implementation comes from the StreamFlex runtime on the class path
 * ({@code org.streamflex:streamflex-runtime}), found with {@link ServiceLoader}.
 */
public abstract class StreamFlexGraph {
    /** Stable region size of {@link #makeFilter(Class)}: 64 KiB. */
    public static final int DEFAULT_STABLE_BYTES = 64 * 1024;
    /** Transient region size of {@link #makeFilter(Class)}: 256 KiB. */
    public static final int DEFAULT_TRANSIENT_BYTES = 256 * 1024;

    private final GraphAssembly assembly;

    @SuppressWarnings("this-escape") // the runtime reads only the graph's class; subclasses build it after this returns
    protected StreamFlexGraph() {
        this.assembly = RuntimeHolder.RUNTIME.assemble(this);
    }

    /** Starts one thread per clock. The graph must be validated; a graph starts once. */
    public void start() {
        assembly.start();
    }

    /**
     * Stops the clocks after their current release and waits for their threads to end. Items
     * still in channels stay there. Calling it again, or on a graph that stopped by itself, does
     * nothing.
     */
    public void stop() {
        assembly.stop();
    }

    /**
     * Waits until the graph has stopped, by {@link #stop()} or because a filter failed. Failures
     * that the {@link FailurePolicy} skipped do not stop the graph and are not thrown here: they
     * are logged and passed to the {@link FailureListener}s. A service that never calls this still
     * learns that its graph stopped from the log (logger {@code org.streamflex.runtime}, ERROR) or
     * from a listener.
     *
     * @return true if the graph stopped, false if the timeout elapsed first
     * @throws BoundaryError if the graph stopped because an exception escaped a {@code work()} or
     *     {@code trigger()} (under a skip policy: one past the limit; the message says so)
     */
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return assembly.awaitTermination(timeout, unit);
    }

    /**
     * How the graph's periodic clocks are scheduled; call before {@link #start()}. Without it the
     * graph uses {@link RealTime#defaults()}.
     *
     * <pre>{@code
     * graph.setRealTime(RealTime.defaults().withBackend(RealTime.Backend.LINUX_FIFO).withCpu(1));
     * }</pre>
     *
     * @throws StreamFlexError if the graph has already started
     */
    public void setRealTime(RealTime realTime) {
        assembly.setRealTime(Objects.requireNonNull(realTime, "realTime"));
    }

    /**
     * Why the graph stopped by itself, or null if it did not: the failure that stopped it, not
     * those its {@link FailurePolicy} skipped (see {@link #failureCount(Filter)}).
     */
    public BoundaryError failure() {
        return assembly.failure();
    }

    /**
     * What the graph does when an exception escapes a {@code work()} or {@code trigger()}, for
     * every filter without a policy of its own; call before {@link #start()} (or a driver). The
     * default is {@link FailurePolicy#STOP_GRAPH}.
     *
     * <pre>{@code
     * graph.setFailurePolicy(FailurePolicy.skip(1_000));   // each filter may skip 1,000 failures
     * }</pre>
     *
     * @throws StreamFlexError if the graph has already started
     */
    public void setFailurePolicy(FailurePolicy policy) {
        assembly.setFailurePolicy(null, Objects.requireNonNull(policy, "policy"));
    }

    /**
     * The failure policy of one filter, which wins over the graph's; call before {@link #start()}.
     *
     * <pre>{@code
     * graph.setFailurePolicy(decoder, FailurePolicy.skip(Long.MAX_VALUE));   // bad input never stops it
     * }</pre>
     *
     * @throws StreamFlexError if the graph has already started, or the filter is not in this graph
     */
    public void setFailurePolicy(Filter filter, FailurePolicy policy) {
        assembly.setFailurePolicy(Objects.requireNonNull(filter, "filter"), Objects.requireNonNull(policy, "policy"));
    }

    /**
     * Has {@code listener} told about every failure of the graph's filters, skipped or stopping
     * the graph, on the thread that ran the filter (see {@link FailureListener}). Add listeners
     * before {@link #start()} to see every failure; one added later sees the failures from then on.
     *
     * <pre>{@code
     * graph.addFailureListener(f -> metrics.increment("failures." + f.filterName()));
     * }</pre>
     */
    public void addFailureListener(FailureListener listener) {
        assembly.addFailureListener(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Exceptions that escaped the filter's {@code work()} or {@code trigger()} since the graph
     * started, skipped or not; exact, readable from any thread.
     *
     * <pre>{@code
     * long bad = graph.failureCount(decoder);   // with discardedCount(decoder): the items they cost
     * }</pre>
     */
    public long failureCount(Filter filter) {
        return assembly.failureCount(Objects.requireNonNull(filter, "filter"));
    }

    /**
     * Items the filter took in releases that failed and were skipped, and that were therefore
     * consumed without their results being published; exact, readable from any thread.
     */
    public long discardedCount(Filter filter) {
        return assembly.discardedCount(Objects.requireNonNull(filter, "filter"));
    }

    /**
     * The channel connected to {@code field} of {@code filter}, to read its counters from Java.
     *
     * @throws StreamFlexError if that field is not a connected data channel
     */
    public DataChannel channel(Filter filter, String field) {
        return assembly.channel(Objects.requireNonNull(filter, "filter"), Objects.requireNonNull(field, "field"));
    }

    /**
     * The graph's named counters, per filter, channel, clock and {@code @Atomic} filter, readable
     * from any thread while the graph runs (and after it stopped). The same counters are MBeans on
     * the platform MBean server while the graph runs ({@code streamflex.jmx}).
     *
     * <pre>{@code
     * long fires = graph.counters().value(sink, "fires");
     * long drops = graph.counters().value("channel.Gen.out->Mid.in.dropped");
     * }</pre>
     */
    public GraphCounters counters() {
        return assembly.counters();
    }

    /**
     * Counts, for every filter of this graph, the heap bytes its {@code work()} calls allocate
     * (counter {@code filter.<name>.heapBytes}): what its regions could not take, such as string
     * concatenation or classes compiled without the StreamFlex plugin. Off by default because it
     * reads the thread's allocation counter twice per {@code work()}; property
     * {@code streamflex.heapAccounting=true} turns it on for every graph. It may be called while the
     * graph runs, after a warm-up for instance: it counts from each filter's next {@code work()}.
     *
     * <pre>{@code
     * graph.countHeapBytes();
     * graph.start();
     * ...
     * long leaked = graph.counters().value(parser, "heapBytes");
     * }</pre>
     */
    public void countHeapBytes() {
        assembly.countHeapBytes(null);
    }

    /**
     * Counts the heap bytes of one filter's {@code work()} calls, as {@link #countHeapBytes()} does
     * for all.
     *
     * @throws StreamFlexError if the filter is not of this graph
     */
    public void countHeapBytes(Filter filter) {
        assembly.countHeapBytes(Objects.requireNonNull(filter, "filter"));
    }

    /**
     * The graph in Graphviz DOT: its clocks, its filters by instance name and class, its channels
     * with their capacity, and the counters as they are now.
     *
     * <pre>{@code
     * Files.writeString(Path.of("graph.dot"), graph.toDot());   // then: dot -Tsvg graph.dot -o graph.svg
     * }</pre>
     */
    public String toDot() {
        return assembly.toDot();
    }

    /**
     * What the filters' {@link Rate} declarations give the scheduler, for people: the graph cut at
     * its dynamic channels (those with an end that declares no rate) into static subgraphs, each
     * filter's runs per steady-state iteration (StreamIt's balance equations), the filters left
     * dynamic and why, then what fusion did with each static subgraph. Rates that cannot balance are
     * a {@code validate()} error.
     *
     * <pre>{@code
     * System.out.print(graph.schedule());
     * // schedule: 1 static subgraph, 0 dynamic filters, 0 dynamic channels
     * // static subgraph 1: Source#1 x2, Decimate#2 x3, Sink#3 x3
     * //   Source#1.out -> Decimate#2.in (3:2), 6 items per iteration
     * //   Decimate#2.out -> Sink#3.in (1:1), 3 items per iteration
     * }</pre>
     *
     * @throws StreamFlexError before {@code validate()}
     */
    public String schedule() {
        return assembly.schedule();
    }

    /**
     * Checks the graph and freezes it: every channel field connected, element types that match,
     * positive capacities, supported clock periods, region sizes that fit, unique filter names,
     * every filter reachable from a clock.
     *
     * @throws StreamFlexError listing every problem found, each naming the filter, the field and
     *     the fix
     */
    protected void validate() throws StreamFlexError {
        assembly.validate();
    }

    /**
     * A new filter with the default region sizes, named after its class: the first filter of a
     * class in the graph is named by the class's simple name ({@code "Sink"}), later ones
     * {@code "Sink#2"}, {@code "Sink#3"} and so on (skipping names already taken). Messages and
     * errors name filters this way.
     */
    protected <F extends Filter> F makeFilter(Class<F> type) {
        return makeFilter(type, DEFAULT_STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
    }

    /**
     * A new filter, created reflectively through its constructor without parameters (any
     * visibility), with a stable region of {@code stableBytes} and a transient region of
     * {@code transientBytes}, named as {@link #makeFilter(Class)} names it.
     */
    protected <F extends Filter> F makeFilter(Class<F> type, int stableBytes, int transientBytes) {
        return assembly.makeFilter(null, Objects.requireNonNull(type, "type"), stableBytes, transientBytes);
    }

    /**
     * A new filter with the default region sizes and the instance name {@code name}, which
     * messages and errors use. Names are unique in a graph ({@link #validate()} reports a
     * duplicate).
     *
     * <pre>{@code
     * IntSink left = makeFilter("left", IntSink.class);
     * IntSink right = makeFilter("right", IntSink.class);
     * }</pre>
     *
     * @throws StreamFlexError if {@code name} is blank
     */
    protected <F extends Filter> F makeFilter(String name, Class<F> type) {
        return makeFilter(name, type, DEFAULT_STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
    }

    /**
     * A new filter named {@code name} with the given region sizes; see {@link #makeFilter(String, Class)}
     * and {@link #makeFilter(Class, int, int)}.
     *
     * @throws StreamFlexError if {@code name} is blank
     */
    protected <F extends Filter> F makeFilter(String name, Class<F> type, int stableBytes, int transientBytes) {
        return assembly.makeFilter(Objects.requireNonNull(name, "name"), Objects.requireNonNull(type, "type"),
                stableBytes, transientBytes);
    }

    /** A new clock releasing its filter every {@code periodMicros} microseconds (0: free-running). */
    protected Clock makeClock(int periodMicros) {
        return assembly.makeClock(periodMicros);
    }

    /** Connects a clock to the filter's only free {@link TimeChannel} field, or to a hidden one. */
    protected void connect(Clock source, Filter target) {
        assembly.connect(Objects.requireNonNull(source, "source"), Objects.requireNonNull(target, "target"), null);
    }

    /** Connects a clock to the named {@link TimeChannel} field of the filter. */
    protected void connect(Clock source, Filter target, String targetField) {
        assembly.connect(Objects.requireNonNull(source, "source"), Objects.requireNonNull(target, "target"),
                Objects.requireNonNull(targetField, "targetField"));
    }

    /**
     * Connects two filters with a new channel of {@code capacity} items. The source field is the
     * free channel field named {@code out}, else the only free one; the target field likewise
     * {@code in}, else the only free one.
     */
    protected void connect(Filter source, Filter target, int capacity) {
        connect(source, null, target, null, capacity);
    }

    /** Connects the named field of {@code source} to {@code target}'s field chosen as above. */
    protected void connect(Filter source, String sourceField, Filter target, int capacity) {
        connect(source, Objects.requireNonNull(sourceField, "sourceField"), target, null, capacity);
    }

    /** Connects {@code source}'s field chosen as above to the named field of {@code target}. */
    protected void connect(Filter source, Filter target, String targetField, int capacity) {
        connect(source, null, target, Objects.requireNonNull(targetField, "targetField"), capacity);
    }

    /** Connects {@code source.sourceField} to {@code target.targetField} with a new channel. */
    protected void connect(Filter source, String sourceField, Filter target, String targetField, int capacity) {
        assembly.connect(Objects.requireNonNull(source, "source"), sourceField,
                Objects.requireNonNull(target, "target"), targetField, capacity);
    }

    /**
     * Runs {@code filters}, and every filter downstream of them, on the graph's worker threads
     * instead of their clock's thread: each fused subgraph or filter for a batch of iterations, in
     * data-flow order, placed on the workers by measured cost, over links that never drop (they grow
     * when full). The channels into them from filters that stay on a clock keep the contract's
     * fixed capacity, dropping and counting when full, so a periodic clock keeps its real-time
     * thread and its deadlines. A graph whose clocks are all free-running runs on workers without
     * this call; {@code -Dstreamflex.workers=false} turns workers off. Call before {@link #validate()}.
     *
     * <pre>{@code
     * Clock adc = makeClock(100);                 // 10 kHz: stays on its real-time thread
     * connect(adc, sampler);
     * connect(sampler, detector, 4096);           // fixed capacity, drops counted
     * connect(detector, locator, 64);             // a lossless link between workers
     * runOnWorkers(detector);                     // detector and locator run on the workers
     * }</pre>
     *
     * @throws StreamFlexError at {@code validate()} if one of them is released by a periodic clock
     */
    protected void runOnWorkers(Filter... filters) {
        for (Filter f : filters) {
            assembly.runOnWorkers(Objects.requireNonNull(f, "filter"));
        }
    }

    /**
     * Marks {@code filters} as the server's part of a graph split between nodes and a server: built
     * as a node ({@link Deployment}), the graph leaves them out, sends the channels into them to
     * the server and receives the channels out of them from it; built as the server, it keeps only
     * them, receives the channels into them from every node and sends the channels out of them to
     * every node (each node receives every item). Every other filter runs on each node. Built whole
     * (the default), the call changes nothing, so one class serves the simulation in one JVM and
     * the deployment. Call before {@link #validate()}.
     *
     * <pre>{@code
     * connect(detector, doa, 16);
     * connect(doa, cluster, 64);      // crosses: doa on the nodes, cluster on the server
     * connect(cluster, "threshold", detector, "threshold", 8); // back: every node gets the threshold
     * runOnServer(cluster, fuse);     // move doa to the server: runOnServer(doa, cluster, fuse)
     * }</pre>
     *
     * @throws StreamFlexError at {@code validate()}, built as a node or the server, if a crossing
     *     channel carries shared values (signal segments) of a type no library provides a codec for
     */
    protected void runOnServer(Filter... filters) {
        for (Filter f : filters) {
            assembly.runOnServer(Objects.requireNonNull(f, "filter"));
        }
    }

    /** Where this graph runs: the {@link Deployment} in force when it was built. */
    public Deployment deployment() {
        return assembly.deployment();
    }

    private static final class RuntimeHolder {
        static final GraphRuntime RUNTIME = load();

        private static GraphRuntime load() {
            return ServiceLoader.load(GraphRuntime.class, StreamFlexGraph.class.getClassLoader())
                    .findFirst()
                    .or(() -> ServiceLoader.load(GraphRuntime.class).findFirst())
                    .orElseThrow(() -> new StreamFlexError(
                            "no StreamFlex runtime on the class path: add the dependency "
                                    + "org.streamflex:streamflex-runtime"));
        }
    }
}
