package org.streamflex.dsp;

import org.streamflex.Capsule;

/**
 * One number that describes a window of a signal: a fold's result, a detection score, a window
 * statistic, with the time range of the window it came from (nanoseconds on the source's clock). A
 * stream of them is what a detector reads: XStream keeps one timestamp per window, never per sample.
 *
 * <pre>{@code
 * TimedValue v = makeCapsule(TimedValue.class);
 * v.startNanos = window.startNanos();
 * v.endNanos = window.endNanos();
 * v.value = score;
 * scores.put(v);
 * }</pre>
 */
public final class TimedValue extends Capsule {
    /** The time of the window's first sample. */
    public long startNanos;
    /** The time just after the window's last sample (the time of the sample after it). */
    public long endNanos;
    /** The number. */
    public double value;

    private TimedValue() {
    }
}
