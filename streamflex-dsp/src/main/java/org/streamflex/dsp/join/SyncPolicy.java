package org.streamflex.dsp.join;

/**
 * What {@link Sync} does with a range it cannot fill from every input: a range that starts before
 * data an input already released (late), or with samples an input never received (missing).
 * Either way the range is counted, in the filter's events {@code range-late} and
 * {@code range-missing-data}.
 *
 * <pre>{@code
 * sync.configure(480_000, SyncPolicy.EMIT_AVAILABLE);   // best effort: partial windows too
 * }</pre>
 */
public enum SyncPolicy {
    /** Drop the range: every tuple emitted holds the whole range on every input (the default). */
    DROP_INCOMPLETE,
    /**
     * Emit what each input holds in the range: its longest gap-free part there, or an empty segment
     * at the range's start when it holds none of it.
     */
    EMIT_AVAILABLE
}
