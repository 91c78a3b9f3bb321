package org.streamflex.runtime.schedule;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;

/** Heap bytes the current thread has allocated, from HotSpot's per-thread counter. */
final class HeapMeter {
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    private HeapMeter() {
    }

    static long allocatedBytes() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }
}
