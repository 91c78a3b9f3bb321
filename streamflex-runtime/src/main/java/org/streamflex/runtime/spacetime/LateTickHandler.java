package org.streamflex.runtime.spacetime;

/**
 * Stampede's real-time exception handler (section IV-F): called by {@link SpaceTimePacer#advance()}
 * on the producer's own thread when a tick begins later than the pacer's tolerance allows, and
 * deciding how the pacer recovers. It may also throw, which stops the producer's loop: the
 * exception leaves {@code advance()} before the virtual time moves, so the thread stays at the
 * tick it last produced (counted in {@link SpaceTimePacer#lateTicks()}).
 *
 * <pre>{@code
 * LateTickHandler countAndSkip = late -> {
 *     slips.increment();
 *     return PacerRecovery.SKIP;
 * };
 * }</pre>
 */
@FunctionalInterface
public interface LateTickHandler {
    /** Always {@link PacerRecovery#SKIP}: what the StreamFlex clocks do after an overrun. */
    LateTickHandler SKIP = late -> PacerRecovery.SKIP;
    /** Always {@link PacerRecovery#CATCH_UP}. */
    LateTickHandler CATCH_UP = late -> PacerRecovery.CATCH_UP;

    /** How to recover from {@code late}; never null. */
    PacerRecovery onLate(LateTick late);
}
