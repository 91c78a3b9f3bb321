package org.streamflex.dsp.stats;

import org.streamflex.Channel;
import org.streamflex.Filter;

/** Takes every {@link WindowMoments} and records the first {@link #MAX_WINDOWS}. */
public final class WindowMomentsSink extends Filter {
    /** Windows recorded at most. */
    public static final int MAX_WINDOWS = 4096;

    private Channel<WindowMoments> in;
    private final long[] starts = new long[MAX_WINDOWS];
    private final long[] ends = new long[MAX_WINDOWS];
    private final int[] counts = new int[MAX_WINDOWS];
    private final double[] means = new double[MAX_WINDOWS];
    private final double[] stds = new double[MAX_WINDOWS];

    /** Windows taken. */
    public int count;

    @Override
    public void work() {
        WindowMoments m = in.take();
        if (count < MAX_WINDOWS) {
            starts[count] = m.startNanos;
            ends[count] = m.endNanos;
            counts[count] = m.count;
            means[count] = m.mean;
            stds[count] = m.std;
        }
        count++;
    }

    /** The i-th window's start time. */
    public long start(int i) {
        return starts[i];
    }

    /** The i-th window's end time. */
    public long end(int i) {
        return ends[i];
    }

    /** The i-th window's sample count. */
    public int samples(int i) {
        return counts[i];
    }

    /** The i-th window's mean. */
    public double mean(int i) {
        return means[i];
    }

    /** The i-th window's deviation. */
    public double std(int i) {
        return stds[i];
    }
}
