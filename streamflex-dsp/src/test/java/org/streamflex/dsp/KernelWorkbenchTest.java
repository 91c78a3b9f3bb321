package org.streamflex.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.GraphCounters;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;
import org.streamflex.checker.StreamFlexPlugin;
import org.streamflex.dsp.spectrum.RealFft;
import org.streamflex.runtime.GraphDriver;

/**
 * Every kernel used from a filter's {@code work()}: under the driver it allocates nothing, and
 * compiled together with a filter by the StreamFlex javac plugin it passes the checker's rules (in
 * the library's own compilation no filter reaches the kernels, so nothing checks them there).
 */
class KernelWorkbenchTest {
    @Test
    void everyKernelRunsInWorkWithoutHeapBytesAfterWarmUp() {
        KernelWorkbenchGraph graph = new KernelWorkbenchGraph();
        GraphDriver driver = GraphDriver.of(graph).run(500);   // warm-up: class loading, the JIT
        graph.countHeapBytes();
        GraphCounters counters = graph.counters();
        long releases = 500;
        long heapBytes = -1;
        for (int run = 0; run < 3 && heapBytes != 0; run++) {
            // A one-off JIT deoptimization can allocate a few hundred bytes once: a run at zero is the answer.
            long before = counters.value(graph.bench, "heapBytes");
            driver.run(1000);
            releases += 1000;
            heapBytes = counters.value(graph.bench, "heapBytes") - before;
        }
        assertEquals(0, heapBytes, "heap bytes of 1000 releases of work() after warm-up");
        assertEquals(0, counters.value(graph.bench, "transientPeakBytes"), "nor anything in its transient region");
        assertEquals(releases, graph.bench.releases);
        assertTrue(graph.bench.events >= releases / 64, "the CFARs found the bursts: " + graph.bench.events);

        KernelWorkbench plain = new KernelWorkbench();
        for (long i = 0; i < releases; i++) {
            plain.step();
        }
        assertEquals(plain.checksum, graph.bench.checksum, "the filter computes what plain Java computes");
        assertEquals(plain.events, graph.bench.events);
        assertTrue(Double.isFinite(plain.checksum) && plain.checksum != 0, "the checksum folds real values");
        graph.stop();
    }

    /** The control: a mixed-radix FFT in work(). JTransforms allocates inside each call, and heap counting sees it. */
    public static final class MixedRadixBench extends Filter {
        private TimeChannel timer;
        private final RealFft fft = new RealFft(1000);
        private final float[] samples = new float[1000];
        private final float[] bins = new float[1002];

        @Override
        public void work() {
            samples[0] = timer.getTime();
            fft.forward(samples, 0, bins, 0);
        }
    }

    /** One {@link MixedRadixBench} on a free-running clock. */
    static final class MixedRadixGraph extends StreamFlexGraph {
        final MixedRadixBench bench;

        MixedRadixGraph() {
            Clock clock = makeClock(0);
            bench = makeFilter(MixedRadixBench.class);
            connect(clock, bench, "timer");
            validate();
        }
    }

    @Test
    void aMixedRadixSizeAllocatesInsideJTransformsInEveryWork() {
        MixedRadixGraph graph = new MixedRadixGraph();
        GraphDriver driver = GraphDriver.of(graph).run(100);
        graph.countHeapBytes();
        driver.run(100);
        long bytes = graph.counters().value(graph.bench, "heapBytes");
        assertTrue(bytes >= 100 * 4 * 1000, "rfftf's float[n] per call, on the heap: " + bytes + " bytes");
        graph.stop();
    }

    @Test
    void theKernelsPassTheCheckersRulesAsFilterCode(@TempDir Path out) throws IOException {
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> main = Files.walk(Path.of("src/main/java"))) {
            main.filter(p -> p.toString().endsWith(".java")).forEach(sources::add);
        }
        sources.add(Path.of("src/test/java/org/streamflex/dsp/KernelWorkbench.java"));
        Compilation result = compileWithPlugin(out, sources);
        assertEquals(0, result.status(), result.output());
        assertTrue(result.output().isBlank(), "no error, no warning: " + result.output());
        // The plugin wove what it found reachable from the filter: so it checked those classes too.
        List<String> woven = Files.readAllLines(out.resolve("META-INF/streamflex/woven-classes.txt")).stream()
                .map(line -> line.substring(0, Math.max(0, line.indexOf(' ')))).toList();
        for (String kernel : List.of("spectrum.RealFft", "spectrum.ComplexFft", "spectrum.SpectralMask",
                "spectrum.JTransformsThreads", "spectrum.BinMagnitudes", "fir.FirFilter", "fir.OverlapSaveFir",
                "fir.FirDesign", "wavelet.Haar", "detect.Cfar", "detect.CfarReport", "stats.Moments",
                "stats.RunningMoments")) {
            assertTrue(woven.contains("org.streamflex.dsp." + kernel), kernel + " is filter code: " + woven);
        }
    }

    @Test
    void theSameCompilationRejectsAKernelThatBreaksTheRules(@TempDir Path out) {
        Path snippets = Path.of("src/test/resources/checker/snippet");
        Compilation result = compileWithPlugin(out,
                List.of(snippets.resolve("BareFft.java"), snippets.resolve("BareFilter.java")));
        assertEquals(1, result.status(), result.output());
        assertTrue(result.output().contains("[StreamFlex:R2] stable class BareFft keeps a reference to transient"
                + " class FloatFFT_1D in field 'plan'"), result.output());
        assertTrue(result.output().contains("[StreamFlex:R4]"), result.output());
    }

    private record Compilation(int status, String output) {
    }

    private static Compilation compileWithPlugin(Path out, List<Path> sources) {
        List<String> args = new ArrayList<>(List.of("-processorpath", pluginLocation().toString(),
                "-Xplugin:StreamFlex", "-cp", System.getProperty("java.class.path"), "-d", out.toString(),
                "-Xlint:all,-processing,-serial"));
        sources.forEach(s -> args.add(s.toString()));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        int status = javac.run(null, output, output, args.toArray(String[]::new));
        return new Compilation(status, output.toString(StandardCharsets.UTF_8));
    }

    private static Path pluginLocation() {
        try {
            return Path.of(StreamFlexPlugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
