package org.streamflex.runtime.region;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Measures heap bytes the test thread allocates in steady state. A one-off event can allocate a
 * few hundred bytes once (a JIT deoptimization re-creates the objects compiled code had
 * eliminated), so a measurement is repeated until one comes out at zero, at most three times. Real
 * allocation per release shows in every one.
 */
final class SteadyState {
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    private SteadyState() {
    }

    /** The bytes each measured run of {@code work} allocated, ending with the first 0 if any. */
    static List<Long> heapBytes(Runnable work) {
        List<Long> runs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            work.run();
            long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            runs.add(allocated);
            if (allocated == 0) {
                break;
            }
        }
        return runs;
    }

    static long allocatedBytes() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }
}
