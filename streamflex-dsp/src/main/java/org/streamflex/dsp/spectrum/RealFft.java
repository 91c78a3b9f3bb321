package org.streamflex.dsp.spectrum;

import java.util.Objects;
import org.jtransforms.fft.FloatFFT_1D;
import org.streamflex.Stable;

/**
 * The discrete Fourier transform of {@code n} real samples, for one size {@code n >= 1}, on
 * JTransforms 3.1 ({@code FloatFFT_1D}) in single precision.
 *
 * <p><b>Conventions.</b> {@link #forward} is unscaled,
 * {@code X[k] = sum_j x[j] exp(-2 pi i j k / n)}, and writes the {@code n / 2 + 1} non-redundant bins
 * {@code k = 0 .. n / 2} (integer division) as interleaved pairs: {@code out[2k] = Re X[k]},
 * {@code out[2k + 1] = Im X[k]}, so {@code 2 * (n / 2 + 1)} floats ({@code n + 2} for even
 * {@code n}, {@code n + 1} for odd). {@code Im X[0]} is written as 0, and so is the imaginary part
 * of the Nyquist bin {@code X[n / 2]} for even {@code n}. The other bins follow from
 * {@code X[n - k] = conj X[k]}. {@link #inverse} takes that layout back to {@code n} samples,
 * scaled by {@code 1 / n}, so {@code inverse(forward(x)) == x} to rounding; it ignores
 * {@code Im X[0]} and, for even {@code n}, {@code Im X[n / 2]} (a real signal has none: the result is
 * the real signal whose spectrum has these bins with those parts dropped). JTransforms' packed real
 * layout ({@code a[1]} holding {@code Re X[n/2]} for even {@code n} and {@code Im X[(n-1)/2]} for
 * odd {@code n}) is unpacked here and never seen by callers.
 *
 * <p><b>Accuracy</b> (float; {@code RealFftTest} checks it against a double-precision naive DFT):
 * every bin within {@code 1e-6 * (1 + log2 n + p) * ||x||_2}, and {@code inverse(forward(x))}
 * within {@code 1e-6 * (1 + log2 n + p) * max|x|} of {@code x}. Here {@code p} is 0 for powers of
 * two, products of 2, 3 and 5, and Bluestein sizes (measured: at most about
 * {@code 1e-6 * ||x||_2} for the tested sizes up to 4096). For other mixed-radix sizes {@code p} is
 * their largest prime factor above 5, which JTransforms (FFTPACK's generic radix, with a twiddle
 * recurrence in float) transforms with an error growing in proportion to it: measured
 * {@code 2e-5 * ||x||_2} for {@code n = 101}, {@code 7.5e-5} for 151. Prefer sizes
 * {@code 2^a 3^b 5^c}, or powers of two, which also allocate nothing.
 *
 * <p><b>Threads.</b> The calling thread does all the work: the constructor and every call raise
 * JTransforms' 1D thread thresholds out of reach (see the package documentation); JTransforms
 * would otherwise hand sizes of 8192 and more to its pool.
 *
 * <p><b>Heap.</b> The constructor allocates JTransforms' plan and one work array of {@code n}
 * floats. Afterwards a call allocates nothing when {@code n} is a power of two (JTransforms'
 * split-radix). Other sizes allocate inside JTransforms on every call, which no StreamFlex region
 * can redirect (library code is not woven): mixed-radix sizes (those whose factors other than 2, 3
 * and 5 multiply to less than 211, such as 100, 1000 or 48000) a work array of {@code n} floats
 * per call, Bluestein sizes (such as the prime 1009) one of {@code 2 * nextPow2(2n - 1)} floats
 * per call. {@link #allocationFree()} says which applies. In a filter that must allocate nothing,
 * use a power of two.
 *
 * <p>Not thread-safe: one kernel belongs to one filter. {@code in} and {@code out} may be the same
 * array, even overlapping: the input is copied into the work array first.
 *
 * <pre>{@code
 * RealFft fft = new RealFft(1024);             // in a filter's field initializer
 * float[] bins = new float[2 * fft.bins()];    // 1026 floats: 513 (re, im) pairs
 * fft.forward(samples, 0, bins, 0);
 * fft.inverse(bins, 0, samples, 0);            // back to the same samples, to rounding
 * }</pre>
 */
public final class RealFft implements Stable {
    private final int n;
    // The plan is made once, outside work(), and only read; its arrays live as long as this kernel.
    @SuppressWarnings("StreamFlex:R2")
    private final FloatFFT_1D plan;
    private final float[] work;

    /**
     * A transform of {@code n} real samples.
     *
     * @param n the number of samples, at least 1
     * @throws IllegalArgumentException if {@code n < 1}
     */
    public RealFft(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("an FFT needs at least 1 sample, was " + n);
        }
        this.n = n;
        JTransformsThreads.keepOnCallingThread();
        this.plan = new FloatFFT_1D(n);
        this.work = new float[n];
    }

    /** The number of real samples {@code n}. */
    public int size() {
        return n;
    }

    /** The number of non-redundant bins, {@code n / 2 + 1}; the spectrum layout takes twice as many floats. */
    public int bins() {
        return n / 2 + 1;
    }

    /** The frequency of bin {@code k} in hertz at {@code sampleRate}: {@code k * sampleRate / n}. */
    public double binFrequency(int k, double sampleRate) {
        return k * sampleRate / n;
    }

    /**
     * Whether calls allocate nothing on the heap: true for powers of two, false for every other size
     * (JTransforms allocates a work array per call for them, see the class documentation).
     */
    public boolean allocationFree() {
        return FftPlans.allocationFree(n);
    }

    /**
     * The unscaled forward transform of {@code in[inOff .. inOff + n)} into {@code 2 * bins()}
     * interleaved floats at {@code out[outOff]}.
     *
     * @param in the samples
     * @param inOff the index of the first sample
     * @param out where the bins go, as (re, im) pairs
     * @param outOff the index of {@code Re X[0]}
     * @throws IndexOutOfBoundsException if either range does not fit its array
     */
    public void forward(float[] in, int inOff, float[] out, int outOff) {
        Objects.checkFromIndexSize(inOff, n, in.length);
        Objects.checkFromIndexSize(outOff, 2 * bins(), out.length);
        if (n == 1) {
            out[outOff] = in[inOff];
            out[outOff + 1] = 0f;
            return;
        }
        System.arraycopy(in, inOff, work, 0, n);
        JTransformsThreads.keepOnCallingThread();
        plan.realForward(work, 0);
        // JTransforms packs the one real-valued extra bin into a[1]: Re X[n/2] (even n) or
        // Im X[(n-1)/2] (odd n). Both belong at out[n]; everything from a[2] on is already in place.
        out[outOff] = work[0];
        out[outOff + 1] = 0f;
        System.arraycopy(work, 2, out, outOff + 2, n - 2);
        out[outOff + n] = work[1];
        if ((n & 1) == 0) {
            out[outOff + n + 1] = 0f;
        }
    }

    /**
     * The unscaled forward transform of {@code a[off .. off + n)} in place, left in JTransforms'
     * packed layout: {@code a[off] = Re X[0]}; for even {@code n}, {@code a[off + 1] = Re X[n/2]};
     * for odd {@code n > 1}, {@code a[off + 1] = Im X[(n-1)/2]}; the other bins' (re, im) pairs at
     * {@code a[off + 2k]}, {@code a[off + 2k + 1]}. The same floats as {@link #forward}, without its
     * two copies (into the work array and back): for a caller that reads a few bins of each of many
     * short transforms, such as a band score.
     *
     * @throws IndexOutOfBoundsException if the range does not fit the array
     */
    public void forwardPacked(float[] a, int off) {
        Objects.checkFromIndexSize(off, n, a.length);
        if (n == 1) {
            return;
        }
        JTransformsThreads.keepOnCallingThread();
        plan.realForward(a, off);
    }

    /**
     * The inverse transform, scaled by {@code 1 / n}, of the {@code bins()} interleaved bins at
     * {@code in[inOff]} into {@code n} samples at {@code out[outOff]}. {@code Im X[0]} and, for even
     * {@code n}, {@code Im X[n / 2]} are ignored.
     *
     * @param in the bins, as (re, im) pairs
     * @param inOff the index of {@code Re X[0]}
     * @param out where the samples go
     * @param outOff the index of the first sample
     * @throws IndexOutOfBoundsException if either range does not fit its array
     */
    public void inverse(float[] in, int inOff, float[] out, int outOff) {
        Objects.checkFromIndexSize(inOff, 2 * bins(), in.length);
        Objects.checkFromIndexSize(outOff, n, out.length);
        if (n == 1) {
            out[outOff] = in[inOff];
            return;
        }
        work[0] = in[inOff];
        work[1] = in[inOff + n];
        System.arraycopy(in, inOff + 2, work, 2, n - 2);
        JTransformsThreads.keepOnCallingThread();
        plan.realInverse(work, 0, true);
        System.arraycopy(work, 0, out, outOff, n);
    }
}
