package org.streamflex.dsp.fir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FirDesignTest {
    private static final double RATE = 8000;

    /** |H(f)| by the DTFT's definition, in double, written here rather than taken from the library. */
    private static double gain(float[] h, double hz) {
        double re = 0;
        double im = 0;
        for (int k = 0; k < h.length; k++) {
            double angle = 2 * Math.PI * hz / RATE * k;
            re += h[k] * Math.cos(angle);
            im -= h[k] * Math.sin(angle);
        }
        return Math.hypot(re, im);
    }

    private static void assertSymmetric(float[] h) {
        for (int k = 0; k < h.length; k++) {
            assertEquals(h[k], h[h.length - 1 - k], 1e-7, "tap " + k + ": linear phase");
        }
    }

    @Test
    void aLowpassHasUnityGainAtDcAndHalfAmplitudeAtItsCutoff() {
        for (int m : new int[] {31, 101, 255}) {
            float[] h = FirDesign.lowpass(m, 1000, RATE);
            assertEquals(m, h.length);
            assertSymmetric(h);
            double sum = 0;
            for (float v : h) {
                sum += v;
            }
            assertEquals(1.0, sum, 1e-6, "m=" + m + ": DC gain");
            assertEquals(0.5, gain(h, 1000), 0.02, "m=" + m + ": -6 dB at the cutoff");
            assertEquals(1.0, gain(h, 1000 - 3.3 * RATE / m), 0.01, "m=" + m + ": passband below the transition");
            // Hamming's stopband is about 53 dB down; 40 dB leaves room for rounding to float.
            for (double hz = 1000 + 3.3 * RATE / m; hz <= RATE / 2; hz += 7) {
                assertTrue(gain(h, hz) < 0.01, "m=" + m + ": stopband at " + hz + " Hz: " + gain(h, hz));
            }
        }
    }

    @Test
    void aBandpassHasUnityGainAtItsCentreAndHalfAmplitudeAtItsEdges() {
        float[] h = FirDesign.bandpass(201, 1000, 2000, RATE);
        assertSymmetric(h);
        assertEquals(1.0, gain(h, 1500), 1e-6, "centre");
        assertEquals(0.5, gain(h, 1000), 0.02, "lower edge");
        assertEquals(0.5, gain(h, 2000), 0.02, "upper edge");
        assertTrue(gain(h, 0) < 0.01, "DC: " + gain(h, 0));
        assertTrue(gain(h, 600) < 0.01, "below the band: " + gain(h, 600));
        assertTrue(gain(h, 2400) < 0.01, "above the band: " + gain(h, 2400));
        assertTrue(gain(h, RATE / 2) < 0.01, "Nyquist: " + gain(h, RATE / 2));
    }

    @Test
    void theTapsAreTheHammingWindowedSinc() {
        // m = 5, fc = 0.125: h[k] = w[k] sin(2 pi fc t) / (pi t), t = k - 2, w = 0.08, 0.54, 1, 0.54, 0.08.
        double[] w = {0.08, 0.54, 1, 0.54, 0.08};
        double[] raw = new double[5];
        double sum = 0;
        for (int k = 0; k < 5; k++) {
            int t = k - 2;
            raw[k] = w[k] * (t == 0 ? 0.25 : Math.sin(2 * Math.PI * 0.125 * t) / (Math.PI * t));
            sum += raw[k];
        }
        float[] h = new float[7];
        FirDesign.lowpass(5, 1000, RATE, h, 1);
        assertEquals(0f, h[0]);
        for (int k = 0; k < 5; k++) {
            assertEquals(raw[k] / sum, h[1 + k], 1e-7, "tap " + k);
        }
        assertEquals(0f, h[6]);
        assertEquals(1f, FirDesign.lowpass(1, 1000, RATE)[0]);
    }

    @Test
    void badDesignsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> FirDesign.lowpass(0, 1000, RATE));
        assertThrows(IllegalArgumentException.class, () -> FirDesign.lowpass(11, 0, RATE));
        assertThrows(IllegalArgumentException.class, () -> FirDesign.lowpass(11, 4000, RATE));
        assertThrows(IllegalArgumentException.class, () -> FirDesign.bandpass(11, 0, 1000, RATE));
        assertThrows(IllegalArgumentException.class, () -> FirDesign.bandpass(11, 2000, 1000, RATE));
        assertThrows(IllegalArgumentException.class, () -> FirDesign.bandpass(11, 1000, 4000, RATE));
    }
}
