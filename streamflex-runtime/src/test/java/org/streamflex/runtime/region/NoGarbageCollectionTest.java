package org.streamflex.runtime.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.TimeChannel;
import org.streamflex.fixtures.Soak;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestGraph;

/**
 * Three filters that allocate arrays and objects in every release run, for the soak's time budget
 * and at least a million releases (without regions they would allocate about 600 MB, filling a
 * 64 MiB heap many times over), without a single garbage collection. Runs in its own JVM
 * ({@code -Xmx64m}, the {@code no-gc} Surefire execution), so that nothing else in the test run
 * allocates.
 */
class NoGarbageCollectionTest {
    static final int MIN_RELEASES = 1_000_000;
    static final int CHUNK = 100_000;

    /** Makes a window of values and puts their sum. */
    public static final class Windowed extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private IntChannel out;
        private int tick;

        @Override
        public void work() {
            int[] window = new int[32 + (tick & 3)];
            for (int i = 0; i < window.length; i++) {
                window[i] = tick + i;
            }
            int sum = 0;
            for (int v : window) {
                sum += v;
            }
            tick++;
            out.put(sum);
        }
    }

    /** A transient pair of numbers. */
    static final class Pair {
        final long low;
        final long high;

        Pair(long low, long high) {
            this.low = low;
            this.high = high;
        }
    }

    /** Spreads each value over a scratch buffer, pairs up the results in objects, forwards a digest. */
    public static final class Scrambler extends Filter {
        private IntChannel in;
        private IntChannel out;

        @Override
        public void work() {
            int v = in.take();
            byte[] scratch = new byte[64];
            long[] wide = new long[8];
            for (int i = 0; i < scratch.length; i++) {
                scratch[i] = (byte) (v >>> (i & 24));
                wide[i & 7] += scratch[i];
            }
            Pair[] pairs = new Pair[4];
            for (int i = 0; i < pairs.length; i++) {
                pairs[i] = new Pair(wide[i], wide[7 - i]);
            }
            out.put((int) (pairs[0].low + pairs[3].high));
        }
    }

    /** Keeps a running total using a temporary array per value. */
    public static final class Totals extends Filter {
        private IntChannel in;
        public long total;
        public long received;

        @Override
        public void work() {
            double[] parts = new double[4];
            int v = in.take();
            for (int i = 0; i < parts.length; i++) {
                parts[i] = v / 4.0;
            }
            total += (long) (parts[0] + parts[1] + parts[2] + parts[3]);
            received++;
        }
    }

    @Test
    void millionsOfAllocatingReleasesCauseNoGarbageCollection() {
        assertTrue(Runtime.getRuntime().maxMemory() <= 80L << 20,
                "run this test in its own JVM with -Xmx64m (Surefire execution no-gc); heap is "
                        + Runtime.getRuntime().maxMemory());
        TestGraph g = new TestGraph();
        Windowed windowed = g.filter(Windowed.class);
        Scrambler scrambler = g.filter(Scrambler.class);
        Totals totals = g.filter(Totals.class);
        g.link(g.clock(1), windowed).link(windowed, scrambler, 4).link(scrambler, totals, 4).check();
        GraphDriver driver = GraphDriver.of(g).run(100_000);
        // The warm-up's garbage (pool growth, class loading, the JIT's first runs) would otherwise leave the young
        // generation part full, and a collection it makes due later, during the soak, would be counted against the
        // graph; seen under two busy loops on a 2-core machine. Start the soak with an empty young generation.
        System.gc();

        long collections = collections();
        long releases = 0;
        for (Soak soak = Soak.start(); soak.more(releases, MIN_RELEASES); releases += CHUNK) {
            driver.run(CHUNK);
        }
        assertEquals(collections, collections(), "garbage collections during " + releases + " releases");
        assertEquals(releases + 100_000L, totals.received);
    }

    private static long collections() {
        long count = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
        }
        return count;
    }
}
