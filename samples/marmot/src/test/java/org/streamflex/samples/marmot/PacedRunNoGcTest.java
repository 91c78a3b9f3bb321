package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
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
 * every block period (1024 frames at 44.1 kHz: 23,220 us), and the source plays the recording a
 * block per release, as a sound card would deliver it (ArraySource.replay). From the first
 * detection to the end of the paced run no garbage collection may happen and the node's filters
 * may put no more than a few one-off bytes on the heap (nothing per detection or per block); every
 * call must still be detected.
 *
 * <p>The suite runs 10 s of audio, scaled down from the few minutes ({@code marmot.paced.seconds}
 * sets more, up to what two copies of the recording leave of the heap), in a JVM of its own with a
 * 64 MiB heap (Surefire execution {@code no-gc}), so that
 * nothing else allocates while it counts collections. A small heap makes the check sharper:
 * its young generation fills after a few MiB.
 */
@Tag("no-gc")
@Timeout(1800) // a guard against a hang; the run itself lasts as long as its audio
class PacedRunNoGcTest {
    static final int BLOCK = 1024;

    @Test
    void aPacedRealTimeRunCollectsNoGarbage(@TempDir Path dir) throws Exception {
        double seconds = Double.parseDouble(System.getProperty("marmot.paced.seconds", "10"));
        // A small heap, so that its young generation fills after a few MiB; a longer run may have
        // room for its recording, held in memory twice (3 MiB a second covers both copies).
        long allowed = (80L << 20) + ((long) Math.max(0, seconds - 10)) * (3L << 20);
        assertTrue(Runtime.getRuntime().maxMemory() <= allowed, "run this test in its own JVM with -Xmx64m"
                + " (Surefire execution no-gc; -Dmarmot.paced.heap for long runs, at most " + (allowed >> 20)
                + " MiB for " + seconds + " s); heap is " + Runtime.getRuntime().maxMemory());
        int calls = (int) Math.max(3, seconds / 2);
        SceneGenerator.Result scene = SceneGenerator.write(SceneSpec.defaults().withSeed(71).withNodes(2)
                .withCalls(calls).withSeconds(seconds), dir);
        NodeSite site = scene.deployment().nodes().get(0);
        Deployment one = new Deployment(List.of(site));
        short[] pcm;
        double rate;
        try (ArrayRecording r = ArrayRecording.open(SceneGenerator.recordingOf(dir, site.id()), 4)) {
            rate = r.sampleRate();
            pcm = new short[(int) (4 * r.declaredFrames())];
            short[] block = new short[4 * BLOCK];
            for (int at = 0, n; (n = r.read(block, BLOCK)) > 0; at += 4 * n) {
                System.arraycopy(block, 0, pcm, at, 4 * n);
            }
        }
        MarmotConfig config = MarmotConfig.defaults();

        // Warm-up: the same audio through a driven graph, so that the paced run meets compiled code
        // and loaded classes (the first run of each path allocates on the heap: class loading, lambdas).
        for (int round = 0; round < 3; round++) {
            MarmotGraph warm = new MarmotGraph(config, one, new double[] {rate}, false, 0);
            warm.source(0).replay(pcm, pcm.length / 4);
            GraphDriver driver = GraphDriver.of(warm);
            while (!warm.source(0).ended()) {
                driver.step();
            }
        }
        int period = (int) Math.round(1e6 * BLOCK / rate);
        MarmotGraph graph = new MarmotGraph(config, one, new double[] {rate}, false, period);
        ArraySource source = graph.source(0);
        int frames = pcm.length / 4;
        // The source plays the recording by itself, a block per release of its periodic clock: no Java
        // thread feeds it (an @Atomic write copies each borrowed block on the heap, see the README).
        source.replay(pcm, frames);
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
        assertEquals(calls, detections, "detections of " + calls + " calls");
        assertEquals(collections, afterCollections, "garbage collections during the paced run: " + collectors());
        // Not per detection: a few hundred bytes once, when a region's array pool first meets a size or
        // a count it had not held (measured: 1,728 and 2,160 bytes in 10 s, in the source and the sync). The DOA's
        // arrays sized by each detection put 57 KB per detection here before they were fixed.
        assertTrue(heap < 16 * 1024, "heap bytes allocated by the node's filters:" + perFilter);
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
