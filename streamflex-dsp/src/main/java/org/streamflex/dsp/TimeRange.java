package org.streamflex.dsp;

import org.streamflex.Capsule;

/**
 * A control tuple of {@code sync}: the time range {@code [startNanos, endNanos)} on the sources'
 * clock (nanoseconds, the unit {@link Timebase#timeNanos} gives) and whether to emit the data in it.
 * XStream's detection range and WaveScript's {@code (Time, Time, Bool)}: {@code emit == true} asks
 * for one segment per input over the range; {@code emit == false} only says that data before
 * {@code endNanos} will never be asked for, so that sync may release it.
 *
 * <pre>{@code
 * TimeRange r = makeCapsule(TimeRange.class);
 * r.startNanos = onset - padding;
 * r.endNanos = end + padding;
 * r.emit = true;
 * control.put(r);
 * }</pre>
 */
public final class TimeRange extends Capsule {
    /** The first instant of the range, in nanoseconds on the sources' clock. */
    public long startNanos;
    /** One past the last instant of the range. */
    public long endNanos;
    /** Whether to emit the data in the range (true), or only release data before {@link #endNanos} (false). */
    public boolean emit;

    private TimeRange() {
    }
}
