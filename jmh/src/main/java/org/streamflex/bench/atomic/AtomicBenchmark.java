package org.streamflex.bench.atomic;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.streamflex.runtime.GraphDriver;

/**
 * Calls from plain Java into a filter, in nanoseconds per operation, in one run:
 * <ul>
 *   <li>{@code synchronizedCall}: the baseline, the same method {@code synchronized} on a plain
 *       object;
 *   <li>{@code atomicCallIdleGraph}: an uncontended {@code @Atomic} call on a graph that is not
 *       running, so the call applies its own writes: the cost of the transaction itself;
 *   <li>{@code atomicCallRunningGraph}: the same call while a free-running clock releases the
 *       filter, so the call hands its writes to the filter's thread and waits for its next
 *       release;
 *   <li>{@code workWithAtomicMethods} and {@code workWithoutAtomicMethods}: one release of the
 *       filter under the driver, with and without {@code @Atomic} methods on it: what the
 *       instrumentation adds to the filter's own code path.
 * </ul>
 *
 * <pre>java -jar jmh/target/benchmarks.jar AtomicBenchmark -prof gc</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED",
    "-Dstreamflex.clock.backend=park-spin"})
public class AtomicBenchmark {
    @State(Scope.Thread)
    public static class Synchronized {
        final SynchronizedAccumulator accumulator = new SynchronizedAccumulator();
        int value;
    }

    @State(Scope.Thread)
    public static class IdleGraph {
        AccumulatorGraph<Accumulator> graph;
        int value;

        @Setup(Level.Trial)
        public void build() {
            graph = new AccumulatorGraph<>(Accumulator.class, 100);
        }
    }

    @State(Scope.Thread)
    public static class RunningGraph {
        AccumulatorGraph<Accumulator> graph;
        int value;

        @Setup(Level.Trial)
        public void start() {
            graph = new AccumulatorGraph<>(Accumulator.class, 0);
            graph.start();
        }

        @TearDown(Level.Trial)
        public void stop() {
            graph.stop();
        }
    }

    @State(Scope.Thread)
    public static class DrivenAtomic {
        AccumulatorGraph<Accumulator> graph;
        GraphDriver driver;

        @Setup(Level.Trial)
        public void build() {
            graph = new AccumulatorGraph<>(Accumulator.class, 1);
            driver = GraphDriver.of(graph);
        }
    }

    @State(Scope.Thread)
    public static class DrivenPlain {
        AccumulatorGraph<PlainAccumulator> graph;
        GraphDriver driver;

        @Setup(Level.Trial)
        public void build() {
            graph = new AccumulatorGraph<>(PlainAccumulator.class, 1);
            driver = GraphDriver.of(graph);
        }
    }

    @Benchmark
    public long synchronizedCall(Synchronized s) {
        return s.accumulator.add(s.value++);
    }

    @Benchmark
    public long atomicCallIdleGraph(IdleGraph g) {
        return g.graph.filter.add(g.value++);
    }

    @Benchmark
    public long atomicCallRunningGraph(RunningGraph g) {
        return g.graph.filter.add(g.value++);
    }

    @Benchmark
    public long workWithAtomicMethods(DrivenAtomic d) {
        d.driver.step();
        return d.graph.filter.folded();
    }

    @Benchmark
    public long workWithoutAtomicMethods(DrivenPlain d) {
        d.driver.step();
        return d.graph.filter.folded();
    }
}
