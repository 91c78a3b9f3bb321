package org.streamflex.dsp.window;

/**
 * What {@link Rewindow} does with the windows a run leaves unfinished when it ends, at a gap in
 * the input or a change of timebase.
 *
 * <pre>{@code
 * rewindow.onGap(GapPolicy.DROP_SHORT);   // every window it emits has exactly size samples
 * }</pre>
 */
public enum GapPolicy {
    /**
     * Emit every window that started in the run, cut at the run's last sample: no sample is lost,
     * and windows may be shorter than the size asked for (the default).
     */
    EMIT_SHORT,
    /** Drop them, counting each in the filter's event {@code short-window-dropped}. */
    DROP_SHORT
}
