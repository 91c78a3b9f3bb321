package org.streamflex.runtime.spacetime;

/**
 * A tick of a {@link SpaceTimePacer} that began later than its tolerance allows: what its
 * {@link LateTickHandler} is told.
 *
 * <pre>{@code
 * LateTickHandler log = late -> {
 *     System.err.println(late);   // "thread digitizer: tick 7 is 41.0 ms late (tolerance 5.0 ms), 2 ticks skippable"
 *     return PacerRecovery.SKIP;
 * };
 * }</pre>
 *
 * @param thread the space-time thread the pacer paces
 * @param tick the tick (virtual time) that is late
 * @param latenessNanos how long after the tick's start it began
 * @param toleranceNanos the pacer's tolerance, which {@code latenessNanos} exceeds
 * @param skippable the ticks {@link PacerRecovery#SKIP} would skip: those whose period has begun,
 *     this one included, so at least 1
 */
public record LateTick(String thread, long tick, long latenessNanos, long toleranceNanos, long skippable) {
    @Override
    public String toString() {
        return "thread " + thread + ": tick " + tick + " is " + latenessNanos / 1e6 + " ms late (tolerance "
                + toleranceNanos / 1e6 + " ms), " + skippable + " ticks skippable";
    }
}
