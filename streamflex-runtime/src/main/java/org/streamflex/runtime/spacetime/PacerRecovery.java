package org.streamflex.runtime.spacetime;

/**
 * What a {@link SpaceTimePacer} does with a tick that is late by more than its tolerance, as the
 * {@link LateTickHandler} decides (the paper's exception handler, "which can attempt to recover
 * from this slippage").
 *
 * <pre>{@code
 * LateTickHandler handler = late -> late.skippable() > 10 ? PacerRecovery.SKIP : PacerRecovery.CATCH_UP;
 * }</pre>
 */
public enum PacerRecovery {
    /**
     * Skip every tick whose period has already begun: the virtual time jumps to the first tick
     * that starts at or after now, and the thread waits for its start. The skipped timestamps are
     * never produced. This is what a StreamFlex clock does after an overrun (the next release is
     * the first boundary after the completion), and it keeps each timestamp the name of its
     * real-time period.
     */
    SKIP,
    /**
     * Keep the late tick and go on at once: the next ticks run back to back, without waiting,
     * until the thread is on schedule again. For a producer whose every tick carries data that must
     * not be lost; under a sustained overload its lag grows without bound.
     */
    CATCH_UP
}
