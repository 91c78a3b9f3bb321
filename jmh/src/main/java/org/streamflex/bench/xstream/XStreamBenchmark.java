package org.streamflex.bench.xstream;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;

/**
 * XStream's mini-benchmarks under JMH: one operation is one run of a version over {@code replays}
 * replays of the recording, and the secondary result {@code samples} counts input samples, so its
 * rate is the harness's samples per second. What a version prepares ({@link Version#prepare}) is
 * done before each invocation, outside the measurement. Every run's checksum is checked against the
 * plain version's. The versions are {@link XStreamVersions}' names; each parameter set runs in a JVM
 * of its own, with the parallel collector, as the harness's long runs (G1's write barriers made the
 * segment graphs' rates jump by a third from round to round: jmh/README.md, "Which collector").
 *
 * <pre>java -jar jmh/target/benchmarks.jar XStreamBenchmark -prof gc</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+UseParallelGC"})
@State(Scope.Thread)
public class XStreamBenchmark {
    @Param({"PASSCHAIN", "STATFILTER", "SILENCEFILTER", "DETECTAUDIO"})
    String workload;

    @Param({Version.PLAIN, Version.PER_SAMPLE, Version.CONVENTIONAL, Version.SIGSEG})
    String version;

    @Param({"4096"})
    int batch;

    @Param({"1"})
    int replays;

    XStreamInput input;
    Version run;
    Checksum expected;
    Version.Prepared ready;

    /** Input samples processed, reported by JMH as a rate next to the runs per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Samples {
        public long samples;

        @Setup(Level.Iteration)
        public void reset() {
            samples = 0;
        }
    }

    @Setup(Level.Trial)
    public void load() throws InterruptedException {
        input = XStreamInput.load(batch); // parsed here, outside the measurement
        Workload w = Workload.valueOf(workload);
        run = XStreamVersions.find(w, version);
        expected = XStreamVersions.find(w, Version.PLAIN).run(input, replays);
    }

    /** Builds what the run needs (a graph) outside the measurement; a run takes tens of milliseconds. */
    @Setup(Level.Invocation)
    public void prepare() {
        ready = run.prepare(input, replays);
    }

    @Benchmark
    public Checksum xstream(Samples samples) throws InterruptedException {
        Checksum checksum = ready.run();
        if (!checksum.equals(expected)) {
            throw new IllegalStateException(workload + " " + version + " gave " + checksum + ", plain " + expected);
        }
        samples.samples += run.samples(input, replays);
        return checksum;
    }
}
