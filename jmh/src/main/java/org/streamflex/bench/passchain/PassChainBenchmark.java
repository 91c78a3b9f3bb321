package org.streamflex.bench.passchain;

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
 *       benchmark thread being the sink.
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

    @State(Scope.Thread)
    public static class StreamFlexChain {
        @Param({"1", "64"})
        int batch;

        /** {@code item}: a take/put per item in each pass filter; {@code bulk}: one transferTo. */
        @Param({"item", "bulk"})
        String pass;

        GraphDriver driver;
        PassChainGraph graph;
        int releases;

        @Setup(Level.Trial)
        public void build() {
            graph = new PassChainGraph(batch, 256, pass.equals("bulk"));
            driver = GraphDriver.of(graph);
            releases = ITEMS / batch;
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
}
