package org.streamflex.dsp.spectrum;

import java.util.Objects;
import org.jtransforms.fft.FloatFFT_1D;
import org.streamflex.Stable;

/**
 * The discrete Fourier transform of {@code n} complex values, for one size {@code n >= 1}, on
 * JTransforms 3.1 ({@code FloatFFT_1D}) in single precision.
 *
 * <p><b>Conventions.</b> Values are interleaved (re, im) pairs: {@code 2n} floats,
 * {@code a[2j] = Re z[j]}, {@code a[2j + 1] = Im z[j]}, in and out. {@link #forward} is unscaled,
 * {@code Z[k] = sum_j z[j] exp(-2 pi i j k / n)}; {@link #inverse} is
 * {@code z[j] = (1 / n) sum_k Z[k] exp(+2 pi i j k / n)}, so {@code inverse(forward(z)) == z} to
 * rounding. The same conventions as {@link RealFft}, whose bins are this transform's first
 * {@code n / 2 + 1} for a real input.
 *
 * <p><b>Accuracy</b> (float, measured against a double-precision naive DFT by
 * {@code ComplexFftTest}): as {@link RealFft}.
 *
 * <p><b>Threads and heap.</b> As {@link RealFft}: single-threaded; nothing allocated per call for
 * powers of two; for other sizes JTransforms allocates a work array on every call ({@code 2n}
 * floats for mixed-radix sizes, {@code 2 * nextPow2(2n - 1)} for Bluestein ones; see
 * {@link #allocationFree()}). The transform runs in place in {@code out}, so this kernel keeps no
 * array of its own.
 *
 * <p>Not thread-safe: one kernel belongs to one filter. {@code in} and {@code out} may be the same
 * array at the same offset (an in-place transform).
 *
 * <pre>{@code
 * ComplexFft fft = new ComplexFft(256);
 * float[] z = new float[2 * 256];      // (re, im) pairs
 * fft.forward(z, 0, z, 0);             // in place
 * fft.inverse(z, 0, z, 0);             // back again
 * }</pre>
 */
public final class ComplexFft implements Stable {
    private final int n;
    // The plan is made once, outside work(), and only read; its arrays live as long as this kernel.
    @SuppressWarnings("StreamFlex:R2")
    private final FloatFFT_1D plan;

    /**
     * A transform of {@code n} complex values.
     *
     * @param n the number of complex values, at least 1
     * @throws IllegalArgumentException if {@code n < 1}
     */
    public ComplexFft(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("an FFT needs at least 1 value, was " + n);
        }
        this.n = n;
        JTransformsThreads.keepOnCallingThread();
        this.plan = new FloatFFT_1D(n);
    }

    /** The number of complex values {@code n}; arrays hold twice as many floats. */
    public int size() {
        return n;
    }

    /**
     * Whether calls allocate nothing on the heap: true for powers of two, false for every other size
     * (JTransforms allocates a work array per call for them, see the class documentation).
     */
    public boolean allocationFree() {
        return FftPlans.allocationFree(n);
    }

    /**
     * The unscaled forward transform of the {@code n} pairs at {@code in[inOff]} into the {@code n}
     * pairs at {@code out[outOff]}.
     *
     * @param in the values, as (re, im) pairs
     * @param inOff the index of {@code Re z[0]}
     * @param out where the transform goes, as (re, im) pairs
     * @param outOff the index of {@code Re Z[0]}
     * @throws IndexOutOfBoundsException if either range does not fit its array
     */
    public void forward(float[] in, int inOff, float[] out, int outOff) {
        Objects.checkFromIndexSize(inOff, 2 * n, in.length);
        Objects.checkFromIndexSize(outOff, 2 * n, out.length);
        System.arraycopy(in, inOff, out, outOff, 2 * n);
        JTransformsThreads.keepOnCallingThread();
        plan.complexForward(out, outOff);
    }

    /**
     * The inverse transform, scaled by {@code 1 / n}, of the {@code n} pairs at {@code in[inOff]}
     * into the {@code n} pairs at {@code out[outOff]}.
     *
     * @param in the transform, as (re, im) pairs
     * @param inOff the index of {@code Re Z[0]}
     * @param out where the values go, as (re, im) pairs
     * @param outOff the index of {@code Re z[0]}
     * @throws IndexOutOfBoundsException if either range does not fit its array
     */
    public void inverse(float[] in, int inOff, float[] out, int outOff) {
        Objects.checkFromIndexSize(inOff, 2 * n, in.length);
        Objects.checkFromIndexSize(outOff, 2 * n, out.length);
        System.arraycopy(in, inOff, out, outOff, 2 * n);
        JTransformsThreads.keepOnCallingThread();
        plan.complexInverse(out, outOff, true);
    }
}
