package org.streamflex.runtime.clock;

/**
 * The release rule of the StreamFlex paper (section 7.2), in period boundaries: a clock releases
 * at boundary k (time k * p); the release's deadline is boundary k + 1; the next release is the
 * first boundary after the completion. A release that completes after its deadline is a miss,
 * and the boundaries it overran are skipped.
 */
public final class ReleaseRule {
    private ReleaseRule() {
    }

    /** The boundary of the next release after one at {@code boundary} completed at {@code completion}. */
    public static long nextBoundary(long boundary, long completion, long period) {
        long firstAfter = Math.ceilDiv(completion, period);
        return Math.max(boundary + 1, firstAfter);
    }

    /** Whether the release at {@code boundary} that completed at {@code completion} missed its deadline. */
    public static boolean missed(long boundary, long completion, long period) {
        return completion > (boundary + 1) * period;
    }
}
