package org.streamflex.bench.net;

import java.util.function.ObjLongConsumer;
import org.streamflex.Capsule;
import org.streamflex.runtime.capsule.CapsuleType;
import org.streamflex.runtime.net.CapsuleCodec;
import org.streamflex.runtime.net.LinkClientSettings;
import org.streamflex.runtime.net.LinkIdentity;
import org.streamflex.runtime.net.NetworkLinkClient;

/**
 * The throughput run of a CREDIT link of capsules to a {@link PeerJvm}'s sink: a producer thread
 * refills one capsule with 0, 1, 2, ... and offers it as fast as credit allows; the peer polls each
 * into one pooled capsule and checks that it is whole and next. After the window every capsule
 * accepted must have been sent, received, whole and in order.
 *
 * <pre>{@code
 * Rate link = CapsuleRuns.throughput(peer, options, "capsule-sink", CapsuleBenchMain.CAPSULES, Record64.class,
 *         CapsuleBenchMain.QUEUE, CapsuleBenchMain.QUEUE_BYTES, Record64::fill);
 * }</pre>
 */
final class CapsuleRuns {
    private CapsuleRuns() {
    }

    /**
     * Runs it against the sink the peer opens for {@code sinkCommand}.
     *
     * @param fill numbers a capsule
     * @throws BenchFailure if the counts do not reconcile or a capsule arrived broken
     */
    static <C extends Capsule> Rate throughput(PeerJvm peer, BenchOptions o, String sinkCommand,
            LinkIdentity identity, Class<C> type, int queue, int queueBytes, ObjLongConsumer<C> fill) {
        int port = peer.port(sinkCommand);
        try (NetworkLinkClient link = NetworkLinkClient.connectCapsules(LinkBenchPeer.loopback(port), identity,
                CapsuleCodec.of(type), queue, queueBytes, LinkClientSettings.DEFAULT)) {
            Producer<C> producer = new Producer<>(link, CapsuleType.of(type).newInstance(), fill);
            Thread thread = new Thread(producer, "capsule-bench-producer");
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
                throw new BenchFailure(identity.describe() + ": accepted " + accepted + ", sent " + sent
                        + ", the peer received " + received + ", " + broken + " not whole or out of order ("
                        + link.counters() + ")");
            }
            return window.counted(accepted, sent, received);
        } finally {
            peer.ask("stop");
        }
    }

    /** Offers its capsule numbered 0, 1, 2, ... as fast as credit allows, refilling it after each offer. */
    private static final class Producer<C extends Capsule> implements Runnable {
        private final NetworkLinkClient link;
        private final C capsule;
        private final ObjLongConsumer<C> fill;
        volatile boolean running = true;

        Producer(NetworkLinkClient link, C capsule, ObjLongConsumer<C> fill) {
            this.link = link;
            this.capsule = capsule;
            this.fill = fill;
        }

        @Override
        public void run() {
            long next = 0;
            int idle = 0;
            fill.accept(capsule, next);
            while (running) {
                if (link.offer(capsule)) {
                    fill.accept(capsule, ++next);
                    idle = 0;
                } else {
                    idle = Idle.pause(idle);
                }
            }
        }
    }
}
