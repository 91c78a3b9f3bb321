package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A worker's affinity: pinned to one CPU, then let go to exactly the CPUs it was allowed before. */
class WorkerAffinityTest {
    private static final Path STATUS = Path.of("/proc/thread-self/status");

    private static String allowedCpus() {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new AssertionError("no Cpus_allowed_list in " + STATUS);
    }

    @Test
    void releaseGivesBackTheCpusAllowedBeforeThePin() throws InterruptedException {
        assumeTrue(WorkerAffinity.unavailableReason() == null, () -> "no affinity calls: "
                + WorkerAffinity.unavailableReason());
        assumeTrue(Files.isReadable(STATUS), "no /proc/thread-self/status here");
        AtomicReference<Object> seen = new AtomicReference<>();
        // A thread of its own: the calls change the calling thread, not the test runner's.
        Thread t = new Thread(() -> {
            try {
                String before = allowedCpus();
                WorkerAffinity affinity = WorkerAffinity.create();
                int pin = affinity.pin(0);
                String pinned = allowedCpus();
                int release = affinity.release();
                String after = allowedCpus();
                seen.set(new String[] {before, pin + "", pinned, release + "", after,
                    affinity.allowedCount() + ""});
            } catch (Throwable e) {
                seen.set(e);
            }
        });
        t.start();
        t.join();
        if (seen.get() instanceof Throwable e) {
            throw new AssertionError(e);
        }
        String[] s = (String[]) seen.get();
        assumeTrue(s[0].equals("0") || s[0].startsWith("0-") || s[0].startsWith("0,"), "CPU 0 not allowed here: "
                + s[0]);
        assertEquals("0", s[1], "pin's errno");
        assertEquals("0", s[2], "CPUs allowed once pinned");
        assertEquals("0", s[3], "release's errno");
        assertEquals(s[0], s[4], "CPUs allowed once released");
        assertEquals(Runtime.getRuntime().availableProcessors(), Integer.parseInt(s[5]), "CPUs counted");
    }

    @Test
    void aCpuOutOfRangeIsRefusedWithEinval() throws InterruptedException {
        assumeTrue(WorkerAffinity.unavailableReason() == null, "no affinity calls here");
        AtomicReference<Object> seen = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                WorkerAffinity affinity = WorkerAffinity.create();
                seen.set(new int[] {affinity.pin(-1), affinity.pin(1 << 20)});
            } catch (Throwable e) {
                seen.set(e);
            }
        });
        t.start();
        t.join();
        if (seen.get() instanceof Throwable e) {
            throw new AssertionError(e);
        }
        int[] errnos = (int[]) seen.get();
        assertEquals(22, errnos[0]);
        assertEquals(22, errnos[1]);
    }
}
