package org.streamflex.dsp;

import java.util.Random;

/** Test signals: seeded noise and sums of tones. */
public final class Signals {
    private Signals() {
    }

    /** {@code n} samples uniform in [-1, 1), from {@code seed}. */
    public static float[] noise(int n, long seed) {
        Random random = new Random(seed);
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextFloat() * 2 - 1;
        }
        return x;
    }

    /** {@code n} samples of {@code sum_j amplitude_j sin(2 pi f_j t / rate)} plus {@code offset}. */
    public static float[] tones(int n, double rate, double offset, double[] frequencies, double[] amplitudes) {
        float[] x = new float[n];
        for (int t = 0; t < n; t++) {
            double v = offset;
            for (int j = 0; j < frequencies.length; j++) {
                v += amplitudes[j] * Math.sin(2 * Math.PI * frequencies[j] * t / rate);
            }
            x[t] = (float) v;
        }
        return x;
    }

    /** {@code x[from .. from + length)}, zero beyond the end of {@code x}. */
    public static float[] window(float[] x, int from, int length) {
        float[] w = new float[length];
        System.arraycopy(x, from, w, 0, Math.max(0, Math.min(length, x.length - from)));
        return w;
    }
}
