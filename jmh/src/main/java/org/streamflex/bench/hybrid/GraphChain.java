package org.streamflex.bench.hybrid;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.streamflex.runtime.GraphDriver;

/**
 * The chain as a StreamFlex graph ({@link ChainGraph}), one new graph per run, run by the real
 * scheduler: {@code graph.start()} until the sink has every item, then {@code stop()}: on the
 * graph's worker threads ({@link Mode#STARTED}), each filter for a batch per turn in data-flow
 * order, or with workers off on the clock's own thread ({@link Mode#CLOCK_THREAD}), each
 * {@code work()} running what it fed, depth first; or by a {@link GraphDriver} on the calling
 * thread, the clock thread's releases without its loop, workers off as well ({@link Mode#DRIVEN}).
 *
 * <pre>{@code
 * Variant v = new GraphChain(new Chain(8, 1, 10), ChainGraph.Stages.DYNAMIC, 100, GraphChain.Mode.STARTED);
 * Variant.Run r = v.run(1 << 16);
 * }</pre>
 */
public final class GraphChain implements Variant {
    /** How long a started graph may take for one run before it is declared stuck. */
    static final long STUCK_NANOS = TimeUnit.SECONDS.toNanos(60);
    static final String WORKERS_PROPERTY = "streamflex.workers";

    /** Who runs the graph. */
    public enum Mode {
        /**
         * {@code graph.start()}, what users run: the clock being free-running, the graph's worker
         * threads (one per core, one under {@code taskset -c 0}) run each filter for a batch per turn.
         */
        STARTED,
        /**
         * {@code graph.start()} with workers off ({@code -Dstreamflex.workers=false} while the graph
         * is built): the clock's thread runs every filter, depth first, after each work().
         */
        CLOCK_THREAD,
        /** {@code GraphDriver.of(graph).run(releases)} on the calling thread. */
        DRIVEN
    }

    private final Chain chain;
    private final ChainGraph.Stages stages;
    private final int batch;
    private final Mode mode;

    public GraphChain(Chain chain, ChainGraph.Stages stages, int batch, Mode mode) {
        this.chain = chain;
        this.stages = stages;
        this.batch = batch;
        this.mode = mode;
    }

    @Override
    public Chain chain() {
        return chain;
    }

    @Override
    public String toString() {
        return "GraphChain[" + chain + ", " + stages + ", batch " + batch + ", " + mode + "]";
    }

    @Override
    public Run run(long items) throws InterruptedException {
        ChainGraph graph = build(items);
        if (mode == Mode.DRIVEN) {
            GraphDriver.of(graph).run((items + batch - 1) / batch);
        } else {
            runStarted(graph, items);
        }
        if (!graph.sink().done()) {
            throw new IllegalStateException(describe(graph, items));
        }
        return new Run(graph.checksum(), graph.nanos());
    }

    private ChainGraph build(long items) {
        if (mode == Mode.STARTED) {
            return new ChainGraph(stages, chain, batch, items);
        }
        String before = System.getProperty(WORKERS_PROPERTY);
        System.setProperty(WORKERS_PROPERTY, "false");
        try {
            return new ChainGraph(stages, chain, batch, items);
        } finally {
            if (before == null) {
                System.clearProperty(WORKERS_PROPERTY);
            } else {
                System.setProperty(WORKERS_PROPERTY, before);
            }
        }
    }

    private void runStarted(ChainGraph graph, long items) throws InterruptedException {
        long deadline = System.nanoTime() + STUCK_NANOS;
        graph.start();
        try {
            // A short sleep: on the one core of the measurement this thread must leave the clock's
            // thread alone; the timing is the graph's own, so waking late costs nothing.
            while (!graph.sink().done() && graph.failure() == null && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
        } finally {
            graph.stop();
        }
        if (!graph.awaitTermination(STUCK_NANOS, TimeUnit.NANOSECONDS)) { // throws the graph's failure, if any
            throw new IllegalStateException("the graph's threads did not end after stop()");
        }
        if (!graph.sink().done()) {
            throw new IllegalStateException(describe(graph, items));
        }
    }

    private static String describe(ChainGraph graph, long items) {
        Map<String, Long> drops = graph.counters().snapshot().entrySet().stream()
                .filter(e -> e.getKey().startsWith("channel.") && e.getKey().endsWith(".dropped") && e.getValue() > 0)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        return "the sink received " + graph.sink().items() + " of " + items + " items"
                + (graph.failure() != null ? "; the graph failed: " + graph.failure().getMessage() : "")
                + (drops.isEmpty() ? "" : "; channels dropped " + drops);
    }
}
