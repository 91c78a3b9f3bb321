package org.streamflex.bench.net;

import java.util.function.Function;
import java.util.function.IntFunction;
import org.streamflex.runtime.net.NetworkLinkClient;

/**
 * The throughput run of a CREDIT link to a {@link PeerJvm}'s sink, whatever the link carries: a
 * producer thread offers items as fast as credit allows ({@link Offers}: longs, capsules, segments),
 * the window counts what the link accepted, and after it every item accepted must have been sent,
 * received, and none broken. One loop for every benchmark, so that they measure the same way.
 *
 * <pre>{@code
 * Rate link = LinkRuns.throughput(peer, options, "link-sink", "CREDIT link",
 *         port -> NetworkLinkClient.connect(LinkBenchPeer.loopback(port), THROUGHPUT, QUEUE),
 *         link -> new Counting(link));
 * }</pre>
 */
final class LinkRuns {
    /** What a run's producer thread offers, on that thread. */
    interface Offers {
        /** Offers the next item; true if the link took it, so that the following call offers the one after. */
        boolean offerNext();

        /** The run stopped: lets go of what it holds. */
        default void done() {
        }
    }

    private LinkRuns() {
    }

    /**
     * Runs {@code offers} over the link {@code connect} opens to the sink the peer opens for
     * {@code sinkCommand}; {@code what} names the link in a failure.
     *
     * @throws BenchFailure if the counts do not reconcile or an item arrived broken
     */
    static Rate throughput(PeerJvm peer, BenchOptions o, String sinkCommand, String what,
            IntFunction<NetworkLinkClient> connect, Function<NetworkLinkClient, Offers> offers) {
        int port = peer.port(sinkCommand);
        try (NetworkLinkClient link = connect.apply(port)) {
            Producer producer = new Producer(offers.apply(link));
            Thread thread = new Thread(producer, "link-bench-producer");
            thread.start();
            Rate window = Rate.measure(o, () -> link.counters().accepted(), thread.threadId());
            producer.running = false;
            Threads.join(thread);
            LinkDrain.await(link);
            long accepted = link.counters().accepted();
            long sent = link.counters().sent();
            long received = peer.await(accepted);
            long broken = peer.broken();
            if (sent != accepted || received != sent || broken != 0) {
                throw new BenchFailure(what + ": accepted " + accepted + ", sent " + sent + ", the peer received "
                        + received + ", " + broken + " not whole or out of order (" + link.counters() + ")");
            }
            return window.counted(accepted, sent, received);
        } finally {
            peer.ask("stop");
        }
    }

    /** Offers as fast as credit allows until stopped, pausing ({@link Idle}) while the link refuses. */
    private static final class Producer implements Runnable {
        private final Offers offers;
        volatile boolean running = true;

        Producer(Offers offers) {
            this.offers = offers;
        }

        @Override
        public void run() {
            int idle = 0;
            try {
                while (running) {
                    idle = offers.offerNext() ? 0 : Idle.pause(idle);
                }
            } finally {
                offers.done();
            }
        }
    }
}
