package org.streamflex.dsp.detect;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.dsp.TimeRange;
import org.streamflex.dsp.TimedValue;

/**
 * WaveScript's {@code temporalDetector} by XStream's CFAR: a stream of scores in, the time ranges
 * of detections out, as the control stream of a {@code sync}. Each score is fed to a {@link Cfar}
 * (as a float); for each event it finds, from its first score above the threshold through its last,
 * one {@code TimeRange(first.startNanos - padBefore, last.endNanos + padAfter, emit = true)}, sent
 * when the event ends ({@code hold} quiet scores after its last score above the threshold). So that
 * the sync can let go of data no event will ask for, after every {@code releaseEvery} quiet scores
 * it sends {@code TimeRange(r, q.startNanos - padBefore, emit = false)}, {@code q} being the last
 * quiet score and {@code r} the previous release's end ({@code Long.MIN_VALUE} for the first): any
 * later event starts after {@code q}, so its padded range starts after that point.
 *
 * <pre>{@code
 * CfarDetector detector = makeFilter(CfarDetector.class);
 * detector.configure(5.0, 1024, 1024, 8, 1e-3);               // beta, tau, warm-up, hold, minStd
 * detector.configurePadding(50_000_000L, 50_000_000L);        // 50 ms either side
 * detector.configureRelease(64);                             // or all at once: configure(CfarSettings)
 * connect(score, "out", detector, "in", 64);                  // Channel<TimedValue>
 * connect(detector, "out", sync, "control", 16);              // Channel<TimeRange>
 * }</pre>
 *
 * <p><b>Defaults</b> (for marmot's 32-sample windows at 44.1 kHz, 1378 scores a second):
 * <ul>
 *   <li>{@code beta = 5}: for Gaussian noise about 3e-7 false alarms per score, one per 40 minutes
 *       at that rate ({@code beta = 3} would give two a second);
 *   <li>time constant and warm-up 1024 scores (0.74 s): long enough that the estimate's relative
 *       error, about {@code 1 / sqrt(4 tau)}, is under 2%, short enough to follow the background
 *       over a second;
 *   <li>{@code hold = 8} scores (5.8 ms): dips shorter than that inside a call do not split it;
 *   <li>{@code minStd = 1e-3}, in the score's unit: about the sum of magnitudes of one-LSB noise of
 *       16-bit audio scaled to [-1, 1) in a 32-point window, so digital silence followed by
 *       quantization noise is not an event;
 *   <li>paddings 50 ms before and after: a one-score detection then spans 100.7 ms, more than the
 *       92.9 ms (4096 samples at 44.1 kHz) the paper's 32 KB per detection implies;
 *   <li>{@code releaseEvery = 64} quiet scores (46 ms): one control tuple per 64 scores, and a sync
 *       holds at most about that much more data than the padding needs.
 * </ul>
 *
 * <p>An event still open when the scores stop is never sent: there is no end of stream to close it.
 * A release never moves backwards, and ranges are sent in the order their ends are known. Each
 * firing takes every score available (one transaction for a block of them). Allocates nothing per
 * score.
 */
public final class CfarDetector extends Filter {
    /** The default {@code beta}. */
    public static final double DEFAULT_BETA = 5.0;
    /** The default time constant, in scores. */
    public static final int DEFAULT_TIME_CONSTANT = 1024;
    /** The default warm-up, in scores. */
    public static final int DEFAULT_WARMUP = 1024;
    /** The default hold, in scores. */
    public static final int DEFAULT_HOLD = 8;
    /** The default floor of the standard deviation, in the score's unit. */
    public static final double DEFAULT_MIN_STD = 1e-3;
    /** The default padding on either side of a detection, in nanoseconds. */
    public static final long DEFAULT_PAD_NANOS = 50_000_000L;
    /** The default number of quiet scores between releases. */
    public static final int DEFAULT_RELEASE_EVERY = 64;

    private Channel<TimedValue> in;
    private Channel<TimeRange> out;

    private CfarSettings settings = CfarSettings.DEFAULTS;
    private CfarRanges ranges = settings.ranges();

    /** A detector with the defaults above. */
    public CfarDetector() {
    }

    /**
     * Sets every parameter at once; the estimate starts afresh. Call it while the graph is built,
     * before it runs.
     */
    public void configure(CfarSettings parameters) {
        this.settings = parameters;
        this.ranges = parameters.ranges();
    }

    /**
     * Sets the detector's parameters ({@link Cfar}); the estimate starts afresh. Call it while the
     * graph is built, before it runs.
     *
     * @param beta how many standard deviations above the noise mean a score must be, positive
     * @param timeConstant the estimator's memory {@code tau}, in scores, at least 1
     * @param warmup the scores that only train the estimate before anything can be detected, at least 1
     * @param hold the consecutive scores at or below the threshold that end an event, at least 1
     * @param minStd the floor of the standard deviation in the threshold, in the score's unit, from 0
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public void configure(double beta, int timeConstant, int warmup, int hold, double minStd) {
        configure(settings.withDetector(beta, timeConstant, warmup, hold, minStd));
    }

    /**
     * Sets how far a detection's range reaches before its first and after its last score above the
     * threshold. Call it while the graph is built, before it runs.
     *
     * @param beforeNanos nanoseconds before the first score's start, from 0
     * @param afterNanos nanoseconds after the last score's end, from 0
     * @throws IllegalArgumentException if either is negative
     */
    public void configurePadding(long beforeNanos, long afterNanos) {
        configure(settings.withPadding("CfarDetector", beforeNanos, afterNanos));
    }

    /**
     * Sets how many quiet scores pass between two release ranges ({@code emit = false}). Call it
     * while the graph is built, before it runs.
     *
     * @param quietScores at least 1; 0 sends no release range at all (a sync downstream then keeps
     *     data until a detection asks past it)
     * @throws IllegalArgumentException if negative
     */
    public void configureRelease(int quietScores) {
        configure(settings.withRelease("CfarDetector", quietScores));
    }

    /** {@code beta}, as configured. */
    public double beta() {
        return settings.beta();
    }

    /** The detections sent so far. */
    public long detections() {
        return ranges.detections();
    }

    @Override
    public void work() {
        // Every score available in one firing: a block-at-a-time scorer (BandScore) puts a block's
        // scores at once, and one transaction for them all costs less than one each.
        while (in.size() > 0) {
            accept(in.take());
        }
    }

    private void accept(TimedValue score) {
        int what = ranges.feed(score.value, score.startNanos, score.endNanos);
        if (what != 0) {
            put(what);
        }
    }

    /** Puts what {@link CfarRanges#feed} flagged: the detection, then the release range. */
    private void put(int what) {
        if ((what & CfarRanges.DETECTION) != 0) {
            put(ranges.detectionStart(), ranges.detectionEnd(), true);
        }
        if ((what & CfarRanges.RELEASE) != 0) {
            put(ranges.releaseStart(), ranges.releaseEnd(), false);
        }
    }

    private void put(long startNanos, long endNanos, boolean emit) {
        TimeRange range = makeCapsule(TimeRange.class);
        range.startNanos = startNanos;
        range.endNanos = endNanos;
        range.emit = emit;
        out.put(range);
    }
}
