package org.streamflex.dsp.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.HeapBytes;
import org.streamflex.dsp.Timebase;

/**
 * {@link Stats} on segments of one or several pieces, against a two-pass reference in double: the
 * shifted sums keep a DC offset from cancelling the deviation, and a warm call allocates nothing.
 */
class StatsTest {
    private static final Timebase TB = Timebase.of("stats", 1000, 0);

    /** {@code x} as a segment of pieces of the given lengths, cut from separate buffers and joined. */
    private static FloatSeg pieces(float[] x, int... lengths) {
        FloatSeg joined = null;
        int at = 0;
        for (int length : lengths) {
            FloatSeg piece = FloatSeg.copyOf(TB, at, x, at, length);
            if (joined == null) {
                joined = piece;
            } else {
                FloatSeg both = joined.append(piece);
                joined.release();
                piece.release();
                joined = both;
            }
            at += length;
        }
        return joined;
    }

    private static double mean(float[] x) {
        double sum = 0;
        for (float v : x) {
            sum += v;
        }
        return sum / x.length;
    }

    private static double variance(float[] x) {
        double mean = mean(x);
        double sum = 0;
        for (float v : x) {
            sum += (v - mean) * (v - mean);
        }
        return sum / x.length;
    }

    @Test
    void sumsMeanAndDeviationMatchATwoPassReferenceOverAnyPieces() {
        Random random = new Random(81);
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + random.nextInt(700);
            float[] x = new float[n];
            for (int i = 0; i < n; i++) {
                x[i] = (float) (random.nextGaussian() * 3 + 1);
            }
            int first = random.nextInt(n + 1);
            int second = random.nextInt(n - first + 1);
            FloatSeg s = pieces(x, first, second, n - first - second);
            double sum = 0;
            double squares = 0;
            for (float v : x) {
                sum += v;
                squares += (double) v * v;
            }
            assertEquals(sum, Stats.sum(s), 1e-12 * squares + 1e-12, "sum, n = " + n);
            assertEquals(squares, Stats.sumOfSquares(s), 1e-13 * squares, "sum of squares");
            assertEquals(mean(x), Stats.mean(s), 1e-12 * Math.sqrt(squares / n), "mean");
            assertEquals(variance(x), Stats.variance(s), 1e-12 * squares / n, "variance");
            assertEquals(Math.sqrt(variance(x)), Stats.std(s), 1e-12 * Math.sqrt(squares / n), "std");
            s.release();
        }
    }

    /** The documented order of additions, written plainly over an array: lane {@code i mod 4}. */
    private static double[] laneReference(float[] x) {
        double[] sum = new double[4];
        double[] squares = new double[4];
        double[] shiftedSum = new double[4];
        double[] shiftedSquares = new double[4];
        double shift = x.length == 0 ? 0 : x[0];
        for (int i = 0; i < x.length; i++) {
            double v = x[i];
            double d = v - shift;
            sum[i % 4] += v;
            squares[i % 4] += v * v;
            shiftedSum[i % 4] += d;
            shiftedSquares[i % 4] += d * d;
        }
        double s = (shiftedSum[0] + shiftedSum[1]) + (shiftedSum[2] + shiftedSum[3]);
        double q = (shiftedSquares[0] + shiftedSquares[1]) + (shiftedSquares[2] + shiftedSquares[3]);
        double allSquares = (squares[0] + squares[1]) + (squares[2] + squares[3]);
        return new double[] {(sum[0] + sum[1]) + (sum[2] + sum[3]), allSquares,
            Math.max(0, (q - s * s / x.length) / x.length)};
    }

    @Test
    void thePiecesNeverChangeAResultBitForBit() {
        Random random = new Random(85);
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + random.nextInt(300);
            float[] x = new float[n];
            for (int i = 0; i < n; i++) {
                x[i] = (float) (random.nextGaussian() * 0.01 + 0.5);
            }
            int first = random.nextInt(n + 1);
            int second = random.nextInt(n - first + 1);
            FloatSeg s = pieces(x, first, second, n - first - second);
            double[] expected = laneReference(x);
            String what = "n = " + n + ", pieces " + first + ", " + second + ", " + (n - first - second);
            assertEquals(expected[0], Stats.sum(s), 0.0, "sum, " + what);
            assertEquals(expected[1], Stats.sumOfSquares(s), 0.0, "sum of squares, " + what);
            assertEquals(expected[2], Stats.variance(s), 0.0, "variance, " + what);
            assertEquals(expected[0] / n, Stats.mean(s), 0.0, "mean, " + what);
            s.release();
        }
    }

    @Test
    void aLargeDcOffsetDoesNotCancelTheDeviation() {
        Random random = new Random(82);
        float[] x = new float[4096];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) (1e4 + 1e-2 * random.nextGaussian());
        }
        FloatSeg s = pieces(x, 1000, 3096);
        double reference = Math.sqrt(variance(x));
        assertEquals(reference, Stats.std(s), 1e-9 * reference, "shifted sums, relative 1e-9");
        double textbook = Math.sqrt(Stats.sumOfSquares(s) / x.length - Stats.mean(s) * Stats.mean(s));
        assertTrue(Math.abs(textbook - reference) > 1e-6 * reference, "E[x^2] - E[x]^2 is a thousand times further"
                + " off: " + textbook + " against " + reference);
        s.release();
    }

    @Test
    void aSpikeAsTheShiftStaysAccurate() {
        float[] x = new float[4096];
        Random random = new Random(83);
        x[0] = 1e6f;
        for (int i = 1; i < x.length; i++) {
            x[i] = (float) random.nextGaussian();
        }
        FloatSeg s = FloatSeg.copyOf(TB, 0, x, 0, x.length);
        double reference = variance(x);
        assertEquals(reference, Stats.variance(s), 1e-12 * reference);
        s.release();
    }

    @Test
    void anEmptySegmentHasZeroSumsAndNoMeanOrDeviation() {
        FloatSeg s = FloatSeg.make(TB, 0, 0);
        assertEquals(0.0, Stats.sum(s));
        assertEquals(0.0, Stats.sumOfSquares(s));
        assertTrue(Double.isNaN(Stats.mean(s)));
        assertTrue(Double.isNaN(Stats.variance(s)));
        assertTrue(Double.isNaN(Stats.std(s)));
        s.release();
    }

    @Test
    void aWarmCallAllocatesNothing() {
        float[] x = new float[4096];
        Random random = new Random(84);
        for (int i = 0; i < x.length; i++) {
            x[i] = random.nextFloat();
        }
        FloatSeg s = pieces(x, 1500, 2596);
        double[] sink = new double[1];
        Runnable calls = () -> {
            for (int r = 0; r < 2000; r++) {
                sink[0] += Stats.std(s) + Stats.mean(s) + Stats.sumOfSquares(s);
            }
        };
        calls.run();
        calls.run();
        assertEquals(0, HeapBytes.steadyState(calls), "heap bytes of 2000 warm rounds");
        assertTrue(sink[0] > 0);
        s.release();
    }
}
