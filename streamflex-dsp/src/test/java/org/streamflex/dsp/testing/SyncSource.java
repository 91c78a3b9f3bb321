package org.streamflex.dsp.testing;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.TimeChannel;
import org.streamflex.dsp.DoubleSeg;
import org.streamflex.dsp.TimeRange;

/**
 * A {@link SegSource} that also puts control tuples of a sync, each at its release: data inputs on
 * {@code out[i]}, time ranges on {@code control}.
 */
public final class SyncSource extends Filter {
    /** Stable bytes to make it with: its scripts. */
    public static final int STABLE_BYTES = 1 << 20;
    private static final int RANGES = 4096;

    @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
    private TimeChannel timer;
    private SharedChannel<DoubleSeg>[] out;
    private Channel<TimeRange> control;
    private final SegPlayer player = new SegPlayer(16_384);
    private final int[] rangeRelease = new int[RANGES];
    private final long[] rangeStart = new long[RANGES];
    private final long[] rangeEnd = new long[RANGES];
    private final boolean[] rangeEmit = new boolean[RANGES];
    private int ranges;
    private int nextRange;
    private long releases;

    private SyncSource() {
    }

    @Override
    public void work() {
        long now = releases++;
        player.play(now, out);
        while (nextRange < ranges && rangeRelease[nextRange] <= now) {
            TimeRange r = makeCapsule(TimeRange.class);
            r.startNanos = rangeStart[nextRange];
            r.endNanos = rangeEnd[nextRange];
            r.emit = rangeEmit[nextRange];
            control.put(r);
            nextRange++;
        }
    }

    /** Replaces the segment script, as {@link SegPlayer#load}. */
    public void load(int[] release, int[] output, int[] timebase, long[] start, int[] length) {
        player.load(release, output, timebase, start, length);
    }

    /** Replaces the control script: range i is put at release {@code release[i]} (non-decreasing). */
    public void loadRanges(int[] release, long[] startNanos, long[] endNanos, boolean[] emit) {
        ranges = release.length;
        nextRange = 0;
        System.arraycopy(release, 0, rangeRelease, 0, ranges);
        System.arraycopy(startNanos, 0, rangeStart, 0, ranges);
        System.arraycopy(endNanos, 0, rangeEnd, 0, ranges);
        System.arraycopy(emit, 0, rangeEmit, 0, ranges);
    }

    SegPlayer player() {
        return player;
    }
}
