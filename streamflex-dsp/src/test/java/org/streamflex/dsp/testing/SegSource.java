package org.streamflex.dsp.testing;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.TimeChannel;
import org.streamflex.dsp.DoubleSeg;

/** Puts the segments of its script ({@link SegScript#load}) on its outputs {@code out[i]}, each at its release. */
public final class SegSource extends Filter {
    /** Stable bytes to make it with: its script. */
    public static final int STABLE_BYTES = 1 << 20;

    @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
    private TimeChannel timer;
    private SharedChannel<DoubleSeg>[] out;
    private final SegPlayer player = new SegPlayer(8192);
    private long releases;

    private SegSource() {
    }

    @Override
    public void work() {
        player.play(releases++, out);
    }

    /** Replaces the script, as {@link SegPlayer#load}. */
    public void load(int[] release, int[] output, int[] timebase, long[] start, int[] length) {
        player.load(release, output, timebase, start, length);
    }

    /** Whether the whole script was put. */
    public boolean done() {
        return player.done();
    }

    SegPlayer player() {
        return player;
    }
}
