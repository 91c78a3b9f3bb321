package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.TemporaryProperty;
import org.streamflex.runtime.graph.TestFilters.Hungry;

/** The graph-wide properties are read when each graph is built, not once per JVM. */
class GraphSettingsTest {

    @Test
    void eachGraphReadsThePropertiesWhenItIsBuilt() {
        TestGraph off;
        try (var _ = TemporaryProperty.set("streamflex.regions", "false");
                var _ = TemporaryProperty.set("streamflex.heapAccounting", "true")) {
            off = new TestGraph();
        }
        TestGraph on = new TestGraph();
        Hungry heapAllocating = off.filter(Hungry.class);
        Hungry regionAllocating = on.filter(Hungry.class);
        assertNull(runtimeOf(off).taskOf(heapAllocating).transientRegion(), "built with streamflex.regions=false");
        assertNotNull(runtimeOf(on).taskOf(regionAllocating).transientRegion(), "built after it was cleared");
        off.link(off.clock(10), heapAllocating).check();
        GraphDriver.of(off).run(10);
        assertEquals(10, heapAllocating.works);
        assertTrue(runtimeOf(off).heapBytes(heapAllocating) >= 10 * 528,
                "built with streamflex.heapAccounting=true, it counted the arrays its work() put on the heap");
    }

    @Test
    void theRegionLimitIsTheOneInForceWhenTheGraphWasBuilt() {
        TestGraph tight;
        try (var _ = TemporaryProperty.set("streamflex.regions.maxBytes", "1000")) {
            tight = new TestGraph();
        }
        Hungry hungry = tight.filter(Hungry.class, 600, 600);
        tight.link(tight.clock(10), hungry);
        assertEquals("the filters' regions need 1200 bytes in total, more than the limit of 1000 bytes: give smaller"
                + " sizes to makeFilter or raise -Dstreamflex.regions.maxBytes",
                assertThrows(StreamFlexError.class, tight::check).getMessage());
    }

    @Test
    void aMalformedPropertyStopsTheGraphBeingBuiltNamingItAndTheValue() {
        try (var _ = TemporaryProperty.set("streamflex.regions", "yes")) {
            assertEquals("system property streamflex.regions=yes is not true or false: fix it, or remove it to use"
                    + " the default true", assertThrows(StreamFlexError.class, TestGraph::new).getMessage());
        }
        try (var _ = TemporaryProperty.set("streamflex.atomic.maxReads", "0")) {
            assertEquals("system property streamflex.atomic.maxReads=0 is not an integer from 1 up: fix it, or remove"
                    + " it to use the default 32768", assertThrows(StreamFlexError.class, TestGraph::new).getMessage());
        }
    }

    private static RuntimeGraph runtimeOf(TestGraph g) {
        return (RuntimeGraph) ApiAccess.assemblyOf(g);
    }
}
