package org.streamflex.runtime.net;

import java.util.concurrent.locks.LockSupport;

/**
 * A producer thread for link tests: offers 0, 1, 2, ... to a client, never waiting, so that a
 * value is its sequence number (in DROP mode every offer takes a number, dropped or not; in CREDIT
 * mode a refused value is offered again). It keeps offering through faults until stopped.
 *
 * <pre>{@code
 * LinkProducer producer = LinkProducer.start(client);
 * ...
 * producer.stop();
 * }</pre>
 */
final class LinkProducer {
    private final NetworkLinkClient out;
    private final boolean dropMode;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile long next;

    private LinkProducer(NetworkLinkClient out, LinkMode mode) {
        this.out = out;
        this.dropMode = mode == LinkMode.DROP;
        this.thread = new Thread(this::run, "link-producer");
        thread.setDaemon(true);
    }

    static LinkProducer start(NetworkLinkClient out, LinkMode mode) {
        LinkProducer producer = new LinkProducer(out, mode);
        producer.thread.start();
        return producer;
    }

    @SuppressWarnings("NonAtomicVolatileUpdate") // one writer, this thread
    private void run() {
        long spins = 0;
        while (running) {
            if (out.offer(next) || dropMode) {
                next++;
            }
            if (++spins % 4096 == 0) {
                // Leaves the cores to the event loops now and then: the machine may have only two.
                LockSupport.parkNanos(50_000);
            }
        }
    }

    /** Values taken so far: offered and accepted (queued or dropped). */
    long offered() {
        return next;
    }

    /** Stops and waits for the thread, at most 30 s. */
    void stop() throws InterruptedException {
        running = false;
        thread.join(30_000);
        if (thread.isAlive()) {
            throw new AssertionError("the producer did not stop within 30 s");
        }
    }
}
