package org.streamflex.dsp.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MomentsTest {
    /** The reference: two passes in double, the mean first, then the squared deviations from it. */
    private static double[] twoPass(float[] x, int off, int len) {
        double sum = 0;
        for (int i = 0; i < len; i++) {
            sum += x[off + i];
        }
        double mean = sum / len;
        double squares = 0;
        for (int i = 0; i < len; i++) {
            double d = x[off + i] - mean;
            squares += d * d;
        }
        return new double[] {mean, squares / len};
    }

    private static float[] audio(int n, double offset, double deviation, long seed) {
        Random random = new Random(seed);
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) (offset + deviation * Math.sin(0.01 * i) + deviation * random.nextGaussian());
        }
        return x;
    }

    @Test
    void meanAndStdMatchTheTwoPassReference() {
        float[] x = audio(100_000, 0, 0.3, 1);
        double[] reference = twoPass(x, 0, x.length);
        assertEquals(reference[0], Moments.mean(x, 0, x.length), 1e-12);
        assertEquals(reference[1], Moments.variance(x, 0, x.length), 1e-12 * reference[1]);
        assertEquals(Math.sqrt(reference[1]), Moments.std(x, 0, x.length), 1e-12 * Math.sqrt(reference[1]));
    }

    @Test
    void aLargeDcOffsetDoesNotCancelTheVariance() {
        // 1e4 +- 1e-2: the squares agree in about twelve digits, and the rounding of 200,000 of them adds up.
        for (double offset : new double[] {1e4, -3e4, 1e6}) {
            float[] x = audio(200_000, offset, 1e-2 * Math.max(1, offset / 1e4), 2);
            double[] reference = twoPass(x, 0, x.length);
            double variance = Moments.variance(x, 0, x.length);
            assertEquals(reference[1], variance, 1e-9 * reference[1], "offset " + offset);
            assertEquals(reference[0], Moments.mean(x, 0, x.length), 1e-12 * Math.abs(offset), "offset " + offset);

            double sum = 0;
            double squares = 0;
            for (float v : x) {
                sum += v;
                squares += (double) v * v;
            }
            double textbook = squares / x.length - (sum / x.length) * (sum / x.length);
            assertTrue(Math.abs(textbook - reference[1]) > 0.1 * reference[1],
                    "the test's data does defeat the one-pass sum of squares: it is off by "
                            + Math.abs(textbook - reference[1]) / reference[1]);
        }
    }

    @Test
    void streamingInBlocksOfAnySizeGivesExactlyWhatValueByValueGives() {
        float[] x = audio(50_000, 1e4, 1e-2, 3);
        RunningMoments single = new RunningMoments();
        for (float v : x) {
            single.add(v);
        }
        RunningMoments blocks = new RunningMoments();
        Random random = new Random(4);
        int at = 0;
        while (at < x.length) {
            int len = Math.min(x.length - at, random.nextInt(700));
            blocks.add(x, at, len);
            at += len;
        }
        assertEquals(single.count(), blocks.count());
        assertEquals(single.mean(), blocks.mean());
        assertEquals(single.variance(), blocks.variance());
        double[] reference = twoPass(x, 0, x.length);
        assertEquals(reference[0], blocks.mean(), 1e-12 * 1e4);
        assertEquals(reference[1], blocks.variance(), 1e-9 * reference[1]);
        assertEquals(Math.sqrt(reference[1]), blocks.std(), 1e-9 * Math.sqrt(reference[1]));
        assertEquals(Moments.variance(x, 0, x.length), blocks.variance(), "the same update, the same order");
    }

    @Test
    void offsetsSmallBlocksAndEmptyOnes() {
        float[] x = {100, 1, 2, 3, 4, 100};
        assertEquals(2.5, Moments.mean(x, 1, 4));
        assertEquals(1.25, Moments.variance(x, 1, 4), 1e-15);
        assertEquals(0, Moments.std(x, 2, 1));
        assertTrue(Double.isNaN(Moments.mean(x, 0, 0)));
        assertTrue(Double.isNaN(Moments.std(x, 0, 0)));
        RunningMoments running = new RunningMoments();
        assertTrue(Double.isNaN(running.mean()));
        running.add(x, 1, 4);
        assertEquals(2.5, running.mean());
        running.reset();
        assertEquals(0, running.count());
        assertTrue(Double.isNaN(running.variance()));
    }
}
