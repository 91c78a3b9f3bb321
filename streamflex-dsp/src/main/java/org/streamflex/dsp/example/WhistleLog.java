package org.streamflex.dsp.example;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegTuple;

/** Takes each detected whistle (the audio of its time range) and notes when it started and how long it was. */
public final class WhistleLog extends Filter {
    /** The most whistles noted. */
    public static final int MAX = 1024;

    private SharedChannel<SegTuple> in;
    private final long[] starts = new long[MAX];
    private final int[] lengths = new int[MAX];
    private int count;

    @Override
    public void work() {
        SegTuple t = in.take();
        FloatSeg audio = (FloatSeg) t.get(0);
        if (count < MAX) {
            starts[count] = audio.start();
            lengths[count] = audio.length();
        }
        count++;
    }

    /** Whistles taken so far. */
    public int count() {
        return count;
    }

    /** The first sample number of the i-th whistle's audio. */
    public long start(int i) {
        return starts[i];
    }

    /** The samples of the i-th whistle's audio. */
    public int length(int i) {
        return lengths[i];
    }
}
