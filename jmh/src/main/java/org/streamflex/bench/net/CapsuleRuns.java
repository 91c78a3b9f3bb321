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
        return LinkRuns.throughput(peer, o, sinkCommand, identity.describe(),
                port -> NetworkLinkClient.connectCapsules(LinkBenchPeer.loopback(port), identity, CapsuleCodec.of(type),
                        queue, queueBytes, LinkClientSettings.DEFAULT),
                link -> new Refilled<>(link, CapsuleType.of(type).newInstance(), fill));
    }

    /** Offers its capsule numbered 0, 1, 2, ..., refilling it after each offer the link took. */
    private static final class Refilled<C extends Capsule> implements LinkRuns.Offers {
        private final NetworkLinkClient link;
        private final C capsule;
        private final ObjLongConsumer<C> fill;
        private long next;

        Refilled(NetworkLinkClient link, C capsule, ObjLongConsumer<C> fill) {
            this.link = link;
            this.capsule = capsule;
            this.fill = fill;
            fill.accept(capsule, 0);
        }

        @Override
        public boolean offerNext() {
            if (!link.offer(capsule)) {
                return false;
            }
            fill.accept(capsule, ++next);
            return true;
        }
    }
}
