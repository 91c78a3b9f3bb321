package org.streamflex.runtime.schedule;

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
 * <pre>{@code
 * if (!FissionWorkers.shared().post(part)) {
 *     part.run(Regions.current());
 * }
 * }</pre>
 */
final class FissionWorkers {
    private static final FissionWorkers SHARED = new FissionWorkers(Runtime.getRuntime().availableProcessors() - 1);

    private final AtomicReferenceArray<FissionPart> slots;
    private final Thread[] threads;
    private volatile boolean started;

    private FissionWorkers(int count) {
        this.slots = new AtomicReferenceArray<>(Math.max(1, count));
        this.threads = new Thread[slots.length()];
    }

    static FissionWorkers shared() {
        return SHARED;
    }

    /** Hands {@code part} to an idle worker; false if every worker is busy (run it yourself). */
    boolean post(FissionPart part) {
        startOnce();
        for (int i = 0; i < threads.length; i++) {
            if (slots.compareAndSet(i, null, part)) {
                LockSupport.unpark(threads[i]);
                return true;
            }
        }
        return false;
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
                    LockSupport.park(this);
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
