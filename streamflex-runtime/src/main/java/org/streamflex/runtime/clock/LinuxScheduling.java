package org.streamflex.runtime.clock;

import java.util.BitSet;

/**
 * The Linux calls a real-time clock thread makes, each on the calling thread, each returning 0 or
 * the error number. An interface so that tests can play a kernel that refuses.
 */
public interface LinuxScheduling {
    /** {@code sched_setscheduler(0, SCHED_FIFO, {priority})}. */
    int setFifo(int priority);

    /** {@code sched_setaffinity(0, ...)} to the single CPU {@code cpu}. */
    int setAffinity(int cpu);

    /**
     * {@code sched_getaffinity(pid, ...)}: sets in {@code into} (cleared first) the CPUs that thread
     * or process {@code pid} may run on, 0 being the calling thread: what {@code taskset} or a
     * container's CPU set left it.
     *
     * @return 0, or the error number (then {@code into} is empty)
     */
    int allowedCpus(long pid, BitSet into);

    /** {@code mlockall(MCL_CURRENT | MCL_FUTURE)}: process-wide, so done once; later calls return 0. */
    int lockAllMemory();

    /**
     * {@code clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, deadline)}, retried on EINTR.
     *
     * @param deadlineNanos a {@link System#nanoTime()} value (HotSpot reads CLOCK_MONOTONIC)
     */
    int sleepUntil(long deadlineNanos);

    /** {@code sched_getscheduler(0)}: the calling thread's policy (SCHED_FIFO is 1), or -errno. */
    int policy();

    /** A readable name for an error number these calls return. */
    static String describe(int errno) {
        return switch (errno) {
            case 1 -> "EPERM, operation not permitted";
            case 3 -> "ESRCH, no such thread";
            case 4 -> "EINTR, interrupted";
            case 11 -> "EAGAIN, resource temporarily unavailable";
            case 12 -> "ENOMEM, locked-memory limit too low";
            case 14 -> "EFAULT, bad address";
            case 22 -> "EINVAL, invalid argument";
            default -> "errno " + errno;
        };
    }
}
