package org.streamflex.dsp.stats;

import org.streamflex.Capsule;

/**
 * The mean and population standard deviation of one window, with its time range and sample count:
 * what {@link WindowStats} emits.
 *
 * <pre>{@code
 * WindowMoments m = in.take();
 * if (m.std > alpha) {
 *     alarms.put(m.startNanos);
 * }
 * }</pre>
 */
public final class WindowMoments extends Capsule {
    /** The time of the window's first sample, in nanoseconds on the source's clock. */
    public long startNanos;
    /** The time just after the window's last sample. */
    public long endNanos;
    /** The number of samples. */
    public int count;
    /** The mean; NaN for an empty window. */
    public double mean;
    /** The population standard deviation (divided by {@code count}); NaN for an empty window. */
    public double std;

    private WindowMoments() {
    }
}
