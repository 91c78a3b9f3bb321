package org.streamflex.bench.net;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.streamflex.bench.Machine;
import org.streamflex.runtime.capsule.CapsuleType;
import org.streamflex.runtime.net.CapsuleCodec;
import org.streamflex.runtime.net.LinkClientSettings;
import org.streamflex.runtime.net.LinkIdentity;
import org.streamflex.runtime.net.LinkMode;
import org.streamflex.runtime.net.NetworkLinkClient;

/**
 * The throughput of a CREDIT link of 64-byte capsules ({@link Record64}) between two JVMs on loopback
 * against raw Netty carrying the same bytes between the same two JVMs, in the same run: this JVM
 * offers capsules as fast as credit allows, the peer ({@link LinkBenchPeer}) decodes each into one
 * pooled capsule and checks it. The raw baseline is {@link LinkBenchMain}'s: frames of 4 KiB, that is
 * 64 records of 64 bytes, counted in records.
 *
 * <pre>
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.net.CapsuleBenchMain [--seconds S] [--warmup S]
 * </pre>
 *
 * <p>Exit status 0; 1 if a run failed or its counts do not reconcile; 2 on a usage error.
 */
public final class CapsuleBenchMain {
    static final String USAGE = """
            usage: CapsuleBenchMain [--seconds S] [--warmup S]
              --seconds S  length of each throughput measurement, after the warm-up (2)
              --warmup S   warm-up of each run, in seconds (1)""";
    static final LinkIdentity CAPSULES = LinkIdentity.ofCapsules("linkbench", "capsules", Record64.class.getName(),
            LinkMode.CREDIT);
    /** Bytes of a record: what a Record64 encodes to. */
    static final int RECORD = 64;
    /** Items of both queues. */
    static final int QUEUE = 1 << 14;
    /** The sender's queue in bytes: every item with its 12-byte header, twice over (records never wrap). */
    static final int QUEUE_BYTES = QUEUE * (RECORD + 12) * 2;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private CapsuleBenchMain() {
    }

    public static void main(String[] args) {
        LinkBenchMain.Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("CapsuleBenchMain: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        try {
            run(options, System.out);
        } catch (RuntimeException | IOException e) {
            System.out.flush();
            System.err.println("CapsuleBenchMain: " + (e instanceof LinkBenchMain.BenchFailure ? e.getMessage()
                    : e.toString()));
            System.exit(1);
        }
    }

    static LinkBenchMain.Options parse(String... args) {
        double seconds = 2;
        double warmup = 1;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seconds" -> seconds = number(args, ++i, false);
                case "--warmup" -> warmup = number(args, ++i, true);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        return new LinkBenchMain.Options(seconds, 1, warmup);
    }

    private static double number(String[] args, int i, boolean zero) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a number");
        }
        double v;
        try {
            v = Double.parseDouble(args[i]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(args[i - 1] + " needs a number, not " + args[i]);
        }
        if (!(v > 0 || (zero && v == 0)) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(args[i - 1] + " needs a " + (zero ? "non-negative" : "positive")
                    + " number, not " + args[i]);
        }
        return v;
    }

    /** Both runs with a peer JVM of its own; prints the table on {@code out}. */
    static void run(LinkBenchMain.Options o, PrintStream out) throws IOException {
        Machine.describe().forEach(out::println);
        out.printf(Locale.ROOT, "two JVMs on loopback; each run: %.1f s warm-up, then %.1f s measured%n",
                o.warmup(), o.seconds());
        try (LinkBenchMain.Peer peer = new LinkBenchMain.Peer()) {
            out.println("peer: pid " + peer.pid());
            LinkBenchMain.Rate raw = LinkBenchMain.rawThroughput(peer, o);
            LinkBenchMain.Rate link = capsuleThroughput(peer, o);
            // The raw run counts longs: eight make one 64-byte record.
            double rawRecords = raw.perSecond() * Long.BYTES / RECORD;
            double rawProcess = (double) raw.processBytes() / raw.items() * RECORD / Long.BYTES;
            out.println();
            out.println("64-byte records     items/s       MB/s  B/item (process)  B/item (producer)  ratio");
            out.printf(Locale.ROOT, "%-15s %11.0f %10.1f %17.3f %18s %5.2fx%n", "raw Netty", rawRecords,
                    rawRecords * RECORD / 1e6, rawProcess, "n/a", 1.0);
            out.printf(Locale.ROOT, "%-15s %11.0f %10.1f %17.3f %18.3f %5.2fx%n", "capsule link", link.perSecond(),
                    link.perSecond() * RECORD / 1e6, (double) link.processBytes() / link.items(),
                    (double) link.producerBytes() / link.items(), link.perSecond() / rawRecords);
            out.printf(Locale.ROOT, "counts: raw Netty sent %d longs, received %d; capsule link accepted %d sent %d"
                    + " received %d, each whole and in order%n", raw.sent(), raw.received(), link.accepted(),
                    link.sent(), link.received());
        }
        out.println("peer exited");
    }

    private static LinkBenchMain.Rate capsuleThroughput(LinkBenchMain.Peer peer, LinkBenchMain.Options o) {
        int port = peer.port("capsule-sink");
        CapsuleCodec<Record64> codec = CapsuleCodec.of(Record64.class);
        try (NetworkLinkClient link = NetworkLinkClient.connectCapsules(LinkBenchPeer.loopback(port), CAPSULES, codec,
                QUEUE, QUEUE_BYTES, LinkClientSettings.DEFAULT)) {
            Producer producer = new Producer(link);
            Thread thread = new Thread(producer, "capsule-bench-producer");
            thread.start();
            LinkBenchMain.sleep(o.warmup());
            long a = link.counters().accepted();
            long t0 = System.nanoTime();
            long process0 = THREADS.getTotalThreadAllocatedBytes();
            long producer0 = THREADS.getThreadAllocatedBytes(thread.threadId());
            LinkBenchMain.sleep(o.seconds());
            long b = link.counters().accepted();
            long t1 = System.nanoTime();
            long process1 = THREADS.getTotalThreadAllocatedBytes();
            long producer1 = THREADS.getThreadAllocatedBytes(thread.threadId());
            producer.running = false;
            LinkBenchMain.join(thread);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (link.queued() > 0 && System.nanoTime() < deadline) {
                LinkBenchMain.sleep(0.001);
            }
            long accepted = link.counters().accepted();
            long sent = link.counters().sent();
            long received = peer.await(accepted);
            String answer = peer.ask("broken");
            long broken = answer.startsWith("broken ") ? Long.parseLong(answer.substring(7)) : -1;
            if (sent != accepted || received != sent || broken != 0) {
                throw new LinkBenchMain.BenchFailure("capsule link: accepted " + accepted + ", sent " + sent
                        + ", the peer received " + received + ", " + broken + " not whole or out of order ("
                        + link.counters() + ")");
            }
            return new LinkBenchMain.Rate(b - a, t1 - t0, process1 - process0, producer1 - producer0, accepted, sent,
                    received);
        } finally {
            peer.ask("stop");
        }
    }

    /** Offers capsules numbered 0, 1, 2, ... as fast as credit allows, refilling one capsule. */
    private static final class Producer implements Runnable {
        private final NetworkLinkClient link;
        volatile boolean running = true;

        Producer(NetworkLinkClient link) {
            this.link = link;
        }

        @Override
        public void run() {
            Record64 r = CapsuleType.of(Record64.class).newInstance();
            long next = 0;
            int idle = 0;
            r.fill(next);
            while (running) {
                if (link.offer(r)) {
                    r.fill(++next);
                    idle = 0;
                } else {
                    idle = Idle.pause(idle);
                }
            }
        }
    }
}
