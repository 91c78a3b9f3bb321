package org.streamflex.dsp.spectrum;

import java.util.Objects;
import org.streamflex.Stable;

/**
 * A frequency-domain block filter, as WaveScript's {@code lowpass} and {@code bandpass} are: each
 * block of {@code n} samples is transformed ({@link RealFft}), the bins outside a band are zeroed,
 * and the block is transformed back. WaveScript's {@code bandpass(32, LO, HI, s)} is
 * {@code new SpectralMask(32, rate, LO, HI)} applied to each window of 32 samples; a lowpass with
 * cutoff {@code fc} is {@code new SpectralMask(n, rate, 0, fc)}, a highpass from {@code fc} is
 * {@code new SpectralMask(n, rate, fc, rate / 2)}.
 *
 * <p><b>Which bins are kept.</b> Bin {@code k} ({@code 0 <= k <= n / 2}) has frequency
 * {@code f_k = k * rate / n} (computed in double) and is kept, unchanged, iff
 * {@code lo <= f_k <= hi}; every other bin becomes 0 (real and imaginary parts), and with it its
 * mirror {@code n - k}. So:
 * <ul>
 *   <li>DC ({@code k = 0}, {@code f = 0}) is kept iff {@code lo == 0};
 *   <li>for even {@code n} the Nyquist bin ({@code k = n / 2}, {@code f = rate / 2}) is kept iff
 *       {@code hi >= rate / 2}; odd {@code n} has no Nyquist bin, its highest bin is
 *       {@code (n - 1) / 2} with {@code f < rate / 2};
 *   <li>a band edge falling exactly on a bin frequency keeps that bin (both edges are inclusive).
 * </ul>
 * The gain is 1 or 0 per bin ({@link #gain(int)}, and {@link #gains} for all of them; compare
 * {@link FrequencyResponse#firGains} for a time-domain filter at the same bins). Blocks are
 * independent: a tone between bin frequencies leaks into neighbouring bins, and a block filter does
 * not overlap its blocks, exactly as WaveScript's does.
 *
 * <p>Kept bins pass with gain 1 to within the FFT round trip's error (about {@code 1e-6} of the
 * block's peak for {@code n <= 4096}; {@code SpectralMaskTest} checks {@code 1e-5}).
 *
 * <p>There are no static factories on purpose: a filter compiled apart from this library may call
 * only static methods over primitives and primitive arrays (the checker's D4 rule), and
 * constructors are always allowed.
 *
 * <p>Heap, threads, sizes: as {@link RealFft} ({@code n} a power of two allocates nothing per
 * call). Not thread-safe. {@code in} and {@code out} may be the same array.
 *
 * <pre>{@code
 * SpectralMask band = new SpectralMask(32, 8000, 1000, 2000);  // keeps bins 4..8 (1000..2000 Hz)
 * band.apply(window, 0, window, 0);                            // one block of 32, in place
 * }</pre>
 */
public final class SpectralMask implements Stable {
    private final int n;
    private final double sampleRate;
    private final double lowHz;
    private final double highHz;
    private final int firstKept;
    private final int lastKept;
    private final RealFft fft;
    private final float[] spectrum;

    /**
     * A block filter of size {@code n} keeping the bins whose frequency is in {@code [lowHz, highHz]}.
     *
     * @param n the block size, at least 1
     * @param sampleRate samples per second, positive and finite
     * @param lowHz the lowest frequency kept, from 0
     * @param highHz the highest frequency kept, at least {@code lowHz}; {@code rate / 2} or more keeps
     *     the top bin
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public SpectralMask(int n, double sampleRate, double lowHz, double highHz) {
        if (n < 1) {
            throw new IllegalArgumentException("a block needs at least 1 sample, was " + n);
        }
        if (!(sampleRate > 0) || Double.isInfinite(sampleRate)) {
            throw new IllegalArgumentException("the sample rate must be positive and finite, was " + sampleRate);
        }
        if (!(lowHz >= 0) || !(highHz >= lowHz)) {
            throw new IllegalArgumentException("the band must satisfy 0 <= low <= high, was [" + lowHz + ", "
                    + highHz + "] Hz");
        }
        this.n = n;
        this.sampleRate = sampleRate;
        this.lowHz = lowHz;
        this.highHz = highHz;
        int first = -1;
        int last = -2;
        for (int k = 0; k <= n / 2; k++) {
            double f = binFrequency(k);
            if (lowHz <= f && f <= highHz) {
                if (first < 0) {
                    first = k;
                }
                last = k;
            }
        }
        this.firstKept = first;
        this.lastKept = last;
        this.fft = new RealFft(n);
        this.spectrum = new float[2 * fft.bins()];
    }

    /** The block size {@code n}. */
    public int size() {
        return n;
    }

    /** The number of bins, {@code n / 2 + 1}. */
    public int bins() {
        return n / 2 + 1;
    }

    /** The sample rate the band was given for. */
    public double sampleRate() {
        return sampleRate;
    }

    /** The band's lower edge in hertz. */
    public double lowHz() {
        return lowHz;
    }

    /** The band's upper edge in hertz. */
    public double highHz() {
        return highHz;
    }

    /** The frequency of bin {@code k} in hertz: {@code k * rate / n}. */
    public double binFrequency(int k) {
        return k * sampleRate / n;
    }

    /** The first bin kept, or -1 if the band holds no bin frequency. */
    public int firstKeptBin() {
        return firstKept;
    }

    /** The last bin kept, or -2 if the band holds no bin frequency (so that no loop from the first runs). */
    public int lastKeptBin() {
        return lastKept;
    }

    /**
     * The gain of bin {@code k}: 1 if kept, 0 if not.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= k <= n / 2}
     */
    public double gain(int k) {
        Objects.checkIndex(k, bins());
        return k >= firstKept && k <= lastKept ? 1.0 : 0.0;
    }

    /**
     * The gains of all {@code n / 2 + 1} bins, 1 or 0, into {@code gains[off ..]}.
     *
     * @param gains where the gains go
     * @param off the index of bin 0's gain
     * @throws IndexOutOfBoundsException if the range does not fit the array
     */
    public void gains(float[] gains, int off) {
        int bins = bins();
        Objects.checkFromIndexSize(off, bins, gains.length);
        for (int k = 0; k < bins; k++) {
            gains[off + k] = k >= firstKept && k <= lastKept ? 1f : 0f;
        }
    }

    /**
     * Filters one block: {@code n} samples at {@code in[inOff]} into {@code n} samples at
     * {@code out[outOff]}.
     *
     * @param in the block
     * @param inOff the index of its first sample
     * @param out where the filtered block goes
     * @param outOff the index of its first sample
     * @throws IndexOutOfBoundsException if either range does not fit its array
     */
    public void apply(float[] in, int inOff, float[] out, int outOff) {
        fft.forward(in, inOff, spectrum, 0);
        int bins = bins();
        for (int k = 0; k < bins; k++) {
            if (k < firstKept || k > lastKept) {
                spectrum[2 * k] = 0f;
                spectrum[2 * k + 1] = 0f;
            }
        }
        fft.inverse(spectrum, 0, out, outOff);
    }
}
