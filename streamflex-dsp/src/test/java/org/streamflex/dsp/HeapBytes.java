package org.streamflex.dsp;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;

/**
 * Heap bytes the calling thread allocates while running some code, from the JVM's per-thread
 * allocation counter. A one-off event (a JIT deoptimization re-creating objects compiled code had
 * eliminated) can allocate a few hundred bytes once, so {@link #steadyState} repeats the measurement,
 * at most three times, until one run comes out at zero; real allocation per call shows in every run.
 */
public final class HeapBytes {
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    private HeapBytes() {
    }

    /** The bytes {@code work} allocated on this thread. */
    public static long of(Runnable work) {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        work.run();
        return THREADS.getCurrentThreadAllocatedBytes() - before;
    }

    /** The bytes the last of at most three runs of {@code work} allocated, stopping at the first run at zero. */
    public static long steadyState(Runnable work) {
        long bytes = 0;
        for (int run = 0; run < 3; run++) {
            bytes = of(work);
            if (bytes == 0) {
                break;
            }
        }
        return bytes;
    }
}
