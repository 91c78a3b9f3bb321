package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.streamflex.abi.RegionSlot;

/**
 * The fission workers' wake-up: a worker with nothing to do parks with its flag raised, and a part
 * posted to it then must wake it (the poster unparks it), or the part would sit in its slot and the
 * filter's thread wait for it forever.
 */
class FissionWorkersTest {
    /** Far beyond a wake-up's microseconds: only a worker never woken takes this long. */
    private static final Duration NEVER = Duration.ofSeconds(60);

    @Test
    void aPartPostedToAParkedWorkerWakesItAndRuns() {
        FissionWorkers workers = FissionWorkers.shared();
        workers.wakeParked(); // starts the pool
        Thread worker = parkedWorker(workers);
        AtomicInteger runs = new AtomicInteger();
        FissionPart part = counting(runs);
        assertTimeoutPreemptively(NEVER, () -> {
            part.prepare(Thread.currentThread());
            assertTrue(workers.post(part), "the parked worker's slot is free");
            part.await();
        }, () -> "a part posted to the parked " + worker.getName() + " never ran: it was not woken");
        assertEquals(1, runs.get());
        assertNull(part.failure());
    }

    @Test
    void wakingParkedWorkersLeavesThemWithNothingToRunAndParkedAgain() {
        FissionWorkers workers = FissionWorkers.shared();
        workers.wakeParked();
        parkedWorker(workers);
        workers.wakeParked();
        // Woken with an empty slot, it spins, then parks again: posting to it later still works.
        parkedWorker(workers);
        AtomicInteger runs = new AtomicInteger();
        FissionPart part = counting(runs);
        assertTimeoutPreemptively(NEVER, () -> {
            part.prepare(Thread.currentThread());
            assertTrue(workers.post(part), "the parked worker's slot is free");
            part.await();
        });
        assertEquals(1, runs.get());
    }

    /** A part that only counts its runs. */
    private static FissionPart counting(AtomicInteger runs) {
        return new FissionPart(null, 1, null, null) {
            @Override
            Throwable execute(RegionSlot slot) {
                runs.incrementAndGet();
                return null;
            }
        };
    }

    /** Worker 1, once it is parked in {@code LockSupport.park} with its flag raised. */
    private static Thread parkedWorker(FissionWorkers workers) {
        long deadline = System.nanoTime() + NEVER.toNanos();
        while (System.nanoTime() < deadline) {
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().equals("streamflex-worker-1") && workers.parked(0)
                        && LockSupport.getBlocker(t) == workers && t.getState() == Thread.State.WAITING) {
                    return t;
                }
            }
            LockSupport.parkNanos(1_000_000);
        }
        return fail("the idle fission worker never parked within " + NEVER);
    }
}
