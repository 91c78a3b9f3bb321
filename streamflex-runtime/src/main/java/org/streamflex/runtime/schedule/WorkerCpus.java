package org.streamflex.runtime.schedule;

import java.util.Arrays;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import org.streamflex.runtime.clock.LinuxScheduling;
import org.streamflex.runtime.clock.NativeLinuxScheduling;

/**
 * The CPUs a graph's workers are pinned to: worker i to the i-th CPU the thread that starts the
 * graph may run on, not to CPU i. Under {@code taskset -c 2,3}, or in a container given CPUs 4 to 7,
 * the workers stay on those CPUs; pinning to CPU i would have put worker 0 on CPU 0, which the user
 * had kept the process off (or, in a container, been refused).
 *
 * <p>The CPUs of that set beyond the workers' are <em>spare</em>: a worker whose CPU
 * another process shares takes a spare one ({@link #claimSpare}) before it hands its units to a
 * neighbour ({@link ContentionWatch}). A spare CPU found shared is passed over for
 * {@link #SHARED_MEMORY_NANOS}, so that two workers do not chase each other round the busy CPUs.
 * Each CPU has one holder at a time, claimed by compare-and-set; any worker reads and claims.
 *
 * <pre>{@code
 * WorkerCpus cpus = WorkerCpus.ofThisThread(2);     // under taskset -c 2-5: workers on 2 and 3
 * int cpu = cpus.cpuOf(0);                           // 2
 * int spare = cpus.claimSpare(0, cpu, System.nanoTime());   // 4, now worker 0's
 * }</pre>
 */
final class WorkerCpus {
    /** How long a CPU found shared is not taken again as a spare: many probes of the workers' own. */
    static final long SHARED_MEMORY_NANOS = 10_000_000_000L;
    private static final int NONE = -1;
    /** {@link #sharedAt} of a CPU never found shared. */
    private static final long NEVER = Long.MIN_VALUE;

    /** The CPUs the workers may run on, ascending. */
    private final int[] allowed;
    /** Who holds each CPU of {@link #allowed}: a worker's index, or {@link #NONE}. */
    private final AtomicIntegerArray holder;
    /** When each CPU of {@link #allowed} was last found shared ({@link System#nanoTime()}), or {@link #NEVER}. */
    private final AtomicLongArray sharedAt;
    /** Why those CPUs are not known (then {@link #allowed} is 0 to n - 1), or null. */
    private final String unknown;

    private WorkerCpus(int[] allowed, int workers, String unknown) {
        this.allowed = allowed;
        this.unknown = unknown;
        this.holder = new AtomicIntegerArray(allowed.length);
        this.sharedAt = new AtomicLongArray(allowed.length);
        for (int i = 0; i < allowed.length; i++) {
            holder.set(i, i < workers ? i : NONE);
            sharedAt.set(i, NEVER);
        }
    }

    /**
     * The CPUs the calling thread may run on, for {@code workers} workers: the set the threads it
     * starts inherit, so unpinned workers would run there too; what {@code taskset} or a container's
     * CPU set gave the process, unless the thread that builds the graph was pinned itself. Where that
     * cannot be read, CPUs 0 to {@code workers - 1}, and no spares.
     */
    static WorkerCpus ofThisThread(int workers) {
        String unavailable = NativeLinuxScheduling.unavailableReason();
        if (unavailable != null) {
            return unknown(workers, "no Linux scheduling calls: " + unavailable);
        }
        BitSet set = new BitSet();
        int errno = NativeLinuxScheduling.create().allowedCpus(0, set);
        if (errno != 0 || set.isEmpty()) {
            return unknown(workers, "sched_getaffinity: " + (errno != 0 ? LinuxScheduling.describe(errno) : "no CPUs"));
        }
        return of(set, workers);
    }

    /** For {@code workers} workers on the CPUs of {@code allowed}. */
    static WorkerCpus of(BitSet allowed, int workers) {
        return new WorkerCpus(allowed.stream().toArray(), workers, null);
    }

    private static WorkerCpus unknown(int workers, String why) {
        int[] first = new int[workers];
        for (int i = 0; i < workers; i++) {
            first[i] = i;
        }
        return new WorkerCpus(first, workers, why);
    }

    /** The CPU worker {@code worker} is first pinned to, or -1 if there are fewer CPUs than workers. */
    int cpuOf(int worker) {
        return worker < allowed.length ? allowed[worker] : NONE;
    }

    /** Why worker {@code worker} gets no CPU of its own: the CPUs are the first workers'. */
    String noCpuFor(int worker) {
        return "worker " + worker + " has no CPU of its own: the thread that started the graph may run on CPUs "
                + allowedText();
    }

    /** The CPUs, as a list ("[2, 3]"), and if they could not be read, why. */
    String allowedText() {
        String list = Arrays.toString(allowed);
        return unknown == null ? list : list + " (assumed; " + unknown + ")";
    }

    /** Whether there are CPUs no worker was first pinned to. */
    boolean hasSpares(int workers) {
        return unknown == null && allowed.length > workers;
    }

    /**
     * For worker {@code worker}, whose CPU {@code current} it found shared at {@code now}: marks that
     * CPU shared, and claims the spare CPU that was found shared longest ago (or never), passing over
     * those found shared in the last {@link #SHARED_MEMORY_NANOS}. The caller pins itself to it, and
     * then {@link #release}s {@code current}, or, if pinning failed, releases the spare.
     *
     * @return the CPU claimed, or -1 if there is none to claim
     */
    int claimSpare(int worker, int current, long now) {
        int at = indexOf(current);
        if (at >= 0) {
            sharedAt.set(at, now);
        }
        while (true) {
            int best = NONE;
            long bestShared = NEVER;
            for (int i = 0; i < allowed.length; i++) {
                long shared = sharedAt.get(i);
                if (holder.get(i) != NONE || (shared != NEVER && now - shared < SHARED_MEMORY_NANOS)) {
                    continue;
                }
                // Never shared first; then the one shared longest ago (nanoTime compared by difference).
                if (best == NONE || (bestShared != NEVER && (shared == NEVER || shared - bestShared < 0))) {
                    best = i;
                    bestShared = shared;
                }
            }
            if (best == NONE) {
                return NONE;
            }
            if (holder.compareAndSet(best, NONE, worker)) {
                return allowed[best];
            }
            // another worker took it between the look and the claim: look again
        }
    }

    /** Gives {@code cpu} up, so that another worker may claim it as a spare. */
    void release(int cpu) {
        int at = indexOf(cpu);
        if (at >= 0) {
            holder.set(at, NONE);
        }
    }

    private int indexOf(int cpu) {
        for (int i = 0; i < allowed.length; i++) {
            if (allowed[i] == cpu) {
                return i;
            }
        }
        return NONE;
    }
}
