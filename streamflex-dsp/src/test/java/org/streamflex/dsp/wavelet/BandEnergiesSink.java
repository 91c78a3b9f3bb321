package org.streamflex.dsp.wavelet;

import org.streamflex.Channel;
import org.streamflex.Filter;

/** Takes every {@link BandEnergies} and records the first {@link #MAX_WINDOWS}. */
public final class BandEnergiesSink extends Filter {
    /** Windows recorded at most. */
    public static final int MAX_WINDOWS = 1024;

    private Channel<BandEnergies> in;
    private final double[] energies = new double[MAX_WINDOWS * BandEnergies.MAX_BANDS];
    private final int[] counts = new int[MAX_WINDOWS];
    private final long[] starts = new long[MAX_WINDOWS];
    private final long[] ends = new long[MAX_WINDOWS];

    /** Windows taken. */
    public int count;

    @Override
    public void work() {
        BandEnergies e = in.take();
        if (count < MAX_WINDOWS) {
            System.arraycopy(e.energies, 0, energies, count * BandEnergies.MAX_BANDS, e.count);
            counts[count] = e.count;
            starts[count] = e.startNanos;
            ends[count] = e.endNanos;
        }
        count++;
    }

    /** The energy of band {@code b} of the i-th window. */
    public double energy(int i, int b) {
        return energies[i * BandEnergies.MAX_BANDS + b];
    }

    /** The bands of the i-th window. */
    public int bands(int i) {
        return counts[i];
    }

    /** The i-th window's start time. */
    public long start(int i) {
        return starts[i];
    }

    /** The i-th window's end time. */
    public long end(int i) {
        return ends[i];
    }
}
