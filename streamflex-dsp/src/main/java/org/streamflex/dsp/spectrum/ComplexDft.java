package org.streamflex.dsp.spectrum;

import java.util.Arrays;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.ComplexSeg;
import org.streamflex.dsp.SegSizeException;
import org.streamflex.dsp.Workspace;

/**
 * The complex FFT operator: each segment of {@code n} complex values to its {@code n}-point DFT
 * ({@link ComplexFft}: forward unscaled, {@code Z[k] = sum_j z[j] exp(-2 pi i jk/n)}), or back
 * (inverse, scaled by {@code 1 / n}). The output keeps the input's timebase and start, and its
 * {@code fftSize()} is {@code n}: a forward transform's bins {@code k > n/2} are the negative
 * frequencies {@code (k - n) rate / n}.
 *
 * <pre>{@code
 * ComplexDft dft = makeFilter(ComplexDft.class);
 * dft.configure(256, false);                          // forward
 * ComplexDft back = makeFilter(ComplexDft.class);
 * back.configure(256, true);                          // inverse
 * }</pre>
 *
 * <p>As {@link Fft}: a segment shorter than {@code n} is zero-padded and counted in the event
 * {@code zero-padded}; a longer one is an error ({@link SegSizeException}). Nothing is allocated per
 * segment for a power-of-two {@code n}; other sizes allocate inside JTransforms on every segment.
 */
public final class ComplexDft extends Filter {
    private static final FilterEvent ZERO_PADDED = FilterEvent.named("zero-padded");

    private SharedChannel<ComplexSeg> in;
    private SharedChannel<ComplexSeg> out;

    private int n;
    private boolean inverse;
    private ComplexFft fft;
    private Workspace buffers;

    /** A forward transform of {@link Fft#DEFAULT_SIZE} values until configured. */
    public ComplexDft() {
        configure(Fft.DEFAULT_SIZE, false);
    }

    /**
     * Sets the size and the direction. Call it while the graph is built, before it runs.
     *
     * @param n the number of complex values per segment, at least 1; a power of two allocates
     *     nothing per segment
     * @param inverse false for the forward transform (unscaled), true for the inverse (scaled by
     *     {@code 1 / n})
     * @throws IllegalArgumentException if {@code n < 1}
     */
    public void configure(int n, boolean inverse) {
        if (n < 1) {
            throw new IllegalArgumentException("ComplexDft: the FFT size must be at least 1, was " + n);
        }
        this.n = n;
        this.inverse = inverse;
        this.fft = new ComplexFft(n);
        this.buffers = new Workspace(2 * n);
    }

    /** The transform size {@code n}. */
    public int size() {
        return n;
    }

    /** Whether this is the inverse transform. */
    public boolean inverse() {
        return inverse;
    }

    @Override
    public void work() {
        ComplexSeg values = in.take();
        int length = values.length();
        if (length > n) {
            throw new SegSizeException("ComplexDft", values.toString(), length, n, "segments longer than the FFT"
                    + " size cannot be transformed whole; cut the stream to at most " + n + " values per segment,"
                    + " or configure(" + length + ", " + inverse + ")");
        }
        float[] z = buffers.floats();
        values.copyTo(0, z, 0, length);
        if (length < n) {
            Arrays.fill(z, 2 * length, 2 * n, 0f);
            raise(ZERO_PADDED);
        }
        if (inverse) {
            fft.inverse(z, 0, z, 0);
        } else {
            fft.forward(z, 0, z, 0);
        }
        ComplexSeg result = ComplexSeg.make(values.timebase(), values.start(), n, n);
        result.set(0, z, 0, n);
        out.put(result);
    }
}
