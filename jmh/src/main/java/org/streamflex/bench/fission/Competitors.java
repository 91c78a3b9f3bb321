package org.streamflex.bench.fission;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code ScalingMain --competitors N}: a child JVM spinning N threads, CPU-bound and unpinned, that
 * competes for the machine's cores with the graphs measured, as another process on a shared server
 * would. A child process rather than threads of the measuring JVM: to the kernel it is another
 * process, and nothing of it (its JIT, its collections) shares the measured JVM. It spins until its
 * standard input ends: when the parent closes it, or dies, so a killed measurement leaves no spinner.
 *
 * <pre>{@code
 * try (Competitors c = Competitors.start(1)) {
 *     // measure while one CPU-bound process competes
 * }
 * }</pre>
 */
final class Competitors implements AutoCloseable {
    private final Process process;

    private Competitors(Process process) {
        this.process = process;
    }

    /**
     * Starts a child JVM spinning {@code threads} threads (none: no process) and waits until they spin.
     *
     * @throws ScalingFailure if it cannot be started or does not say it spins within 30 s
     */
    static Competitors start(int threads) {
        if (threads == 0) {
            return new Competitors(null);
        }
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx32m", "-cp", System.getProperty("java.class.path"), Competitors.class.getName(),
                String.valueOf(threads));
        Process p;
        try {
            p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            // The child prints one line once its threads spin: the first round competes from its start.
            int first = p.getInputStream().read();
            if (first != 's') {
                p.destroyForcibly();
                throw new ScalingFailure("the competitor process did not start spinning (it printed "
                        + (first < 0 ? "nothing" : "'" + (char) first + "'") + "): " + String.join(" ", command));
            }
        } catch (IOException e) {
            throw new ScalingFailure("cannot start the competitor process " + String.join(" ", command) + ": " + e, e);
        }
        return new Competitors(p);
    }

    /** The child's process id, or -1 if none was started. */
    long pid() {
        return process == null ? -1 : process.pid();
    }

    /** Whether the child still spins. */
    boolean alive() {
        return process != null && process.isAlive();
    }

    /** Ends the child: closes its input, then kills it if it is still there after 5 s. */
    @Override
    public void close() {
        if (process == null) {
            return;
        }
        try {
            process.getOutputStream().close();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** The child: {@code threads} daemon threads spinning until standard input ends. */
    public static void main(String[] args) throws IOException {
        int threads = Integer.parseInt(args[0]);
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(Competitors::spin, "competitor-" + i);
            t.setDaemon(true);
            t.start();
        }
        System.out.print('s');
        System.out.flush();
        while (System.in.read() >= 0) {
            // nothing is sent: the end of the input is the signal
        }
    }

    @SuppressWarnings("UnusedVariable") // written so that the JIT cannot drop the loop's work; nobody reads it
    private static volatile long sink;

    private static void spin() {
        long x = 0;
        for (long i = 0; ; i++) {
            x += i * 31 ^ x >>> 7;
            if ((i & 0xFFFFF) == 0) {
                sink = x; // keeps the loop's work alive
            }
        }
    }
}
