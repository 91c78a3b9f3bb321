package org.streamflex.dsp.spectrum;

import java.util.Objects;

/**
 * Magnitudes of spectrum bins in the interleaved (re, im) layout of {@link RealFft} and
 * {@link ComplexFft}, and the two scores the WaveScript and XStream applications build from them:
 * <ul>
 *   <li>{@link #sumOfMagnitudes}: WaveScript's marmot "PSD" is {@code sum_k |X_k|}, the plain sum
 *       of magnitudes, not of squared magnitudes;
 *   <li>{@link #weightedSumOfMagnitudes}: XStream DETECTAUDIO's detection score,
 *       {@code sum_k w_k |X_k|}.
 * </ul>
 * Magnitudes are {@code sqrt(re^2 + im^2)} computed in double (no overflow or underflow for float
 * inputs) and sums accumulate in double, so the result is within a few double ulps of the exact
 * value of the float bins given. Bins are counted from {@code off}: bin {@code k} is the pair at
 * {@code bins[off + 2k]}, {@code bins[off + 2k + 1]}. No allocation.
 *
 * <pre>{@code
 * fft.forward(window, 0, bins, 0);
 * double psd = BinMagnitudes.sumOfMagnitudes(bins, 0, 1, fft.bins() - 1);         // skip DC
 * double score = BinMagnitudes.weightedSumOfMagnitudes(bins, 0, weights, 0, 0, weights.length);
 * }</pre>
 */
public final class BinMagnitudes {
    private BinMagnitudes() {
    }

    /**
     * {@code |X_k|} of bin {@code k}.
     *
     * @param bins the spectrum, as (re, im) pairs
     * @param off the index of {@code Re X_0}
     * @param k the bin
     */
    public static double magnitude(float[] bins, int off, int k) {
        double re = bins[off + 2 * k];
        double im = bins[off + 2 * k + 1];
        return Math.sqrt(re * re + im * im);
    }

    /**
     * The magnitudes of bins {@code first .. first + count - 1} into {@code out[outOff ..]}.
     *
     * @param bins the spectrum, as (re, im) pairs
     * @param off the index of {@code Re X_0}
     * @param first the first bin
     * @param count the number of bins
     * @param out where the magnitudes go, one float per bin
     * @param outOff the index of the first magnitude
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    public static void magnitudes(float[] bins, int off, int first, int count, float[] out, int outOff) {
        Objects.checkFromIndexSize(off + 2 * first, 2 * count, bins.length);
        Objects.checkFromIndexSize(outOff, count, out.length);
        for (int i = 0; i < count; i++) {
            out[outOff + i] = (float) magnitude(bins, off, first + i);
        }
    }

    /**
     * {@code sum |X_k|} over bins {@code first .. first + count - 1}.
     *
     * @param bins the spectrum, as (re, im) pairs
     * @param off the index of {@code Re X_0}
     * @param first the first bin
     * @param count the number of bins
     * @throws IndexOutOfBoundsException if the range does not fit the array
     */
    public static double sumOfMagnitudes(float[] bins, int off, int first, int count) {
        Objects.checkFromIndexSize(off + 2 * first, 2 * count, bins.length);
        double sum = 0;
        for (int i = 0; i < count; i++) {
            sum += magnitude(bins, off, first + i);
        }
        return sum;
    }

    /**
     * {@code sum_i weights[weightsOff + i] * |X_(first + i)|} for {@code i < count}.
     *
     * @param bins the spectrum, as (re, im) pairs
     * @param off the index of {@code Re X_0}
     * @param weights the weights, one per bin
     * @param weightsOff the index of the first bin's weight
     * @param first the first bin
     * @param count the number of bins
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    public static double weightedSumOfMagnitudes(float[] bins, int off, float[] weights, int weightsOff, int first,
            int count) {
        Objects.checkFromIndexSize(off + 2 * first, 2 * count, bins.length);
        Objects.checkFromIndexSize(weightsOff, count, weights.length);
        double sum = 0;
        for (int i = 0; i < count; i++) {
            sum += weights[weightsOff + i] * magnitude(bins, off, first + i);
        }
        return sum;
    }
}
