package org.streamflex.runtime.region;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.streamflex.RegionFullError;

class TransientRegionTest {
    private final TransientRegion region = new TransientRegion("Spectrum", 64 * 1024);

    @Test
    void anArrayIsRecycledByTheNextWork() {
        int[] first = region.newIntArray(8);
        region.reset();
        assertSame(first, region.newIntArray(8));
    }

    @Test
    void arraysLiveInOneWorkAreDistinctAndExactlyAsLongAsAsked() {
        int[] a = region.newIntArray(8);
        int[] b = region.newIntArray(8);
        int[] c = region.newIntArray(9);
        assertNotSame(a, b);
        assertEquals(8, a.length);
        assertEquals(9, c.length);
        assertEquals(3, region.newDoubleArray(3).length);
    }

    @Test
    void aRecycledArrayComesBackZeroed() {
        double[] values = region.newDoubleArray(4);
        values[2] = 7.5;
        byte[] bytes = region.newByteArray(3);
        bytes[0] = 1;
        region.reset();
        assertArrayEquals(new double[4], region.newDoubleArray(4));
        assertArrayEquals(new byte[3], region.newByteArray(3));
    }

    @Test
    void warmUpEndsWhenEveryShapeHasBeenSeen() {
        for (int work = 0; work < 10; work++) {
            region.newIntArray(16);
            region.newIntArray(16);
            region.newFloatArray(100);
            region.reset();
        }
        long created = region.createdBytes();
        for (int work = 0; work < 1000; work++) {
            region.newIntArray(16);
            region.newIntArray(16);
            region.newFloatArray(100);
            region.reset();
        }
        assertEquals(created, region.createdBytes());
        assertEquals(2 * 80 + 416, region.peakBytes());
    }

    @Test
    void aFullRegionNamesTheFilterItsSizeAndTheAllocation() {
        TransientRegion small = new TransientRegion("Spectrum", 256);
        small.newLongArray(8); // 80 bytes
        RegionFullError error = assertThrows(RegionFullError.class, () -> small.newIntArray(100));
        assertEquals("the transient region of filter Spectrum (256 bytes) has no room for new int[100] (416 bytes):"
                + " this work() already allocated 80 bytes. Give the filter a larger transient region with"
                + " makeFilter(type, stableBytes, transientBytes), or allocate less per release", error.getMessage());
        small.reset();
        assertEquals(100, small.newByteArray(100).length, "after the reset the region is empty again");
    }

    @Test
    void aNegativeLengthFailsAsNewWould() {
        assertThrows(NegativeArraySizeException.class, () -> region.newIntArray(-1));
    }
}
