package org.streamflex.dsp.testing;

import org.streamflex.DoubleChannel;
import org.streamflex.Filter;

/** Takes every value and keeps it, in order. */
public final class ScalarSink extends Filter {
    /** Stable bytes to make it with: its values. */
    public static final int STABLE_BYTES = 2 << 20;

    private DoubleChannel in;
    private final double[] values = new double[131_072];
    private int count;

    private ScalarSink() {
    }

    @Override
    public void work() {
        while (in.size() > 0) {
            values[count++] = in.take();
        }
    }

    /** The values taken so far. */
    public int count() {
        return count;
    }

    /** Value {@code i} in the order taken. */
    public double value(int i) {
        return values[i];
    }
}
