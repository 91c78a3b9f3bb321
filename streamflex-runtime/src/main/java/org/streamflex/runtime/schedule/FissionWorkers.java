package org.streamflex.runtime.schedule;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.Regions;

/**
 * The worker threads fission hands parts of batches to: one per available processor beyond the
 * first, shared by every graph of the process, started on first use, daemons. Each worker has one
 * slot; a filter's thread posts a part to a free slot (a compare-and-set from null) and runs the
 * part itself when none is free, so a busy pool slows fission down but never blocks it. A worker
 * with nothing to do spins briefly, then parks until a part is posted.
 *
 * <p>Waking (a Dekker hand-shake, every access below volatile, so they are sequentially consistent):
 * a worker about to park raises its {@code parked} flag, then reads its slot once more and parks
 * only if it is still empty; a poster fills the slot (a compare-and-set), then reads the flag and
 * unparks the worker only if it is raised. One of the two must see the other's write, so a part is
 * never left in the slot of a parked worker, and a spinning worker costs its poster no unpark.
 * A filter's thread about to split a batch calls {@link #wakeParked()} first: a parked worker's
 * wake-up (tens of microseconds on a VM whose idle vCPU halted) then overlaps the split.
 *
 * <pre>{@code
 * if (!FissionWorkers.shared().post(part)) {
 *     part.run(Regions.current());
 * }
 * }</pre>
 */
final class FissionWorkers {
    private static final FissionWorkers SHARED = new FissionWorkers(Runtime.getRuntime().availableProcessors() - 1);

    private final AtomicReferenceArray<FissionPart> slots;
    /** 1 while worker i is parked or about to park; written by the worker, read by posters. */
    private final AtomicIntegerArray parked;
    private final Thread[] threads;
    private volatile boolean started;

    private FissionWorkers(int count) {
        this.slots = new AtomicReferenceArray<>(Math.max(1, count));
        this.parked = new AtomicIntegerArray(slots.length());
        this.threads = new Thread[slots.length()];
    }

    static FissionWorkers shared() {
        return SHARED;
    }

    /** The worker threads (started or not): one per available processor beyond the first, at least one. */
    int threads() {
        return threads.length;
    }

    /** Hands {@code part} to an idle worker; false if every worker is busy (run it yourself). */
    boolean post(FissionPart part) {
        startOnce();
        for (int i = 0; i < threads.length; i++) {
            if (slots.compareAndSet(i, null, part)) {
                if (parked.get(i) != 0) {
                    LockSupport.unpark(threads[i]);
                }
                return true;
            }
        }
        return false;
    }

    /** Unparks every parked worker: a part is about to be posted, and its wake-up can start now. */
    void wakeParked() {
        startOnce();
        for (int i = 0; i < threads.length; i++) {
            if (parked.get(i) != 0) {
                LockSupport.unpark(threads[i]);
            }
        }
    }

    /** Whether worker {@code index} is parked or about to park (for tests). */
    boolean parked(int index) {
        return parked.get(index) != 0;
    }

    private void startOnce() {
        if (started) {
            return;
        }
        synchronized (this) {
            if (!started) {
                for (int i = 0; i < threads.length; i++) {
                    int index = i;
                    Thread t = new Thread(() -> serve(index), "streamflex-worker-" + (i + 1));
                    t.setDaemon(true);
                    threads[i] = t;
                    t.start();
                }
                started = true;
            }
        }
    }

    private void serve(int index) {
        RegionSlot slot = Regions.current();
        int idle = 0;
        while (true) {
            FissionPart part = slots.get(index);
            if (part == null) {
                if (++idle < 1 << 14) {
                    Thread.onSpinWait();
                } else {
                    parked.set(index, 1);
                    // Looked at once more after raising the flag: a poster that filled the slot before
                    // seeing the flag did not unpark, so its part must be seen here.
                    if (slots.get(index) == null) {
                        LockSupport.park(this);
                    }
                    parked.set(index, 0);
                    idle = 0;
                }
                continue;
            }
            idle = 0;
            try {
                part.run(slot);
            } finally {
                // Free the slot for the next part only once this one is done: run() publishes done last.
                slots.set(index, null);
            }
        }
    }
}
