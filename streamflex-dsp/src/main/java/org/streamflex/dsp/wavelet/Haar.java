package org.streamflex.dsp.wavelet;

import java.util.Objects;
import org.streamflex.Stable;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegSizeException;

/**
 * The orthonormal Haar discrete wavelet transform of blocks of {@code n} samples, {@code L} levels
 * deep, its inverse, and the energy per band (XStream's {@code haarwavelet} "finds the energy in
 * particular frequency bands").
 *
 * <p><b>Transform.</b> One level turns {@code 2h} values {@code s} into {@code h} approximations
 * {@code a[i] = (s[2i] + s[2i+1]) / sqrt 2} and {@code h} details
 * {@code d[i] = (s[2i] - s[2i+1]) / sqrt 2}; level {@code l + 1} transforms level {@code l}'s
 * approximations. {@code n} must be a multiple of {@code 2^L}, {@code 1 <= L <= log2 n}.
 *
 * <p><b>Layout</b> of the {@code n} coefficients, coarsest first:
 * {@code [a_L | d_L | d_(L-1) | ... | d_1]}, where {@code a_L} and {@code d_L} have {@code n / 2^L}
 * values and {@code d_l} occupies {@code [n / 2^l, n / 2^(l-1))}. Band {@code b} in
 * {@link #bandEnergies} and {@link #bandStart} counts in the same order: band 0 is {@code a_L}, band
 * {@code b >= 1} is {@code d_(L-b+1)}. Detail level {@code l} holds frequencies of about
 * {@code [rate / 2^(l+1), rate / 2^l]}; {@code a_L} holds {@code [0, rate / 2^(L+1)]}.
 *
 * <p><b>Accuracy.</b> Each level computes in double and rounds to float once per coefficient, so a
 * coefficient is within about {@code L} float ulps of the exact one; the transform is orthonormal
 * (Parseval: {@code sum x^2 = sum c^2}), and the round trip returns {@code x} to within about
 * {@code 2L} ulps of {@code max|x|}. Energies are sums of squares in double.
 *
 * <p>Allocates one scratch array of {@code n} floats when constructed, nothing per call. Not
 * thread-safe. {@code in} and {@code out} may be the same array.
 *
 * <pre>{@code
 * Haar haar = new Haar(256, 4);
 * double[] energies = new double[haar.bands()];       // 5 bands: a_4, d_4, d_3, d_2, d_1
 * haar.bandEnergies(window, 0, energies, 0);
 * }</pre>
 */
public final class Haar implements Stable {
    private static final double INV_SQRT2 = 1 / Math.sqrt(2);

    private final int n;
    private final int levels;
    private final float[] scratch;
    private final float[] coefficients;

    /**
     * A transform of blocks of {@code n} samples, {@code levels} deep.
     *
     * @param n the block size, a multiple of {@code 2^levels}
     * @param levels the number of levels, from 1
     * @throws IllegalArgumentException if {@code levels < 1} or {@code n} is not a positive multiple
     *     of {@code 2^levels}
     */
    public Haar(int n, int levels) {
        if (levels < 1 || levels > 30 || n < 1 || n % (1 << levels) != 0) {
            throw new IllegalArgumentException("a Haar transform of " + levels + " levels needs a block size that is a"
                    + " positive multiple of 2^levels, was " + n);
        }
        this.n = n;
        this.levels = levels;
        this.scratch = new float[n];
        this.coefficients = new float[n];
    }

    /** The block size {@code n}. */
    public int size() {
        return n;
    }

    /** The number of levels {@code L}. */
    public int levels() {
        return levels;
    }

    /** The number of bands, {@code L + 1}: the approximation and one detail band per level. */
    public int bands() {
        return levels + 1;
    }

    /**
     * Where band {@code b} starts in the layout: 0 for {@code a_L}, {@code n / 2^(L-b+1)} for
     * {@code d_(L-b+1)}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= b <= L}
     */
    public int bandStart(int b) {
        Objects.checkIndex(b, bands());
        return b == 0 ? 0 : n >> (levels - b + 1);
    }

    /**
     * The number of coefficients in band {@code b}: {@code n / 2^L} for bands 0 and 1,
     * {@code n / 2^(L-b+1)} for band {@code b >= 1}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= b <= L}
     */
    public int bandLength(int b) {
        Objects.checkIndex(b, bands());
        return b == 0 ? n >> levels : n >> (levels - b + 1);
    }

    /**
     * The forward transform of the block at {@code in[inOff]} into the layout
     * {@code [a_L | d_L | ... | d_1]} at {@code out[outOff]}.
     *
     * @param in the block
     * @param inOff the index of its first sample
     * @param out where the {@code n} coefficients go
     * @param outOff the index of the first
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    public void forward(float[] in, int inOff, float[] out, int outOff) {
        Objects.checkFromIndexSize(inOff, n, in.length);
        Objects.checkFromIndexSize(outOff, n, out.length);
        float[] s = scratch;
        System.arraycopy(in, inOff, s, 0, n);
        int length = n;
        for (int level = 1; level <= levels; level++) {
            int half = length / 2;
            // a[i] overwrites s[i]: it reads s[2i] and s[2i + 1], which no earlier i wrote.
            for (int i = 0; i < half; i++) {
                double x0 = s[2 * i];
                double x1 = s[2 * i + 1];
                out[outOff + half + i] = (float) ((x0 - x1) * INV_SQRT2);
                s[i] = (float) ((x0 + x1) * INV_SQRT2);
            }
            length = half;
        }
        System.arraycopy(s, 0, out, outOff, length);
    }

    /**
     * The inverse transform of the coefficients at {@code in[inOff]}, in the layout of
     * {@link #forward}, into the block at {@code out[outOff]}.
     *
     * @param in the {@code n} coefficients
     * @param inOff the index of the first
     * @param out where the block goes
     * @param outOff the index of its first sample
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    public void inverse(float[] in, int inOff, float[] out, int outOff) {
        Objects.checkFromIndexSize(inOff, n, in.length);
        Objects.checkFromIndexSize(outOff, n, out.length);
        float[] s = scratch;
        int length = n >> levels;
        System.arraycopy(in, inOff, s, 0, length);
        for (int level = levels; level >= 1; level--) {
            // From the top down, s[2i] and s[2i + 1] overwrite only entries that were already read.
            for (int i = length - 1; i >= 0; i--) {
                double a = s[i];
                double d = in[inOff + length + i];
                s[2 * i] = (float) ((a + d) * INV_SQRT2);
                s[2 * i + 1] = (float) ((a - d) * INV_SQRT2);
            }
            length *= 2;
        }
        System.arraycopy(s, 0, out, outOff, n);
    }

    /**
     * The energy (sum of squares) of each band of coefficients already in the layout of
     * {@link #forward}, into {@code energies[off .. off + L]}, band 0 ({@code a_L}) first.
     *
     * @param coefficients the {@code n} coefficients
     * @param coefficientsOff the index of the first
     * @param energies where the {@code L + 1} energies go
     * @param off the index of band 0's energy
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    public void energiesOf(float[] coefficients, int coefficientsOff, double[] energies, int off) {
        Objects.checkFromIndexSize(coefficientsOff, n, coefficients.length);
        Objects.checkFromIndexSize(off, bands(), energies.length);
        for (int b = 0; b <= levels; b++) {
            int start = coefficientsOff + bandStart(b);
            int end = start + bandLength(b);
            double sum = 0;
            for (int i = start; i < end; i++) {
                double c = coefficients[i];
                sum += c * c;
            }
            energies[off + b] = sum;
        }
    }

    /**
     * Transforms the block at {@code in[inOff]} and writes the energy of each band into
     * {@code energies[off .. off + L]}, band 0 ({@code a_L}) first. Their sum is the block's energy.
     *
     * @param in the block
     * @param inOff the index of its first sample
     * @param energies where the {@code L + 1} energies go
     * @param off the index of band 0's energy
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    public void bandEnergies(float[] in, int inOff, double[] energies, int off) {
        forward(in, inOff, coefficients, 0);
        energiesOf(coefficients, 0, energies, off);
    }

    /**
     * Copies {@code window} into {@code x} for a transform of this size: false, copying nothing, if
     * it is shorter (a window cut at a gap, which the operator drops and counts); a longer one is a
     * wiring error.
     *
     * @param operator the operator's name, for the message
     * @throws SegSizeException if the window is longer than {@link #size()}
     */
    public boolean readWindow(String operator, FloatSeg window, float[] x) {
        int n = size();
        int length = window.length();
        if (length < n) {
            return false;
        }
        if (length > n) {
            throw new SegSizeException(operator, window.toString(), length, n, "the transform is for windows of"
                    + " exactly " + n + " samples; rewindow the stream to " + n + " samples, or configure(" + length
                    + ", levels) if " + length + " is a multiple of 2^levels");
        }
        window.copyTo(0, x, 0, n);
        return true;
    }
}
