package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

class WhitenedBandTest {
    /** The band of a tapered, zero-padded real signal, by the definition of the DFT in double. */
    private static double[][] definition(double[] x, float[] window, int n, int size, int firstBin, int bins) {
        double[][] band = new double[2][bins];
        for (int j = 0; j < bins; j++) {
            int k = firstBin + j;
            for (int i = 0; i < n; i++) {
                double v = (float) (x[i] * window[i]);
                band[0][j] += v * Math.cos(-2 * Math.PI * (long) i * k / size);
                band[1][j] += v * Math.sin(-2 * Math.PI * (long) i * k / size);
            }
        }
        return band;
    }

    @Test
    void theBandOfARealSignalMatchesTheDefinitionFromDcToNyquist() {
        Random random = new Random(3);
        int size = 256;
        for (int n : new int[] {256, 200, 65}) {
            double[] x = new double[n];
            float[] re = new float[size];
            float[] window = new float[size];
            for (int i = 0; i < n; i++) {
                x[i] = Math.sin(i * 0.3) + random.nextGaussian();
                re[i] = (float) x[i];
                window[i] = (float) (0.5 - 0.5 * Math.cos(2 * Math.PI * (i + 0.5) / n));
            }
            int bins = size / 2 + 1;
            float[] bandRe = new float[bins + 3];
            float[] bandIm = new float[bins + 3];
            WhitenedBand.of(re, new float[size], n, size, window, 0, bins, 0, bandRe, bandIm, 3);
            double[][] expected = definition(x, window, n, size, 0, bins);
            for (int j = 0; j < bins; j++) {
                assertEquals(expected[0][j], bandRe[3 + j], 1e-4, n + " samples, bin " + j + " real part");
                assertEquals(expected[1][j], bandIm[3 + j], 1e-4, n + " samples, bin " + j + " imaginary part");
            }
        }
    }

    @Test
    void whiteningByTheMagnitudeLeavesEachBinsPhaseAtUnitLength() {
        Random random = new Random(4);
        int size = 128;
        double[] x = new double[size];
        float[] re = new float[size];
        float[] window = new float[size];
        for (int i = 0; i < size; i++) {
            x[i] = random.nextGaussian();
            re[i] = (float) x[i];
            window[i] = 1;
        }
        float[] bandRe = new float[20];
        float[] bandIm = new float[20];
        WhitenedBand.of(re, new float[size], size, size, window, 10, 20, 1.0, bandRe, bandIm, 0);
        double[][] expected = definition(x, window, size, size, 10, 20);
        for (int j = 0; j < 20; j++) {
            double magnitude = Math.hypot(expected[0][j], expected[1][j]);
            assertEquals(expected[0][j] / magnitude, bandRe[j], 1e-4, "bin " + (10 + j));
            assertEquals(expected[1][j] / magnitude, bandIm[j], 1e-4, "bin " + (10 + j));
        }
    }

    @Test
    void binsPastNyquistAreRefusedNamingTheRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WhitenedBand.of(
                new float[64], new float[64], 64, 64, new float[64], 30, 4, 1.0, new float[4], new float[4], 0));
        assertEquals("WhitenedBand: bins 30 to 33 of a transform of 64; a size of 2 or more and bins from 0 to size"
                + " / 2", e.getMessage());
    }
}
