package org.streamflex.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.streamflex.fixtures.Soak;
import org.streamflex.runtime.GraphDriver;

/**
 * A graph passing, cutting and joining segments runs for the soak's time budget and at least
 * 200,000 segments (about 200 MB of samples, and many times the heap in headers, cursors and
 * sub-segments if any of them came from the heap) without a single garbage collection. Runs in
 * its own JVM with a 64 MiB heap (the {@code no-gc} Surefire execution), so nothing else allocates.
 */
class SegmentsCauseNoGarbageCollectionTest {
    private static final int MIN_SEGMENTS = 200_000;
    private static final int CHUNK = 10_000;

    @Test
    void segmentsFlowWithoutAGarbageCollection() {
        assertTrue(Runtime.getRuntime().maxMemory() <= 80L << 20,
                "run this test in its own JVM with -Xmx64m (Surefire execution no-gc); heap is "
                        + Runtime.getRuntime().maxMemory());
        SegmentChain graph = new SegmentChain();
        GraphDriver driver = GraphDriver.of(graph).run(20_000);
        // The warm-up's garbage (pool growth, class loading, the JIT's first runs) would otherwise leave the young
        // generation part full, and a collection it makes due later, during the soak, would be counted against the
        // graph; seen under two busy loops on a 2-core machine. Start the soak with an empty young generation.
        System.gc();
        long collections = collections();
        long segments = 0;
        for (Soak soak = Soak.start(); soak.more(segments, MIN_SEGMENTS); segments += CHUNK) {
            driver.run(CHUNK);
        }
        assertEquals(collections, collections(), "garbage collections during " + segments + " segments");
        assertEquals(segments + 20_000, graph.summer.segments());
        assertEquals(0, graph.cutter.mismatches());
    }

    private static long collections() {
        long count = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
        }
        return count;
    }
}
