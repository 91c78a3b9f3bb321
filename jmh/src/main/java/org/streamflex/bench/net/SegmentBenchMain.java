package org.streamflex.bench.net;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.streamflex.bench.Machine;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Timebase;
import org.streamflex.runtime.net.LinkClientSettings;
import org.streamflex.runtime.net.LinkIdentity;
import org.streamflex.runtime.net.LinkMode;
import org.streamflex.runtime.net.NetworkLinkClient;
import org.streamflex.runtime.net.SharedCodec;

/**
 * The throughput of a CREDIT link of signal segments ({@code FloatSeg}, 8 KiB of samples by default)
 * between two JVMs on loopback against raw Netty carrying the same bytes between the same two JVMs,
 * in the same run: this JVM offers segments as fast as credit allows (each a new header over one
 * buffer of samples, renumbered: no sample is written per item, as a source replaying a recording
 * does), the peer ({@link LinkBenchPeer}) decodes each into a new pooled segment, checks its start
 * and samples, and releases it. The raw baseline is {@link LinkBenchMain}'s pump with frames of a
 * segment's bytes (1024 longs for 8 KiB) copied from one buffer, as the link copies samples, counted
 * in frames.
 *
 * <pre>
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.net.SegmentBenchMain [--seconds S] [--warmup S]
 *     [--samples N]
 * </pre>
 *
 * <p>Exit status 0; 1 if a run failed or its counts do not reconcile; 2 on a usage error.
 */
public final class SegmentBenchMain {
    static final String USAGE = """
            usage: SegmentBenchMain [--seconds S] [--warmup S] [--samples N]
              --seconds S  length of each throughput measurement, after the warm-up (2)
              --warmup S   warm-up of each run, in seconds (1)
              --samples N  floats per segment, a multiple of 2 from 2 to 16384 (2048: 8 KiB)""";
    static final LinkIdentity SEGMENTS = LinkIdentity.ofShared("linkbench", "segments", FloatSeg.class.getName(),
            LinkMode.CREDIT);
    static final Timebase SIGNAL = Timebase.of("bench", 48_000, 0);
    /** Items of both queues: 2 MiB of 8 KiB segments in flight. */
    static final int QUEUE = 256;
    /** The largest item either side takes: 16,384 floats and their header. */
    static final int MAX_ITEM = 16_384 * Float.BYTES + 256;

    private SegmentBenchMain() {
    }

    /** The options: those of {@link LinkBenchMain} and the segment's length. */
    record Options(LinkBenchMain.Options run, int samples) {
        static Options parse(String... args) {
            double seconds = 2;
            double warmup = 1;
            int samples = 2048;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--seconds" -> seconds = number(args, ++i, false);
                    case "--warmup" -> warmup = number(args, ++i, true);
                    case "--samples" -> {
                        double n = number(args, ++i, false);
                        if (n != Math.rint(n) || n < 2 || n > 16_384 || n % 2 != 0) {
                            throw new IllegalArgumentException("--samples needs an even whole number from 2 to 16384,"
                                    + " not " + args[i]);
                        }
                        samples = (int) n;
                    }
                    default -> throw new IllegalArgumentException("unknown argument " + args[i]);
                }
            }
            return new Options(new LinkBenchMain.Options(seconds, 1, warmup), samples);
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
    }

    public static void main(String[] args) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("SegmentBenchMain: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        try {
            run(options, System.out);
        } catch (RuntimeException | IOException e) {
            System.out.flush();
            System.err.println("SegmentBenchMain: " + (e instanceof LinkBenchMain.BenchFailure ? e.getMessage()
                    : e.toString()));
            System.exit(1);
        }
    }

    /** The bits of sample {@code i} of every segment the producer sends. */
    static int sampleBits(int i) {
        return 0x3F800000 + 31 * i;
    }

    /** Both runs with a peer JVM of its own; prints the table on {@code out}. */
    static void run(Options options, PrintStream out) throws IOException {
        LinkBenchMain.Options o = options.run();
        int bytes = options.samples() * Float.BYTES;
        Machine.describe().forEach(out::println);
        out.printf(Locale.ROOT, "two JVMs on loopback; segments of %d floats (%d bytes); each run: %.1f s warm-up,"
                + " then %.1f s measured%n", options.samples(), bytes, o.warmup(), o.seconds());
        try (LinkBenchMain.Peer peer = new LinkBenchMain.Peer()) {
            out.println("peer: pid " + peer.pid());
            LinkBenchMain.Rate raw = LinkBenchMain.rawThroughput(peer, o, new RawNetty.Pump(bytes / Long.BYTES, true));
            LinkBenchMain.Rate link = segmentThroughput(peer, options);
            // The raw run counts longs: a frame of a segment's bytes is one item.
            double rawItems = raw.perSecond() * Long.BYTES / bytes;
            double rawProcess = (double) raw.processBytes() / raw.items() * bytes / Long.BYTES;
            out.println();
            out.println("segments            items/s       MB/s  B/item (process)  B/item (producer)  ratio");
            out.printf(Locale.ROOT, "%-15s %11.0f %10.1f %17.3f %18s %5.2fx%n", "raw Netty", rawItems,
                    rawItems * bytes / 1e6, rawProcess, "n/a", 1.0);
            out.printf(Locale.ROOT, "%-15s %11.0f %10.1f %17.3f %18.3f %5.2fx%n", "segment link", link.perSecond(),
                    link.perSecond() * bytes / 1e6, (double) link.processBytes() / link.items(),
                    (double) link.producerBytes() / link.items(), link.perSecond() / rawItems);
            if (raw.items() == 0 || link.items() == 0) {
                out.println("nothing was sent in a measured window (a loaded machine, or a short one): lengthen"
                        + " --seconds and --warmup");
            }
            out.printf(Locale.ROOT, "counts: raw Netty sent %d longs, received %d; segment link accepted %d sent %d"
                    + " received %d, each with its start and samples%n", raw.sent(), raw.received(), link.accepted(),
                    link.sent(), link.received());
        }
        out.println("peer exited");
    }

    private static LinkBenchMain.Rate segmentThroughput(LinkBenchMain.Peer peer, Options options) {
        LinkBenchMain.Options o = options.run();
        int port = peer.port("segment-sink " + options.samples());
        try (NetworkLinkClient link = NetworkLinkClient.connectShared(LinkBenchPeer.loopback(port), SEGMENTS,
                SharedCodec.of(FloatSeg.class), QUEUE, 1 << 24, MAX_ITEM, LinkClientSettings.DEFAULT)) {
            Producer producer = new Producer(link, options.samples());
            Thread thread = new Thread(producer, "segment-bench-producer");
            thread.start();
            LinkBenchMain.sleep(o.warmup());
            LinkBenchMain.Snapshot a = LinkBenchMain.Snapshot.take(link.counters().accepted(), thread.threadId());
            LinkBenchMain.sleep(o.seconds());
            LinkBenchMain.Snapshot b = LinkBenchMain.Snapshot.take(link.counters().accepted(), thread.threadId());
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
                throw new LinkBenchMain.BenchFailure("segment link: accepted " + accepted + ", sent " + sent
                        + ", the peer received " + received + ", " + broken + " not whole or out of order ("
                        + link.counters() + ")");
            }
            return new LinkBenchMain.Rate(b.count() - a.count(), b.nanos() - a.nanos(),
                    b.processBytes() - a.processBytes(), b.producerBytes() - a.producerBytes(), accepted, sent,
                    received);
        } finally {
            peer.ask("stop");
        }
    }

    /** Offers segments starting at 0, n, 2n, ... as fast as credit allows: one buffer of samples, renumbered. */
    private static final class Producer implements Runnable {
        private final NetworkLinkClient link;
        private final int samples;
        volatile boolean running = true;

        Producer(NetworkLinkClient link, int samples) {
            this.link = link;
            this.samples = samples;
        }

        @Override
        public void run() {
            FloatSeg recording = FloatSeg.make(SIGNAL, 0, samples);
            for (int i = 0; i < samples; i++) {
                recording.set(i, Float.intBitsToFloat(sampleBits(i)));
            }
            long start = 0;
            int idle = 0;
            FloatSeg next = recording.renumbered(0, samples, SIGNAL, start);
            while (running) {
                if (link.offer(next)) {
                    next.release(); // the link copied it: this header and its hold on the buffer go back
                    start += samples;
                    next = recording.renumbered(0, samples, SIGNAL, start);
                    idle = 0;
                } else {
                    idle = Idle.pause(idle);
                }
            }
            next.release();
            recording.release();
        }
    }
}
