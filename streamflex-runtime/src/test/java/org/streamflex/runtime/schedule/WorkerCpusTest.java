package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.BitSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.streamflex.runtime.clock.NativeLinuxScheduling;
import org.streamflex.runtime.graph.ThreadCpus;

class WorkerCpusTest {
    private static BitSet cpus(int... numbers) {
        BitSet set = new BitSet();
        for (int n : numbers) {
            set.set(n);
        }
        return set;
    }

    @Test
    void workerIIsPinnedToTheIthCpuOfTheSetNotToCpuI() {
        WorkerCpus c = WorkerCpus.of(cpus(2, 3, 5), 2);
        assertEquals(2, c.cpuOf(0));
        assertEquals(3, c.cpuOf(1));
        assertTrue(c.hasSpares(2));
        assertEquals("[2, 3, 5]", c.allowedText());
    }

    @Test
    void workersBeyondTheSetGetNoCpuAndAreToldWhy() {
        WorkerCpus c = WorkerCpus.of(cpus(4, 7), 3);
        assertEquals(-1, c.cpuOf(2));
        assertFalse(c.hasSpares(3));
        assertEquals("worker 2 has no CPU of its own: the thread that started the graph may run on CPUs [4, 7]",
                c.noCpuFor(2));
    }

    @Test
    void aSharedCpuIsLeftForASpareOneAndNotTakenAgainSoon() {
        WorkerCpus c = WorkerCpus.of(cpus(0, 1, 2), 1);
        long t = 1_000;
        assertEquals(1, c.claimSpare(0, 0, t));
        c.release(0);
        // CPU 1 shared too: CPU 0 was shared a moment ago, so CPU 2, never shared, is next.
        assertEquals(2, c.claimSpare(0, 1, t + 1));
        c.release(1);
        // CPU 2 shared: 0 and 1 were shared within the memory; nothing to claim.
        assertEquals(-1, c.claimSpare(0, 2, t + 2));
        // Later, the CPU shared longest ago comes first.
        assertEquals(0, c.claimSpare(0, 2, t + 2 + WorkerCpus.SHARED_MEMORY_NANOS));
    }

    @Test
    void aHeldCpuIsNotASpare() {
        WorkerCpus c = WorkerCpus.of(cpus(0, 1, 2, 3), 2);
        assertEquals(2, c.claimSpare(0, 0, 0));
        assertEquals(3, c.claimSpare(1, 1, 0));
        assertEquals(-1, c.claimSpare(0, 2, 0), "0 and 1 were just shared, 3 is worker 1's");
        c.release(3);
        assertEquals(3, c.claimSpare(0, 2, 0));
    }

    @Test
    void timesAreComparedByDifferenceSoNegativeNanoTimesWork() {
        WorkerCpus c = WorkerCpus.of(cpus(0, 1, 2), 1);
        long t = Long.MIN_VALUE + 10; // System.nanoTime() may be any long
        assertEquals(1, c.claimSpare(0, 0, t));
        c.release(0);
        assertEquals(2, c.claimSpare(0, 1, t + 5));
        c.release(1);
        assertEquals(-1, c.claimSpare(0, 2, t + 6));
    }

    @Test
    void workersClaimingAtOnceNeverGetTheSameSpare() throws InterruptedException {
        int workers = 8;
        BitSet set = new BitSet();
        set.set(0, 2 * workers);
        WorkerCpus c = WorkerCpus.of(set, workers);
        ConcurrentHashMap<Integer, Integer> claimed = new ConcurrentHashMap<>();
        AtomicInteger clashes = new AtomicInteger();
        CountDownLatch go = new CountDownLatch(1);
        Thread[] threads = new Thread[workers];
        for (int w = 0; w < workers; w++) {
            int worker = w;
            threads[w] = Thread.ofPlatform().start(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                int cpu = c.claimSpare(worker, worker, 0);
                if (cpu >= 0 && claimed.putIfAbsent(cpu, worker) != null) {
                    clashes.incrementAndGet();
                }
            });
        }
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(0, clashes.get());
        assertEquals(workers, claimed.size(), "one spare each: " + claimed);
    }

    @Test
    void theSetReadFromTheKernelIsTheOneLinuxReportsForThisThread() {
        assumeTrue(NativeLinuxScheduling.unavailableReason() == null, "Linux scheduling calls");
        BitSet expected = ThreadCpus.allowed();
        WorkerCpus c = WorkerCpus.ofThisThread(1);
        assertEquals(expected.stream().boxed().toList().toString(), c.allowedText());
        assertEquals(expected.nextSetBit(0), c.cpuOf(0));
    }
}
