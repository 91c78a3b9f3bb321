package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.GraphCounters;
import org.streamflex.runtime.GraphDriver;

/**
 * A node graph paced in real time, as a node would run: a periodic clock releases the source
 * every block period (1024 frames at 44.1 kHz: 23,220 us), while this thread writes the
 * recording's blocks into the source as a sound card's driver would, ahead of the clock. During
 * the whole paced run, warm-up excluded, no garbage collection may happen and the node's filters
 * may put no byte on the heap; every call must still be detected.
 *
 * <p>The suite runs 8 s of audio ({@code -Dmarmot.paced.seconds} sets more: the README's few
 * minutes) in a JVM of its own with a 64 MiB heap (Surefire execution {@code no-gc}), so that
 * nothing else allocates while it counts collections. A small heap makes the check sharper:
 * its young generation fills after a few MiB.
 */
@Timeout(1800) // a guard against a hang; the run itself lasts as long as its audio
class PacedRunNoGcTest {
    static final int BLOCK = 1024;

    @Test
    void aPacedRealTimeRunCollectsNoGarbage(@TempDir Path dir) throws Exception {
        assertTrue(Runtime.getRuntime().maxMemory() <= 80L << 20, "run this test in its own JVM with -Xmx64m"
                + " (Surefire execution no-gc); heap is " + Runtime.getRuntime().maxMemory());
        double seconds = Double.parseDouble(System.getProperty("marmot.paced.seconds", "8"));
        int calls = (int) Math.max(2, seconds / 2);
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
        MarmotGraph warm = new MarmotGraph(config, one, new double[] {rate}, false, 0);
        GraphDriver driver = GraphDriver.of(warm);
        short[] block = new short[4 * BLOCK];
        for (int round = 0; round < 3; round++) {
            for (int f = 0; f + BLOCK <= pcm.length / 4; f += BLOCK) {
                System.arraycopy(pcm, 4 * f, block, 0, 4 * BLOCK);
                assertEquals(1, warm.source(0).write(block, BLOCK));
                driver.step();
            }
        }

        int period = (int) Math.round(1e6 * BLOCK / rate);
        MarmotGraph graph = new MarmotGraph(config, one, new double[] {rate}, false, period);
        ArraySource source = graph.source(0);
        int frames = pcm.length / 4 / BLOCK * BLOCK;
        // Half a second ahead before the clock starts, as a sound card's buffer is.
        int fed = 0;
        while (fed < frames && source.write(slice(pcm, fed, block), BLOCK) == 1) {
            fed += BLOCK;
            if (fed >= rate / 2) {
                break;
            }
        }
        graph.start();
        long startNanos = System.nanoTime();
        // Counting starts one block period in: the clock's thread has started and made its first release.
        Thread.sleep(period / 1000 + 1);
        graph.countHeapBytes();
        long collections = collections();
        while (fed < frames) {
            if (source.write(slice(pcm, fed, block), BLOCK) == 1) {
                fed += BLOCK;
            } else {
                Thread.sleep(5);
            }
        }
        source.finish();
        while (!source.ended()) {
            Thread.sleep(5);
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
        System.out.printf(Locale.ROOT, "paced run: %.1f s of audio in %.1f s wall, %d detections of %d calls,"
                + " %d collections, %d heap bytes in the filters%s, %d missed deadlines%n", frames / rate, wall,
                detections, calls, afterCollections - collections, heap, perFilter, missed);
        assertEquals(calls, detections, "detections of " + calls + " calls");
        assertEquals(collections, afterCollections, "garbage collections during the paced run");
        assertEquals(0, heap, "heap bytes allocated by the node's filters:" + perFilter);
    }

    private static short[] slice(short[] pcm, int frame, short[] block) {
        System.arraycopy(pcm, 4 * frame, block, 0, block.length);
        return block;
    }

    private static long collections() {
        long count = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
        }
        return count;
    }
}
