package org.streamflex.dsp.spectrum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class SpectralMaskTest {
    private static final double RATE = 8000;

    private static float[] cosine(int n, double hz, double phase) {
        float[] x = new float[n];
        for (int j = 0; j < n; j++) {
            x[j] = (float) Math.cos(2 * Math.PI * hz * j / RATE + phase);
        }
        return x;
    }

    private static double peakDifference(float[] a, float[] b) {
        double peak = 0;
        for (int i = 0; i < a.length; i++) {
            peak = Math.max(peak, Math.abs(a[i] - b[i]));
        }
        return peak;
    }

    @Test
    void wavescriptsBandpassOf32KeepsTheBinsWhoseFrequencyIsInTheClosedBand() {
        // Bins of 32 at 8 kHz are 250 Hz apart: 1000 and 2000 Hz are bins 4 and 8, both kept.
        SpectralMask band = new SpectralMask(32, RATE, 1000, 2000);
        assertEquals(4, band.firstKeptBin());
        assertEquals(8, band.lastKeptBin());
        float[] gains = new float[17];
        band.gains(gains, 0);
        for (int k = 0; k <= 16; k++) {
            double f = k * 250.0;
            double expected = 1000 <= f && f <= 2000 ? 1 : 0;
            assertEquals(expected, band.gain(k), "bin " + k);
            assertEquals((float) expected, gains[k], "bin " + k);
        }
        SpectralMask between = new SpectralMask(32, RATE, 1100, 1900);
        assertEquals(5, between.firstKeptBin());
        assertEquals(7, between.lastKeptBin());
    }

    @Test
    void aCosineAtAKeptBinPassesWithUnitGainAndOneAtARemovedBinIsRemoved() {
        int n = 32;
        SpectralMask band = new SpectralMask(n, RATE, 1000, 2000);
        float[] out = new float[n];
        for (int k = 0; k <= n / 2; k++) {
            double hz = k * RATE / n;
            // A phase shows sign or conjugation errors; DC and Nyquist carry only their cosine part.
            double phase = k == 0 || k == n / 2 ? 0 : 0.7;
            float[] x = cosine(n, hz, phase);
            band.apply(x, 0, out, 0);
            if (band.gain(k) == 1) {
                assertTrue(peakDifference(x, out) < 1e-5, "bin " + k + " kept: " + peakDifference(x, out));
            } else {
                assertTrue(NaiveDft.peak(out) < 1e-5, "bin " + k + " removed: " + NaiveDft.peak(out));
            }
        }
    }

    @Test
    void aLowpassKillsAToneAboveItsCutoffAndKeepsOneBelow() {
        int n = 256;
        SpectralMask lowpass = new SpectralMask(n, RATE, 0, 1000);
        float[] out = new float[n];
        float[] low = cosine(n, 500, 0.3);
        float[] high = cosine(n, 1500, 0.3);
        float[] both = new float[n];
        for (int j = 0; j < n; j++) {
            both[j] = low[j] + high[j];
        }
        lowpass.apply(both, 0, out, 0);
        assertTrue(peakDifference(low, out) < 1e-5, "what is left is the 500 Hz tone: " + peakDifference(low, out));
        lowpass.apply(high, 0, out, 0);
        assertTrue(NaiveDft.peak(out) < 1e-5);
    }

    @Test
    void dcIsKeptOnlyFromZeroAndNyquistOnlyUpToHalfTheRate() {
        SpectralMask fromZero = new SpectralMask(16, RATE, 0, 100);
        assertEquals(1, fromZero.gain(0));
        SpectralMask aboveZero = new SpectralMask(16, RATE, 1e-9, 4000);
        assertEquals(0, aboveZero.gain(0));
        assertEquals(1, aboveZero.gain(8), "Nyquist, 4000 Hz, is kept by a band reaching rate / 2");
        SpectralMask belowNyquist = new SpectralMask(16, RATE, 0, 3999);
        assertEquals(0, belowNyquist.gain(8));
        assertEquals(7, belowNyquist.lastKeptBin());
        // Odd n: bins 0..7 of 15 at 8 kHz, the top one at 3733 Hz; there is no Nyquist bin.
        SpectralMask odd = new SpectralMask(15, RATE, 3700, 4000);
        assertEquals(8, odd.bins());
        assertEquals(7, odd.firstKeptBin());
        assertEquals(7, odd.lastKeptBin());
        SpectralMask none = new SpectralMask(16, RATE, 100, 200);
        assertEquals(-1, none.firstKeptBin());
        float[] x = cosine(16, 500, 0);
        float[] out = new float[16];
        none.apply(x, 0, out, 0);
        assertEquals(0, NaiveDft.peak(out), 1e-6, "a band with no bin removes everything");
    }

    @Test
    void randomBlocksMatchTheMaskAppliedToANaiveDft() {
        Random random = new Random(4);
        for (int n : new int[] {32, 33, 100, 256}) {
            SpectralMask band = new SpectralMask(n, RATE, 700, 2600);
            float[] x = new float[n];
            for (int j = 0; j < n; j++) {
                x[j] = random.nextFloat() * 2 - 1;
            }
            double[] spectrum = NaiveDft.ofReal(x);
            for (int k = 0; k < n; k++) {
                int folded = Math.min(k, n - k);
                double f = folded * RATE / n;
                if (!(700 <= f && f <= 2600)) {
                    spectrum[2 * k] = 0;
                    spectrum[2 * k + 1] = 0;
                }
            }
            double[] reference = NaiveDft.inverse(spectrum);
            float[] out = new float[n];
            band.apply(x, 0, out, 0);
            for (int j = 0; j < n; j++) {
                assertEquals(reference[2 * j], out[j], 1e-5, "n=" + n + " sample " + j);
            }
        }
    }

    @Test
    void inPlaceAndWithOffsets() {
        SpectralMask band = new SpectralMask(32, RATE, 1000, 2000);
        float[] x = cosine(32, 1500, 0.2);
        float[] buffer = new float[40];
        System.arraycopy(x, 0, buffer, 5, 32);
        band.apply(buffer, 5, buffer, 5);
        for (int j = 0; j < 32; j++) {
            assertEquals(x[j], buffer[5 + j], 1e-5);
        }
    }

    @Test
    void badBandsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SpectralMask(0, RATE, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new SpectralMask(8, 0, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new SpectralMask(8, RATE, -1, 1));
        assertThrows(IllegalArgumentException.class, () -> new SpectralMask(8, RATE, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> new SpectralMask(8, RATE, Double.NaN, 1));
    }
}
