package org.streamflex.bench.streamit;

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
import org.streamflex.bench.streamit.plain.PlainPrograms;
import org.streamflex.bench.streamit.plain.PlainPrograms.Program;
import org.streamflex.bench.streamit.plain.SingleThreadRunner;
import org.streamflex.bench.streamit.plain.ThreadedRunner;
import org.streamflex.runtime.GraphDriver;

/**
 * Steady-state iterations per second of the StreamIt programs, in one run: {@code streamflex}
 * (the graph released on one thread, as one free-running clock would; {@code fusion} sets
 * {@code streamflex.fusion} when the graph is built, so fused and unfused runs compare in the same
 * run; {@code batch} is the steady-state iterations per release, {@link IterationBatch}), {@code queueThreads}
 * (baseline (a): one thread per filter, {@code ArrayBlockingQueue}s) and {@code singleThread}
 * (baseline (b): the same filters called in one thread over {@code ArrayDeque}s).
 *
 * <pre>java -jar jmh/target/benchmarks.jar StreamItBenchmark -prof gc</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@OperationsPerInvocation(StreamItBenchmark.ITERATIONS)
public class StreamItBenchmark {
    /** Steady-state iterations per invocation: a multiple of every batch. */
    static final int ITERATIONS = 128;

    @State(Scope.Thread)
    public static class StreamFlex {
        @Param({"beamformer", "filterbank"})
        String program;
        @Param({"on", "off"})
        String fusion;
        @Param({"32", "1"})
        int batch;
        GraphDriver driver;
        FloatPrinter printer;

        @Setup(Level.Trial)
        public void build() {
            StreamItMain.Options.parse(program, "--fusion=" + fusion).setProperties();
            if (program.equals("beamformer")) {
                SerializedBeamFormer g = new SerializedBeamFormer(batch);
                driver = GraphDriver.of(g);
                printer = g.printer;
            } else {
                FilterBankGraph g = new FilterBankGraph(batch);
                driver = GraphDriver.of(g);
                printer = g.printer;
            }
        }
    }

    @State(Scope.Thread)
    public static class SingleThread {
        @Param({"beamformer", "filterbank"})
        String program;
        SingleThreadRunner runner;
        Program built;

        @Setup(Level.Trial)
        public void build() {
            built = program.equals("beamformer") ? PlainPrograms.beamFormer(0) : PlainPrograms.filterBank(0);
            runner = new SingleThreadRunner(built.graph());
        }
    }

    @State(Scope.Thread)
    public static class QueueThreads {
        @Param({"beamformer", "filterbank"})
        String program;
        ThreadedRunner runner;
        Program built;

        @Setup(Level.Trial)
        public void build() {
            built = program.equals("beamformer") ? PlainPrograms.beamFormer(0) : PlainPrograms.filterBank(0);
            runner = new ThreadedRunner(built.graph(), built.printer(), built.outputsPerIteration());
        }

        @TearDown(Level.Trial)
        public void close() {
            runner.close();
        }
    }

    @Benchmark
    public double streamflex(StreamFlex s) {
        s.driver.run(ITERATIONS / s.batch);
        return s.printer.checksum();
    }

    @Benchmark
    public long singleThread(SingleThread s) {
        s.runner.run(ITERATIONS);
        return s.built.printer().count;
    }

    @Benchmark
    public long queueThreads(QueueThreads s) throws InterruptedException {
        s.runner.run(ITERATIONS);
        return s.built.printer().count;
    }
}
