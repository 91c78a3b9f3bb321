package org.streamflex.dsp.testing;

import org.streamflex.SharedChannel;
import org.streamflex.Stable;
import org.streamflex.dsp.DoubleSeg;
import org.streamflex.dsp.TimebaseIds;

/**
 * A script of segments for a test source to make and put, each at its release, on its output,
 * with its timebase, start and length, and samples of {@link Samples#value}. Notes the identity of
 * each segment made and of its memory, so that a test can tell a cut of it from a copy.
 */
public final class SegPlayer implements Stable {
    private final int[] release;
    private final int[] output;
    private final int[] timebase;
    private final long[] start;
    private final int[] length;
    private final int[] madeHeader;
    private final int[] madeMemory;
    private final long[] madeOffset;
    private int count;
    private int next;

    /** A player of at most {@code capacity} segments. */
    public SegPlayer(int capacity) {
        release = new int[capacity];
        output = new int[capacity];
        timebase = new int[capacity];
        start = new long[capacity];
        length = new int[capacity];
        madeHeader = new int[capacity];
        madeMemory = new int[capacity];
        madeOffset = new long[capacity];
    }

    /** Replaces the script: segment i is put at release {@code release[i]} (non-decreasing). */
    public void load(int[] releases, int[] outputs, int[] timebases, long[] starts, int[] lengths) {
        count = releases.length;
        next = 0;
        System.arraycopy(releases, 0, release, 0, count);
        System.arraycopy(outputs, 0, output, 0, count);
        System.arraycopy(timebases, 0, timebase, 0, count);
        System.arraycopy(starts, 0, start, 0, count);
        System.arraycopy(lengths, 0, length, 0, count);
    }

    /** Makes and puts the segments due at release {@code now}. */
    public void play(long now, SharedChannel<DoubleSeg>[] out) {
        while (next < count && release[next] <= now) {
            int e = next++;
            int tb = timebase[e];
            DoubleSeg s = DoubleSeg.make(TimebaseIds.timebase(tb), start[e], length[e]);
            for (int j = 0; j < length[e]; j++) {
                s.set(j, Samples.value(tb, start[e] + j));
            }
            madeHeader[e] = System.identityHashCode(s);
            if (length[e] > 0) {
                madeMemory[e] = System.identityHashCode(s.pieceMemory(0));
                madeOffset[e] = s.pieceOffset(0);
            }
            out[output[e]].put(s);
        }
    }

    /** Whether every segment of the script was put. */
    public boolean done() {
        return next == count;
    }

    int madeHeader(int e) {
        return madeHeader[e];
    }

    int madeMemory(int e) {
        return madeMemory[e];
    }

    long madeOffset(int e) {
        return madeOffset[e];
    }
}
