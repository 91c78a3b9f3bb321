package org.streamflex.bench.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

class ThreadCpuTest {

    @Test
    void workOnTheCallingThreadCountsAsTheMeasuringThreads() {
        assumeTrue(ThreadCpu.available(), "no /proc/self/task on this system");
        ThreadCpu before = ThreadCpu.sample();
        long end = System.nanoTime() + 50_000_000L;
        double x = 0;
        while (System.nanoTime() < end) {
            x += Math.sqrt(x + 1);
        }
        ThreadCpu spent = ThreadCpu.sample().minus(before);
        assertTrue(x > 0);
        // 50 ms of wall clock spinning: at least a few ms of this thread's CPU even on a loaded machine.
        assertTrue(spent.measuring() > 1_000_000L, spent.toString());
        assertEquals(spent.graph() + spent.jit() + spent.measuring() + spent.other(), spent.total());
    }

    @Test
    void aGraphThreadsWorkCountsAsTheGraphsAndEndsWhenItIsJoined() throws InterruptedException {
        assumeTrue(ThreadCpu.available(), "no /proc/self/task on this system");
        ThreadCpu before = ThreadCpu.sample();
        long[] sink = new long[1];
        Thread t = new Thread(() -> {
            long end = System.nanoTime() + 50_000_000L;
            long n = 0;
            while (System.nanoTime() < end) {
                n++;
            }
            sink[0] = n;
        }, "streamflex-Probe-worker-0");
        t.start();
        long end = System.nanoTime() + 40_000_000L;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
        ThreadCpu during = ThreadCpu.sample().minus(before);
        ThreadCpu.joinGraphThreads("Probe", 10_000);
        assertTrue(!t.isAlive() && sink[0] > 0);
        assertTrue(during.graph() > 0, during.toString());
    }

    @Test
    void joiningWaitsOnlyForTheNamedGraphsWorkersAndNamesOneThatDoesNotEnd() throws InterruptedException {
        Thread forever = new Thread(() -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "streamflex-Stuck-worker-0");
        forever.setDaemon(true);
        forever.start();
        try {
            ThreadCpu.joinGraphThreads("Other", 10); // another graph's name: returns at once
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> ThreadCpu.joinGraphThreads("Stuck", 10));
            assertTrue(e.getMessage().startsWith("streamflex-Stuck-worker-0 has not ended"), e.getMessage());
        } finally {
            forever.interrupt();
            forever.join();
        }
    }
}
