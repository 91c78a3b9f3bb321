package org.streamflex.dsp.wavelet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

class HaarTest {
    private static final double R = Math.sqrt(0.5);

    private static void assertCoefficients(double[] expected, float[] actual) {
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], 1e-6, "coefficient " + i);
        }
    }

    @Test
    void oneLevelOfFourSamplesByHand() {
        // a = (x0 + x1)/sqrt2, (x2 + x3)/sqrt2; d = (x0 - x1)/sqrt2, (x2 - x3)/sqrt2; layout [a | d].
        float[] out = new float[4];
        new Haar(4, 1).forward(new float[] {1, 2, 3, 5}, 0, out, 0);
        assertCoefficients(new double[] {3 * R, 8 * R, -R, -2 * R}, out);
    }

    @Test
    void twoLevelsOfFourSamplesByHand() {
        // a1 = 3/sqrt2, 8/sqrt2; a2 = (3 + 8)/2 = 5.5; d2 = (3 - 8)/2 = -2.5; d1 = -1/sqrt2, -2/sqrt2.
        float[] out = new float[4];
        new Haar(4, 2).forward(new float[] {1, 2, 3, 5}, 0, out, 0);
        assertCoefficients(new double[] {5.5, -2.5, -R, -2 * R}, out);
    }

    @Test
    void threeLevelsOfEightSamplesByHand() {
        float[] x = {4, 2, 5, 5, 1, 1, 0, 2};
        // a1 = 6, 10, 2, 2 (times R); d1 = 2, 0, 0, -2 (times R)
        // a2 = 16, 4 (times 1/2); d2 = -4, 0 (times 1/2)
        // a3 = 20 R/2 = 10 R; d3 = 12 R/2 = 6 R
        double[] expected = {10 * R, 6 * R, -2, 0, 2 * R, 0, 0, -2 * R};
        float[] out = new float[8];
        Haar haar = new Haar(8, 3);
        haar.forward(x, 0, out, 0);
        assertCoefficients(expected, out);
        assertEquals(0, haar.bandStart(0));
        assertEquals(1, haar.bandStart(1));
        assertEquals(2, haar.bandStart(2));
        assertEquals(4, haar.bandStart(3));
        assertEquals(1, haar.bandLength(0));
        assertEquals(1, haar.bandLength(1));
        assertEquals(2, haar.bandLength(2));
        assertEquals(4, haar.bandLength(3));
        double[] energies = new double[5];
        haar.bandEnergies(x, 0, energies, 1);
        assertEquals(0, energies[0]);
        assertEquals(50, energies[1], 1e-5, "a3: (10 R)^2");
        assertEquals(18, energies[2], 1e-5, "d3: (6 R)^2");
        assertEquals(4, energies[3], 1e-5, "d2: (-2)^2 + 0");
        assertEquals(4, energies[4], 1e-5, "d1: 2 + 0 + 0 + 2");
    }

    @Test
    void theTransformIsOrthonormalParsevalHoldsAndTheInverseRestoresTheBlock() {
        Random random = new Random(1);
        int[][] sizeAndLevels = {{2, 1}, {8, 3}, {24, 3}, {256, 1}, {256, 8}, {1024, 5}, {4096, 12}};
        for (int[] c : sizeAndLevels) {
            int n = c[0];
            Haar haar = new Haar(n, c[1]);
            float[] x = new float[n];
            double energy = 0;
            double peak = 0;
            for (int i = 0; i < n; i++) {
                x[i] = (float) (random.nextGaussian() + 3);
                energy += (double) x[i] * x[i];
                peak = Math.max(peak, Math.abs(x[i]));
            }
            float[] coefficients = new float[n];
            haar.forward(x, 0, coefficients, 0);
            double transformed = 0;
            for (float v : coefficients) {
                transformed += (double) v * v;
            }
            assertEquals(energy, transformed, 1e-6 * energy, "n=" + n + " L=" + c[1] + ": Parseval");
            double[] energies = new double[haar.bands()];
            haar.energiesOf(coefficients, 0, energies, 0);
            double sum = 0;
            for (double e : energies) {
                sum += e;
            }
            assertEquals(transformed, sum, 1e-9 * transformed, "the bands partition the coefficients");
            float[] back = new float[n];
            haar.inverse(coefficients, 0, back, 0);
            for (int i = 0; i < n; i++) {
                assertEquals(x[i], back[i], 2 * c[1] * Math.ulp((float) peak), "n=" + n + " sample " + i);
            }
        }
    }

    @Test
    void aConstantIsAllApproximationAndAnAlternationAllFinestDetail() {
        Haar haar = new Haar(64, 4);
        float[] constant = new float[64];
        float[] alternating = new float[64];
        for (int i = 0; i < 64; i++) {
            constant[i] = 2;
            alternating[i] = i % 2 == 0 ? 1 : -1;
        }
        double[] energies = new double[5];
        haar.bandEnergies(constant, 0, energies, 0);
        assertEquals(256, energies[0], 1e-4);
        for (int b = 1; b < 5; b++) {
            assertEquals(0, energies[b], 1e-9, "band " + b);
        }
        haar.bandEnergies(alternating, 0, energies, 0);
        for (int b = 0; b < 4; b++) {
            assertEquals(0, energies[b], 1e-9, "band " + b);
        }
        assertEquals(64, energies[4], 1e-4, "d1 holds the Nyquist alternation");
    }

    @Test
    void inPlaceWithOffsets() {
        Random random = new Random(2);
        float[] x = new float[16];
        for (int i = 0; i < 16; i++) {
            x[i] = random.nextFloat();
        }
        Haar haar = new Haar(16, 4);
        float[] expected = new float[16];
        haar.forward(x, 0, expected, 0);
        float[] buffer = new float[20];
        System.arraycopy(x, 0, buffer, 3, 16);
        haar.forward(buffer, 3, buffer, 3);
        for (int i = 0; i < 16; i++) {
            assertEquals(expected[i], buffer[3 + i]);
        }
        haar.inverse(buffer, 3, buffer, 3);
        for (int i = 0; i < 16; i++) {
            assertEquals(x[i], buffer[3 + i], 1e-6);
        }
    }

    @Test
    void blockSizesThatAreNotMultiplesOfTwoToTheLevelsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Haar(12, 3));
        assertThrows(IllegalArgumentException.class, () -> new Haar(8, 0));
        assertThrows(IllegalArgumentException.class, () -> new Haar(8, 4));
        assertThrows(IllegalArgumentException.class, () -> new Haar(0, 1));
        assertEquals(3, new Haar(24, 3).levels());
    }
}
