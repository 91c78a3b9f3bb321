package org.streamflex.dsp.spectrum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

class BinMagnitudesTest {
    @Test
    void magnitudesAreTheEuclideanLengthsOfThePairs() {
        float[] bins = {9, 9, 3, 4, -5, 12, 0, -2};
        assertEquals(5, BinMagnitudes.magnitude(bins, 2, 0));
        assertEquals(13, BinMagnitudes.magnitude(bins, 2, 1));
        float[] out = new float[4];
        BinMagnitudes.magnitudes(bins, 2, 0, 3, out, 1);
        assertEquals(0f, out[0]);
        assertEquals(5f, out[1]);
        assertEquals(13f, out[2]);
        assertEquals(2f, out[3]);
    }

    @Test
    void thePsdOfMarmotIsTheSumOfMagnitudesNotOfSquares() {
        float[] bins = {3, 4, -5, 12, 0, -2};
        assertEquals(5 + 13 + 2, BinMagnitudes.sumOfMagnitudes(bins, 0, 0, 3));
        assertEquals(13 + 2, BinMagnitudes.sumOfMagnitudes(bins, 0, 1, 2));
        assertEquals(0, BinMagnitudes.sumOfMagnitudes(bins, 0, 1, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> BinMagnitudes.sumOfMagnitudes(bins, 0, 1, 3));
    }

    @Test
    void theDetectAudioScoreWeighsEachMagnitude() {
        Random random = new Random(8);
        float[] bins = new float[2 * 64];
        float[] weights = new float[40];
        for (int i = 0; i < bins.length; i++) {
            bins[i] = random.nextFloat() * 2 - 1;
        }
        for (int i = 0; i < weights.length; i++) {
            weights[i] = random.nextFloat();
        }
        double expected = 0;
        for (int i = 0; i < 30; i++) {
            int k = 10 + i;
            expected += weights[5 + i] * Math.sqrt((double) bins[2 * k] * bins[2 * k] + (double) bins[2 * k + 1]
                    * bins[2 * k + 1]);
        }
        assertEquals(expected, BinMagnitudes.weightedSumOfMagnitudes(bins, 0, weights, 5, 10, 30), 1e-12);
        assertThrows(IndexOutOfBoundsException.class,
                () -> BinMagnitudes.weightedSumOfMagnitudes(bins, 0, weights, 20, 10, 30));
    }
}
