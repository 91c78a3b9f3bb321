package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Placement: contiguous runs of the data-flow order, the busiest worker as light as it can be. */
class PlacementTest {
    @Test
    void twoEqualHalvesGoToTwoWorkers() {
        assertArrayEquals(new int[] {0, 0, 1, 1}, Placement.place(new long[] {10, 40, 10, 40}, 2));
    }

    @Test
    void aHeavyUnitGetsAWorkerToItself() {
        assertArrayEquals(new int[] {0, 0, 0, 1, 2}, Placement.place(new long[] {5, 5, 5, 100, 5}, 3));
    }

    @Test
    void theBusiestWorkerIsAsLightAsContiguousRunsAllow() {
        // Cut after 30, 10: loads 40 and 50; after 30 alone or after 30, 10, 20: 60 on one of them.
        int[] placed = Placement.place(new long[] {30, 10, 20, 20, 10}, 2);
        assertArrayEquals(new int[] {0, 0, 1, 1, 1}, placed);
    }

    @Test
    void moreWorkersThanUnitsLeavesTheRestIdle() {
        assertArrayEquals(new int[] {0, 1}, Placement.place(new long[] {3, 4}, 8));
    }

    @Test
    void unitsMeasuredAtNothingStillSpreadAcrossWorkers() {
        assertArrayEquals(new int[] {0, 1, 2}, Placement.place(new long[] {0, 0, 0}, 3));
    }

    @Test
    void oneWorkerTakesEverything() {
        assertArrayEquals(new int[] {0, 0, 0}, Placement.place(new long[] {1, 2, 3}, 1));
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Placement.place(new long[] {1}, 0));
        assertThrows(IllegalArgumentException.class, () -> Placement.place(new long[] {1, -1}, 2));
    }
}
