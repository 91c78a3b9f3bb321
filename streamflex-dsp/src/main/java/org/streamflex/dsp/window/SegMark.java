package org.streamflex.dsp.window;

import org.streamflex.Capsule;

/**
 * Where the samples of one segment sit in time, sent beside a scalar stream so that time survives
 * it: a marking dewindow sends one mark per segment, before its samples, and a marked window reads
 * the next {@link #length} scalars as samples {@link #start} onwards of timebase
 * {@link #timebase}.
 *
 * <pre>{@code
 * SegMark m = marks.take();
 * Timebase tb = TimebaseIds.timebase(m.timebase);
 * long end = m.start + m.length;      // the next m.length scalars are samples m.start .. end - 1
 * }</pre>
 */
public final class SegMark extends Capsule {
    /** The segment's timebase, as its id in {@link org.streamflex.dsp.TimebaseIds}. */
    public int timebase;
    /** The absolute number of the segment's first sample. */
    public long start;
    /** The number of its samples: of scalars that follow on the scalar stream. */
    public int length;

    private SegMark() {
    }
}
