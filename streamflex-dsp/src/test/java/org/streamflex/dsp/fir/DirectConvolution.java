package org.streamflex.dsp.fir;

import java.util.Arrays;
import java.util.Random;

/**
 * The reference the FIR kernels are checked against: {@code y[t] = sum_k h[k] x[t - k]} over the
 * whole signal at once, in double, with {@code x[t] = 0} for {@code t < 0}; and how to cut a signal
 * into random blocks.
 */
final class DirectConvolution {
    private DirectConvolution() {
    }

    static double[] of(float[] taps, float[] x) {
        double[] y = new double[x.length];
        for (int t = 0; t < x.length; t++) {
            double sum = 0;
            for (int k = 0; k < taps.length && k <= t; k++) {
                sum += (double) taps[k] * x[t - k];
            }
            y[t] = sum;
        }
        return y;
    }

    /** {@code sum_k |h[k] x[t - k]|}, the scale of the rounding error of output t. */
    static double[] absoluteSums(float[] taps, float[] x) {
        double[] s = new double[x.length];
        for (int t = 0; t < x.length; t++) {
            for (int k = 0; k < taps.length && k <= t; k++) {
                s[t] += Math.abs((double) taps[k] * x[t - k]);
            }
        }
        return s;
    }

    static float[] noise(int n, Random random) {
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextFloat() * 2 - 1;
        }
        return x;
    }

    /**
     * Block sizes that add up to {@code total}: mostly small and random, with zeros, ones and now and
     * then one larger than {@code large}, so that every path of a streaming kernel is taken.
     */
    static int[] randomSplit(int total, int large, Random random) {
        int[] sizes = new int[total + 1];
        int count = 0;
        int left = total;
        while (left > 0) {
            int size = switch (random.nextInt(6)) {
                case 0 -> 0;
                case 1 -> 1;
                case 2 -> large + random.nextInt(large + 1);
                default -> random.nextInt(Math.max(1, large / 3)) + 2;
            };
            size = Math.min(size, left);
            sizes[count++] = size;
            left -= size;
        }
        return Arrays.copyOf(sizes, count);
    }
}
