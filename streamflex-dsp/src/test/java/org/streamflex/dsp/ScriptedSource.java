package org.streamflex.dsp;

import org.streamflex.Filter;
import org.streamflex.TimeChannel;

/**
 * A source of segments for operator tests: one segment per release, following a script of lengths
 * and of gaps before each segment, once or over and over. The segment's samples are the
 * subclass's, as a function of their absolute sample numbers. Segments can be put on another
 * timebase, one by one. Records the identity of each segment made, for tests of sharing.
 */
public abstract class ScriptedSource extends Filter {
    /** The longest script. */
    public static final int MAX_SEGMENTS = 4096;

    private TimeChannel timer;
    private final int[] lengths = new int[MAX_SEGMENTS];
    private final long[] gaps = new long[MAX_SEGMENTS];
    private final boolean[] onOther = new boolean[MAX_SEGMENTS];
    private final int[] identities = new int[MAX_SEGMENTS];
    private int segments;
    private boolean repeat;
    private int next;
    private long position;
    private Timebase timebase = Timebase.of("test", 8000, 0);
    private Timebase other = Timebase.of("other", 8000, 0);

    /** Segments made so far. */
    public int made;
    /** The clock's time at the last release. */
    public long lastTime;

    /**
     * The script: segment {@code i} has {@code lengths[i]} samples and starts {@code gaps[i]}
     * samples after the previous one ended (the first at sample {@code gaps[0]}).
     */
    public void script(int[] segmentLengths, long[] gapsBefore, boolean again) {
        System.arraycopy(segmentLengths, 0, lengths, 0, segmentLengths.length);
        System.arraycopy(gapsBefore, 0, gaps, 0, gapsBefore.length);
        segments = segmentLengths.length;
        repeat = again;
    }

    /** {@code count} segments of {@code length} samples without gaps. */
    public void contiguous(int length, int count, boolean again) {
        for (int i = 0; i < count; i++) {
            lengths[i] = length;
            gaps[i] = 0;
        }
        segments = count;
        repeat = again;
    }

    /** The timebase of every segment not moved to the other. */
    public void timebase(Timebase tb) {
        timebase = tb;
    }

    /** Puts segments {@code which} of the script on {@code tb}. */
    public void otherTimebase(Timebase tb, int[] which) {
        other = tb;
        for (int i : which) {
            onOther[i] = true;
        }
    }

    /** The identity hash of the i-th segment made (of the first {@link #MAX_SEGMENTS}). */
    public int identity(int i) {
        return identities[i];
    }

    @Override
    public final void work() {
        lastTime = timer.getTime();
        if (next == segments) {
            if (!repeat || segments == 0) {
                return;
            }
            next = 0;
        }
        position += gaps[next];
        int id = emit(onOther[next] ? other : timebase, position, lengths[next]);
        if (made < MAX_SEGMENTS) {
            identities[made] = id;
        }
        made++;
        position += lengths[next];
        next++;
    }

    /**
     * Makes and puts the segment of samples {@code start .. start + length - 1}.
     *
     * @return its identity hash
     */
    protected abstract int emit(Timebase tb, long start, int length);
}
