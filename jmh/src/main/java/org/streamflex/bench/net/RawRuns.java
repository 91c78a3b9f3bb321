package org.streamflex.bench.net;

import io.netty.buffer.ByteBuf;
import java.util.function.Function;
import java.util.function.LongConsumer;

/**
 * The raw Netty baselines of the network benchmarks, against a {@link PeerJvm}: throughput of items
 * of {@code unit} bytes, {@code perFrame} to a frame, written by this JVM's event loop while the
 * channel is writable and counted by the peer's; and one-way latency of one item of {@code unit}
 * bytes, a frame written by the pinging thread and echoed by the peer's event loop, or by a thread of
 * the peer's that its event loop hands the frame to.
 *
 * <pre>{@code
 * Rate raw = RawRuns.throughput(peer, options, 8192, 1);
 * PingPong rtt = RawRuns.pings(peer, options, 512);
 * PingPong hop = RawRuns.pings(peer, options, 512, true); // answered from a thread
 * }</pre>
 */
final class RawRuns {
    private RawRuns() {
    }

    /**
     * Items per second at the sender over the window; the peer must have counted every item sent.
     *
     * @throws BenchFailure if it did not
     */
    static Rate throughput(PeerJvm peer, BenchOptions o, int unit, int perFrame) {
        int port = peer.port("raw-sink " + unit);
        RawNetty.Pump pump = new RawNetty.Pump(unit, perFrame);
        try (RawNetty.Client client = new RawNetty.Client(port, pump)) {
            pump.start(client.channel);
            Rate window = Rate.measure(o, pump::written, -1);
            long sent = pump.stop();
            long received = peer.await(sent);
            if (received != sent) {
                throw new BenchFailure("raw Netty: sent " + sent + " items of " + unit + " bytes, the peer received "
                        + received);
            }
            return window.counted(sent, sent, received);
        } finally {
            peer.ask("stop");
        }
    }

    /** Round trips of one item of {@code unit} bytes (at least 8) through the peer's event loop. */
    static PingPong pings(PeerJvm peer, BenchOptions o, int unit) {
        return pings(peer, o, unit, false);
    }

    /**
     * Round trips of one item of {@code unit} bytes (at least 8), answered by the peer's event loop,
     * or, {@code fromThread}, by a thread the peer's event loop hands each frame to ({@link RawNetty.ThreadEcho}).
     */
    static PingPong pings(PeerJvm peer, BenchOptions o, int unit, boolean fromThread) {
        try {
            return withPings(peer, unit, fromThread, trip -> PingPong.run(o, trip));
        } finally {
            peer.ask("stop");
        }
    }

    /**
     * Connects to a new echo server of the peer's ({@code fromThread} as {@link #pings}) and hands
     * {@code body} the round trip of one item of {@code unit} bytes (at least 8); closes this JVM's
     * client after it, but leaves the peer's server to the caller's {@code stop}, which closes whatever
     * else the peer opened with it (the compared side of an {@link Interleaved} run).
     */
    static <R> R withPings(PeerJvm peer, int unit, boolean fromThread, Function<LongConsumer, R> body) {
        int port = peer.port(fromThread ? "raw-thread-echo" : "raw-echo");
        RawNetty.LastEchoed last = new RawNetty.LastEchoed();
        byte[] payload = RawNetty.payload(unit);
        try (RawNetty.Client client = new RawNetty.Client(port, RawNetty.frames(true), last)) {
            return body.apply(v -> {
                ByteBuf frame = RawNetty.ping(client.channel, v, unit, payload);
                var _ = client.channel.writeAndFlush(frame, client.channel.voidPromise());
                int idle = 0;
                while (last.last() != v) {
                    idle = Idle.pause(idle);
                }
            });
        }
    }
}
