package org.streamflex.bench.region;

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
import org.openjdk.jmh.annotations.Warmup;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.RuntimeGraph;

/**
 * Nanoseconds per {@code work()} of a filter that allocates three arrays and two objects per release, in one run:
 * {@code regions}, the graph driven on one thread with the filter's arrays in its transient
 * region; {@code graphOnHeap}, the same graph with its region turned off (the goal compares these
 * two); {@code plainHeap}, the same code in a plain class called directly, without any release.
 *
 * <pre>java -jar jmh/target/benchmarks.jar RegionBenchmark -prof gc</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class RegionBenchmark {
    @State(Scope.Thread)
    public static class Regions {
        AllocatingGraph graph;
        GraphDriver driver;

        @Setup(Level.Trial)
        public void build() {
            graph = new AllocatingGraph();
            driver = GraphDriver.of(graph);
        }
    }

    @State(Scope.Thread)
    public static class GraphOnHeap {
        AllocatingGraph graph;
        GraphDriver driver;

        @Setup(Level.Trial)
        public void build() {
            graph = new AllocatingGraph();
            ((RuntimeGraph) ApiAccess.assemblyOf(graph)).useRegions(false);
            driver = GraphDriver.of(graph);
        }
    }

    @State(Scope.Thread)
    public static class Heap {
        HeapFolder folder = new HeapFolder();
    }

    @Benchmark
    public long regions(Regions r) {
        r.driver.step();
        return r.graph.checksum();
    }

    /** The same graph and filter, with its transient region off: its arrays come from the heap. */
    @Benchmark
    public long graphOnHeap(GraphOnHeap g) {
        g.driver.step();
        return g.graph.checksum();
    }

    /** The same code in a plain class, called directly: no release, no region. */
    @Benchmark
    public long plainHeap(Heap h) {
        h.folder.work();
        return h.folder.checksum();
    }
}
