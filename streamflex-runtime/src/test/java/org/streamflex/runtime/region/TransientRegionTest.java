package org.streamflex.runtime.region;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.streamflex.RegionFullError;
import org.streamflex.abi.Regions;

class TransientRegionTest {
    private final TransientRegion region = new TransientRegion("Spectrum", 64 * 1024);

    @Test
    void anArrayIsRecycledByTheNextWork() {
        int[] first = ((int[]) region.newArray(8, Regions.T_INT));
        region.reset();
        assertSame(first, ((int[]) region.newArray(8, Regions.T_INT)));
    }

    @Test
    void arraysLiveInOneWorkAreDistinctAndExactlyAsLongAsAsked() {
        int[] a = ((int[]) region.newArray(8, Regions.T_INT));
        int[] b = ((int[]) region.newArray(8, Regions.T_INT));
        int[] c = ((int[]) region.newArray(9, Regions.T_INT));
        assertNotSame(a, b);
        assertEquals(8, a.length);
        assertEquals(9, c.length);
        assertEquals(3, ((double[]) region.newArray(3, Regions.T_DOUBLE)).length);
    }

    @Test
    void aRecycledArrayComesBackZeroed() {
        double[] values = ((double[]) region.newArray(4, Regions.T_DOUBLE));
        values[2] = 7.5;
        byte[] bytes = ((byte[]) region.newArray(3, Regions.T_BYTE));
        bytes[0] = 1;
        region.reset();
        assertArrayEquals(new double[4], ((double[]) region.newArray(4, Regions.T_DOUBLE)));
        assertArrayEquals(new byte[3], ((byte[]) region.newArray(3, Regions.T_BYTE)));
    }

    @Test
    void warmUpEndsWhenEveryShapeHasBeenSeen() {
        for (int work = 0; work < 10; work++) {
            region.newArray(16, Regions.T_INT);
            region.newArray(16, Regions.T_INT);
            region.newArray(100, Regions.T_FLOAT);
            region.reset();
        }
        long created = region.createdBytes();
        for (int work = 0; work < 1000; work++) {
            region.newArray(16, Regions.T_INT);
            region.newArray(16, Regions.T_INT);
            region.newArray(100, Regions.T_FLOAT);
            region.reset();
        }
        assertEquals(created, region.createdBytes());
        assertEquals(2 * 80 + 416, region.peakBytes());
    }

    @Test
    void aFullRegionNamesTheFilterItsSizeAndTheAllocation() {
        TransientRegion small = new TransientRegion("Spectrum", 256);
        small.newArray(8, Regions.T_LONG); // 80 bytes
        RegionFullError error = assertThrows(RegionFullError.class, () -> small.newArray(100, Regions.T_INT));
        assertEquals("the transient region of filter Spectrum (256 bytes) has no room for new int[100] (416 bytes):"
                + " this work() already allocated 80 bytes. Give the filter a larger transient region with"
                + " makeFilter(type, stableBytes, transientBytes), or allocate less per release", error.getMessage());
        small.reset();
        assertEquals(100, ((byte[]) small.newArray(100, Regions.T_BYTE)).length,
                "after the reset the region is empty again");
    }

    @Test
    void aNegativeLengthFailsAsNewWould() {
        assertThrows(NegativeArraySizeException.class, () -> region.newArray(-1, Regions.T_INT));
    }
}
