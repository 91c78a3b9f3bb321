package org.streamflex.bench.fission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.streamflex.bench.fission.ScalingMain.Options;

/** {@code ScalingMain --competitors C}: a child process that spins while the columns are measured. */
class CompetitorsTest {
    @Test
    void theCompetitorSpinsInAChildProcessUntilClosed() {
        long pid;
        try (Competitors c = Competitors.start(2)) {
            assertTrue(c.alive());
            pid = c.pid();
            assertTrue(pid != ProcessHandle.current().pid(), "the spinner must be another process");
            Optional<ProcessHandle> child = ProcessHandle.of(pid);
            assertTrue(child.isPresent());
            Duration cpu0 = child.get().info().totalCpuDuration().orElse(Duration.ZERO);
            // It spins: its CPU time grows while this thread sleeps (no rate asserted, only growth).
            Duration cpu1 = cpu0;
            for (int i = 0; i < 200 && cpu1.equals(cpu0); i++) {
                sleepMillis(50);
                cpu1 = child.get().info().totalCpuDuration().orElse(Duration.ZERO);
            }
            assertTrue(cpu1.compareTo(cpu0) > 0, "the competitor used no CPU in 10 s: " + cpu0 + ", " + cpu1);
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
                "the competitor outlived close()");
    }

    @Test
    void noCompetitorsStartsNoProcess() {
        try (Competitors c = Competitors.start(0)) {
            assertFalse(c.alive());
            assertEquals(-1, c.pid());
        }
    }

    @Test
    void theOptionTakesACountFromZero() {
        assertEquals(0, Options.parse("--program", "filterbank").competitors());
        assertEquals(2, Options.parse("--program", "filterbank", "--competitors", "2").competitors());
        assertEquals(0, Options.parse("--competitors", "0").competitors());
        for (List<String> args : List.of(List.of("--competitors"), List.of("--competitors", "-1"),
                List.of("--competitors", "one"), List.of("--competitors", "5000"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Options.parse(args.toArray(String[]::new)), args.toString());
            assertTrue(e.getMessage().startsWith("--competitors needs"), e.getMessage());
        }
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
