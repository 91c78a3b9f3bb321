package org.streamflex.runtime.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.Filter;
import org.streamflex.RegionFullError;
import org.streamflex.TimeChannel;
import org.streamflex.fixtures.Folding;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.runtime.graph.TestGraph;

/**
 * Filters compiled by this build with the StreamFlex javac plugin, which wove their array
 * allocations into their transient regions. {@link Folding}, which {@code Spectrum} calls, was woven
 * in {@code streamflex-test-fixtures}.
 */
class RegionAllocationTest {

    /**
     * Folds its tick into a checksum ({@link Folding#fold}: three arrays of lengths that vary with the
     * tick and two objects per release), and keeps a history in an array of its own.
     */
    public static final class Spectrum extends Filter {
        private TimeChannel timer;
        private final long[] history = new long[8];
        public long checksum;
        public int lastIdentity;
        public boolean historyIntact = true;

        @Override
        public void work() {
            long tick = timer.getTime() / 10;
            checksum = checksum * 31 + Folding.fold(tick);
            int[] probe = new int[32];
            lastIdentity = System.identityHashCode(probe);
            int slot = (int) (tick & 7);
            historyIntact &= tick < 8 || history[slot] == tick - 8;
            history[slot] = tick;
        }
    }

    private static TestGraph graphOf(Class<? extends Filter> type, int transientBytes) {
        TestGraph g = new TestGraph();
        Filter filter = g.filter(type, 4096, transientBytes);
        g.link(g.clock(10), filter).check();
        return g;
    }

    @Test
    void aWovenWorkAllocatesNothingOnTheHeapAndComputesWhatPlainJavaComputes() {
        TestGraph g = graphOf(Spectrum.class, 64 * 1024);
        Spectrum spectrum = (Spectrum) firstFilter(g);
        assertNotNull(((RuntimeGraph) ApiAccess.assemblyOf(g)).taskOf(spectrum).transientRegion(),
                "the build wove Spectrum: it has a transient region");
        GraphDriver driver = GraphDriver.of(g).run(20_000); // warm-up: JIT and every array shape

        java.util.List<Long> runs = SteadyState.heapBytes(() -> driver.run(100_000));
        assertEquals(0L, runs.getLast(), "heap bytes allocated by each run of 100,000 releases: " + runs);

        long releases = 20_000 + 100_000L * runs.size();
        long expected = 0;
        long plainBefore = SteadyState.allocatedBytes();
        for (long tick = 0; tick < releases; tick++) {
            expected = expected * 31 + Folding.fold(tick);
        }
        long plainAllocated = SteadyState.allocatedBytes() - plainBefore;
        assertEquals(expected, spectrum.checksum, "the woven filter computes what the plain code computes");
        assertTrue(plainAllocated > 100_000L * 64,
                "the same code outside a filter allocates on the heap: " + plainAllocated);
        assertTrue(spectrum.historyIntact, "the filter's own (stable) array kept its values across releases");
    }

    @Test
    void theSameTransientArrayServesEveryRelease() {
        TestGraph g = graphOf(Spectrum.class, 64 * 1024);
        Spectrum spectrum = (Spectrum) firstFilter(g);
        GraphDriver driver = GraphDriver.of(g).run(10);
        int identity = spectrum.lastIdentity;
        driver.run(100);
        assertEquals(identity, spectrum.lastIdentity, "new int[32] was recycled, not allocated again");
    }

    @Test
    void aRegionTooSmallForOneReleaseStopsTheGraphWithAClearError() {
        TestGraph g = graphOf(Spectrum.class, 512);
        BoundaryError error = assertThrows(BoundaryError.class, () -> GraphDriver.of(g).run(1));
        assertEquals(RegionFullError.class.getName(), error.causeClassName());
        assertTrue(error.causeMessage().startsWith(
                "the transient region of filter Spectrum (512 bytes) has no room for new "), error.causeMessage());
    }

    /** Builds a string per release: concatenation allocates inside the JDK, which is not woven. */
    public static final class Labeller extends Filter {
        private TimeChannel timer;
        public int length;

        @Override
        public void work() {
            length += ("tick " + timer.getTime()).length();
        }
    }

    @Test
    void heapAccountingFindsTheFiltersThatStillAllocateOnTheHeap() {
        TestGraph g = new TestGraph();
        Spectrum spectrum = g.filter(Spectrum.class);
        Labeller labeller = g.filter(Labeller.class);
        g.link(g.clock(10), spectrum).link(g.clock(10), labeller).check();
        RuntimeGraph runtime = (RuntimeGraph) ApiAccess.assemblyOf(g);
        GraphDriver driver = GraphDriver.of(g).run(20_000);
        runtime.countHeapBytes();
        driver.run(10_000);
        assertTrue(runtime.heapBytes(spectrum) < 1000, "Spectrum's arrays all come from its region: "
                + runtime.heapBytes(spectrum) + " bytes in 10,000 releases (a JIT event may allocate a few once)");
        assertTrue(runtime.heapBytes(labeller) >= 10_000L * 24, "each label is a new String on the heap: "
                + runtime.heapBytes(labeller));
    }

    private static Filter firstFilter(TestGraph g) {
        return ((RuntimeGraph) ApiAccess.assemblyOf(g)).filters().getFirst();
    }
}
