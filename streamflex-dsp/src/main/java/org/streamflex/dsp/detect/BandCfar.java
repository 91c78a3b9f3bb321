package org.streamflex.dsp.detect;

import org.streamflex.Channel;
import org.streamflex.dsp.TimeRange;
import org.streamflex.dsp.spectrum.BandScore;
import org.streamflex.dsp.spectrum.BandScoring;
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
 * detector.configure(CfarSettings.DEFAULTS.withPadding("marmot", 50_000_000L, 50_000_000L));
 * connect(mic, "out", detector, "in", 16);                               // FloatSegs of any length
 * connect(detector, "out", sync, "control", 64);                         // TimeRanges, as CfarDetector's
 * }</pre>
 *
 * <p><b>Exactly the pair's output.</b> The windows, their scores and times and the window events
 * are {@code BandScore}'s ({@link BandWindows}, {@link BandScoring}), the ranges and their order
 * {@code CfarDetector}'s ({@link CfarRanges}, {@link CfarSettings}), with the same defaults as each;
 * {@code BandCfarTest} checks the ranges against the two operators'. Allocates nothing per window
 * for a power-of-two {@code n}; the output channel gets a capsule per detection and per release
 * range only.
 */
public final class BandCfar extends BandScoring {
    private Channel<TimeRange> out;

    private CfarRanges ranges = CfarSettings.DEFAULTS.ranges();

    /** {@code BandScore}'s and {@code CfarDetector}'s defaults: windows of 32, every bin. */
    public BandCfar() {
    }

    /**
     * Sets the windows and the band, as {@code BandScore.configure}. Call it while the graph is
     * built, before it runs.
     *
     * @throws IllegalArgumentException if a value is out of range
     */
    public void configureWindows(int size, int overlap, double lowHz, double highHz, GapPolicy gaps) {
        setWindows(size, overlap, lowHz, highHz, gaps);
    }

    /**
     * Sets the detector's parameters, paddings and release period, as {@link CfarDetector} takes
     * them; the estimate starts afresh. Call it while the graph is built, before it runs.
     */
    public void configure(CfarSettings settings) {
        ranges = settings.ranges();
    }

    /** The detections sent so far. */
    public long detections() {
        return ranges.detections();
    }

    @Override
    protected void scored(double value, long startNanos, long endNanos) {
        int what = ranges.feed(value, startNanos, endNanos);
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
