package org.streamflex.bench.hybrid;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.streamflex.bench.hybrid.ChainGraph.Stages;
import org.streamflex.bench.hybrid.GraphChain.Mode;
import org.streamflex.bench.hybrid.Section.Paper;
import org.streamflex.bench.hybrid.Section.Ratio;
import org.streamflex.bench.hybrid.Section.Row;
import org.streamflex.bench.hybrid.ThreadChain.Queues;

/**
 * The hybrid scheduler paper's single-core micro-benchmarks (its section 5) as {@link Section}s,
 * with the paper's numbers: 5.1.1 the worst-case cost of dynamic channels, 5.1.2 that cost against
 * the operators' work, 5.1.3 batching, 5.2.1 one thread per operator scheduled by the operating
 * system against one scheduler thread.
 *
 * <pre>{@code
 * for (Section s : Experiments.all()) { ... }
 * }</pre>
 */
public final class Experiments {
    /** 5.1.1's pipelines: n identity filters. */
    static final int[] IDENTITY_FILTERS = {1, 2, 4, 8, 16, 31};
    /** 5.1.2's total work W of the two filters. */
    static final int[] TOTAL_WORK = {0, 10, 100, 1000};
    /** 5.1.3's pipelines and batches. */
    static final int[] BATCH_FILTERS = {1, 8};
    static final int[] BATCHES = {1, 10, 100, 1000};
    /** 5.2.1's pipelines and the work of each of their filters. */
    static final int[] THREAD_FILTERS = {8, 32};
    static final int THREAD_WORK = 10;
    /** 5.2.1's batch: the source's items per release of the graph variants (besides a batch of 1). */
    static final int THREAD_BATCH = 100;

    private Experiments() {
    }

    /** All four, in the paper's order, 5.2.1's filters of {@link #THREAD_WORK} computations each. */
    public static List<Section> all() {
        return all(THREAD_WORK);
    }

    /** All four, in the paper's order, 5.2.1's filters of {@code threadWork} computations each. */
    public static List<Section> all(int threadWork) {
        return List.of(dynamicOverhead(), operatorWorkload(), batching(), osThreads(threadWork));
    }

    /** 5.1.1: identity filters over dynamic channels against declared rates and plain calls. */
    static Section dynamicOverhead() {
        List<Row> rows = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (int n : IDENTITY_FILTERS) {
            String key = String.valueOf(n);
            keys.add(key);
            Chain chain = new Chain(n, 1, 0);
            rows.add(new Row(key, "plain", new PlainChain(chain)));
            rows.add(new Row(key, "dynamic", new GraphChain(chain, Stages.DYNAMIC, 1, Mode.STARTED)));
            rows.add(new Row(key, "static", new GraphChain(chain, Stages.STATIC, 1, Mode.STARTED)));
        }
        return new Section("5.1.1", "worst-case overhead of dynamic channels, no batching (paper figure 4a)", "n",
                rows, List.of(Ratio.sameKey("static", "dynamic"), Ratio.sameKey("plain", "dynamic"),
                        Ratio.sameKey("plain", "static")), keys,
                List.of(new Paper("paper fused/dynamic", Map.of("1", "5x", "31", "10x"))),
                List.of("n identity filters (x = pop(); push(x)) between a source putting one item per release of a"
                                + " free-running clock and a summing sink, the graph started (on its workers: one"
                                + " under taskset -c 0).",
                        "dynamic: no @Rate, all n + 1 channels dynamic; static: @Rate(1) on the filters and the"
                                + " sink's input, so n channels are static (fused once fusion of static subgraphs"
                                + " is on, streamflex.fusion; unfused before); plain: n inlined method calls per"
                                + " item, what full fusion could reach.",
                        "paper: 1 dynamic queue 5x slower than the fused static program, growing linearly to 10x at"
                                + " 31 queues (values between are figure-only)."));
    }

    /** 5.1.2: two filters of W/2 over a dynamic channel against one filter doing both halves. */
    static Section operatorWorkload() {
        List<Row> rows = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (int w : TOTAL_WORK) {
            String key = String.valueOf(w);
            keys.add(key);
            rows.add(new Row(key, "plain", new PlainChain(new Chain(1, 2, w / 2))));
            rows.add(new Row(key, "one-filter", new GraphChain(new Chain(1, 2, w / 2), Stages.DYNAMIC, 1,
                    Mode.STARTED)));
            rows.add(new Row(key, "two-filters", new GraphChain(new Chain(2, 1, w / 2), Stages.DYNAMIC, 1,
                    Mode.STARTED)));
        }
        return new Section("5.1.2", "operator workload: W computations per item in two filters or one (paper"
                + " figure 4b)", "W", rows,
                List.of(Ratio.sameKey("one-filter", "two-filters"), Ratio.sameKey("plain", "two-filters"),
                        Ratio.sameKey("plain", "one-filter")), keys,
                List.of(new Paper("paper fused/dynamic", Map.of("0", "5x", "1000", "1.48x"))),
                List.of("two-filters: two filters of W/2 computations each with a dynamic channel between them;"
                                + " one-filter: one filter running both halves, the two fused by hand (the same"
                                + " arithmetic, so the same checksum); plain: one method call per item doing both"
                                + " halves. Source and sink as in 5.1.1, one item per release.",
                        "paper: the 5x of identity filters falls to 1.48x at W = 1000 (W = 0 is 5.1.1's single"
                                + " queue)."));
    }

    /** 5.1.3: 5.1.1 with 1 to 1000 items per release, and filters that handle a batch per work(). */
    static Section batching() {
        List<Row> rows = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (int n : BATCH_FILTERS) {
            Chain chain = new Chain(n, 1, 0);
            rows.add(new Row(pipeline(n), "plain", new PlainChain(chain)));
            for (int batch : BATCHES) {
                String key = pipeline(n) + " B=" + batch;
                keys.add(key);
                rows.add(new Row(key, "dynamic", new GraphChain(chain, Stages.DYNAMIC, batch, Mode.STARTED)));
                rows.add(new Row(key, "static", new GraphChain(chain, Stages.STATIC, batch, Mode.STARTED)));
                rows.add(new Row(key, "draining", new GraphChain(chain, Stages.DRAINING, batch, Mode.STARTED)));
            }
        }
        Map<String, String> paper = Map.of(pipeline(1) + " B=1", "5x", pipeline(1) + " B=100", "1.64x");
        return new Section("5.1.3", "batching: 5.1.1 with B items per release (paper figure 4c)", "pipeline", rows,
                List.of(overPlain("dynamic"), overPlain("static"), overPlain("draining"),
                        new Ratio("dynamic/dynamic B=1", "dynamic", k -> k, "dynamic", Experiments::batchOfOne)),
                keys, List.of(new Paper("paper fused/dynamic", paper),
                        new Paper("paper gain", Map.of(pipeline(1) + " B=100", "\"can triple\""))),
                List.of("dynamic and static: 5.1.1's filters (one item per work()); draining: dynamic rates, each"
                                + " work() takes every item that waits and puts them on (the paper's batching: an"
                                + " operator runs B iterations before the next one runs); plain is measured once per"
                                + " n, since it has no batches.",
                        "paper: 5x at batch 1 falls to 1.64x at batch 100 (one dynamic queue); batch 100 \"can"
                                + " triple the performance\"."));
    }

    /**
     * 5.2.1: a thread per filter scheduled by the OS against the graph on its workers (and on one clock
     * thread), and the same filters as plain calls: about the most any scheduler of them could reach.
     */
    static Section osThreads(int work) {
        List<Row> rows = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (int n : THREAD_FILTERS) {
            String key = String.valueOf(n);
            keys.add(key);
            Chain chain = new Chain(n, 1, work);
            rows.add(new Row(key, "plain", new PlainChain(chain)));
            rows.add(new Row(key, "threads-abq", new ThreadChain(chain, Queues.ARRAY)));
            rows.add(new Row(key, "threads-lbq", new ThreadChain(chain, Queues.LINKED)));
            rows.add(new Row(key, "graph-b1", new GraphChain(chain, Stages.DYNAMIC, 1, Mode.STARTED)));
            rows.add(new Row(key, "graph-b" + THREAD_BATCH, new GraphChain(chain, Stages.DYNAMIC, THREAD_BATCH,
                    Mode.STARTED)));
            rows.add(new Row(key, "clock-b" + THREAD_BATCH, new GraphChain(chain, Stages.DYNAMIC, THREAD_BATCH,
                    Mode.CLOCK_THREAD)));
            rows.add(new Row(key, "driver-b" + THREAD_BATCH, new GraphChain(chain, Stages.DYNAMIC, THREAD_BATCH,
                    Mode.DRIVEN)));
            rows.add(new Row(key, "draining-b" + THREAD_BATCH, new GraphChain(chain, Stages.DRAINING, THREAD_BATCH,
                    Mode.STARTED)));
        }
        String graph = "graph-b" + THREAD_BATCH;
        String draining = "draining-b" + THREAD_BATCH;
        return new Section("5.2.1", "OS thread scheduling: a thread per filter against the graph's workers (paper"
                + " figure 6a)", "n", rows,
                List.of(Ratio.sameKey(graph, "threads-abq"), Ratio.sameKey(graph, "threads-lbq"),
                        Ratio.sameKey(graph, "clock-b" + THREAD_BATCH),
                        Ratio.sameKey(draining, "threads-abq"), Ratio.sameKey(draining, "threads-lbq"),
                        Ratio.sameKey("driver-b" + THREAD_BATCH, "clock-b" + THREAD_BATCH),
                        Ratio.sameKey("plain", "threads-abq"), Ratio.sameKey("plain", "threads-lbq"),
                        Ratio.sameKey("plain", graph)),
                keys, List.of(new Paper("paper hybrid/OS thread", Map.of("8", "3.1x", "32", "10.5x"))),
                List.of("n filters of W = " + work + " computations each, dynamic rates (no @Rate), between a"
                                + " source and a sink (W is --work, " + THREAD_WORK + " unless given).",
                        "plain: the n filters as plain method calls on the measuring thread, inlined by the JIT:"
                                + " about the most any scheduler of these filters could reach (a batch of independent"
                                + " items may overlap a little more), so plain/threads about bounds hybrid/threads.",
                        "threads-abq / threads-lbq: a platform thread per filter and one for the source, the"
                                + " measuring thread the sink, linked by ArrayBlockingQueue<Double> (capacity "
                                + ThreadChain.ARRAY_CAPACITY + ") / unbounded LinkedBlockingQueue<Double>; the OS"
                                + " schedules them.",
                        "graph-bB: the StreamFlex graph started, the source putting B items per release, on the"
                                + " graph's workers (one per core: one here), each filter run for a batch per turn in"
                                + " data-flow order (the hybrid scheduler); clock-b" + THREAD_BATCH + ": started with"
                                + " workers off, one free-running clock thread running every filter depth first;"
                                + " driver-b" + THREAD_BATCH + ": the clock-thread graph under GraphDriver on the"
                                + " calling thread;"
                                + " draining-b" + THREAD_BATCH + ": started, its filters taking every waiting item"
                                + " per work() (the hybrid scheduler's batching).",
                        "paper: the hybrid scheduler (a thread per operator, run in data-flow order with direct"
                                + " hand-off) 3.1x faster than OS scheduling at 8 operators, 10.5x at 32."));
    }

    private static String pipeline(int n) {
        return "n=" + n;
    }

    private static Ratio overPlain(String variant) {
        return new Ratio("plain/" + variant, "plain", k -> k.substring(0, k.indexOf(' ')), variant, k -> k);
    }

    private static String batchOfOne(String key) {
        return key.substring(0, key.indexOf(' ')) + " B=1";
    }
}
