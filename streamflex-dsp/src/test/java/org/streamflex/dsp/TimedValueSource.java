package org.streamflex.dsp;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.TimeChannel;

/**
 * Puts one {@link TimedValue} per release: value {@code i} of a script, over and over if asked, with
 * consecutive time ranges of {@code periodNanos} each (value {@code i} covers
 * {@code [i p, (i + 1) p)}, counting on across repeats).
 */
public final class TimedValueSource extends Filter {
    /** The longest script. */
    public static final int MAX_VALUES = 1 << 20;

    private TimeChannel timer;
    private Channel<TimedValue> out;
    private final double[] values = new double[MAX_VALUES];
    private int length;
    private boolean repeat;
    private long periodNanos = 1_000_000;
    private long index;

    /** Values put so far. */
    public long made;
    /** The clock's time at the last release. */
    public long lastTime;

    /** The values, and whether to start again after the last. */
    public void script(double[] scores, boolean again) {
        System.arraycopy(scores, 0, values, 0, scores.length);
        length = scores.length;
        repeat = again;
    }

    /** The length of each value's time range. */
    public void period(long nanos) {
        periodNanos = nanos;
    }

    @Override
    public void work() {
        lastTime = timer.getTime();
        if (!repeat && index >= length) {
            return;
        }
        TimedValue v = makeCapsule(TimedValue.class);
        v.startNanos = index * periodNanos;
        v.endNanos = (index + 1) * periodNanos;
        v.value = values[(int) (index % length)];
        out.put(v);
        index++;
        made++;
    }
}
