package org.streamflex.samples.marmot;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.dsp.TimeRange;

/**
 * Drops detections shorter than a minimum between the CFAR detector and the sync: the band score
 * is a sum of magnitudes, whose right tail is heavier than the Gaussian one the CFAR threshold
 * assumes, so on noise alone a single 32-sample score crosses {@code mean + 5 std} about once a
 * minute, while a call lasts tens of milliseconds. A dropped detection becomes a release of the data
 * before its start (never past it: the next detection's padded range may begin before this one's
 * end), counted as {@code detection-too-short}.
 *
 *
 * <p>For a node's score plot it can keep the ranges it passes on ({@link #keepRanges}): the first
 * {@link #RANGES}, later ones counted in {@link #rangesNotKept()}; they are read once the graph has
 * stopped (its threads joined), never while it runs.
 *
 * <pre>{@code
 * minimum.configure(50_000_000L, 3_000_000L);   // 50 ms padding each side, at least 3 ms above threshold
 * }</pre>
 */
public final class MinimumDuration extends Filter {
    private static final FilterEvent TOO_SHORT = FilterEvent.named("detection-too-short");

    private Channel<TimeRange> in;
    private Channel<TimeRange> out;
    private long padNanos = 50_000_000L;
    private long minNanos = 3_000_000L;
    /** Detections dropped. */
    public long dropped;
    /** The most ranges kept for a score plot. */
    public static final int RANGES = 4096;
    private final long[] starts = new long[RANGES];
    private final long[] ends = new long[RANGES];
    private boolean keeping;
    private int kept;
    private long notKept;

    private MinimumDuration() {
    }

    /** The detector's padding on each side and the shortest detection kept, nanoseconds; before the run. */
    void configure(long pad, long minimum) {
        if (pad < 0 || minimum < 0) {
            throw new IllegalArgumentException("MinimumDuration: padding " + pad + " ns and minimum " + minimum
                    + " ns must be at least 0");
        }
        this.padNanos = pad;
        this.minNanos = minimum;
    }

    /** Keeps the first {@link #RANGES} ranges passed on, for a score plot; before the run. */
    void keepRanges() {
        keeping = true;
    }

    @Override
    public void work() {
        TimeRange r = in.take();
        if (r.emit && r.endNanos - r.startNanos - 2 * padNanos < minNanos) {
            r.emit = false;
            r.endNanos = r.startNanos;
            dropped++;
            raise(TOO_SHORT);
        } else if (r.emit && keeping && kept < RANGES) {
            starts[kept] = r.startNanos;
            ends[kept++] = r.endNanos;
        } else if (r.emit && keeping) {
            notKept++;
        }
        out.put(r);
    }

    /** The ranges kept ({@link #keepRanges}), once the graph has stopped. */
    public int ranges() {
        return kept;
    }

    /** Kept range {@code i}'s first instant, nanoseconds on the node's clock (the detection's padded start). */
    public long rangeStartNanos(int i) {
        return starts[i];
    }

    /** One past kept range {@code i}'s last instant. */
    public long rangeEndNanos(int i) {
        return ends[i];
    }

    /** Ranges passed on but not kept: more than {@link #RANGES}. */
    public long rangesNotKept() {
        return notKept;
    }
}
