package org.streamflex.dsp;

import org.streamflex.StreamFlexError;

/**
 * {@code append} was given two segments that do not continue one another: a gap between them, an
 * overlap, different timebases or different sample types. The message names both segments (their
 * timebases and sample ranges) and what to do.
 *
 * <pre>{@code
 * try {
 *     run = run.append(next);
 * } catch (SegAppendException e) {
 *     if (e.reason() == SegAppendException.Reason.GAP) { ... start a new run ... }
 * }
 * }</pre>
 */
public final class SegAppendException extends StreamFlexError {
    private static final long serialVersionUID = 1L;

    /** What keeps the two segments apart. */
    public enum Reason {
        /** The second starts after the first ends: samples are missing between them. */
        GAP,
        /** The second starts before the first ends. */
        OVERLAP,
        /** Their timebases differ: their sample numbers do not count the same clock. */
        TIMEBASE,
        /** They hold different sample types. */
        TYPE
    }

    private final Reason reason;
    private final String first;
    private final String second;

    SegAppendException(Reason reason, String first, String second, String why) {
        super("cannot append " + second + " to " + first + ": " + why);
        this.reason = reason;
        this.first = first;
        this.second = second;
    }

    /** What keeps them apart. */
    public Reason reason() {
        return reason;
    }

    /** The segment appended to, as its {@code toString()} named it. */
    public String first() {
        return first;
    }

    /** The segment that did not continue it. */
    public String second() {
        return second;
    }
}
