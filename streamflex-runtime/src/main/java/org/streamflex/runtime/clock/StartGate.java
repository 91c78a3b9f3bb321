package org.streamflex.runtime.clock;

import java.util.concurrent.CountDownLatch;

/**
 * Lines the clock threads of a graph up: each applies its scheduling policy and reports ready,
 * then all wait for the common time of boundary 0, which is fixed only once all are ready so that
 * slow set-up (locking memory can take a while) does not show as missed first deadlines.
 */
public final class StartGate {
    private final CountDownLatch ready;
    private final CountDownLatch opened = new CountDownLatch(1);
    private volatile long startNanos = -1;

    public StartGate(int threads) {
        this.ready = new CountDownLatch(threads);
    }

    /** Called by each clock thread once its policy is applied. */
    public void ready() {
        ready.countDown();
    }

    /** Called by the starting thread: waits for every clock thread to be ready. */
    public void awaitReady() {
        awaitUninterruptibly(ready);
    }

    /** Opens the gate: boundary 0 is at {@code startNanos}; or, with -1, tells the threads to quit. */
    public void open(long startNanos) {
        this.startNanos = startNanos;
        opened.countDown();
    }

    /** Called by each clock thread: the time of boundary 0, or -1 if the graph stopped first. */
    public long awaitOpen() {
        awaitUninterruptibly(opened);
        return startNanos;
    }

    /** Set-up takes milliseconds at most; an interrupt is kept for the caller, not lost. */
    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        for (;;) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
