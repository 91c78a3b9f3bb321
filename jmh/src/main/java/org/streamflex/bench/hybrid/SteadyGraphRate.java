package org.streamflex.bench.hybrid;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

/**
 * 5.2.1's {@code graph-b100} at a steady state: after a quarter of SECONDS of warm-up rounds, one graph
 * started and fed for SECONDS, its items per CPU-second of the process counted between samples taken
 * from its second second on, while the graph is neither starting nor draining. {@link HybridCpuRate}
 * builds and starts a graph per round of half a million items and counts that too, and while a
 * round of {@link GraphChain} runs, its thread looks at the sink every millisecond; this counts the
 * running graph alone, with nothing else on its core but this thread's four looks a second. When
 * the time is up the graph is stopped, and the sum of what reached its sink is compared with the
 * plain loop's sum of as many items, as every round's checksum is in the other harnesses.
 *
 * <p>Run as {@code HybridCpuRate N SECONDS steady [W]}: N filters of W computations (10 by default).
 * Compare with {@code HybridCpuRate N SECONDS plain}, the plain method calls per CPU-second.
 *
 * <pre>{@code
 * SteadyGraphRate.Result r = SteadyGraphRate.measure(new Chain(32, 1, 10), 8_000);
 * }</pre>
 */
final class SteadyGraphRate {
    /** Items of each warm-up round. */
    static final long WARMUP_ITEMS = 1L << 18;
    /** Samples begin this long after the run's start. */
    static final long SETTLE_MILLIS = 1000;
    /** How often the measuring thread samples the sink and the CPU time. */
    static final long SAMPLE_MILLIS = 250;

    private SteadyGraphRate() {
    }

    /**
     * What the run gave.
     *
     * @param perCpuSecond items per CPU-second of the process between the first and the last sample counted
     * @param items items that reached the sink in the whole run, every one checked by the checksum
     * @param samples the samples between which items were counted
     */
    record Result(double perCpuSecond, long items, int samples) {
    }

    /**
     * Warms up for a quarter of {@code millis}, then runs one graph for {@code millis} and counts its
     * steady rate.
     *
     * @throws IllegalStateException if a checksum is not the plain loop's, or the graph failed
     */
    static Result measure(Chain chain, long millis) throws InterruptedException {
        Expected expected = new Expected(chain.units(), chain.work());
        GraphChain warmup = new GraphChain(chain, ChainGraph.Stages.DYNAMIC, HybridCpuRate.BATCH,
                GraphChain.Mode.STARTED);
        long warmEnd = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis / 4);
        do {
            check(warmup.run(WARMUP_ITEMS).checksum(), expected.of(WARMUP_ITEMS));
        } while (System.nanoTime() < warmEnd);
        ChainGraph graph = new ChainGraph(ChainGraph.Stages.DYNAMIC, chain, HybridCpuRate.BATCH, Long.MAX_VALUE);
        Result r = steady(graph, millis);
        check(graph.checksum(), plainSum(chain, graph.checksum().items()));
        return r;
    }

    private static Result steady(ChainGraph graph, long millis) throws InterruptedException {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long begin = System.nanoTime();
        long settled = begin + TimeUnit.MILLISECONDS.toNanos(SETTLE_MILLIS);
        long end = begin + TimeUnit.MILLISECONDS.toNanos(Math.max(millis, SETTLE_MILLIS + 2 * SAMPLE_MILLIS));
        long firstCpu = -1;
        long firstItems = 0;
        long lastCpu = 0;
        long lastItems = 0;
        int samples = 0;
        graph.start();
        try {
            while (graph.failure() == null && System.nanoTime() < end) {
                Thread.sleep(SAMPLE_MILLIS);
                // The sink's count is the worker's plain field: a sample may lag it, never run ahead.
                long cpu = os.getProcessCpuTime();
                long seen = graph.sink().items();
                if (System.nanoTime() >= settled) {
                    if (firstCpu < 0) {
                        firstCpu = cpu;
                        firstItems = seen;
                    } else {
                        lastCpu = cpu;
                        lastItems = seen;
                        samples++;
                    }
                }
            }
        } finally {
            graph.stop();
        }
        if (!graph.awaitTermination(GraphChain.STUCK_NANOS, TimeUnit.NANOSECONDS)) { // throws the graph's failure
            throw new IllegalStateException("the graph's threads did not end after stop()");
        }
        return new Result((lastItems - firstItems) * 1e9 / Math.max(1, lastCpu - firstCpu),
                graph.checksum().items(), samples);
    }

    /** The plain loop's checksum of the first {@code items} items, in order, as {@link Expected} sums them. */
    static Checksum plainSum(Chain chain, long items) {
        double sum = 0;
        for (long k = 0; k < items; k++) {
            sum += WorkUnit.applyUnits((double) k, chain.units(), chain.work());
        }
        return new Checksum(items, sum);
    }

    private static void check(Checksum got, Checksum wanted) {
        if (!got.equals(wanted)) {
            throw new IllegalStateException("the graph gave " + got + ", not " + wanted);
        }
    }
}
