package org.streamflex.bench.hybrid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The CPU time the process's threads have taken so far, in nanoseconds, summed by who they are: the
 * runtime's threads (named {@code streamflex-...}: a graph's workers), the JIT's compiler threads, the
 * thread that reads this (the harness's measuring thread) and every other thread (the collector, the
 * VM's own). Read from Linux's {@code /proc/self/task/TID/schedstat}, whose first number is the
 * nanoseconds the thread has run, so that threads Java cannot see (the compilers) are counted too.
 * On one core (under {@code taskset -c 0}) the differences of two samples say whose work filled a
 * stretch of time.
 *
 * <pre>{@code
 * ThreadCpu before = ThreadCpu.sample();
 * ... // run something
 * ThreadCpu spent = ThreadCpu.sample().minus(before);
 * }</pre>
 *
 * @param graph the runtime's threads, names beginning {@code streamflex-}: a graph's workers (and the
 *     fission pool's, idle unless a graph splits a filter across cores)
 * @param jit the compiler threads: names beginning {@code C1 Compiler} or {@code C2 Compiler}
 * @param measuring the thread that took the sample
 * @param other every other thread of the process
 */
record ThreadCpu(long graph, long jit, long measuring, long other) {
    static final Path TASKS = Path.of("/proc/self/task");
    private static final String GRAPH = "streamflex-";

    /** Whether this system has the per-thread counters (Linux's {@code /proc}). */
    static boolean available() {
        return Files.isDirectory(TASKS) && Files.exists(Path.of("/proc/thread-self"));
    }

    /**
     * The CPU time of every thread alive now, by group. A thread that ends between two samples takes
     * its time with it: wait for the threads whose time counts (join them) before the first sample.
     *
     * @throws UncheckedIOException if {@code /proc/self/task} cannot be read
     */
    static ThreadCpu sample() {
        String self = currentTid();
        long graph = 0;
        long jit = 0;
        long measuring = 0;
        long other = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                String name;
                long nanos;
                try {
                    name = Files.readString(task.resolve("comm")).strip();
                    String stat = Files.readString(task.resolve("schedstat"));
                    nanos = Long.parseLong(stat.substring(0, stat.indexOf(' ')));
                } catch (NoSuchFileException ended) {
                    continue; // the thread ended while the directory was listed
                }
                String tid = task.getFileName().toString();
                if (tid.equals(self)) {
                    measuring += nanos;
                } else if (name.startsWith(GRAPH)) {
                    graph += nanos;
                } else if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) {
                    jit += nanos;
                } else {
                    other += nanos;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the threads' CPU times in " + TASKS, e);
        }
        return new ThreadCpu(graph, jit, measuring, other);
    }

    /** This sample less an earlier one. */
    ThreadCpu minus(ThreadCpu earlier) {
        return new ThreadCpu(graph - earlier.graph, jit - earlier.jit, measuring - earlier.measuring,
                other - earlier.other);
    }

    ThreadCpu plus(ThreadCpu more) {
        return new ThreadCpu(graph + more.graph, jit + more.jit, measuring + more.measuring, other + more.other);
    }

    long total() {
        return graph + jit + measuring + other;
    }

    /** The calling thread's Linux thread id, the name of its directory under {@code /proc/self/task}. */
    private static String currentTid() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot tell this thread's id from /proc/thread-self", e);
        }
    }

    /**
     * Waits for the worker threads of earlier graphs named {@code graphName} to end, so that none ends
     * between two samples. Only those: the runtime keeps other threads of its own alive (the fission
     * pool's), which never end.
     *
     * @throws IllegalStateException if one has not ended after {@code timeoutMillis}
     */
    static void joinGraphThreads(String graphName, long timeoutMillis) throws InterruptedException {
        String prefix = GRAPH + graphName + "-worker-";
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith(prefix)) {
                t.join(timeoutMillis);
                if (t.isAlive()) {
                    throw new IllegalStateException(t.getName() + " has not ended " + timeoutMillis
                            + " ms after its graph stopped");
                }
            }
        }
    }
}
