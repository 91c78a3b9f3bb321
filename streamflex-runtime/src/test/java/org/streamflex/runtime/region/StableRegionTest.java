package org.streamflex.runtime.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.Filter;
import org.streamflex.RegionFullError;
import org.streamflex.Stable;
import org.streamflex.StreamFlexError;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.runtime.graph.TestGraph;

class StableRegionTest {

    @Test
    void countsObjectsAndArraysAndRefusesWhatDoesNotFit() {
        StableRegion region = new StableRegion("Keeper", 100);
        region.allocateArray(8, 8); // 16 + 64 = 80 bytes
        assertEquals(80, region.usedBytes());
        RegionFullError error = assertThrows(RegionFullError.class, () -> region.allocateArray(2, 8));
        assertEquals("the stable region of filter Keeper (100 bytes) has no room for an array of 2 elements (32 bytes):"
                + " it already holds 80 bytes, which live as long as the graph. Give the filter a larger stable"
                + " region with makeFilter(type, stableBytes, transientBytes), or keep fewer stable objects",
                error.getMessage());
    }

    /** Its stable history array is larger than a small stable region. */
    public static final class BigHistory extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private final long[] history = new long[1000];

        @Override
        public void work() {
            history[0]++;
        }
    }

    @Test
    void aFilterWhoseStableStateDoesNotFitCannotBeCreated() {
        TestGraph g = new TestGraph();
        StreamFlexError error = assertThrows(StreamFlexError.class, () -> g.filter(BigHistory.class, 4096, 1024));
        assertTrue(error.getMessage().startsWith("cannot create filter " + BigHistory.class.getName()
                + ": its constructor threw org.streamflex.RegionFullError: the stable region of filter "
                + "BigHistory (4096 bytes) has no room for an array of 1000 elements (8016 bytes)"),
                error.getMessage());
        g.filter(BigHistory.class, 16 * 1024, 1024); // fits
    }

    /** A stable node. */
    static final class Node implements Stable {
        long value;
        Node next;
    }

    /** Prepends a stable node to its list in every release: its stable region fills up. */
    public static final class Hoarder extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private Node head;
        public int kept;

        @Override
        public void work() {
            Node node = new Node();
            node.next = head;
            head = node;
            kept++;
        }
    }

    @Test
    void aFilterThatKeepsMakingStableObjectsStopsWithAClearErrorWhenItsRegionIsFull() {
        TestGraph g = new TestGraph();
        Hoarder hoarder = g.filter(Hoarder.class, 1024, 1024);
        g.link(g.clock(10), hoarder).check();
        long afterConstruction = ((RuntimeGraph) ApiAccess.assemblyOf(g)).taskOf(hoarder).stableRegion().usedBytes();
        BoundaryError error = assertThrows(BoundaryError.class, () -> GraphDriver.of(g).run(1000));
        assertEquals(RegionFullError.class.getName(), error.causeClassName());
        assertTrue(error.causeMessage().startsWith(
                "the stable region of filter Hoarder (1024 bytes) has no room for new Node(...) (24 bytes)"),
                error.causeMessage());
        assertEquals((1024 - afterConstruction) / 24, hoarder.kept, "every node that fitted was kept");
    }
}
