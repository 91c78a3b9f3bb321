package org.streamflex.dsp.spectrum;

import java.util.Arrays;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.ComplexSeg;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegSizeException;
import org.streamflex.dsp.Workspace;

/**
 * WaveScript's {@code fft} and {@code toFreq(n, s)}: the real FFT of each window into its
 * {@code n / 2 + 1} bins ({@link RealFft}: unscaled, bins as (re, im) pairs, {@code Im X[0]} and
 * for even {@code n} {@code Im X[n/2]} zero). The spectrum keeps the window's timebase and start,
 * and its {@link ComplexSeg#fftSize()} is {@code n}, so {@link Ifft} rebuilds the window in place.
 *
 * <pre>{@code
 * Fft fft = makeFilter(Fft.class);
 * fft.configure(32);                                  // toFreq(32, s)
 * connect(rewindow, "out", fft, "in", 16);
 * connect(fft, "out", score, "in", 16);
 * }</pre>
 *
 * <p><b>Window lengths.</b> A window shorter than {@code n} (a source or {@code rewindow} emits one
 * at a gap) is zero-padded to {@code n} and counted in the event {@code zero-padded}; its spectrum
 * still has {@code fftSize() == n}. A longer window is a wiring error (the stream was not windowed
 * for this FFT): {@code work()} throws a {@link SegSizeException} naming the window, its length and
 * {@code n}, which stops the graph under the default failure policy, or skips and counts the
 * window under {@code FailurePolicy.skip}. Throwing rather than raising an event and dropping: a
 * stream of windows that are all too long should not look like a working graph with a busy counter.
 *
 * <p><b>Heap.</b> Nothing per window for a power-of-two {@code n}. Other sizes allocate inside
 * JTransforms on every window ({@link RealFft#allocationFree()}).
 */
public final class Fft extends Filter {
    /** The size before {@link #configure}: WaveScript's marmot windows. */
    public static final int DEFAULT_SIZE = 32;
    private static final FilterEvent ZERO_PADDED = FilterEvent.named("zero-padded");

    private SharedChannel<FloatSeg> in;
    private SharedChannel<ComplexSeg> out;

    private int n;
    private RealFft fft;
    private Workspace buffers;

    /** An FFT of {@link #DEFAULT_SIZE} samples until configured. */
    public Fft() {
        configure(DEFAULT_SIZE);
    }

    /**
     * Sets the FFT size. Call it while the graph is built, before it runs.
     *
     * @param n the number of samples per window, at least 1; a power of two allocates nothing per
     *     window
     * @throws IllegalArgumentException if {@code n < 1}
     */
    public void configure(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("Fft: the FFT size must be at least 1, was " + n);
        }
        this.n = n;
        this.fft = new RealFft(n);
        this.buffers = new Workspace(2 * fft.bins());
    }

    /** The FFT size {@code n}. */
    public int size() {
        return n;
    }

    @Override
    public void work() {
        FloatSeg window = in.take();
        int length = window.length();
        if (length > n) {
            throw new SegSizeException("Fft", window.toString(), length, n, "windows longer than the FFT size"
                    + " cannot be transformed whole; rewindow the stream to at most " + n
                    + " samples per window, or configure(" + length + ")");
        }
        float[] x = buffers.floats();
        window.copyTo(0, x, 0, length);
        if (length < n) {
            Arrays.fill(x, length, n, 0f);
            raise(ZERO_PADDED);
        }
        fft.forward(x, 0, x, 0);
        int bins = fft.bins();
        ComplexSeg spectrum = ComplexSeg.make(window.timebase(), window.start(), bins, n);
        spectrum.set(0, x, 0, bins);
        out.put(spectrum);
    }
}
