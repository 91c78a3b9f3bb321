package org.streamflex.dsp.detect;

/**
 * The parameters of a CFAR detector that puts time ranges ({@link CfarDetector}, and
 * {@link BandCfar}, which scores its windows itself): the {@link Cfar}'s, the paddings of a
 * detection's range and the release period. {@link CfarDetector}'s Javadoc says what each means and
 * why its default is what it is. A value type (a record of primitives): a filter keeps one in a
 * field and takes one from Java code, and {@link #ranges()} makes the detector's state from it.
 *
 * <pre>{@code
 * CfarSettings s = CfarSettings.DEFAULTS.withDetector(5.0, 1024, 1024, 8, 1e-3)
 *         .withPadding("cfar", 20_000_000L, 30_000_000L)
 *         .withRelease("cfar", 16);
 * detector.configure(s);        // a BandCfar or a CfarDetector, while the graph is built
 * }</pre>
 *
 * @param beta how many standard deviations above the noise mean a score must be, positive
 * @param timeConstant the estimator's memory {@code tau}, in scores, at least 1
 * @param warmup the scores that only train the estimate, at least 1
 * @param hold the consecutive quiet scores that end an event, at least 1
 * @param minStd the floor of the standard deviation in the threshold, in the score's unit, from 0
 * @param padBefore nanoseconds a detection's range reaches before its first score's start, from 0
 * @param padAfter nanoseconds it reaches after its last score's end, from 0
 * @param releaseEvery quiet scores between two release ranges, from 0 (none)
 */
public record CfarSettings(double beta, int timeConstant, int warmup, int hold, double minStd, long padBefore,
        long padAfter, int releaseEvery) {
    /** {@link CfarDetector}'s defaults. */
    public static final CfarSettings DEFAULTS = new CfarSettings(CfarDetector.DEFAULT_BETA,
            CfarDetector.DEFAULT_TIME_CONSTANT, CfarDetector.DEFAULT_WARMUP, CfarDetector.DEFAULT_HOLD,
            CfarDetector.DEFAULT_MIN_STD, CfarDetector.DEFAULT_PAD_NANOS, CfarDetector.DEFAULT_PAD_NANOS,
            CfarDetector.DEFAULT_RELEASE_EVERY);

    /**
     * Checks every value.
     *
     * @throws IllegalArgumentException naming the first value out of range
     */
    public CfarSettings {
        new Cfar(beta, timeConstant, warmup, hold, minStd); // its checks, before any is kept
        checkPadding("CfarSettings", padBefore, padAfter);
        checkRelease("CfarSettings", releaseEvery);
    }

    /**
     * These settings with the {@link Cfar}'s parameters replaced.
     *
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public CfarSettings withDetector(double beta, int timeConstant, int warmup, int hold, double minStd) {
        return new CfarSettings(beta, timeConstant, warmup, hold, minStd, padBefore, padAfter, releaseEvery);
    }

    /**
     * These settings with the paddings replaced; {@code who} names the caller in the error.
     *
     * @throws IllegalArgumentException if either is negative
     */
    public CfarSettings withPadding(String who, long beforeNanos, long afterNanos) {
        checkPadding(who, beforeNanos, afterNanos);
        return new CfarSettings(beta, timeConstant, warmup, hold, minStd, beforeNanos, afterNanos, releaseEvery);
    }

    /**
     * These settings with the release period replaced; {@code who} names the caller in the error.
     *
     * @throws IllegalArgumentException if negative
     */
    public CfarSettings withRelease(String who, int quietScores) {
        checkRelease(who, quietScores);
        return new CfarSettings(beta, timeConstant, warmup, hold, minStd, padBefore, padAfter, quietScores);
    }

    /** A fresh detector state with these settings: a new estimate, no event open, nothing released. */
    public CfarRanges ranges() {
        return new CfarRanges(new Cfar(beta, timeConstant, warmup, hold, minStd), padBefore, padAfter, releaseEvery);
    }

    private static void checkPadding(String who, long beforeNanos, long afterNanos) {
        if (beforeNanos < 0 || afterNanos < 0) {
            throw new IllegalArgumentException(who + ": paddings must be at least 0 ns, were " + beforeNanos
                    + " and " + afterNanos);
        }
    }

    private static void checkRelease(String who, int quietScores) {
        if (quietScores < 0) {
            throw new IllegalArgumentException(who + ": releaseEvery must be at least 0, was " + quietScores);
        }
    }
}
