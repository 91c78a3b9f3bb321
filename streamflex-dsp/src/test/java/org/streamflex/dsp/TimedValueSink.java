package org.streamflex.dsp;

import org.streamflex.Channel;
import org.streamflex.Filter;

/** Takes every {@link TimedValue} and records the first {@link #MAX_VALUES}. */
public final class TimedValueSink extends Filter {
    /** Values recorded at most. */
    public static final int MAX_VALUES = 1 << 16;

    private Channel<TimedValue> in;
    private final long[] starts = new long[MAX_VALUES];
    private final long[] ends = new long[MAX_VALUES];
    private final double[] values = new double[MAX_VALUES];

    /** Values taken. */
    public int count;

    @Override
    public void work() {
        TimedValue v = in.take();
        if (count < MAX_VALUES) {
            starts[count] = v.startNanos;
            ends[count] = v.endNanos;
            values[count] = v.value;
        }
        count++;
    }

    /** The i-th value's start time. */
    public long start(int i) {
        return starts[i];
    }

    /** The i-th value's end time. */
    public long end(int i) {
        return ends[i];
    }

    /** The i-th value. */
    public double value(int i) {
        return values[i];
    }
}
