package org.streamflex.dsp.testing;

import org.streamflex.DoubleChannel;
import org.streamflex.Filter;
import org.streamflex.TimeChannel;

/** Puts its values on {@code out}, a given number per release, in order. */
public final class ScalarSource extends Filter {
    /** Stable bytes to make it with: its values. */
    public static final int STABLE_BYTES = 1 << 20;

    @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
    private TimeChannel timer;
    private DoubleChannel out;
    private final double[] values = new double[65_536];
    private int count;
    private int next;
    private int perRelease;

    private ScalarSource() {
    }

    @Override
    public void work() {
        for (int k = 0; k < perRelease && next < count; k++) {
            out.put(values[next++]);
        }
    }

    /** Replaces the values, to be put {@code perRelease} at a time. */
    public void load(double[] newValues, int perRelease) {
        count = newValues.length;
        next = 0;
        this.perRelease = perRelease;
        System.arraycopy(newValues, 0, values, 0, count);
    }
}
