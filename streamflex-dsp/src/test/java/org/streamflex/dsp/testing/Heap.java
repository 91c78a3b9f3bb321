package org.streamflex.dsp.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.streamflex.Filter;
import org.streamflex.GraphCounters;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.GraphDriver;

/** Heap bytes filters allocate in their {@code work()}, from the graph's counters. */
public final class Heap {
    private Heap() {
    }

    /**
     * Counts the heap bytes of {@code filters} over {@code releases} releases (after the caller's
     * warm-up) and fails unless they are 0. A one-off JIT deoptimization can allocate a few
     * hundred bytes once, so it runs again, at most three times, until a run comes out at zero;
     * allocation per segment shows in every run.
     */
    public static void assertNone(StreamFlexGraph graph, GraphDriver driver, int releases, Filter... filters) {
        GraphCounters counters = graph.counters();
        for (Filter f : filters) {
            graph.countHeapBytes(f);
        }
        long[] bytes = new long[filters.length];
        for (int run = 0; run < 3; run++) {
            long[] before = new long[filters.length];
            for (int i = 0; i < filters.length; i++) {
                before[i] = counters.value(filters[i], "heapBytes");
            }
            driver.run(releases);
            long total = 0;
            for (int i = 0; i < filters.length; i++) {
                bytes[i] = counters.value(filters[i], "heapBytes") - before[i];
                total += bytes[i];
            }
            if (total == 0) {
                break;
            }
        }
        for (int i = 0; i < filters.length; i++) {
            assertEquals(0, bytes[i], "heap bytes of " + filters[i].getClass().getSimpleName() + " in " + releases
                    + " releases after warm-up");
        }
    }
}
