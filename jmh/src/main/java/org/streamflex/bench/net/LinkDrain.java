package org.streamflex.bench.net;

import java.util.concurrent.TimeUnit;
import org.streamflex.runtime.net.LinkCounters;
import org.streamflex.runtime.net.NetworkLinkClient;

/**
 * The end of a throughput run at the sender: waits until the link has written (or dropped) every
 * item it accepted. An empty queue is not enough: the event loop takes an item from the queue
 * before it counts it sent, so a run that reads its counts as soon as the queue is empty can see
 * fewer sent than accepted on a busy machine.
 *
 * <pre>{@code
 * LinkDrain.await(link);
 * long sent = link.counters().sent();
 * }</pre>
 */
final class LinkDrain {
    private LinkDrain() {
    }

    /** Waits at most 10 s; the caller's reconciliation then tells what was not written. */
    static void await(NetworkLinkClient link) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            LinkCounters c = link.counters();
            if (link.queued() == 0 && c.sent() + c.droppedAtSender() >= c.accepted()) {
                return;
            }
            Threads.sleep(0.001);
        }
    }
}
