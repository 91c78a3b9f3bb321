package org.streamflex.runtime.schedule;

import java.util.Arrays;
import org.streamflex.Shared;

/**
 * The shared values a {@code work()} made (signal segments from the library's pools): it holds one
 * reference to each and releases them all when the {@code work()} returns, committed or not. What
 * it put on channels or added to a queue stays alive through their own references. Used by the
 * filter's thread only; grows to the most values one {@code work()} made, then allocates nothing.
 */
final class SharedLedger {
    private Shared[] values = new Shared[8];
    private int count;

    void add(Shared value) {
        if (count == values.length) {
            values = Arrays.copyOf(values, count * 2);
        }
        values[count++] = value;
    }

    /** Releases every value adopted since the last call. */
    void releaseAll() {
        for (int i = 0; i < count; i++) {
            Shared value = values[i];
            values[i] = null;
            value.release();
        }
        count = 0;
    }
}
