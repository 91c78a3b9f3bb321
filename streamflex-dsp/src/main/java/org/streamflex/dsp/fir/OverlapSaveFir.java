package org.streamflex.dsp.fir;

import java.util.Arrays;
import java.util.Objects;
import org.streamflex.Stable;
import org.streamflex.dsp.spectrum.RealFft;

/**
 * The filter of {@link FirFilter}, {@code y[t] = sum_k h[k] x[t - k]} with zero initial history,
 * computed by FFT overlap-save: for long filters it costs {@code O(log N)} per sample instead of
 * {@code O(m)}. It streams like {@link FirFilter}: calls of any sizes give the output of filtering
 * the whole signal, with no delay (output {@code t} is written by the call that brings input
 * {@code t}).
 *
 * <p><b>Blocks.</b> The FFT size {@code N} is a power of two, {@code N >= m}; by default the least
 * power of two {@code >= 2m}. Each block holds the last {@code m - 1} inputs before it and
 * {@code L = N - m + 1} new ones ({@link #hop()}); the circular convolution of the block with the
 * taps is exact at the {@code L} new positions. A call that does not complete a block still
 * produces its outputs at once: the block's missing inputs are zero, and since output {@code t}
 * depends only on inputs up to {@code t}, the outputs for the inputs present are already exact;
 * the block is transformed again when more inputs arrive. So a call costs one forward and one
 * inverse FFT per block it touches: feeding exactly {@code hop()} samples per call costs one pair
 * per {@code L} outputs, smaller calls cost a pair each.
 *
 * <p><b>Accuracy</b> (float FFTs): every output is within
 * {@code 2e-7 * log2(N) * sqrt(sum_k h[k]^2) * max|x|} of the exact convolution; measured up to a
 * third of that, which for random taps and signals is about {@code 3e-7} of the output's peak.
 * {@code OverlapSaveFirTest} checks both that bound and {@code 1e-5} of the output's peak against a
 * double-precision direct-form reference. Unlike {@link FirFilter}, the last bits of an output
 * depend on how the signal was split into calls (a block may be transformed more than once), never
 * its value beyond that bound.
 *
 * <p><b>Heap.</b> The constructor allocates a {@link RealFft} of size {@code N} and four arrays of
 * about {@code N} floats. Calls allocate nothing ({@code N} is a power of two).
 *
 * <p>Not thread-safe: one kernel belongs to one filter. {@code in} and {@code out} may be the same
 * array at the same offset.
 *
 * <pre>{@code
 * OverlapSaveFir voice = new OverlapSaveFir(FirDesign.bandpass(511, 300, 3400, 16000));   // N = 1024
 * voice.filter(block, 0, block, 0, block.length);
 * }</pre>
 */
public final class OverlapSaveFir implements Stable {
    private final int m;
    private final int fftSize;
    private final int hop;
    private final RealFft fft;
    /** The spectrum of the taps zero-padded to {@code N}, as (re, im) pairs. */
    private final float[] tapSpectrum;
    /** The current block: {@code m - 1} older inputs, then {@code fill} new ones, then zeros. */
    private final float[] block;
    private final float[] spectrum;
    private final float[] circular;
    private int fill;

    /**
     * A filter with the taps {@code taps[0 .. m-1]} and the FFT size the least power of two
     * {@code >= 2m}.
     *
     * @param taps the taps, {@code h[0]} first, at least one; copied
     * @throws IllegalArgumentException if there are no taps, or more than {@code 2^29}
     */
    public OverlapSaveFir(float[] taps) {
        this(taps, defaultFftSize(taps.length));
    }

    /**
     * A filter with the taps {@code taps[0 .. m-1]} and FFT size {@code fftSize}.
     *
     * @param taps the taps, {@code h[0]} first, at least one; copied
     * @param fftSize a power of two, at least {@code m} and at least 2; {@code 2m} or more keeps the
     *     overhead per output low
     * @throws IllegalArgumentException if there are no taps or {@code fftSize} is not a power of two
     *     of at least {@code max(m, 2)}
     */
    public OverlapSaveFir(float[] taps, int fftSize) {
        if (taps.length == 0) {
            throw new IllegalArgumentException("a FIR filter needs at least one tap");
        }
        if (Integer.bitCount(fftSize) != 1 || fftSize < taps.length || fftSize < 2) {
            throw new IllegalArgumentException("the FFT size must be a power of two of at least max(2, taps) = "
                    + Math.max(2, taps.length) + ", was " + fftSize);
        }
        this.m = taps.length;
        this.fftSize = fftSize;
        this.hop = fftSize - m + 1;
        this.fft = new RealFft(fftSize);
        this.tapSpectrum = new float[2 * fft.bins()];
        this.block = new float[fftSize];
        this.spectrum = new float[2 * fft.bins()];
        this.circular = new float[fftSize];
        System.arraycopy(taps, 0, block, 0, m);
        fft.forward(block, 0, tapSpectrum, 0);
        Arrays.fill(block, 0f);
    }

    private static int defaultFftSize(int m) {
        if (m > 1 << 29) {
            throw new IllegalArgumentException("at most 2^29 taps, was " + m);
        }
        return Math.max(2, Integer.highestOneBit(Math.max(1, 2 * m - 1)) << 1);
    }

    /** The number of taps {@code m}. */
    public int length() {
        return m;
    }

    /** The FFT size {@code N}. */
    public int fftSize() {
        return fftSize;
    }

    /** The new inputs per block, {@code N - m + 1}: the call size at which each call costs one FFT pair. */
    public int hop() {
        return hop;
    }

    /** Forgets the inputs seen so far: the next sample is filtered as the first of a new signal. */
    public void reset() {
        Arrays.fill(block, 0f);
        fill = 0;
    }

    /**
     * Filters {@code count} samples at {@code in[inOff]} into {@code out[outOff]}, continuing the
     * signal of earlier calls.
     *
     * @param in the input samples
     * @param inOff the index of the first
     * @param out where the outputs go
     * @param outOff the index of the first output
     * @param count the number of samples, from 0
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    public void filter(float[] in, int inOff, float[] out, int outOff, int count) {
        Objects.checkFromIndexSize(inOff, count, in.length);
        Objects.checkFromIndexSize(outOff, count, out.length);
        int done = 0;
        while (done < count) {
            int take = Math.min(count - done, hop - fill);
            int at = m - 1 + fill;
            System.arraycopy(in, inOff + done, block, at, take);
            convolveBlock();
            System.arraycopy(circular, at, out, outOff + done, take);
            fill += take;
            done += take;
            if (fill == hop) {
                // The next block starts with the last m - 1 inputs of this one.
                System.arraycopy(block, hop, block, 0, m - 1);
                Arrays.fill(block, m - 1, fftSize, 0f);
                fill = 0;
            }
        }
    }

    private void convolveBlock() {
        fft.forward(block, 0, spectrum, 0);
        for (int i = 0; i < spectrum.length; i += 2) {
            float re = spectrum[i];
            float im = spectrum[i + 1];
            float hr = tapSpectrum[i];
            float hi = tapSpectrum[i + 1];
            spectrum[i] = re * hr - im * hi;
            spectrum[i + 1] = re * hi + im * hr;
        }
        fft.inverse(spectrum, 0, circular, 0);
    }
}
