package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.runtime.clock.NativeLinuxScheduling;

class RunDelayTest {
    private static final long SPIN_NANOS = 200_000_000;

    @Test
    void theRunTimeGrowsWhileTheThreadSpins() {
        assumeTrue(Files.isReadable(RunDelay.SCHEDSTAT), "no " + RunDelay.SCHEDSTAT + " here");
        try (RunDelay delay = RunDelay.ofThisThread()) {
            assertTrue(delay.available());
            long before = delay.runNanos();
            spin(50_000_000);
            assertTrue(delay.read());
            // However busy the machine, the thread ran some of those 50 ms.
            assertTrue(delay.runNanos() > before, "ran " + before + " then " + delay.runNanos());
        }
    }

    @Test
    void aThreadSharingItsCpuWithASpinnerWaitsForIt() throws Exception {
        assumeTrue(Files.isReadable(RunDelay.SCHEDSTAT), "no " + RunDelay.SCHEDSTAT + " here");
        assumeTrue(NativeLinuxScheduling.unavailableReason() == null, "no Linux scheduling calls");
        // Two new threads pinned to CPU 0, both spinning: the kernel shares the CPU between them, so
        // each waits about half the time it could run (more if the machine is busy, never less).
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch spinning = new CountDownLatch(1);
        Thread competitor = new Thread(() -> {
            if (NativeLinuxScheduling.create().setAffinity(0) == 0) {
                spinning.countDown();
                while (!stop.get()) {
                    Thread.onSpinWait();
                }
            }
        }, "competitor");
        competitor.setDaemon(true);
        competitor.start();
        AtomicReference<long[]> measured = new AtomicReference<>();
        Thread measuring = new Thread(() -> {
            int errno = NativeLinuxScheduling.create().setAffinity(0);
            try (RunDelay delay = RunDelay.ofThisThread()) {
                if (errno == 0 && delay.available()) {
                    long run = delay.runNanos();
                    long waited = delay.waitNanos();
                    spin(SPIN_NANOS);
                    delay.read();
                    measured.set(new long[] {delay.runNanos() - run, delay.waitNanos() - waited});
                }
            }
        }, "measuring");
        try {
            assumeTrue(spinning.await(10, TimeUnit.SECONDS), "could not pin to CPU 0");
            measuring.start();
            measuring.join();
        } finally {
            stop.set(true);
            competitor.join();
        }
        long[] m = measured.get();
        assumeTrue(m != null, "could not pin to CPU 0");
        long ran = m[0];
        long waited = m[1];
        assertTrue(ran > 0, "ran " + ran + " ns");
        assertTrue(waited * 4 >= ran + waited, "waited " + waited + " of " + (ran + waited) + " ns");
    }

    @Test
    void readsTheSameFileAgainWithoutReopeningIt() {
        assumeTrue(Files.isReadable(RunDelay.SCHEDSTAT), "no " + RunDelay.SCHEDSTAT + " here");
        try (RunDelay delay = RunDelay.ofThisThread()) {
            long last = delay.runNanos();
            for (int i = 0; i < 1_000; i++) {
                assertTrue(delay.read(), "read " + i);
                assertTrue(delay.runNanos() >= last, "the run time went back at read " + i);
                last = delay.runNanos();
            }
            assertEquals(true, delay.available());
        }
    }

    @Test
    void aLineOfTwoNumbersAndMoreIsReadAndAnythingElseIsNot(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("schedstat");
        Files.writeString(file, "123456789 4242 17\n");
        try (RunDelay delay = RunDelay.of(file)) {
            assertTrue(delay.available());
            assertEquals(123_456_789L, delay.runNanos());
            assertEquals(4242L, delay.waitNanos());
            // The file read again from its start: what it says now.
            Files.writeString(file, "999999999999999999 0 1\n");
            assertTrue(delay.read());
            assertEquals(999_999_999_999_999_999L, delay.runNanos());
            for (String bad : List.of("", "abc 1 2\n", "12\n", "12 x\n", "1  2\n", "1234567890123456789 1 1\n")) {
                Files.writeString(file, bad);
                assertFalse(delay.read(), "'" + bad + "' read");
                assertEquals(999_999_999_999_999_999L, delay.runNanos(), "the last values stay after '" + bad + "'");
            }
        }
        Files.writeString(file, "not numbers\n");
        try (RunDelay delay = RunDelay.of(file)) {
            assertFalse(delay.available(), "a file that does not parse at first is no source");
        }
        assertFalse(RunDelay.of(dir.resolve("missing")).available());
    }

    private static void spin(long nanos) {
        long start = System.nanoTime();
        while (System.nanoTime() - start < nanos) {
            Thread.onSpinWait();
        }
    }
}
