package org.streamflex.bench.net;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongConsumer;
import org.streamflex.bench.Machine;
import org.streamflex.runtime.capsule.CapsuleType;
import org.streamflex.runtime.net.CapsuleCodec;
import org.streamflex.runtime.net.CapsuleLinkReceiver;
import org.streamflex.runtime.net.LinkClientSettings;
import org.streamflex.runtime.net.LinkEventLoop;
import org.streamflex.runtime.net.LinkIdentity;
import org.streamflex.runtime.net.LinkMode;
import org.streamflex.runtime.net.NetworkLinkClient;
import org.streamflex.runtime.net.NetworkLinkServer;
import org.streamflex.runtime.spacetime.ItemNotAvailableException;
import org.streamflex.runtime.spacetime.RemoteInput;
import org.streamflex.runtime.spacetime.RemoteOutput;
import org.streamflex.runtime.spacetime.RemoteSpaceTime;
import org.streamflex.runtime.spacetime.RemoteThread;

/**
 * Issue 16's item sizes between two JVMs on loopback, each link against raw Netty in the same run:
 * one-way latency (round trip / 2) of one item of 0.5 KB and of 8 KB by ping-pong, a capsule link
 * with a {@code byte[]} body of that size ({@link Payload512}, {@link Payload8K}) out on link A and
 * back on link B, and a space-time channel (a remote put on {@code ping} and a remote get of
 * {@code pong}, relayed by a thread of the peer's space (its handler run by the event loop that put the
 * item; and, one row, a Java thread of its own blocked in its gets); as two requests, and as one,
 * {@link RemoteOutput#putThenGet}), against raw Netty frames of that size echoed by the peer's event
 * loop (the baseline), and echoed by a thread the peer's event loop hands each frame to (what the
 * thread hop a link's peer makes costs raw Netty); the capsule link again with no thread in the
 * peer ("event-loop echo": a handler on the peer's one {@link LinkEventLoop}, shared by both its
 * link ends, offers each item of A on B; this JVM's two ends share one loop as well); and the
 * throughput of 8 KB capsules against raw Netty moving 8 KB frames.
 *
 * <p>Then, per size, the event-loop echo and {@code putThenGet} each against raw Netty again, both
 * connected at once and run in alternating rounds ({@link Interleaved}: {@value Interleaved#ROUNDS}
 * rounds in {@value Interleaved#SESSIONS} pairs of new connections, each pair after one unreported
 * round, each round a tenth of N pings per side, at most {@value Interleaved#ROUND_PINGS}): the median,
 * least and greatest of the per-round ratios, which a slow state of the machine lasting longer than a
 * round moves on both sides alike, and a slow state of one pair's threads in a quarter of the rounds.
 * The rows answered by a thread are not interleaved: that thread spins while it waits, and would load
 * the baseline's rounds.
 *
 * <pre>
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.net.PayloadBenchMain [--seconds S] [--pings N]
 *     [--warmup S]
 * </pre>
 *
 * <p>Exit status 0; 1 if a run failed or its counts do not reconcile (the message says which); 2 on
 * a usage error.
 */
public final class PayloadBenchMain {
    static final String USAGE = """
            usage: PayloadBenchMain [--seconds S] [--pings N] [--warmup S]
              --seconds S  length of each throughput measurement, after the warm-up (2)
              --pings N    round trips measured for each latency, after the warm-up (20000)
              --warmup S   warm-up of each run, in seconds (1)""";
    /** Both queues of the ping and the pong link, in items. */
    static final int PING_QUEUE = 64;
    /** Both queues of the throughput link, in items: 2 MiB of 8 KB items. */
    static final int SINK_QUEUE = 256;
    /** Bytes of a capsule's record in the sender's queue besides its encoding. */
    private static final int RECORD_HEADER = 12;

    /** Pings between a space-time pinger's consumes and virtual-time moves: 0.4% of round trips. */
    static final int SPACE_TIME_BOOKKEEPING = 256;

    private PayloadBenchMain() {
    }

    public static void main(String[] args) {
        NetMain.main("PayloadBenchMain", USAGE, true, args, PayloadBenchMain::run);
    }

    /** The payload capsule of {@code size} bytes. */
    @SuppressWarnings("unchecked") // the two classes this switch names are Payloads
    static <P extends Payload> Class<P> type(int size) {
        return (Class<P>) switch (size) {
            case Payload512.BYTES -> Payload512.class;
            case Payload8K.BYTES -> Payload8K.class;
            default -> throw new IllegalArgumentException("no payload capsule of " + size + " bytes: "
                    + Payload512.BYTES + " or " + Payload8K.BYTES);
        };
    }

    /** The CREDIT link {@code role} (ping, pong, sink) of capsules of {@code type}. */
    static LinkIdentity identity(String role, Class<? extends Payload> type) {
        return LinkIdentity.ofCapsules("linkbench", "payload-" + role, type.getName(), LinkMode.CREDIT);
    }

    /** Bytes a capsule of {@code type} encodes to: its sequence, its body's length and its body. */
    static int encodedSize(Class<? extends Payload> type) {
        return codecSize(type);
    }

    private static <P extends Payload> int codecSize(Class<P> type) {
        return CapsuleCodec.of(type).encodedSize(CapsuleType.of(type).newInstance());
    }

    /** The sender's queue in bytes for {@code items}: each record with its header, twice over (records never wrap). */
    static int queueBytes(Class<? extends Payload> type, int items) {
        return items * (encodedSize(type) + RECORD_HEADER) * 2;
    }

    /** The runs, with a peer JVM of its own; prints the tables on {@code out}. */
    static void run(BenchOptions o, PrintStream out) throws IOException {
        Machine.describe().forEach(out::println);
        out.printf(Locale.ROOT, "two JVMs on loopback; each run: %.1f s warm-up; latency over %d pings, throughput"
                + " over %.1f s; latency runs of 512 B first, not reported: raw Netty, raw Netty thread answers,"
                + " capsule link%n", o.warmup(), o.pings(),
                o.seconds());
        try (PeerJvm peer = new PeerJvm()) {
            out.println("peer: pid " + peer.pid());
            List<Integer> sizes = List.of(Payload512.BYTES, Payload8K.BYTES);
            PingPong[] raw = new PingPong[sizes.size()];
            PingPong[] rawThread = new PingPong[sizes.size()];
            PingPong[] link = new PingPong[sizes.size()];
            PingPong[] loopEcho = new PingPong[sizes.size()];
            PingPong[] spaceTime = new PingPong[sizes.size()];
            PingPong[] oneRequest = new PingPong[sizes.size()];
            PingPong[] relayThread = new PingPong[sizes.size()];
            // Not reported: the first run in each JVM ran slow (both JVMs still compiling Netty's paths).
            var _ = RawRuns.pings(peer, o, sizes.getFirst());
            // Not reported either: the first run of a thread-answered capsule link had its slow round trips
            // bunched in its first tenth, while both JVMs compiled the link's paths (jmh README, "Network
            // latency, 2026-11-27 afternoon"): a p99 of 0.9 to 2.0 ms with a 1 s warm-up, 25 us with 3 s.
            var _ = RawRuns.pings(peer, o, sizes.getFirst(), true);
            var _ = linkPings(peer, o, PayloadBenchMain.<Payload>type(sizes.getFirst()), false);
            for (int i = 0; i < sizes.size(); i++) {
                raw[i] = RawRuns.pings(peer, o, sizes.get(i));
                rawThread[i] = RawRuns.pings(peer, o, sizes.get(i), true);
                link[i] = linkPings(peer, o, PayloadBenchMain.<Payload>type(sizes.get(i)), false);
                loopEcho[i] = linkPings(peer, o, PayloadBenchMain.<Payload>type(sizes.get(i)), true);
                spaceTime[i] = spaceTimePings(peer, o, sizes.get(i), false, "on-put");
                oneRequest[i] = spaceTimePings(peer, o, sizes.get(i), true, "on-put");
                relayThread[i] = spaceTimePings(peer, o, sizes.get(i), true, "thread");
            }
            int roundPings = Interleaved.roundPings(o.pings());
            Interleaved[] loopEchoRounds = new Interleaved[sizes.size()];
            Interleaved[] oneRequestRounds = new Interleaved[sizes.size()];
            int perSession = Interleaved.ROUNDS / Interleaved.SESSIONS;
            for (int i = 0; i < sizes.size(); i++) {
                int size = sizes.get(i);
                Interleaved[] loopEchoParts = new Interleaved[Interleaved.SESSIONS];
                Interleaved[] oneRequestParts = new Interleaved[Interleaved.SESSIONS];
                for (int k = 0; k < Interleaved.SESSIONS; k++) { // the two rows' sessions alternate too
                    loopEchoParts[k] = withLinkPings(peer, PayloadBenchMain.<Payload>type(size), true,
                            linkTrip -> RawRuns.withPings(peer, size, false,
                                    rawTrip -> Interleaved.run(perSession, roundPings, rawTrip, linkTrip)));
                    oneRequestParts[k] = withSpaceTimePings(peer, size, true, "on-put",
                            stTrip -> RawRuns.withPings(peer, size, false,
                                    rawTrip -> Interleaved.run(perSession, roundPings, rawTrip, stTrip)));
                }
                loopEchoRounds[i] = Interleaved.join(loopEchoParts);
                oneRequestRounds[i] = Interleaved.join(oneRequestParts);
            }
            Rate rawRate = RawRuns.throughput(peer, o, Payload8K.BYTES, 1);
            Rate linkRate = CapsuleRuns.throughput(peer, o, "payload-sink " + Payload8K.BYTES,
                    identity("sink", Payload8K.class), Payload8K.class, SINK_QUEUE,
                    queueBytes(Payload8K.class, SINK_QUEUE), Payload::fill);
            out.println();
            out.println("one-way latency (round trip / 2)      median us   p99 us");
            for (int i = 0; i < sizes.size(); i++) {
                String size = sizes.get(i) + " B";
                out.println(raw[i].row("raw Netty " + size));
                out.println(rawThread[i].row("raw Netty, thread answers " + size));
                out.println(rawThread[i].ratioRow("ratio thread answers / raw " + size, raw[i]));
                out.println(link[i].row("capsule link " + size));
                out.println(link[i].ratioRow("ratio link / raw Netty " + size, raw[i]));
                out.println(link[i].ratioRow("ratio link / thread answers " + size, rawThread[i]));
                out.println(loopEcho[i].row("capsule link, event-loop echo " + size));
                out.println(loopEcho[i].ratioRow("ratio loop echo / raw Netty " + size, raw[i]));
                out.println(spaceTime[i].row("space-time put, get " + size));
                out.println(spaceTime[i].ratioRow("ratio put, get / raw Netty " + size, raw[i]));
                out.println(oneRequest[i].row("space-time putThenGet " + size));
                out.println(oneRequest[i].ratioRow("ratio putThenGet / raw Netty " + size, raw[i]));
                out.println(relayThread[i].row("putThenGet, relay thread " + size));
                out.println(relayThread[i].ratioRow("ratio relay thread / raw Netty " + size, raw[i]));
            }
            out.println();
            out.printf(Locale.ROOT, "round trips above %dx the median, by tenth of the timed pings, all, this JVM's"
                    + " uptime over them%n", PingPong.SLOW_FACTOR);
            for (int i = 0; i < sizes.size(); i++) {
                String size = sizes.get(i) + " B";
                out.println(raw[i].tailRow("raw Netty " + size));
                out.println(rawThread[i].tailRow("raw Netty, thread answers " + size));
                out.println(link[i].tailRow("capsule link " + size));
                out.println(loopEcho[i].tailRow("capsule link, event-loop echo " + size));
                out.println(spaceTime[i].tailRow("space-time put, get " + size));
                out.println(oneRequest[i].tailRow("space-time putThenGet " + size));
                out.println(relayThread[i].tailRow("putThenGet, relay thread " + size));
            }
            out.println();
            out.printf(Locale.ROOT, "interleaved: raw Netty and the row connected at once, %d rounds of %d pings"
                    + " each in %d pairs of connections, each pair after one unreported round, alternating (ABBA);"
                    + " the row's median over raw Netty's per round%n", Interleaved.ROUNDS, roundPings,
                    Interleaved.SESSIONS);
            out.println(Interleaved.header());
            for (int i = 0; i < sizes.size(); i++) {
                String size = sizes.get(i) + " B";
                out.println(loopEchoRounds[i].row("interleaved loop echo / raw Netty " + size));
                out.println(oneRequestRounds[i].row("interleaved putThenGet / raw Netty " + size));
            }
            out.println();
            out.println(Rate.header("8 KB items"));
            out.println(rawRate.row("raw Netty", Payload8K.BYTES, rawRate));
            out.println(linkRate.row("capsule link", Payload8K.BYTES, rawRate));
            out.printf(Locale.ROOT, "counts: raw Netty sent %d items, received %d; capsule link accepted %d sent %d"
                    + " received %d, each whole and in order%n", rawRate.sent(), rawRate.received(),
                    linkRate.accepted(), linkRate.sent(), linkRate.received());
        }
        out.println("peer exited");
    }

    /**
     * Round trips of one item of {@code size} bytes through a space-time server in the peer: a remote
     * put on {@code ping}, the peer's relay puts it on {@code pong} ({@code relay}: {@code on-put}, an
     * asynchronous get's handler run by the server's event loop that put the item; {@code thread}, a
     * Java thread blocked in its gets), a remote blocking get of
     * the same timestamp, into one buffer of the pinger's (no array per get, as raw Netty's pinger
     * allocates none). Two requests per round trip, each answered; with {@code oneRequest}, one
     * ({@link RemoteOutput#putThenGet}: the put and the get in one request). The thread consumes what it got
     * and moves its virtual time once every {@link #SPACE_TIME_BOOKKEEPING} pings (two more requests),
     * as Stampede's tracker consumes up to a timestamp, so that those round trips stay beyond the p99.
     */
    private static PingPong spaceTimePings(PeerJvm peer, BenchOptions o, int size, boolean oneRequest,
            String relay) {
        return withSpaceTimePings(peer, size, oneRequest, relay, trip -> PingPong.run(o, trip));
    }

    /**
     * Hands {@code body} the round trip of {@link #spaceTimePings} (its values the consecutive
     * timestamps, from 0), then closes the connection and stops the peer's server, with whatever else
     * {@code body} opened in the peer.
     */
    private static <R> R withSpaceTimePings(PeerJvm peer, int size, boolean oneRequest, String relay,
            Function<LongConsumer, R> body) {
        int port = peer.port("spacetime-echo " + size + " " + relay);
        try (RemoteSpaceTime space = RemoteSpaceTime.connect(LinkBenchPeer.loopback(port))) {
            RemoteThread pinger = space.join("pinger", 0);
            RemoteOutput ping = pinger.attachOutput("ping");
            RemoteInput pong = pinger.attachInput("pong");
            byte[] item = new byte[size];
            byte[] back = new byte[size];
            ByteBuffer numbered = ByteBuffer.wrap(item);
            ByteBuffer got = ByteBuffer.wrap(back);
            return body.apply(v -> {
                numbered.putLong(0, v);
                got.putLong(0, -1);
                int length;
                try {
                    if (oneRequest) {
                        length = ping.putThenGet(v, item, pong, v, 10, TimeUnit.SECONDS, back);
                    } else {
                        ping.put(v, item);
                        length = pong.get(v, 10, TimeUnit.SECONDS, back);
                    }
                } catch (ItemNotAvailableException e) {
                    throw new BenchFailure("space-time ping-pong of " + size + " bytes: " + v + " did not come back"
                            + " within 10 s: " + e.getMessage());
                }
                if (length != size || got.getLong(0) != v || back[size - 1] != item[size - 1]) {
                    throw new BenchFailure("space-time ping-pong of " + size + " bytes: sent " + v + ", got "
                            + length + " bytes numbered " + got.getLong(0));
                }
                if ((v + 1) % SPACE_TIME_BOOKKEEPING == 0) {
                    pong.consumeUntil(v);
                    pinger.setVirtualTime(v + 1);
                }
            });
        } finally {
            peer.ask("stop");
        }
    }

    /**
     * Round trips of one capsule of {@code type}: out on link A, echoed by the peer on link B: by a
     * thread of the peer's ({@code payload-echo}), each link end on an event loop of its own; or, with
     * {@code onLoop}, by a handler on the peer's one event loop ({@code payload-loop-echo}), and this
     * JVM's two ends sharing one event loop too, as raw Netty's client has one.
     */
    private static <P extends Payload> PingPong linkPings(PeerJvm peer, BenchOptions o, Class<P> type,
            boolean onLoop) {
        return withLinkPings(peer, type, onLoop, trip -> PingPong.run(o, trip));
    }

    /**
     * Hands {@code body} the round trip of {@link #linkPings} (its values consecutive, from 0), then
     * closes link A, stops the peer's ends, with whatever else {@code body} opened in the peer, and
     * closes this JVM's server and loop.
     */
    private static <P extends Payload, R> R withLinkPings(PeerJvm peer, Class<P> type, boolean onLoop,
            Function<LongConsumer, R> body) {
        try (LinkEventLoop loop = onLoop ? LinkEventLoop.create() : null) {
            return withLinkPings(peer, type, loop, body);
        }
    }

    private static <P extends Payload, R> R withLinkPings(PeerJvm peer, Class<P> type, LinkEventLoop loop,
            Function<LongConsumer, R> body) {
        CapsuleCodec<P> codec = CapsuleCodec.of(type);
        InetSocketAddress any = LinkBenchPeer.loopback(0);
        try (NetworkLinkServer here = loop == null ? NetworkLinkServer.open(any) : NetworkLinkServer.open(any, loop)) {
            CapsuleLinkReceiver<P> pong = here.capsuleReceiver(identity("pong", type), codec, PING_QUEUE,
                    encodedSize(type));
            int port = peer.port((loop == null ? "payload-echo " : "payload-loop-echo ")
                    + CapsuleType.of(type).newInstance().size() + " " + here.address().getPort());
            LinkClientSettings settings = loop == null ? LinkClientSettings.DEFAULT
                    : LinkClientSettings.DEFAULT.withEventLoop(loop);
            try (NetworkLinkClient ping = NetworkLinkClient.connectCapsules(LinkBenchPeer.loopback(port),
                    identity("ping", type), codec, PING_QUEUE, queueBytes(type, PING_QUEUE), settings)) {
                P out = CapsuleType.of(type).newInstance();
                P back = CapsuleType.of(type).newInstance();
                return body.apply(v -> {
                    out.fill(v);
                    int idle = 0;
                    while (!ping.offer(out)) {
                        idle = Idle.pause(idle);
                    }
                    idle = 0;
                    while (!pong.poll(back)) {
                        idle = Idle.pause(idle);
                    }
                    if (back.sequence != v || !back.whole()) {
                        throw new BenchFailure("capsule ping-pong of " + out.size() + " bytes: sent " + v + ", "
                                + back.sequence + (back.whole() ? "" : ", not whole,") + " came back");
                    }
                });
            } finally {
                peer.ask("stop");
            }
        }
    }
}
