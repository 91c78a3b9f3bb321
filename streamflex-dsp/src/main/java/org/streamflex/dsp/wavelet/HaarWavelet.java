package org.streamflex.dsp.wavelet;

import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegSizeException;
import org.streamflex.dsp.Workspace;

/**
 * The orthonormal Haar wavelet transform of each window, {@code L} levels deep ({@link Haar}): the
 * output segment holds the window's {@code n} coefficients, coarsest first,
 * {@code [a_L | d_L | d_(L-1) | ... | d_1]}, with the window's timebase, start and length (so its
 * time range is the window's; its values are coefficients, not samples at those times).
 *
 * <pre>{@code
 * HaarWavelet dwt = makeFilter(HaarWavelet.class);
 * dwt.configure(256, 4);                              // windows of 256 samples, 4 levels
 * connect(rewindow, "out", dwt, "in", 16);
 * }</pre>
 *
 * <p><b>Window lengths.</b> The transform is for windows of exactly {@code windowSize} samples, a
 * multiple of {@code 2^levels}. A shorter window (at a gap) is dropped and counted in the event
 * {@code short-window}: zero-padding it would give coefficients of samples that do not exist and a
 * segment longer than the window. A longer one is a wiring error: {@code work()} throws a
 * {@link SegSizeException} naming it. Allocates nothing per window.
 */
public final class HaarWavelet extends Filter {
    private static final FilterEvent SHORT_WINDOW = FilterEvent.named("short-window");

    private SharedChannel<FloatSeg> in;
    private SharedChannel<FloatSeg> out;

    private Haar haar;
    private Workspace buffers;

    /** Windows of 32 samples, 1 level, until configured. */
    public HaarWavelet() {
        configure(32, 1);
    }

    /**
     * Sets the window size and the depth. Call it while the graph is built, before it runs.
     *
     * @param windowSize the samples per window, a positive multiple of {@code 2^levels}
     * @param levels the number of levels, 1 to 30
     * @throws IllegalArgumentException if the window size is not a positive multiple of
     *     {@code 2^levels}, or {@code levels} is out of range
     */
    public void configure(int windowSize, int levels) {
        this.haar = new Haar(windowSize, levels);
        this.buffers = new Workspace(windowSize);
    }

    /** The window size {@code n}. */
    public int windowSize() {
        return haar.size();
    }

    /** The number of levels {@code L}. */
    public int levels() {
        return haar.levels();
    }

    @Override
    public void work() {
        FloatSeg window = in.take();
        int n = haar.size();
        float[] x = buffers.floats();
        if (!haar.readWindow("HaarWavelet", window, x)) {
            raise(SHORT_WINDOW);
            return;
        }
        haar.forward(x, 0, x, 0);
        FloatSeg coefficients = FloatSeg.make(window.timebase(), window.start(), n);
        coefficients.set(0, x, 0, n);
        out.put(coefficients);
    }
}
