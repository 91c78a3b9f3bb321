package org.streamflex.bench.xstream;

import org.streamflex.Stable;

/**
 * The window statistics of STATFILTER and SILENCEFILTER, with the one order of additions every
 * version follows, so that all of them decide each window the same way to the last bit. It is the
 * order of the DSP library's {@code org.streamflex.dsp.stats.Stats}, which the signal-segment
 * versions use through {@code StdDevAbove} and {@code MeanBelow}: four interleaved partial sums
 * (lane {@code i mod 4} takes sample {@code i} of the window, in increasing {@code i}), combined as
 * {@code (l0 + l1) + (l2 + l3)}.
 *
 * <ul>
 *   <li>Standard deviation: shifted sums, {@code d = (double) x[i] - x[0]}; each lane accumulates
 *       {@code S += d} and {@code Q += d * d}; {@code variance = max(0, (Q - S * S / n) / n)}
 *       (population), {@code std = sqrt(variance)}.
 *   <li>Mean: each lane accumulates {@code R += (double) x[i]}; {@code mean = R / n}.
 * </ul>
 *
 * <pre>{@code
 * boolean voiced = WindowStats.std(samples, at, XStreamWorkloads.SILENCE_WINDOW) > XStreamWorkloads.GAMMA;
 * WindowStats.Lanes lanes = new WindowStats.Lanes();   // for samples that arrive one at a time
 * lanes.add(x);                                        // ... n times
 * double std = lanes.std();
 * }</pre>
 *
 * <p>Filters call the static methods from {@code work()}: they take and return primitives and
 * primitive arrays and keep nothing.
 */
public final class WindowStats {
    private WindowStats() {
    }

    /** The standard deviation of {@code x[from .. from+n-1]}, in the shared order. */
    public static double std(float[] x, int from, int n) {
        return Math.sqrt(variance(x, from, n));
    }

    /** The population variance of {@code x[from .. from+n-1]}, in the shared order. */
    public static double variance(float[] x, int from, int n) {
        double shift = x[from];
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        double q0 = 0;
        double q1 = 0;
        double q2 = 0;
        double q3 = 0;
        int end = from + n;
        int i = from;
        for (; i + 4 <= end; i += 4) {
            double d0 = x[i] - shift;
            double d1 = x[i + 1] - shift;
            double d2 = x[i + 2] - shift;
            double d3 = x[i + 3] - shift;
            s0 += d0;
            q0 += d0 * d0;
            s1 += d1;
            q1 += d1 * d1;
            s2 += d2;
            q2 += d2 * d2;
            s3 += d3;
            q3 += d3 * d3;
        }
        if (i < end) {
            double d = x[i] - shift;
            s0 += d;
            q0 += d * d;
        }
        if (i + 1 < end) {
            double d = x[i + 1] - shift;
            s1 += d;
            q1 += d * d;
        }
        if (i + 2 < end) {
            double d = x[i + 2] - shift;
            s2 += d;
            q2 += d * d;
        }
        return variance((s0 + s1) + (s2 + s3), (q0 + q1) + (q2 + q3), n);
    }

    /** The mean of {@code x[from .. from+n-1]}, in the shared order. */
    public static double mean(float[] x, int from, int n) {
        double r0 = 0;
        double r1 = 0;
        double r2 = 0;
        double r3 = 0;
        int end = from + n;
        int i = from;
        for (; i + 4 <= end; i += 4) {
            r0 += x[i];
            r1 += x[i + 1];
            r2 += x[i + 2];
            r3 += x[i + 3];
        }
        if (i < end) {
            r0 += x[i];
        }
        if (i + 1 < end) {
            r1 += x[i + 1];
        }
        if (i + 2 < end) {
            r2 += x[i + 2];
        }
        return ((r0 + r1) + (r2 + r3)) / n;
    }

    /** The variance from the combined shifted sums {@code S}, {@code Q} of {@code n} samples. */
    static double variance(double shiftedSum, double shiftedSquares, int n) {
        return Math.max(0, (shiftedSquares - shiftedSum * shiftedSum / n) / n);
    }

    /**
     * The lanes of a window whose samples arrive one at a time (the per-sample and conventional
     * versions): {@link #add} each sample in order, read the statistics, {@link #clear} for the
     * next window. A filter keeps one in a field; it holds primitives only.
     *
     * <pre>{@code
     * private final WindowStats.Lanes lanes = new WindowStats.Lanes();
     * lanes.add(in.take());
     * if (lanes.count() == W) { boolean loud = lanes.std() > ALPHA; lanes.clear(); }
     * }</pre>
     */
    public static final class Lanes implements Stable {
        private final double[] shiftedSums = new double[4];
        private final double[] shiftedSquares = new double[4];
        private final double[] sums = new double[4];
        private double shift;
        private int count;

        /** Adds the next sample of the window. */
        public void add(float x) {
            if (count == 0) {
                shift = x;
            }
            int lane = count & 3;
            double d = x - shift;
            shiftedSums[lane] += d;
            shiftedSquares[lane] += d * d;
            sums[lane] += x;
            count++;
        }

        /** Samples added since the last {@link #clear}. */
        public int count() {
            return count;
        }

        /** The standard deviation of the samples added. */
        public double std() {
            return Math.sqrt(variance(combine(shiftedSums), combine(shiftedSquares), count));
        }

        /** The mean of the samples added. */
        public double mean() {
            return combine(sums) / count;
        }

        /** Forgets the window. */
        public void clear() {
            for (int l = 0; l < 4; l++) {
                shiftedSums[l] = 0;
                shiftedSquares[l] = 0;
                sums[l] = 0;
            }
            count = 0;
        }

        private static double combine(double[] lanes) {
            return (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
        }
    }
}
