package org.streamflex.dsp.wavelet;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegSizeException;
import org.streamflex.dsp.Workspace;

/**
 * XStream's {@code haarwavelet}, which "finds the energy in particular frequency bands": for each
 * window, the energy of each band of its Haar transform, {@code L} levels deep ({@link Haar}), as a
 * {@link BandEnergies} capsule with the window's time range. Band 0 is the approximation
 * {@code a_L} (about {@code 0 .. rate / 2^(L+1)}), band {@code b >= 1} the details
 * {@code d_(L-b+1)} (about {@code rate / 2^(L-b+2) .. rate / 2^(L-b+1)}); they add up to the
 * window's energy, {@code sum x^2}.
 *
 * <pre>{@code
 * HaarEnergies bands = makeFilter(HaarEnergies.class);
 * bands.configure(4096, 5);                           // six bands per 4096-sample window
 * connect(rewindow, "out", bands, "in", 16);
 * connect(bands, "out", detector, "in", 16);          // Channel<BandEnergies>
 * }</pre>
 *
 * <p>Window lengths as {@link HaarWavelet}: exactly {@code windowSize} samples; a shorter window is
 * dropped and counted in {@code short-window}, a longer one throws {@link SegSizeException}.
 * Energies are sums of squares in double. Allocates nothing per window.
 */
public final class HaarEnergies extends Filter {
    private static final FilterEvent SHORT_WINDOW = FilterEvent.named("short-window");

    private SharedChannel<FloatSeg> in;
    private Channel<BandEnergies> out;

    private Haar haar;
    private Workspace buffers;

    /** Windows of 32 samples, 1 level, until configured. */
    public HaarEnergies() {
        configure(32, 1);
    }

    /**
     * Sets the window size and the depth. Call it while the graph is built, before it runs.
     *
     * @param windowSize the samples per window, a positive multiple of {@code 2^levels}
     * @param levels the number of levels, 1 to 30, giving {@code levels + 1} bands
     * @throws IllegalArgumentException if the window size is not a positive multiple of
     *     {@code 2^levels}, or {@code levels} is out of range
     */
    public void configure(int windowSize, int levels) {
        Haar h = new Haar(windowSize, levels);
        if (h.bands() > BandEnergies.MAX_BANDS) {
            throw new IllegalArgumentException("HaarEnergies: at most " + (BandEnergies.MAX_BANDS - 1)
                    + " levels, was " + levels);
        }
        this.haar = h;
        this.buffers = new Workspace(windowSize);
    }

    /** The window size {@code n}. */
    public int windowSize() {
        return haar.size();
    }

    /** The number of bands, {@code levels + 1}. */
    public int bands() {
        return haar.bands();
    }

    @Override
    public void work() {
        FloatSeg window = in.take();
        float[] x = buffers.floats();
        if (!haar.readWindow("HaarEnergies", window, x)) {
            raise(SHORT_WINDOW);
            return;
        }
        BandEnergies e = makeCapsule(BandEnergies.class);
        haar.bandEnergies(x, 0, e.energies, 0);
        e.count = haar.bands();
        e.startNanos = window.startNanos();
        e.endNanos = window.endNanos();
        out.put(e);
    }
}
