package org.streamflex.dsp.spectrum;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.ComplexSeg;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegSizeException;
import org.streamflex.dsp.Workspace;

/**
 * WaveScript's {@code ifft}: each real spectrum of {@code n / 2 + 1} bins ({@link Fft}'s output,
 * {@code fftSize() == n}) back to the {@code n} samples of its window, scaled by {@code 1 / n}
 * ({@link RealFft#inverse}), at the spectrum's timebase and start. {@code Im X[0]} and for even
 * {@code n} {@code Im X[n/2]} are ignored, as a real signal has none.
 *
 * <pre>{@code
 * Ifft ifft = makeFilter(Ifft.class);
 * ifft.configure(32);
 * connect(mask, "out", ifft, "in", 16);               // fft -> mask -> ifft: a bandpass
 * }</pre>
 *
 * <p>A spectrum of another size (its {@code fftSize()} is not {@code n}, or it does not hold
 * {@code n / 2 + 1} bins) is an error: {@code work()} throws a {@link SegSizeException} naming it.
 * A window that {@link Fft} zero-padded comes back as {@code n} samples, its own followed by what
 * the padding became, reaching past the window's end.
 *
 * <p><b>Heap.</b> Nothing per spectrum for a power-of-two {@code n}; other sizes allocate inside
 * JTransforms on every spectrum.
 */
public final class Ifft extends Filter {
    private SharedChannel<ComplexSeg> in;
    private SharedChannel<FloatSeg> out;

    private int n;
    private RealFft fft;
    private Workspace buffers;

    /** An inverse FFT of {@link Fft#DEFAULT_SIZE} samples until configured. */
    public Ifft() {
        configure(Fft.DEFAULT_SIZE);
    }

    /**
     * Sets the FFT size. Call it while the graph is built, before it runs.
     *
     * @param n the number of samples each spectrum describes, at least 1; a power of two allocates
     *     nothing per spectrum
     * @throws IllegalArgumentException if {@code n < 1}
     */
    public void configure(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("Ifft: the FFT size must be at least 1, was " + n);
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
        ComplexSeg spectrum = in.take();
        int bins = fft.bins();
        if (spectrum.fftSize() != n || spectrum.length() != bins) {
            throw new SegSizeException("Ifft", spectrum.toString(), spectrum.length(), n, "its fftSize is "
                    + spectrum.fftSize() + " and an inverse real FFT of " + n + " samples takes spectra of "
                    + bins + " bins with fftSize " + n + "; configure(" + spectrum.fftSize()
                    + ") or feed it a real FFT of that size");
        }
        float[] x = buffers.floats();
        spectrum.copyTo(0, x, 0, bins);
        fft.inverse(x, 0, x, 0);
        FloatSeg window = FloatSeg.make(spectrum.timebase(), spectrum.start(), n);
        window.set(0, x, 0, n);
        out.put(window);
    }
}
