package org.streamflex.runtime.clock;

import java.util.BitSet;
import java.util.function.BooleanSupplier;
import org.streamflex.RealTime;

/**
 * SCHED_FIFO through the FFM API: optional CPU affinity and {@code mlockall}, then the real-time
 * policy, then absolute-deadline {@code clock_nanosleep} on CLOCK_MONOTONIC with a spin tail. A
 * SCHED_FIFO sleeper still wakes 17-31 us late at the median on a KVM guest, so sleeping alone
 * misses most deadlines at short periods; the tail absorbs the late wake-up.
 *
 * <p>A refused call never stops the clock: a refused affinity or memory lock is logged and the
 * rest applied; a refused SCHED_FIFO (no permission) turns the thread into {@link
 * ParkSpinBackend}'s. The order matters: affinity and locking first, because a thread that is
 * already SCHED_FIFO would hand its policy and CPU to any thread started from it.
 */
public final class LinuxFifoBackend implements ClockBackend {
    /** Longest single sleep, so that a stopped graph's thread notices within this bound. */
    private static final long MAX_SLEEP_NANOS = 10_000_000L;

    private final RealTime options;
    private final LinuxScheduling calls;
    private final long spinNanos;
    /** Absolute clock_nanosleep, in slices of at most {@link #MAX_SLEEP_NANOS} so that a stop is seen. */
    private final SpinTail.Sleep sleep;
    /** Set by {@link #enter()} when SCHED_FIFO was refused: the thread then waits as a normal one. */
    private ParkSpinBackend fallback;

    public LinuxFifoBackend(RealTime options, LinuxScheduling calls) {
        this.options = options;
        this.calls = calls;
        this.spinNanos = options.spinMicros() * 1000L;
        this.sleep = wakeAt -> calls.sleepUntil(Math.min(wakeAt, System.nanoTime() + MAX_SLEEP_NANOS));
    }

    @Override
    public Thread newThread(String name, Runnable body) {
        return ParkSpinBackend.normalThread(name, body);
    }

    @Override
    public Entered enter() {
        StringBuilder refused = new StringBuilder();
        String cpu = "cpu any";
        if (options.cpu() >= 0) {
            int error = calls.setAffinity(options.cpu());
            if (error == 0) {
                cpu = "cpu " + options.cpu();
            } else {
                refused.append("sched_setaffinity to cpu ").append(options.cpu()).append(" refused (")
                        .append(LinuxScheduling.describe(error)).append(allowedCpus()).append("); ");
            }
        }
        String memory = "memory not locked";
        if (options.lockMemory()) {
            int error = calls.lockAllMemory();
            if (error == 0) {
                memory = "memory locked";
            } else {
                refused.append("mlockall refused (").append(LinuxScheduling.describe(error))
                        .append(": raise ulimit -l or grant CAP_IPC_LOCK); ");
            }
        }
        int error = calls.setFifo(options.priority());
        if (error != 0) {
            refused.append("sched_setscheduler(SCHED_FIFO, ").append(options.priority()).append(") refused (")
                    .append(LinuxScheduling.describe(error))
                    .append(": run as root, grant CAP_SYS_NICE or raise ulimit -r); using park-spin");
            fallback = new ParkSpinBackend(options.spinMicros(), null);
            return new Entered("park-spin after refused SCHED_FIFO: normal thread, " + cpu + ", " + memory
                    + ", parkNanos then " + options.spinMicros() + " us spin", trim(refused));
        }
        String description = "linux-fifo: SCHED_FIFO priority " + options.priority() + ", " + cpu + ", "
                + memory + ", clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME) then "
                + options.spinMicros() + " us spin";
        return new Entered(description, refused.isEmpty() ? null : trim(refused));
    }

    /**
     * What a refused CPU can be replaced with: ", this thread may run on CPUs [2, 3]" (a container's CPU
     * set refuses the others with EINVAL), or nothing if that cannot be read either.
     */
    private String allowedCpus() {
        BitSet allowed = new BitSet();
        if (calls.allowedCpus(0, allowed) != 0 || allowed.isEmpty()) {
            return "";
        }
        return ", this thread may run on CPUs " + allowed.stream().boxed().toList();
    }

    private static String trim(StringBuilder text) {
        String s = text.toString().strip();
        return s.endsWith(";") ? s.substring(0, s.length() - 1) : s;
    }

    /** Whether SCHED_FIFO is in force on the thread that entered. */
    public boolean isFifo() {
        return fallback == null;
    }

    @Override
    public boolean awaitNanos(long deadline, BooleanSupplier running) {
        if (fallback != null) {
            return fallback.awaitNanos(deadline, running);
        }
        return SpinTail.await(deadline, running, spinNanos, sleep);
    }
}
