package org.streamflex.dsp.fir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.streamflex.dsp.HeapBytes;

class OverlapSaveFirTest {
    /**
     * The documented bounds: every output within {@code 1e-5} of the output's peak, and within
     * {@code 2e-7 log2(N) sqrt(sum h^2) max|x|}.
     */
    private static void assertClose(float[] taps, float[] x, float[] out, int fftSize, String what) {
        double[] y = DirectConvolution.of(taps, x);
        double peak = 0;
        double maxX = 0;
        double energy = 0;
        for (double v : y) {
            peak = Math.max(peak, Math.abs(v));
        }
        for (float v : x) {
            maxX = Math.max(maxX, Math.abs(v));
        }
        for (float h : taps) {
            energy += (double) h * h;
        }
        double fftBound = 2e-7 * (Math.log(fftSize) / Math.log(2)) * Math.sqrt(energy) * maxX;
        double bound = Math.min(1e-5 * peak, fftBound);
        double worst = 0;
        for (int t = 0; t < x.length; t++) {
            worst = Math.max(worst, Math.abs(out[t] - y[t]));
        }
        assertTrue(worst <= bound, what + ": worst error " + worst + " > " + bound + " (peak " + peak + ")");
    }

    @Test
    void defaultFftSizeIsTheLeastPowerOfTwoOfAtLeastTwiceTheTaps() {
        assertEquals(2, new OverlapSaveFir(new float[1]).fftSize());
        assertEquals(8, new OverlapSaveFir(new float[4]).fftSize());
        assertEquals(16, new OverlapSaveFir(new float[5]).fftSize());
        assertEquals(1024, new OverlapSaveFir(new float[512]).fftSize());
        OverlapSaveFir filter = new OverlapSaveFir(new float[300]);
        assertEquals(1024, filter.fftSize());
        assertEquals(1024 - 300 + 1, filter.hop());
        assertEquals(300, filter.length());
    }

    @Test
    void randomSignalsInRandomBlocksMatchTheDirectConvolution() {
        Random random = new Random(5);
        int[][] tapsAndFftSize = {{1, 0}, {2, 0}, {31, 0}, {255, 0}, {1000, 0}, {64, 64}, {64, 128}, {100, 4096}};
        for (int[] c : tapsAndFftSize) {
            float[] taps = DirectConvolution.noise(c[0], random);
            OverlapSaveFir filter = c[1] == 0 ? new OverlapSaveFir(taps) : new OverlapSaveFir(taps, c[1]);
            float[] x = DirectConvolution.noise(20_000, random);
            float[] out = new float[x.length];
            int at = 0;
            for (int size : DirectConvolution.randomSplit(x.length, filter.hop(), random)) {
                filter.filter(x, at, out, at, size);
                at += size;
            }
            assertClose(taps, x, out, filter.fftSize(), "m=" + c[0] + " N=" + filter.fftSize());
        }
    }

    @Test
    void callsOfOneHopAndInPlaceFilteringAgreeWithTheDirectForm() {
        Random random = new Random(6);
        float[] taps = FirDesign.lowpass(127, 1000, 8000);
        OverlapSaveFir filter = new OverlapSaveFir(taps);
        float[] x = DirectConvolution.noise(filter.hop() * 10 + 17, random);
        float[] buffer = x.clone();
        for (int at = 0; at < x.length; at += filter.hop()) {
            int size = Math.min(filter.hop(), x.length - at);
            filter.filter(buffer, at, buffer, at, size);
        }
        assertClose(taps, x, buffer, filter.fftSize(), "hop-sized in-place calls");

        float[] direct = new float[x.length];
        new FirFilter(taps).filter(x, 0, direct, 0, x.length);
        for (int t = 0; t < x.length; t++) {
            assertEquals(direct[t], buffer[t], 1e-5, "output " + t + " against FirFilter");
        }
    }

    @Test
    void resetStartsANewSignal() {
        Random random = new Random(7);
        float[] taps = DirectConvolution.noise(20, random);
        float[] x = DirectConvolution.noise(100, random);
        OverlapSaveFir filter = new OverlapSaveFir(taps);
        float[] first = new float[100];
        filter.filter(x, 0, first, 0, 100);
        filter.filter(x, 0, new float[50], 0, 50);
        filter.reset();
        float[] again = new float[100];
        filter.filter(x, 0, again, 0, 100);
        for (int t = 0; t < 100; t++) {
            assertEquals(first[t], again[t], 1e-6);
        }
    }

    @Test
    void callsAllocateNothing() {
        Random random = new Random(8);
        OverlapSaveFir filter = new OverlapSaveFir(DirectConvolution.noise(200, random));
        float[] x = DirectConvolution.noise(4000, random);
        Runnable calls = () -> {
            filter.filter(x, 0, x, 0, 1000);
            filter.filter(x, 1000, x, 1000, 3);
            filter.filter(x, 1003, x, 1003, 2997);
        };
        calls.run();
        assertEquals(0, HeapBytes.steadyState(calls));
    }

    @Test
    void badSizesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new OverlapSaveFir(new float[0]));
        assertThrows(IllegalArgumentException.class, () -> new OverlapSaveFir(new float[10], 8));
        assertThrows(IllegalArgumentException.class, () -> new OverlapSaveFir(new float[10], 24));
        assertThrows(IllegalArgumentException.class, () -> new OverlapSaveFir(new float[1], 1));
    }
}
