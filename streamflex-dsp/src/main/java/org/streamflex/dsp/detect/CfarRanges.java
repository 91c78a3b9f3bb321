package org.streamflex.dsp.detect;

import org.streamflex.Stable;

/**
 * The arithmetic of {@link CfarDetector}, for the filters that feed scores to a CFAR detector
 * ({@code CfarDetector}, which takes them from a channel, and {@link BandCfar}, which scores its
 * windows itself): each timed score goes to a {@link Cfar}, and what it completes comes back as
 * flags, a detection's padded range and a release range, which the filter puts as
 * {@code TimeRange}s, the detection first. {@link CfarDetector}'s Javadoc says what the ranges are.
 *
 * <pre>{@code
 * CfarRanges ranges = new CfarRanges(new Cfar(5.0, 1024, 1024, 8, 1e-3), 50_000_000L, 50_000_000L, 64);
 * int what = ranges.feed(score, startNanos, endNanos);
 * if ((what & CfarRanges.DETECTION) != 0) {
 *     put(ranges.detectionStart(), ranges.detectionEnd(), true);
 * }
 * if ((what & CfarRanges.RELEASE) != 0) {
 *     put(ranges.releaseStart(), ranges.releaseEnd(), false);
 * }
 * }</pre>
 *
 * <p>Allocation-free. Not thread-safe: it belongs to one filter.
 */
public final class CfarRanges implements Stable {
    /** Flag of {@link #feed}: a detection ended; its range is {@link #detectionStart()} to {@link #detectionEnd()}. */
    public static final int DETECTION = 1;
    /** Flag of {@link #feed}: data before {@link #releaseEnd()} can be let go. */
    public static final int RELEASE = 2;

    private final Cfar cfar;
    private final long padBefore;
    private final long padAfter;
    private final int releaseEvery;

    private long eventStart;
    private long lastAboveEnd;
    private int quiet;
    private long released = Long.MIN_VALUE;
    private long releaseStart;
    private long detectionStart;
    private long detectionEnd;
    private long detections;

    /**
     * Ranges from the events of {@code cfar}, a fresh one this object alone feeds.
     *
     * @param padBefore nanoseconds before an event's first score's start, from 0
     * @param padAfter nanoseconds after its last score's end, from 0
     * @param releaseEvery quiet scores between two release ranges; 0 for none
     */
    public CfarRanges(Cfar cfar, long padBefore, long padAfter, int releaseEvery) {
        if (padBefore < 0 || padAfter < 0 || releaseEvery < 0) {
            throw new IllegalArgumentException("CfarRanges: paddings " + padBefore + " and " + padAfter
                    + " ns and releaseEvery " + releaseEvery + " must be at least 0");
        }
        this.cfar = cfar;
        this.padBefore = padBefore;
        this.padAfter = padAfter;
        this.releaseEvery = releaseEvery;
    }

    /**
     * Feeds one score (as a float, what {@link Cfar} takes) of the window
     * {@code [startNanos, endNanos)}.
     *
     * @return {@link #DETECTION}, {@link #RELEASE}, both, or 0
     */
    public int feed(double score, long startNanos, long endNanos) {
        float x = (float) score;
        int what = cfar.feed(x);
        if (what == Cfar.START) {
            eventStart = startNanos;
            lastAboveEnd = endNanos;
            quiet = 0;
            return 0;
        }
        if (cfar.inEvent()) {
            // The estimate is frozen during an event, so this is the comparison feed() just made.
            if (x > cfar.threshold()) {
                lastAboveEnd = endNanos;
            }
            return 0;
        }
        int flags = 0;
        if (what == Cfar.END) {
            detectionStart = eventStart - padBefore;
            detectionEnd = lastAboveEnd + padAfter;
            detections++;
            flags = DETECTION;
        }
        if (releaseEvery > 0 && ++quiet >= releaseEvery) {
            quiet = 0;
            // Any later event starts after this quiet score, so its padded range starts after this point.
            long upTo = startNanos - padBefore;
            if (upTo > released) {
                releaseStart = released;
                released = upTo;
                flags |= RELEASE;
            }
        }
        return flags;
    }

    /** The last detection's padded start, nanoseconds. */
    public long detectionStart() {
        return detectionStart;
    }

    /** The last detection's padded end, nanoseconds. */
    public long detectionEnd() {
        return detectionEnd;
    }

    /** The last release range's start: the previous release's end ({@code Long.MIN_VALUE} for the first). */
    public long releaseStart() {
        return releaseStart;
    }

    /** The last release range's end, nanoseconds. */
    public long releaseEnd() {
        return released;
    }

    /** Detections so far. */
    public long detections() {
        return detections;
    }
}
