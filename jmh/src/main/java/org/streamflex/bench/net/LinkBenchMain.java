package org.streamflex.bench.net;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongConsumer;
import org.streamflex.bench.Machine;
import org.streamflex.runtime.net.ElementKind;
import org.streamflex.runtime.net.LinkIdentity;
import org.streamflex.runtime.net.LinkMode;
import org.streamflex.runtime.net.LongLinkReceiver;
import org.streamflex.runtime.net.NetworkLinkClient;
import org.streamflex.runtime.net.NetworkLinkServer;

/**
 * Network links between two JVMs on loopback against raw Netty between the same two JVMs, in the
 * same run: the throughput of a CREDIT link of longs (this JVM offers as fast as credit allows, a
 * second JVM, {@link LinkBenchPeer}, drains) against Netty writing frames of {@link RawNetty#BATCH}
 * longs with its own writability backpressure; and the one-way latency (round trip / 2) of a single
 * long by ping-pong, link A out and link B back, against a raw Netty echo.
 *
 * <pre>
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.net.LinkBenchMain [--seconds S] [--pings N]
 *     [--warmup S]
 * </pre>
 *
 * <p>Exit status 0; 1 if a run failed or its counts do not reconcile (the message says which); 2 on
 * a usage error.
 */
public final class LinkBenchMain {
    static final String USAGE = """
            usage: LinkBenchMain [--seconds S] [--pings N] [--warmup S]
              --seconds S  length of each throughput measurement, after the warm-up (2)
              --pings N    round trips measured for each latency, after the warm-up (20000)
              --warmup S   warm-up of each of the four runs, in seconds (1)""";
    static final LinkIdentity THROUGHPUT = LinkIdentity.of("linkbench", "throughput", ElementKind.LONG,
            LinkMode.CREDIT);
    static final LinkIdentity PING = LinkIdentity.of("linkbench", "ping", ElementKind.LONG, LinkMode.CREDIT);
    static final LinkIdentity PONG = LinkIdentity.of("linkbench", "pong", ElementKind.LONG, LinkMode.CREDIT);
    /** Both queues of the throughput link. */
    static final int QUEUE = 1 << 16;
    static final int PING_QUEUE = 1024;

    private LinkBenchMain() {
    }

    public static void main(String[] args) {
        NetMain.main("LinkBenchMain", USAGE, true, args, LinkBenchMain::run);
    }

    /** Runs the four measurements with a peer JVM of its own, and prints the table on {@code out}. */
    static void run(BenchOptions o, PrintStream out) throws IOException {
        Machine.describe().forEach(out::println);
        out.printf(Locale.ROOT, "two JVMs on loopback; each run: %.1f s warm-up; throughput over %.1f s, latency over"
                + " %d pings%n", o.warmup(), o.seconds(), o.pings());
        try (PeerJvm peer = new PeerJvm()) {
            out.println("peer: pid " + peer.pid());
            Rate raw = RawRuns.throughput(peer, o, Long.BYTES, RawNetty.BATCH);
            Rate link = linkThroughput(peer, o);
            PingPong rawRtt = RawRuns.pings(peer, o, Long.BYTES);
            PingPong linkRtt = linkPings(peer, o);
            out.println();
            out.println(Rate.header("throughput"));
            out.println(raw.row("raw Netty", Long.BYTES, raw));
            out.println(link.row("CREDIT link", Long.BYTES, raw));
            out.printf(Locale.ROOT, "counts: raw Netty sent %d received %d; CREDIT link accepted %d sent %d"
                    + " received %d%n", raw.sent(), raw.received(), link.accepted(), link.sent(), link.received());
            out.println();
            out.println("one-way latency (round trip / 2)   median us   p99 us");
            out.println(rawRtt.row("raw Netty"));
            out.println(linkRtt.row("CREDIT link"));
            out.println(linkRtt.ratioRow("ratio link / raw Netty", rawRtt));
        }
        out.println("peer exited");
    }

    private static Rate linkThroughput(PeerJvm peer, BenchOptions o) {
        return LinkRuns.throughput(peer, o, "link-sink", "CREDIT link",
                port -> NetworkLinkClient.connect(LinkBenchPeer.loopback(port), THROUGHPUT, QUEUE), Counting::new);
    }

    /** Offers 0, 1, 2, ... */
    private static final class Counting implements LinkRuns.Offers {
        private final NetworkLinkClient link;
        private long next;

        Counting(NetworkLinkClient link) {
            this.link = link;
        }

        @Override
        public boolean offerNext() {
            if (!link.offer(next)) {
                return false;
            }
            next++;
            return true;
        }
    }

    private static PingPong linkPings(PeerJvm peer, BenchOptions o) {
        try (NetworkLinkServer here = NetworkLinkServer.open(LinkBenchPeer.loopback(0))) {
            LongLinkReceiver pong = here.longReceiver(PONG, PING_QUEUE);
            int port = peer.port("link-echo " + here.address().getPort());
            try (NetworkLinkClient ping = NetworkLinkClient.connect(LinkBenchPeer.loopback(port), PING, PING_QUEUE)) {
                Echoed echoed = new Echoed();
                return PingPong.run(o, v -> {
                    int idle = 0;
                    while (!ping.offer(v)) {
                        idle = Idle.pause(idle);
                    }
                    idle = 0;
                    while (pong.drain(echoed, 1) == 0) {
                        idle = Idle.pause(idle);
                    }
                    if (echoed.value != v) {
                        throw new BenchFailure("link ping-pong: sent " + v + ", " + echoed.value + " came back");
                    }
                });
            } finally {
                peer.ask("stop");
            }
        }
    }

    /** The value the pinging thread drained last. */
    private static final class Echoed implements LongConsumer {
        long value = -1;

        @Override
        public void accept(long v) {
            value = v;
        }
    }
}
