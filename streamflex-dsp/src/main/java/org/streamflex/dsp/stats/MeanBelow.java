package org.streamflex.dsp.stats;

import org.streamflex.dsp.FloatSeg;

/**
 * STATFILTER's second filter: passes on the windows whose mean ({@link Stats#mean}) is less than
 * {@code beta}, sharing them, and drops the others (and empty windows, whose mean is NaN).
 *
 * <pre>{@code
 * MeanBelow centred = makeFilter(MeanBelow.class);
 * centred.configure(0.01);
 * connect(loud, "out", centred, "in", 16);
 * }</pre>
 *
 * <p>Until configured, {@code beta = +infinity}: every non-empty window passes.
 */
public final class MeanBelow extends KeepIf {
    private double beta = Double.POSITIVE_INFINITY;

    /**
     * Sets the threshold. Call it while the graph is built, before it runs.
     *
     * @param beta the value a window's mean must be below, in the samples' unit
     * @throws IllegalArgumentException if {@code beta} is NaN
     */
    public void configure(double beta) {
        if (Double.isNaN(beta)) {
            throw new IllegalArgumentException("MeanBelow: beta must be a number, was NaN");
        }
        this.beta = beta;
    }

    /** The threshold {@code beta}. */
    public double beta() {
        return beta;
    }

    @Override
    protected boolean keep(FloatSeg window) {
        return Stats.mean(window) < beta;
    }
}
