package org.streamflex.bench.spacetime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Linux's per-thread scheduler counts of one process ({@code /proc/PID/task/TID/schedstat}: time on
 * a CPU in nanoseconds, and how many times the thread was put on a CPU), summed by role: the
 * calling thread (the pinger), the Netty event loops, everything else (compilers, collector, the
 * launcher's first thread). A thread put on a CPU once per round trip was woken once per round trip; the
 * difference of two snapshots over a run, per round trip, counts the run's wake-ups by role.
 *
 * <pre>{@code
 * long caller = ThreadTimes.currentThreadId();     // on the pinging thread
 * ThreadTimes before = ThreadTimes.of(pid, caller);
 * ... // the run
 * ThreadTimes run = ThreadTimes.of(pid, caller).minus(before);
 * double loopWakeups = run.slices(ThreadTimes.Role.LOOP) / (double) pings;
 * }</pre>
 */
record ThreadTimes(Map<Role, long[]> byRole) {
    /** What a thread does in the benchmark, by its name. */
    enum Role {
        CALLER, LOOP, OTHER
    }

    /** No thread: a process whose threads are all loops or others. */
    static final long NO_CALLER = -1;

    /**
     * The calling thread's id in {@code /proc} (Linux's, not Java's), or {@link #NO_CALLER} where
     * there is no {@code /proc/thread-self}.
     */
    static long currentThreadId() {
        try {
            return Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
        } catch (IOException | UnsupportedOperationException | NumberFormatException e) {
            return NO_CALLER;
        }
    }

    /**
     * The counts of {@code pid}'s threads now, thread {@code caller} as the {@link Role#CALLER};
     * empty where {@code /proc} has no schedstat (not Linux).
     */
    static ThreadTimes of(long pid, long caller) {
        Map<Role, long[]> sums = empty();
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        if (!Files.isDirectory(tasks)) {
            return new ThreadTimes(sums);
        }
        try (Stream<Path> threads = Files.list(tasks)) {
            for (Path t : threads.toList()) {
                try {
                    String name = Files.readString(t.resolve("comm")).strip();
                    String[] f = Files.readString(t.resolve("schedstat")).strip().split(" ", -1);
                    long[] sum = sums.get(role(t.getFileName().toString().equals(Long.toString(caller)), name));
                    sum[0] += Long.parseLong(f[0]);
                    sum[1] += Long.parseLong(f[2]);
                } catch (NoSuchFileException gone) {
                    // the thread ended between the listing and the read: its counts are lost with it
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + tasks, e);
        }
        return new ThreadTimes(sums);
    }

    /** A thread's role: the caller's is given; Netty's loops are named after their group. */
    static Role role(boolean caller, String name) {
        if (caller) {
            return Role.CALLER;
        }
        // Linux keeps 15 characters of a name: Netty's "multiThreadIoEventLoopGroup-2-1" and the
        // space-time client's group ("spaceTimeEventLoop$Group-...") both start so.
        return name.startsWith("multiThreadIoEv") || name.startsWith("spaceTimeEventL") ? Role.LOOP : Role.OTHER;
    }

    private static Map<Role, long[]> empty() {
        Map<Role, long[]> sums = new LinkedHashMap<>();
        for (Role r : Role.values()) {
            sums.put(r, new long[2]);
        }
        return sums;
    }

    /** These counts less {@code before}'s. */
    ThreadTimes minus(ThreadTimes before) {
        Map<Role, long[]> d = empty();
        for (Role r : Role.values()) {
            d.get(r)[0] = byRole.get(r)[0] - before.byRole.get(r)[0];
            d.get(r)[1] = byRole.get(r)[1] - before.byRole.get(r)[1];
        }
        return new ThreadTimes(d);
    }

    /** Nanoseconds on a CPU of the threads of {@code role}. */
    long cpuNanos(Role role) {
        return byRole.get(role)[0];
    }

    /** Times the threads of {@code role} were put on a CPU. */
    long slices(Role role) {
        return byRole.get(role)[1];
    }
}
