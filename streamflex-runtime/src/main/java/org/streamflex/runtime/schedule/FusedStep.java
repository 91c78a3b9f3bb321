package org.streamflex.runtime.schedule;

import org.streamflex.abi.RegionSlot;

/**
 * One step of a {@link FusedTask}'s iteration: a filter run in batches or guarded
 * ({@link FusedMember}), or a chain of filters run depth first ({@link DepthFirstChain}).
 */
abstract class FusedStep {
    /** {@link #run} result bit: a work() ran. */
    static final int FIRED = 1;
    /** {@link #run} result bit: a work() took from a data channel. */
    static final int TOOK = 2;
    /**
     * {@link #run} result bit: the step stopped at its cap or at a full output, not for want of
     * input, so another iteration may find it more to do.
     */
    static final int MORE = 4;

    /**
     * Runs the step's share of one iteration.
     *
     * @return {@link #FIRED} if it ran, with {@link #TOOK} if it took data, and {@link #MORE} if it
     *     may have more to do
     */
    abstract int run(RegionSlot slot);
}
