package org.streamflex.dsp.fir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class FirFilterTest {
    /** The documented bound: {@code 2^-24 |y| + m 2^-53 sum_k |h[k] x[t-k]|}, plus the least float. */
    private static void assertWithinBound(float[] taps, float[] x, float[] out, String what) {
        double[] y = DirectConvolution.of(taps, x);
        double[] scale = DirectConvolution.absoluteSums(taps, x);
        for (int t = 0; t < x.length; t++) {
            double bound = Math.scalb(Math.abs(y[t]), -24) + taps.length * Math.scalb(scale[t], -53) + Float.MIN_VALUE;
            assertTrue(Math.abs(out[t] - y[t]) <= bound, what + " output " + t + ": " + out[t] + " vs " + y[t]);
        }
    }

    @Test
    void filteringWholeMatchesTheDirectConvolutionWithinTheStatedBound() {
        Random random = new Random(1);
        for (int m : new int[] {1, 2, 7, 64, 301}) {
            float[] taps = DirectConvolution.noise(m, random);
            float[] x = DirectConvolution.noise(3000, random);
            float[] out = new float[x.length];
            new FirFilter(taps).filter(x, 0, out, 0, x.length);
            assertWithinBound(taps, x, out, "m=" + m);
        }
    }

    @Test
    void blocksOfAnySizesGiveExactlyTheOutputOfTheWholeSignal() {
        Random random = new Random(2);
        for (int m : new int[] {1, 3, 17, 128}) {
            float[] taps = DirectConvolution.noise(m, random);
            float[] x = DirectConvolution.noise(5000, random);
            float[] whole = new float[x.length];
            new FirFilter(taps).filter(x, 0, whole, 0, x.length);
            for (int trial = 0; trial < 5; trial++) {
                FirFilter filter = new FirFilter(taps);
                float[] out = new float[x.length];
                int at = 0;
                for (int size : DirectConvolution.randomSplit(x.length, m, random)) {
                    filter.filter(x, at, out, at, size);
                    at += size;
                }
                assertArrayEquals(whole, out, "m=" + m + " trial " + trial);
            }
        }
    }

    @Test
    void sampleBySampleGivesTheSameOutputAsBlocks() {
        Random random = new Random(3);
        float[] taps = DirectConvolution.noise(9, random);
        float[] x = DirectConvolution.noise(200, random);
        float[] whole = new float[x.length];
        new FirFilter(taps).filter(x, 0, whole, 0, x.length);
        FirFilter filter = new FirFilter(taps);
        float[] out = new float[x.length];
        for (int t = 0; t < 100; t++) {
            out[t] = filter.filter(x[t]);
        }
        filter.filter(x, 100, out, 100, 100);
        assertArrayEquals(whole, out);
    }

    @Test
    void inPlaceFilteringGivesTheSameOutput() {
        Random random = new Random(4);
        float[] taps = DirectConvolution.noise(33, random);
        float[] x = DirectConvolution.noise(1000, random);
        float[] whole = new float[x.length];
        new FirFilter(taps).filter(x, 0, whole, 0, x.length);
        float[] buffer = x.clone();
        FirFilter filter = new FirFilter(taps);
        int at = 0;
        for (int size : DirectConvolution.randomSplit(x.length, 33, random)) {
            filter.filter(buffer, at, buffer, at, size);
            at += size;
        }
        assertArrayEquals(whole, buffer);
    }

    @Test
    void theTapsAreCopiedAndResetForgetsTheHistory() {
        float[] taps = {1, 2, 3};
        FirFilter filter = new FirFilter(taps);
        taps[0] = 100;
        assertEquals(1f, filter.tap(0));
        assertEquals(3, filter.length());
        float[] out = new float[3];
        filter.filter(new float[] {1, 1, 1}, 0, out, 0, 3);
        assertArrayEquals(new float[] {1, 3, 6}, out);
        filter.reset();
        filter.filter(new float[] {1, 0, 0}, 0, out, 0, 3);
        assertArrayEquals(new float[] {1, 2, 3}, out, "the impulse response, with no history");
        assertThrows(IllegalArgumentException.class, () -> new FirFilter(new float[0]));
        assertThrows(IndexOutOfBoundsException.class, () -> filter.filter(new float[2], 0, out, 0, 3));
    }
}
