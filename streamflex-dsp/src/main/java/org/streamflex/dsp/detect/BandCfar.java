package org.streamflex.dsp.detect;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.TimeRange;
import org.streamflex.dsp.spectrum.BandScore;
import org.streamflex.dsp.spectrum.BandWindows;
import org.streamflex.dsp.window.GapPolicy;

/**
 * CFAR detection over the band score of every window of a signal, a block at a time: what
 * {@code cfar(bandScore(n, overlap, lo, hi)(s))} computes ({@link BandScore}
 * then {@link CfarDetector}), in one firing per input segment, each window's score fed to the
 * detector where it is computed instead of put on a channel as a capsule for the detector's firing to
 * take. The rewrite {@code rewrite.CfarOfBandScore} puts it in place of that pair when a graph is
 * validated and nothing else reads the scores (the marmot detector's); it can also be made directly.
 *
 * <pre>{@code
 * BandCfar detector = makeFilter(BandCfar.class);
 * detector.configureWindows(32, 0, 2_000, 8_000, GapPolicy.EMIT_SHORT);   // n, overlap, band in Hz, gaps
 * detector.configure(5.0, 1024, 1024, 8, 1e-3);                         // beta, tau, warm-up, hold, minStd
 * detector.configurePadding(50_000_000L, 50_000_000L);
 * connect(mic, "out", detector, "in", 16);                               // FloatSegs of any length
 * connect(detector, "out", sync, "control", 64);                         // TimeRanges, as CfarDetector's
 * }</pre>
 *
 * <p><b>Exactly the pair's output.</b> The windows, their scores and times and the window events
 * are {@code BandScore}'s ({@link BandWindows}), the ranges and their order {@code CfarDetector}'s
 * ({@link CfarRanges}), with the same defaults as each; {@code BandCfarTest} checks the ranges against
 * the two operators'. Allocates nothing per window for a power-of-two {@code n}; the output channel
 * gets a capsule per detection and per release range only.
 */
public final class BandCfar extends Filter {
    private static final FilterEvent IN_PAST = FilterEvent.named("input-in-past");
    private static final FilterEvent OVERLAP = FilterEvent.named("input-overlap");
    private static final FilterEvent GAP = FilterEvent.named("gap");
    private static final FilterEvent TIMEBASE_CHANGE = FilterEvent.named("timebase-change");
    private static final FilterEvent SHORT_DROPPED = FilterEvent.named("short-window-dropped");
    private static final FilterEvent ZERO_PADDED = FilterEvent.named("zero-padded");

    private SharedChannel<FloatSeg> in;
    private Channel<TimeRange> out;

    private BandWindows windows;
    private double beta = CfarDetector.DEFAULT_BETA;
    private int timeConstant = CfarDetector.DEFAULT_TIME_CONSTANT;
    private int warmup = CfarDetector.DEFAULT_WARMUP;
    private int hold = CfarDetector.DEFAULT_HOLD;
    private double minStd = CfarDetector.DEFAULT_MIN_STD;
    private long padBefore = CfarDetector.DEFAULT_PAD_NANOS;
    private long padAfter = CfarDetector.DEFAULT_PAD_NANOS;
    private int releaseEvery = CfarDetector.DEFAULT_RELEASE_EVERY;
    private CfarRanges ranges;

    /** {@code BandScore}'s and {@code CfarDetector}'s defaults: windows of 32, every bin. */
    public BandCfar() {
        configureWindows(BandScore.DEFAULT_SIZE, 0, 0, Double.POSITIVE_INFINITY, GapPolicy.EMIT_SHORT);
        restart();
    }

    /**
     * Sets the windows and the band, as {@code BandScore.configure}. Call it while the graph is
     * built, before it runs.
     *
     * @throws IllegalArgumentException if a value is out of range
     */
    public void configureWindows(int size, int overlap, double lowHz, double highHz, GapPolicy gaps) {
        BandWindows.check("BandCfar", size, overlap, lowHz, highHz, gaps);
        windows = new BandWindows(size, overlap, lowHz, highHz, gaps == GapPolicy.EMIT_SHORT);
    }

    /**
     * Sets the detector's parameters, as {@link CfarDetector#configure}; the estimate starts
     * afresh. Call it while the graph is built, before it runs.
     *
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public void configure(double beta, int timeConstant, int warmup, int hold, double minStd) {
        new Cfar(beta, timeConstant, warmup, hold, minStd); // checks them before any is kept
        this.beta = beta;
        this.timeConstant = timeConstant;
        this.warmup = warmup;
        this.hold = hold;
        this.minStd = minStd;
        restart();
    }

    /**
     * Sets the paddings, as {@link CfarDetector#configurePadding}. Call it while the graph is built,
     * before it runs.
     *
     * @throws IllegalArgumentException if either is negative
     */
    public void configurePadding(long beforeNanos, long afterNanos) {
        if (beforeNanos < 0 || afterNanos < 0) {
            throw new IllegalArgumentException("BandCfar: paddings must be at least 0 ns, were " + beforeNanos
                    + " and " + afterNanos);
        }
        this.padBefore = beforeNanos;
        this.padAfter = afterNanos;
        restart();
    }

    /**
     * Sets how many quiet scores pass between two release ranges, as
     * {@link CfarDetector#configureRelease}. Call it while the graph is built, before it runs.
     *
     * @throws IllegalArgumentException if negative
     */
    public void configureRelease(int quietScores) {
        if (quietScores < 0) {
            throw new IllegalArgumentException("BandCfar: releaseEvery must be at least 0, was " + quietScores);
        }
        this.releaseEvery = quietScores;
        restart();
    }

    private void restart() {
        ranges = new CfarRanges(new Cfar(beta, timeConstant, warmup, hold, minStd), padBefore, padAfter, releaseEvery);
    }

    /** The window and FFT size {@code n}. */
    public int size() {
        return windows.size();
    }

    /** The detections sent so far. */
    public long detections() {
        return ranges.detections();
    }

    @Override
    public void work() {
        while (in.size() > 0) {
            FloatSeg segment = in.take();
            if (segment.length() > 0) {
                boolean more = windows.begin(segment);
                detect();
                while (more) {
                    more = windows.next(segment);
                    detect();
                }
            }
        }
    }

    /** Raises the events the last chunk met and feeds its scores to the detector. */
    private void detect() {
        if (windows.eventsMet()) {
            raiseAll(IN_PAST, windows.events(BandWindows.IN_PAST));
            raiseAll(OVERLAP, windows.events(BandWindows.OVERLAP));
            raiseAll(GAP, windows.events(BandWindows.GAP));
            raiseAll(TIMEBASE_CHANGE, windows.events(BandWindows.TIMEBASE_CHANGE));
            raiseAll(SHORT_DROPPED, windows.events(BandWindows.SHORT_DROPPED));
            raiseAll(ZERO_PADDED, windows.events(BandWindows.ZERO_PADDED));
        }
        for (int i = 0; i < windows.scores(); i++) {
            int what = ranges.feed(windows.value(i), windows.startNanos(i), windows.endNanos(i));
            if ((what & CfarRanges.DETECTION) != 0) {
                put(ranges.detectionStart(), ranges.detectionEnd(), true);
            }
            if ((what & CfarRanges.RELEASE) != 0) {
                put(ranges.releaseStart(), ranges.releaseEnd(), false);
            }
        }
    }

    private void put(long startNanos, long endNanos, boolean emit) {
        TimeRange range = makeCapsule(TimeRange.class);
        range.startNanos = startNanos;
        range.endNanos = endNanos;
        range.emit = emit;
        out.put(range);
    }

    private void raiseAll(FilterEvent event, int times) {
        for (int k = 0; k < times; k++) {
            raise(event);
        }
    }
}
