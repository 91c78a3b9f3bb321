package org.streamflex.bench.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.CountDownLatch;
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
        CountDownLatch worked = new CountDownLatch(1);
        CountDownLatch sampled = new CountDownLatch(1);
        long[] sink = new long[1];
        Thread t = new Thread(() -> {
            // Spins until it has run 20 ms of its own CPU, however loaded the machine, then stays
            // alive until the sample is taken, so that its time is in it.
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            long n = 0;
            while (mx.getCurrentThreadCpuTime() < 20_000_000L) {
                n++;
            }
            sink[0] = n;
            worked.countDown();
            try {
                sampled.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "streamflex-Probe-worker-0");
        t.start();
        worked.await();
        ThreadCpu during = ThreadCpu.sample().minus(before);
        sampled.countDown();
        ThreadCpu.joinGraphThreads("Probe", 10_000);
        assertTrue(!t.isAlive() && sink[0] > 0);
        assertTrue(during.graph() >= 10_000_000L, during.toString());
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
