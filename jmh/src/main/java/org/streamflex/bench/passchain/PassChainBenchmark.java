package org.streamflex.bench.passchain;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.streamflex.StreamFlexProperties;
import org.streamflex.runtime.GraphDriver;

/**
 * PASSCHAIN (XStream paper): items per second through a source, ten pass-through filters and a
 * sink. One operation is one item.
 *
 * <ul>
 *   <li>{@code streamflex}: the StreamFlex graph on one thread; each invocation releases the
 *       free-running clock until {@value #ITEMS} items have gone through ({@code batch} items per
 *       release), exactly what the clock's thread does, without its loop check; the pass filters
 *       take and put each item ({@code pass=item}) or move their input with one
 *       {@code transferTo} ({@code pass=bulk});
 *   <li>{@code plainCalls}: ten method calls per item in a loop, inlined by the JIT;
 *   <li>{@code arrayBlockingQueues}: twelve threads linked by {@code ArrayBlockingQueue}s, the
 *       benchmark thread being the sink;
 *   <li>{@code disruptor}: an LMAX Disruptor pipeline of ten handlers and a sink on one ring buffer
 *       ({@link DisruptorPassChain}), the benchmark thread being the producer: each invocation
 *       publishes {@value #DISRUPTOR_ITEMS} items and waits until the sink has taken them, so that
 *       the larger ring can fill; {@code wait} names the wait strategy ({@code blocking}, the one the
 *       Disruptor's guide leaves for more threads than cores, or {@code sleeping}); {@code ring} is
 *       the ring buffer's size: 1024 as the queues' capacity, or 8192 as in the Disruptor's own
 *       pipeline throughput test ({@code OneToThreePipelineSequencedThroughputTest}).
 * </ul>
 *
 * <pre>java -jar jmh/target/benchmarks.jar PassChain -prof gc</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class PassChainBenchmark {
    static final int ITEMS = 1024;
    /** Items per invocation of {@code disruptor}: at least its larger ring, so that the ring can fill. */
    static final int DISRUPTOR_ITEMS = 8 * ITEMS;

    @State(Scope.Thread)
    public static class StreamFlexChain {
        @Param({"1", "64"})
        int batch;

        /**
         * {@code item}: a take/put per item in each pass filter; {@code bulk}: one transferTo;
         * {@code rated}: one take/put per work(), declared with {@code @Rate(1)}, so the chain runs
         * as one fused task, its pass filters and sink depth first (the default); {@code rated-batches}:
         * the same fused task with the depth-first path off, each filter in batches;
         * {@code rated-unfused}: the same with fusion off.
         */
        @Param({"item", "bulk", "rated", "rated-batches", "rated-unfused"})
        String pass;

        GraphDriver driver;
        PassChainGraph graph;
        int releases;

        @Setup(Level.Trial)
        public void build() {
            PassChainGraph.Stages stages = switch (pass) {
                case "item" -> PassChainGraph.Stages.ITEM;
                case "bulk" -> PassChainGraph.Stages.BULK;
                case "rated", "rated-batches", "rated-unfused" -> PassChainGraph.Stages.RATED;
                default -> throw new IllegalArgumentException("pass=" + pass);
            };
            String fusion = System.getProperty(StreamFlexProperties.FUSION.name());
            String depthFirst = System.getProperty(StreamFlexProperties.FUSION_DEPTH_FIRST.name());
            System.setProperty(StreamFlexProperties.FUSION.name(), String.valueOf(!pass.equals("rated-unfused")));
            System.setProperty(StreamFlexProperties.FUSION_DEPTH_FIRST.name(),
                    String.valueOf(!pass.equals("rated-batches")));
            try {
                graph = new PassChainGraph(batch, 256, stages);
            } finally {
                restore(StreamFlexProperties.FUSION.name(), fusion);
                restore(StreamFlexProperties.FUSION_DEPTH_FIRST.name(), depthFirst);
            }
            driver = GraphDriver.of(graph);
            releases = ITEMS / batch;
        }

        private static void restore(String property, String value) {
            if (value == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, value);
            }
        }

        @TearDown(Level.Trial)
        public void check() {
            long generated = graph.source().generated();
            if (graph.sink().received() != generated) {
                throw new AssertionError("sink received " + graph.sink().received() + " of " + generated);
            }
        }
    }

    @State(Scope.Thread)
    public static class PlainChain {
        PlainPassChain chain = new PlainPassChain();
        int next;
    }

    @State(Scope.Thread)
    public static class QueueChain {
        QueuePassChain chain;

        @Setup(Level.Trial)
        public void start() {
            chain = new QueuePassChain(1024);
        }

        @TearDown(Level.Trial)
        public void stop() {
            chain.close();
        }
    }

    @State(Scope.Thread)
    public static class DisruptorChain {
        /** The Disruptor's wait strategy: {@link DisruptorPassChain.Wait}, in lower case. */
        @Param({"blocking", "sleeping"})
        String wait;

        /** The ring buffer's size: the queues' capacity, or the Disruptor's own pipeline test's. */
        @Param({"1024", "8192"})
        int ring;

        DisruptorPassChain chain;

        @Setup(Level.Trial)
        public void start() {
            chain = new DisruptorPassChain(ring, DisruptorPassChain.Wait.valueOf(wait.toUpperCase(Locale.ROOT)));
        }

        @TearDown(Level.Trial)
        public void stop() {
            long received = chain.received();
            chain.close();
            for (Thread t : chain.threads()) {
                if (t.isAlive()) {
                    throw new AssertionError(t.getName() + " outlived the trial");
                }
            }
            if (received % DISRUPTOR_ITEMS != 0 || received == 0) {
                throw new AssertionError("the sink received " + received + " items, not whole invocations");
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(ITEMS)
    public long streamflex(StreamFlexChain s) {
        s.driver.run(s.releases);
        return s.graph.sink().sum();
    }

    @Benchmark
    @OperationsPerInvocation(ITEMS)
    public long plainCalls(PlainChain p) {
        for (int i = 0; i < ITEMS; i++) {
            p.chain.push(p.next++);
        }
        return p.chain.sum();
    }

    @Benchmark
    public int arrayBlockingQueues(QueueChain q) throws InterruptedException {
        return q.chain.take();
    }

    @Benchmark
    @OperationsPerInvocation(DISRUPTOR_ITEMS)
    public long disruptor(DisruptorChain d) {
        d.chain.run(DISRUPTOR_ITEMS);
        return d.chain.sum();
    }
}
