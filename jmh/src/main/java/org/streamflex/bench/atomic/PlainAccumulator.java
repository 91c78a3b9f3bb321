package org.streamflex.bench.atomic;

import org.streamflex.Filter;
import org.streamflex.TimeChannel;

/** {@link Accumulator} without {@code @Atomic}: the baseline of what the filter's own work() costs. */
public final class PlainAccumulator extends Filter {
    @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
    private TimeChannel timer;
    private final int[] history = new int[64];
    private int next;
    private long total;
    private long folded;

    public long add(int value) {
        history[next & 63] = value;
        next++;
        total += value;
        return total;
    }

    @Override
    public void work() {
        long s = 0;
        for (int v : history) {
            s += v;
        }
        folded += s + total;
    }

    public long folded() {
        return folded;
    }
}
