package org.streamflex.bench.marmot;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.streamflex.bench.Machine;
import org.streamflex.samples.marmot.ArrayRecording;
import org.streamflex.samples.marmot.DoaWire;
import org.streamflex.samples.marmot.MarmotConfig;
import org.streamflex.samples.marmot.SceneSpec;

/**
 * The marmot node's speed on one core, the sample's graph against the plain-Java node in the same
 * run, rounds interleaved (graph then plain, then plain then graph, and so on) so that a noisy
 * neighbour slows both alike:
 *
 * <ul>
 *   <li><b>Node throughput</b>: node A's recording of a scene with a call every 2 s, read a block
 *       at a time from its WAV bytes in memory (the graph's source reads it itself, in its
 *       {@code work()}; the plain node through the same reader); audio seconds over wall seconds is
 *       the multiple of real time.
 *   <li><b>DOA time per detection</b>: the same on a scene with a call every 0.5 s and on the same
 *       scene without calls; the difference over the detections is the DOA's time per detection
 *       (with what a detection costs the detector and the sync), for both. The plain node also
 *       times its DOA directly, which checks the difference method.
 *   <li><b>Heap bytes</b> per detection and per second of audio (the thread's allocation counter):
 *       regions hold what the graph's filters allocate, so this is what reaches the heap.
 *   <li><b>DOA fission</b> ({@link DoaFissionBench}): the dense scene's detections as a backlog,
 *       1 and 2 replicas against plain Java on 1 and 2 threads: the 2-core speed-up.
 * </ul>
 *
 * <pre>java -cp jmh/target/benchmarks.jar org.streamflex.bench.marmot.MarmotBench --rounds 9</pre>
 */
public final class MarmotBench {
    private static final int BLOCK = 1024;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private MarmotBench() {
    }

    /** One timed pass over a recording. */
    record Pass(long nanos, long cpuNanos, long heapBytes, int detections, long doaNanos) {
    }

    /**
     * Runs it; options {@code --rounds N} (9), {@code --warmup N} (3), {@code --seconds S} (60),
     * {@code --fission-only} (only the DOA's fission measurement, {@link DoaFissionBench}),
     * {@code --fission-batch N} (its detections per batch: the command's {@code --doa-queue}, 32).
     */
    public static void main(String[] args) {
        int rounds = 9;
        int warmup = 3;
        double seconds = 60;
        boolean fissionOnly = false;
        int fissionBatch = DoaFissionBench.DEFAULT_BATCH;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--fission-only" -> fissionOnly = true;
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--seconds" -> seconds = Double.parseDouble(args[++i]);
                case "--fission-batch" -> fissionBatch = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + "; options: --rounds N --warmup N --seconds S --fission-only --fission-batch N");
            }
        }
        Machine.describe().forEach(System.out::println);
        MarmotConfig config = MarmotConfig.defaults();
        SceneSpec base = SceneSpec.defaults().withSeed(61).withNodes(2).withSeconds(seconds);
        MarmotScene sparse = MarmotScene.generate(base.withCalls((int) (seconds / 2)));
        // About two calls a second, as many as fit apart (the generator needs about 0.47 s per call).
        MarmotScene dense = MarmotScene.generate(base.withCalls((int) Math.min(seconds / 2.1 * 4,
                (seconds - 1.5) / 0.5)));
        if (fissionOnly) {
            DoaFissionBench.measure(config, dense, rounds, warmup, fissionBatch);
            return;
        }
        MarmotScene quiet = MarmotScene.generate(base.withCalls(0));
        System.out.printf(Locale.ROOT, "scenes: %.0f s of 4-channel audio at %.0f Hz, node A; %d, %d and 0 calls;"
                + " block %d frames; %d rounds after %d of warm-up, interleaved%n", sparse.seconds(),
                sparse.sampleRate(), sparse.calls(), dense.calls(), BLOCK, rounds, warmup);

        List<Pass> graphSparse = new ArrayList<>();
        List<Pass> plainSparse = new ArrayList<>();
        List<Pass> graphDense = new ArrayList<>();
        List<Pass> plainDense = new ArrayList<>();
        List<Pass> graphQuiet = new ArrayList<>();
        List<Pass> plainQuiet = new ArrayList<>();
        for (int r = 0; r < warmup + rounds; r++) {
            boolean keep = r >= warmup;
            boolean graphFirst = r % 2 == 0;
            for (int side = 0; side < 2; side++) {
                boolean graph = graphFirst == (side == 0);
                add(keep, graph ? graphSparse : plainSparse, run(config, sparse, graph));
                add(keep, graph ? graphDense : plainDense, run(config, dense, graph));
                add(keep, graph ? graphQuiet : plainQuiet, run(config, quiet, graph));
            }
        }

        System.out.println();
        System.out.println("node throughput, " + sparse.calls() + " calls in " + (int) sparse.seconds() + " s:");
        report("  StreamFlex", graphSparse, sparse.seconds());
        report("  plain Java", plainSparse, sparse.seconds());
        ratios("  StreamFlex / plain time", graphSparse, plainSparse);
        System.out.println("noise only (detector, no detections):");
        report("  StreamFlex", graphQuiet, quiet.seconds());
        report("  plain Java", plainQuiet, quiet.seconds());
        ratios("  StreamFlex / plain time", graphQuiet, plainQuiet);
        System.out.println("dense, " + dense.calls() + " calls in " + (int) dense.seconds() + " s:");
        report("  StreamFlex", graphDense, dense.seconds());
        report("  plain Java", plainDense, dense.seconds());
        System.out.println("DOA time per detection, (dense - noise only) / detections, per round:");
        double[] g = perDetection(graphDense, graphQuiet);
        double[] p = perDetection(plainDense, plainQuiet);
        System.out.printf(Locale.ROOT, "  StreamFlex  %s%n  plain Java  %s%n", spread(g, "ms"), spread(p, "ms"));
        double[] ratio = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            ratio[i] = g[i] / p[i];
        }
        System.out.printf(Locale.ROOT, "  StreamFlex / plain  %s%n", spread(ratio, "x"));
        double[] direct = new double[plainDense.size()];
        for (int i = 0; i < direct.length; i++) {
            direct[i] = plainDense.get(i).doaNanos() / 1e6 / plainDense.get(i).detections();
        }
        System.out.printf(Locale.ROOT, "  plain Java, timed directly  %s%n", spread(direct, "ms"));
        PlainMarmotNode node = new PlainMarmotNode(config, sparse.site(), sparse.sampleRate());
        short[] block = new short[PlainMarmotNode.CHANNELS * BLOCK];
        for (int f = 0; f < sparse.frames(); f += BLOCK) {
            int n = Math.min(BLOCK, sparse.frames() - f);
            System.arraycopy(sparse.pcm(), PlainMarmotNode.CHANNELS * f, block, 0, PlainMarmotNode.CHANNELS * n);
            node.write(block, n);
        }
        System.out.printf(Locale.ROOT, "bytes per detection: %d sent (DoaWire) against %.0f of raw 16-bit audio"
                + " (4 channels x 2 bytes x %.0f samples on average)%n", DoaWire.BYTES,
                8.0 * node.detectionSamples() / node.detections(),
                (double) node.detectionSamples() / node.detections());
        linesOfCode();
        System.out.println();
        DoaFissionBench.measure(config, dense, rounds, warmup, fissionBatch);
    }

    /** Lines of code of the detector and the DOA (SourceLines), when run from the repository's root. */
    private static void linesOfCode() {
        Path sample = Path.of("samples/marmot/src/main/java/org/streamflex/samples/marmot");
        Path bench = Path.of("jmh/src/main/java/org/streamflex/bench/marmot");
        if (!Files.isDirectory(sample) || !Files.isDirectory(bench)) {
            System.out.println("lines of code: run from the repository's root to count them");
            return;
        }
        try {
            int detector = lines(sample, "ArraySource", "PcmRing", "MinimumDuration", "MarmotGraph");
            String[] shared = {"FirstArrivals", "WhitenedBand", "DoaWindow", "SteeredResponse", "AzimuthHarmonics",
                "Radix2Fft"};
            int kernels = lines(sample, shared);
            int doa = lines(sample, "MarmotDoa", "DoaVector") + kernels;
            int plain = lines(bench, "PlainMarmotNode", "PlainDoa");
            System.out.printf(Locale.ROOT, "lines of code (SourceLines): StreamFlex detector %d (ArraySource, PcmRing,"
                    + " MinimumDuration, MarmotGraph whole), DOA %d (MarmotDoa, DoaVector and the kernels);"
                    + " plain Java node %d (PlainMarmotNode, PlainDoa) + %d (the kernels: %s)%n", detector, doa, plain,
                    kernels, String.join(", ", shared));
        } catch (IOException e) {
            System.out.println("lines of code: " + e);
        }
    }

    private static int lines(Path dir, String... classes) throws IOException {
        int n = 0;
        for (String c : classes) {
            n += SourceLines.count(dir.resolve(c + ".java"));
        }
        return n;
    }

    private static void add(boolean keep, List<Pass> to, Pass p) {
        if (keep) {
            to.add(p);
        }
    }

    /**
     * One pass over {@code scene}'s audio through a new graph or plain node, timed from the first
     * block: both read node A's WAV file from memory through the same {@code ArrayRecording}, a block
     * at a time (the graph's source in its {@code work()}, as the sample's command does), so the
     * decoding is on both sides.
     */
    static Pass run(MarmotConfig config, MarmotScene scene, boolean graph) {
        GraphMarmotNode g = graph ? new GraphMarmotNode(config, scene) : null;
        PlainMarmotNode p = graph ? null : new PlainMarmotNode(config, scene.site(), scene.sampleRate());
        try (ArrayRecording recording = scene.open()) {
            long bytes0 = THREADS.getCurrentThreadAllocatedBytes();
            long cpu0 = THREADS.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            if (graph) {
                g.run(recording);
            } else {
                p.read(recording, BLOCK);
            }
            long nanos = System.nanoTime() - t0;
            long cpu = THREADS.getCurrentThreadCpuTime() - cpu0;
            long bytes = THREADS.getCurrentThreadAllocatedBytes() - bytes0;
            return graph ? new Pass(nanos, cpu, bytes, g.log().count(), 0)
                    : new Pass(nanos, cpu, bytes, p.detections(), p.doaNanos());
        }
    }

    private static void report(String name, List<Pass> passes, double audioSeconds) {
        double[] multiple = new double[passes.size()];
        double[] ms = new double[passes.size()];
        double[] heap = new double[passes.size()];
        for (int i = 0; i < multiple.length; i++) {
            ms[i] = passes.get(i).nanos() / 1e6;
            multiple[i] = audioSeconds / (passes.get(i).nanos() / 1e9);
            heap[i] = passes.get(i).heapBytes();
        }
        int detections = passes.get(0).detections();
        System.out.printf(Locale.ROOT, "%s  %s real time; %s per pass; %d detections; heap %s per pass (%s per"
                + " detection)%n", name, spread(multiple, "x"), spread(ms, "ms"), detections, spread(heap, "B"),
                detections == 0 ? "-" : String.format(Locale.ROOT, "%.0f B", median(heap) / detections));
    }

    private static void ratios(String name, List<Pass> a, List<Pass> b) {
        double[] r = new double[a.size()];
        double[] cpu = new double[a.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = (double) a.get(i).nanos() / b.get(i).nanos();
            cpu[i] = (double) a.get(i).cpuNanos() / b.get(i).cpuNanos();
        }
        System.out.printf(Locale.ROOT, "%s  %s%n", name, spread(r, "x"));
        // The thread's CPU time leaves out the time other processes took the core: on a shared, loaded
        // machine it is the steadier of the two ratios.
        System.out.printf(Locale.ROOT, "%s, CPU time  %s%n", name, spread(cpu, "x"));
    }

    private static double[] perDetection(List<Pass> dense, List<Pass> quiet) {
        double[] out = new double[dense.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (dense.get(i).nanos() - quiet.get(i).nanos()) / 1e6 / dense.get(i).detections();
        }
        return out;
    }

    /** Median, and min to max, of {@code v}. */
    static String spread(double[] v, String unit) {
        double[] s = v.clone();
        Arrays.sort(s);
        return String.format(Locale.ROOT, "%s %s (%s to %s)", fmt(median(v)), unit, fmt(s[0]), fmt(s[s.length - 1]));
    }

    private static String fmt(double x) {
        double a = Math.abs(x);
        return String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f", x);
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
