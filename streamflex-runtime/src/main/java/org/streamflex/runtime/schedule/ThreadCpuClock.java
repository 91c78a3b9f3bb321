package org.streamflex.runtime.schedule;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The current thread's CPU time, which stands still while the thread waits for a CPU: the clock
 * of worker 0's start-up profile ({@link TurnProfile}), so that a profile on a machine shared with
 * busy processes measures as much running as on an idle one, however long it takes by the wall.
 * Where the JVM cannot read it, the wall clock instead.
 *
 * <pre>{@code
 * long before = ThreadCpuClock.now();
 * work();
 * long ran = ThreadCpuClock.now() - before;   // nanoseconds on a CPU
 * }</pre>
 */
final class ThreadCpuClock {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean SUPPORTED = supported();

    private ThreadCpuClock() {
    }

    /** Nanoseconds the current thread has run, or {@link System#nanoTime()} where that cannot be read. */
    static long now() {
        if (SUPPORTED) {
            long cpu = THREADS.getCurrentThreadCpuTime();
            if (cpu >= 0) {
                return cpu;
            }
        }
        return System.nanoTime();
    }

    /** Whether {@link #now()} reads CPU time rather than the wall clock. */
    static boolean measuresCpu() {
        return SUPPORTED;
    }

    private static boolean supported() {
        try {
            return THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
        } catch (UnsupportedOperationException e) {
            return false;
        }
    }
}
