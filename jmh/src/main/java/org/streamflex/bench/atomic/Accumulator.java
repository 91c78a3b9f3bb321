package org.streamflex.bench.atomic;

import org.streamflex.Atomic;
import org.streamflex.Filter;
import org.streamflex.TimeChannel;

/**
 * A filter that Java threads feed through an {@code @Atomic} call: each call writes a value into
 * a 64-slot history and adds it to a total; each release folds the history.
 */
public final class Accumulator extends Filter {
    @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
    private TimeChannel timer;
    private final int[] history = new int[64];
    private int next;
    private long total;
    private long folded;

    @Atomic
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
