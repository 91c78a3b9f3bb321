package org.streamflex.dsp.stats;

import java.util.Objects;
import org.streamflex.Stable;

/**
 * The mean and population standard deviation of everything added so far, one value or one block
 * at a time, by Welford's update in double (see {@link Moments} for the algorithm and its accuracy
 * with a DC offset). Adding a signal in blocks of any sizes gives exactly the result of adding it
 * value by value.
 *
 * <p>Allocation-free. Not thread-safe: one accumulator belongs to one filter.
 *
 * <pre>{@code
 * private final RunningMoments level = new RunningMoments();
 * public void work() {
 *     level.add(block, 0, block.length);
 *     double z = (sample - level.mean()) / level.std();
 * }
 * }</pre>
 */
public final class RunningMoments implements Stable {
    private long count;
    private double mean;
    private double m2;

    /** An empty accumulator. */
    public RunningMoments() {
        // Nothing to set: count, mean and m2 start at 0.
    }

    /**
     * Adds one value.
     *
     * @param x the value
     */
    public void add(float x) {
        count++;
        double v = x;
        double d = v - mean;
        mean += d / count;
        m2 += d * (v - mean);
    }

    /**
     * Adds {@code x[off .. off + len)}, in order.
     *
     * @param x the values
     * @param off the index of the first
     * @param len the number of values
     * @throws IndexOutOfBoundsException if the range does not fit the array
     */
    public void add(float[] x, int off, int len) {
        Objects.checkFromIndexSize(off, len, x.length);
        for (int i = 0; i < len; i++) {
            add(x[off + i]);
        }
    }

    /** Forgets every value added. */
    public void reset() {
        count = 0;
        mean = 0;
        m2 = 0;
    }

    /** The number of values added. */
    public long count() {
        return count;
    }

    /** The mean of the values added, or NaN if none. */
    public double mean() {
        return count == 0 ? Double.NaN : mean;
    }

    /** The population variance of the values added, or NaN if none. */
    public double variance() {
        return count == 0 ? Double.NaN : m2 / count;
    }

    /** The population standard deviation of the values added, or NaN if none. */
    public double std() {
        return Math.sqrt(variance());
    }
}
