package org.streamflex.dsp.detect;

import java.util.Objects;
import org.streamflex.Stable;

/**
 * The event starts and ends that one block of scores produced in {@link Cfar#feed(float[], int, int,
 * CfarReport)}, in order, in a fixed capacity allocated once: a filter keeps one in a field and
 * reads it after each block. Each entry is a kind ({@link Cfar#START} or {@link Cfar#END}) and a
 * score index: for a start, the index of the event's first score above the threshold; for an end,
 * the index of its last score above the threshold (the event is {@code [start, end]}, inclusive).
 * Transitions beyond the capacity are counted in {@link #dropped()} but not kept; the detector's
 * own state ({@link Cfar#inEvent()}, {@link Cfar#lastStart()}, {@link Cfar#lastEnd()}) stays exact.
 *
 * <pre>{@code
 * private final Cfar cfar = new Cfar(5.0, 1000, 1000, 10, 1e-3);
 * private final CfarReport report = new CfarReport(16);
 * ...
 * cfar.feed(scores, 0, scores.length, report);
 * for (int i = 0; i < report.count(); i++) {
 *     if (report.kind(i) == Cfar.START) { ... report.index(i) ... }
 * }
 * }</pre>
 */
public final class CfarReport implements Stable {
    private final int[] kinds;
    private final long[] indexes;
    private int count;
    private int dropped;

    /**
     * A report with room for {@code capacity} transitions per block.
     *
     * @param capacity the most transitions kept, from 1
     * @throws IllegalArgumentException if {@code capacity < 1}
     */
    public CfarReport(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a report needs room for at least one transition, was " + capacity);
        }
        this.kinds = new int[capacity];
        this.indexes = new long[capacity];
    }

    /** The most transitions kept. */
    public int capacity() {
        return kinds.length;
    }

    /** The number of transitions kept, at most {@link #capacity()}. */
    public int count() {
        return count;
    }

    /** The number of transitions that happened but did not fit. */
    public int dropped() {
        return dropped;
    }

    /**
     * The kind of transition {@code i}: {@link Cfar#START} or {@link Cfar#END}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < count()}
     */
    public int kind(int i) {
        Objects.checkIndex(i, count);
        return kinds[i];
    }

    /**
     * The score index of transition {@code i}: the event's first score above the threshold for a
     * start, its last for an end.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < count()}
     */
    public long index(int i) {
        Objects.checkIndex(i, count);
        return indexes[i];
    }

    /** Empties the report. */
    public void clear() {
        count = 0;
        dropped = 0;
    }

    void add(int kind, long index) {
        if (count < kinds.length) {
            kinds[count] = kind;
            indexes[count] = index;
            count++;
        } else {
            dropped++;
        }
    }
}
