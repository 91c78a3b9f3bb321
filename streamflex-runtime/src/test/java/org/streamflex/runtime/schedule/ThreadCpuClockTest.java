package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

class ThreadCpuClockTest {
    @Test
    void theClockStandsStillWhileTheThreadWaits() throws InterruptedException {
        assumeTrue(ThreadCpuClock.measuresCpu(), "this JVM reads no thread CPU time");
        long before = ThreadCpuClock.now();
        Thread.sleep(200);
        long slept = ThreadCpuClock.now() - before;
        // Asleep, the thread runs only to go to sleep and wake: microseconds, however busy the machine.
        assertTrue(slept < 100_000_000, "the CPU clock moved " + slept + " ns during a 200 ms sleep");
    }

    @Test
    void theClockMovesWhileTheThreadRuns() {
        assumeTrue(ThreadCpuClock.measuresCpu(), "this JVM reads no thread CPU time");
        long before = ThreadCpuClock.now();
        long wallStart = System.nanoTime();
        while (System.nanoTime() - wallStart < 50_000_000) {
            Thread.onSpinWait(); // however busy the machine, the thread runs some of these 50 ms
        }
        long ran = ThreadCpuClock.now() - before;
        assertTrue(ran > 0, "the CPU clock moved " + ran + " ns while the thread spun 50 ms");
    }
}
