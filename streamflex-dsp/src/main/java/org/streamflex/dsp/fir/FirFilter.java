package org.streamflex.dsp.fir;

import java.util.Arrays;
import java.util.Objects;
import org.streamflex.Stable;

/**
 * A finite impulse response filter in direct form, streaming:
 * {@code y[t] = sum_{k=0}^{m-1} h[k] x[t - k]} with {@code x[t] = 0} before the first sample.
 * It keeps the last {@code m - 1} inputs across calls, so filtering a signal in blocks of any sizes
 * (including 0 and 1) gives exactly, bit for bit, the output of filtering it whole.
 *
 * <p><b>Accuracy.</b> Products and sums are computed in double: a float times a float is exact in
 * double, and the sum of {@code m} terms is off by at most {@code (m - 1) * 2^-53 * sum_k |h[k] x[t-k]|}
 * before the one rounding to float. So {@code |y_out - y| <= 2^-24 |y| + m * 2^-53 * sum_k |h[k] x[t-k]|}:
 * within half a float ulp of the exact result unless the sum cancels to far below its terms.
 * {@code FirFilterTest} checks this bound against a double reference.
 *
 * <p><b>Cost.</b> {@code m} multiply-adds per sample; for long filters (a hundred taps or more)
 * {@link OverlapSaveFir} computes the same output with FFTs. No allocation after construction.
 *
 * <p>Not thread-safe: one kernel belongs to one filter. {@code in} and {@code out} may be the same
 * array at the same offset (in-place filtering); the outputs are then computed from the last to the
 * first so that no input is overwritten before it is used.
 *
 * <pre>{@code
 * FirFilter lowpass = new FirFilter(FirDesign.lowpass(31, 1000, 8000));
 * lowpass.filter(block, 0, block, 0, block.length);   // in place; the next block continues the signal
 * }</pre>
 */
public final class FirFilter implements Stable {
    private final float[] taps;
    /** The last {@code m - 1} inputs, oldest first: {@code history[m - 2]} is the previous sample. */
    private final float[] history;
    /** Where the history after a call is assembled before the outputs may overwrite the inputs. */
    private final float[] nextHistory;

    /**
     * A filter with the taps {@code taps[0 .. m-1]} ({@code h[0]} first), copied.
     *
     * @param taps the taps, at least one
     * @throws IllegalArgumentException if there are no taps
     */
    public FirFilter(float[] taps) {
        if (taps.length == 0) {
            throw new IllegalArgumentException("a FIR filter needs at least one tap");
        }
        this.taps = new float[taps.length];
        System.arraycopy(taps, 0, this.taps, 0, taps.length);
        this.history = new float[taps.length - 1];
        this.nextHistory = new float[taps.length - 1];
    }

    /** The number of taps {@code m}. */
    public int length() {
        return taps.length;
    }

    /** Tap {@code h[k]}. */
    public float tap(int k) {
        return taps[k];
    }

    /** Forgets the inputs seen so far: the next sample is filtered as the first of a new signal. */
    public void reset() {
        Arrays.fill(history, 0f);
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
        int m = taps.length;
        int h = m - 1;
        // The history after this call: the last m - 1 of (old history, this block), saved first
        // because the outputs may overwrite the block.
        if (count >= h) {
            System.arraycopy(in, inOff + count - h, nextHistory, 0, h);
        } else {
            System.arraycopy(history, count, nextHistory, 0, h - count);
            System.arraycopy(in, inOff, nextHistory, h - count, count);
        }
        for (int t = count - 1; t >= 0; t--) {
            double sum = 0;
            // x[t - k] for k <= t is in this block; for k > t it is history[h - (k - t)].
            int inBlock = Math.min(t, h);
            for (int k = 0; k <= inBlock; k++) {
                sum += (double) taps[k] * in[inOff + t - k];
            }
            for (int k = inBlock + 1; k < m; k++) {
                sum += (double) taps[k] * history[h - k + t];
            }
            out[outOff + t] = (float) sum;
        }
        System.arraycopy(nextHistory, 0, history, 0, h);
    }

    /**
     * Filters one sample, continuing the signal of earlier calls.
     *
     * @param x the next input sample
     * @return the output for it
     */
    public float filter(float x) {
        int h = taps.length - 1;
        double sum = (double) taps[0] * x;
        for (int k = 1; k <= h; k++) {
            sum += (double) taps[k] * history[h - k];
        }
        if (h > 0) {
            System.arraycopy(history, 1, history, 0, h - 1);
            history[h - 1] = x;
        }
        return (float) sum;
    }
}
