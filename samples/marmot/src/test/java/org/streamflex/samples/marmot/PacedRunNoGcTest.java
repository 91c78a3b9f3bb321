package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.GraphCounters;
import org.streamflex.runtime.GraphDriver;

/**
 * A node graph paced in real time, as a node would run: a periodic clock releases the source
 * every block period (1024 frames at 44.1 kHz: 23,220 us), and the source reads the recording from
 * its file itself, a block per release, as a sound card would deliver it (ArrayRecording.attach).
 * From the first detection to the end of the paced run no garbage collection may happen and the
 * node's filters may put no more than a few one-off bytes on the heap (nothing per detection or
 * per block); every call must still be detected.
 *
 * <p>The suite runs 10 s of audio, scaled down from the few minutes
 * ({@code -Dmarmot.paced.seconds=180} runs three minutes, in the same heap), in a JVM of its own
 * with a 64 MiB heap (Surefire execution {@code no-gc}), so that nothing else allocates while it
 * counts collections. A small heap makes the check sharper: its young generation fills after a few
 * MiB. The node holds a few blocks of its recording at a time, so the heap does not grow with the
 * run's length. The scene is generated before the run by a JVM of its own ({@code MarmotMain
 * generate}, in the same heap: the generator renders a block at a time), whose garbage this JVM
 * never sees.
 */
@Tag("no-gc")
@Timeout(1800) // a guard against a hang; the run itself lasts as long as its audio
class PacedRunNoGcTest {
    static final int BLOCK = 1024;

    @Test
    void aPacedRealTimeRunCollectsNoGarbage(@TempDir Path dir) throws Exception {
        double seconds = Double.parseDouble(System.getProperty("marmot.paced.seconds", "10"));
        assertTrue(Runtime.getRuntime().maxMemory() <= 80L << 20, "run this test in its own JVM with -Xmx64m"
                + " (Surefire execution no-gc), whatever its length: heap is " + Runtime.getRuntime().maxMemory());
        int calls = (int) Math.max(3, seconds / 2);
        generate(dir, calls, seconds);
        NodeSite site = Deployment.read(dir.resolve(Deployment.NODES_FILE), dir.resolve("mics.csv")).nodes().get(0);
        Deployment one = new Deployment(List.of(site));
        Path wav = SceneGenerator.recordingOf(dir, site.id());
        double rate;
        long declared;
        try (ArrayRecording r = ArrayRecording.open(wav, 4)) {
            rate = r.sampleRate();
            declared = r.declaredFrames();
        }
        MarmotConfig config = MarmotConfig.defaults();

        // Warm-up: the same audio through a driven graph, so that the paced run meets compiled code
        // and loaded classes (the first run of each path allocates on the heap: class loading, lambdas).
        for (int round = 0; round < 3; round++) {
            MarmotGraph warm = new MarmotGraph(config, one, new double[] {rate}, false, 0);
            try (ArrayRecording r = ArrayRecording.open(wav, 4)) {
                r.attach(warm.source(0));
                GraphDriver driver = GraphDriver.of(warm);
                while (!warm.source(0).ended()) {
                    driver.step();
                }
            }
        }
        int period = (int) Math.round(1e6 * BLOCK / rate);
        MarmotGraph graph = new MarmotGraph(config, one, new double[] {rate}, false, period);
        ArraySource source = graph.source(0);
        ArrayRecording recording = ArrayRecording.open(wav, 4);
        // The source reads the recording by itself, a block per release of its periodic clock, in its
        // work(): no Java thread feeds it, and no more than a few blocks of it are in memory.
        recording.attach(source);
        // What the warm-up, the scene and the graph's construction left is collected now, not during the run.
        System.gc();
        graph.start();
        long startNanos = System.nanoTime();
        // Counting starts after the first detection: each graph's regions fill their array pools with
        // the sizes they meet the first time (on the heap, once); what is measured is the steady state.
        while (graph.doaLog().count() == 0 && !source.ended()) {
            Thread.sleep(5);
        }
        graph.countHeapBytes();
        long collections = collections();
        double countedFrom = (System.nanoTime() - startNanos) / 1e9;
        while (!source.ended()) {
            Thread.sleep(20);
        }
        // The end mark went out last; what it follows has been through the node's filters.
        Thread.sleep(200);
        long afterCollections = collections();
        double wall = (System.nanoTime() - startNanos) / 1e9;
        graph.stop();
        long frames = recording.framesRead();
        recording.close();
        GraphCounters counters = graph.counters();
        long heap = 0;
        StringBuilder perFilter = new StringBuilder();
        for (String name : counters.names()) {
            if (name.endsWith(".heapBytes")) {
                long b = counters.value(name);
                heap += b;
                if (b != 0) {
                    perFilter.append(' ').append(name).append('=').append(b);
                }
            }
        }
        long missed = 0;
        for (String name : counters.names()) {
            if (name.startsWith("clock.") && name.endsWith(".missedDeadlines")) {
                missed += counters.value(name);
            }
        }
        int detections = graph.doaLog().count();
        System.out.printf(Locale.ROOT, "paced run: %.1f s of audio in %.1f s wall, %d detections of %d calls;"
                + " from %.2f s (after the first detection) to the end: %d collections, %d heap bytes in the"
                + " filters%s; %d missed deadlines%n", frames / rate, wall, detections, calls, countedFrom,
                afterCollections - collections, heap, perFilter, missed);
        assertEquals(null, recording.problem(site.id()), "the recording broke off");
        assertEquals(declared, frames, "frames read");
        assertEquals(calls, detections, "detections of " + calls + " calls");
        assertEquals(collections, afterCollections, "garbage collections during the paced run: " + collectors());
        // Not per detection: a few hundred bytes once, when a region's array pool first meets a size or
        // a count it had not held (measured: 1,728 and 2,160 bytes in 10 s, in the source and the sync). The DOA's
        // arrays sized by each detection put 57 KB per detection here before they were fixed.
        assertTrue(heap < 16 * 1024, "heap bytes allocated by the node's filters:" + perFilter);
    }

    /** The scene, written by {@code MarmotMain generate} in a JVM of its own, in 64 MiB whatever its length. */
    private static void generate(Path dir, int calls, double seconds) throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
                "-cp", System.getProperty("java.class.path"), MarmotMain.class.getName(), "generate", "--out",
                dir.toString(), "--seed", "71", "--nodes", "2", "--calls", String.valueOf(calls), "--seconds",
                String.valueOf(seconds));
        Path log = dir.resolve("generate.log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertEquals(0, p.waitFor(), "generate: " + Files.readString(log));
    }

    private static String collectors() {
        StringBuilder b = new StringBuilder();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            b.append(gc.getName()).append('=').append(gc.getCollectionCount()).append(' ');
        }
        return b.toString();
    }

    private static long collections() {
        long count = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
        }
        return count;
    }
}
