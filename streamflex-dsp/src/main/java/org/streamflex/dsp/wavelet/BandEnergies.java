package org.streamflex.dsp.wavelet;

import org.streamflex.Capsule;

/**
 * The energy per frequency band of one window, with the window's time range: what
 * {@link HaarEnergies} emits, XStream's {@code haarwavelet} "energy in particular frequency bands".
 * Bands come coarsest first, as {@link Haar} lays them out: {@code energies[0]} is the
 * approximation {@code a_L} (the lowest frequencies), {@code energies[b]} for {@code b >= 1} the
 * details {@code d_(L-b+1)}, so {@code energies[count - 1]} is {@code d_1}, the upper half of the
 * spectrum. Only {@code energies[0 .. count)} are this window's: a pooled capsule keeps what an
 * earlier window left beyond them.
 *
 * <pre>{@code
 * BandEnergies e = in.take();
 * double high = e.energies[e.count - 1];              // d_1: rate/4 .. rate/2
 * double total = 0;
 * for (int b = 0; b < e.count; b++) {
 *     total += e.energies[b];                         // the window's energy (Parseval)
 * }
 * }</pre>
 */
public final class BandEnergies extends Capsule {
    /** The most bands a capsule holds: a Haar transform of up to 31 levels. */
    public static final int MAX_BANDS = 32;

    /** The time of the window's first sample, in nanoseconds on the source's clock. */
    public long startNanos;
    /** The time just after the window's last sample. */
    public long endNanos;
    /** The number of bands set: the transform's levels plus one. */
    public int count;
    /** The energy (sum of squared coefficients) of each band, coarsest first; {@code [0, count)} are set. */
    public final double[] energies = new double[MAX_BANDS];

    private BandEnergies() {
    }
}
