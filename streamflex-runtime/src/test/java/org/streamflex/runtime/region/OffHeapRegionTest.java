package org.streamflex.runtime.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.streamflex.RegionFullError;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.runtime.graph.TestFilters.Counter;
import org.streamflex.runtime.graph.TestFilters.IntSink;
import org.streamflex.runtime.graph.TestGraph;

class OffHeapRegionTest {
    @Test
    void segmentsAreUsableUntilTheGraphStopsAndFreedWhenItDoes() throws Exception {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        IntSink sink = g.filter(IntSink.class);
        g.link(g.clock(1000), counter).link(counter, sink, 4).check();
        OffHeapRegion offHeap = ((RuntimeGraph) ApiAccess.assemblyOf(g)).taskOf(sink).offHeap();
        MemorySegment samples = offHeap.allocate(4096, 8);
        samples.setAtIndex(ValueLayout.JAVA_DOUBLE, 3, 2.5);
        assertEquals(2.5, samples.getAtIndex(ValueLayout.JAVA_DOUBLE, 3));
        assertEquals(0.0, samples.getAtIndex(ValueLayout.JAVA_DOUBLE, 4), "segments come zeroed");

        g.start();
        g.stop();
        assertTrue(g.awaitTermination(30, TimeUnit.SECONDS));
        assertFalse(samples.scope().isAlive(), "freed with the graph");
        assertThrows(IllegalStateException.class, () -> samples.getAtIndex(ValueLayout.JAVA_DOUBLE, 3));
        assertThrows(IllegalStateException.class, () -> offHeap.allocate(8, 8));
    }

    @Test
    void offHeapMemoryCountsAgainstTheStableRegion() {
        TestGraph g = new TestGraph();
        IntSink sink = g.filter(IntSink.class, 8192, 1024);
        OffHeapRegion offHeap = ((RuntimeGraph) ApiAccess.assemblyOf(g)).taskOf(sink).offHeap();
        offHeap.allocate(4096, 8);
        RegionFullError error = assertThrows(RegionFullError.class, () -> offHeap.allocate(8192, 8));
        assertTrue(error.getMessage().contains("has no room for an off-heap segment (8192 bytes)"), error.getMessage());
    }
}
