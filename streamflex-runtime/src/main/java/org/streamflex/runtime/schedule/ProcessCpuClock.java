package org.streamflex.runtime.schedule;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The CPU time of this JVM's threads other than a graph's workers: the JIT's compiler threads, the
 * collector's, the application's. {@link ContentionWatch} takes it off a worker's wait for its CPU,
 * so that only other processes move units: the JIT compiles a new graph's code in its first
 * second, on the workers' CPUs, and is soon done. Linux's {@code clock_gettime(CLOCK_PROCESS_CPUTIME_ID)}
 * (through the FFM API; nanoseconds, where the JDK's process CPU time counts 10 ms ticks) minus
 * each worker's thread CPU time. One instance per worker thread: its buffer is that thread's.
 *
 * <pre>{@code
 * ProcessCpuClock others = ProcessCpuClock.create();
 * long before = others.othersNanos(workerThreads);   // -1 where it cannot be read
 * }</pre>
 */
@SuppressWarnings("restricted") // a read of the kernel's clock is this class's purpose
final class ProcessCpuClock {
    private static final int CLOCK_PROCESS_CPUTIME_ID = 2;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final MethodHandle CLOCK_GETTIME = clockGettime();

    private final MemorySegment timespec;

    private ProcessCpuClock(MemorySegment timespec) {
        this.timespec = timespec;
    }

    /** A clock for the calling thread; its readings are -1 where the JVM or the platform cannot give them. */
    static ProcessCpuClock create() {
        return new ProcessCpuClock(CLOCK_GETTIME == null ? null : Arena.ofAuto().allocate(16, 8));
    }

    /**
     * Nanoseconds of CPU the process has used outside {@code workers}, or -1 where that cannot be
     * read. Reads the process's clock, then each worker's: a worker's time that passes between the
     * two reads counts as outside, a few microseconds.
     */
    long othersNanos(Thread[] workers) {
        if (timespec == null) {
            return -1;
        }
        try {
            if ((int) CLOCK_GETTIME.invokeExact(CLOCK_PROCESS_CPUTIME_ID, timespec) != 0) {
                return -1;
            }
        } catch (Throwable e) {
            return -1;
        }
        long process = timespec.get(JAVA_LONG, 0) * 1_000_000_000L + timespec.get(JAVA_LONG, 8);
        long own = 0;
        for (Thread w : workers) {
            long t = w == null ? -1 : THREADS.getThreadCpuTime(w.threadId());
            if (t < 0) {
                return -1;
            }
            own += t;
        }
        return process - own;
    }

    private static MethodHandle clockGettime() {
        try {
            if (!System.getProperty("os.name", "").startsWith("Linux") || !THREADS.isThreadCpuTimeSupported()
                    || !THREADS.isThreadCpuTimeEnabled()) {
                return null;
            }
            Linker linker = Linker.nativeLinker();
            return linker.downcallHandle(linker.defaultLookup().find("clock_gettime").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
        } catch (RuntimeException | LinkageError e) {
            return null; // no FFM access or no such call: the wait counts whole
        }
    }
}
