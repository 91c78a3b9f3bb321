package org.streamflex.dsp.stats;

import org.streamflex.dsp.FloatSeg;

/**
 * STATFILTER's first filter: passes on the windows whose population standard deviation
 * ({@link Stats#std}) is greater than {@code alpha}, sharing them, and drops the others (and empty
 * windows, whose deviation is NaN).
 *
 * <pre>{@code
 * StdDevAbove loud = makeFilter(StdDevAbove.class);
 * loud.configure(0.05);
 * connect(rewindow, "out", loud, "in", 16);
 * connect(loud, "out", quiet, "in", 16);              // then MeanBelow
 * }</pre>
 *
 * <p>Until configured, {@code alpha = 0}: every window that is not constant passes.
 */
public final class StdDevAbove extends KeepIf {
    private double alpha;

    /**
     * Sets the threshold. Call it while the graph is built, before it runs.
     *
     * @param alpha the standard deviation a window must exceed, in the samples' unit
     * @throws IllegalArgumentException if {@code alpha} is NaN
     */
    public void configure(double alpha) {
        if (Double.isNaN(alpha)) {
            throw new IllegalArgumentException("StdDevAbove: alpha must be a number, was NaN");
        }
        this.alpha = alpha;
    }

    /** The threshold {@code alpha}. */
    public double alpha() {
        return alpha;
    }

    @Override
    protected boolean keep(FloatSeg window) {
        return Stats.std(window) > alpha;
    }
}
