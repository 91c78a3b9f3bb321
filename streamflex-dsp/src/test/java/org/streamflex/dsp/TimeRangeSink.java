package org.streamflex.dsp;

import org.streamflex.Channel;
import org.streamflex.Filter;

/** Takes every {@link TimeRange} and records the first {@link #MAX_RANGES}. */
public final class TimeRangeSink extends Filter {
    /** Ranges recorded at most. */
    public static final int MAX_RANGES = 1 << 14;

    private Channel<TimeRange> in;
    private final long[] starts = new long[MAX_RANGES];
    private final long[] ends = new long[MAX_RANGES];
    private final boolean[] emits = new boolean[MAX_RANGES];

    /** Ranges taken. */
    public int count;

    @Override
    public void work() {
        TimeRange r = in.take();
        if (count < MAX_RANGES) {
            starts[count] = r.startNanos;
            ends[count] = r.endNanos;
            emits[count] = r.emit;
        }
        count++;
    }

    /** The i-th range's start. */
    public long start(int i) {
        return starts[i];
    }

    /** The i-th range's end. */
    public long end(int i) {
        return ends[i];
    }

    /** Whether the i-th range asks to emit. */
    public boolean emit(int i) {
        return emits[i];
    }
}
