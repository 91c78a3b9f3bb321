package org.streamflex.bench.net;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

    /** The options: those of every network benchmark but {@code --pings}, and the segment's length. */
    record Options(BenchOptions run, int samples) {
        static Options parse(String... args) {
            int samples = 2048;
            List<String> rest = new ArrayList<>();
            for (int i = 0; i < args.length; i++) {
                if (!args[i].equals("--samples")) {
                    rest.add(args[i]);
                    continue;
                }
                if (++i >= args.length) {
                    throw new IllegalArgumentException("--samples needs a value");
                }
                double n;
                try {
                    n = Double.parseDouble(args[i]);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("--samples needs an even whole number from 2 to 16384, not "
                            + args[i], e);
                }
                if (n != Math.rint(n) || n < 2 || n > 16_384 || n % 2 != 0) {
                    throw new IllegalArgumentException("--samples needs an even whole number from 2 to 16384, not "
                            + args[i]);
                }
                samples = (int) n;
            }
            return new Options(BenchOptions.parse(false, rest.toArray(new String[0])), samples);
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
            System.err.println("SegmentBenchMain: " + (e instanceof BenchFailure ? e.getMessage() : e.toString()));
            System.exit(1);
        }
    }

    /** The bits of sample {@code i} of every segment the producer sends. */
    static int sampleBits(int i) {
        return 0x3F800000 + 31 * i;
    }

    /** Both runs with a peer JVM of its own; prints the table on {@code out}. */
    static void run(Options options, PrintStream out) throws IOException {
        BenchOptions o = options.run();
        int bytes = options.samples() * Float.BYTES;
        Machine.describe().forEach(out::println);
        out.printf(Locale.ROOT, "two JVMs on loopback; segments of %d floats (%d bytes); each run: %.1f s warm-up,"
                + " then %.1f s measured%n", options.samples(), bytes, o.warmup(), o.seconds());
        try (PeerJvm peer = new PeerJvm()) {
            out.println("peer: pid " + peer.pid());
            // Raw Netty's frames carry one segment's bytes each: a frame is one item.
            Rate raw = RawRuns.throughput(peer, o, bytes, 1);
            Rate link = segmentThroughput(peer, options);
            out.println();
            out.println(Rate.header("segments"));
            out.println(raw.row("raw Netty", bytes, raw));
            out.println(link.row("segment link", bytes, raw));
            out.printf(Locale.ROOT, "counts: raw Netty sent %d frames, received %d; segment link accepted %d sent %d"
                    + " received %d, each with its start and samples%n", raw.sent(), raw.received(), link.accepted(),
                    link.sent(), link.received());
        }
        out.println("peer exited");
    }

    private static Rate segmentThroughput(PeerJvm peer, Options options) {
        return LinkRuns.throughput(peer, options.run(), "segment-sink " + options.samples(), "segment link",
                port -> NetworkLinkClient.connectShared(LinkBenchPeer.loopback(port), SEGMENTS,
                        SharedCodec.of(FloatSeg.class), QUEUE, 1 << 24, MAX_ITEM, LinkClientSettings.DEFAULT),
                link -> new Renumbered(link, options.samples()));
    }

    /** Offers segments starting at 0, n, 2n, ...: one buffer of samples, renumbered. */
    private static final class Renumbered implements LinkRuns.Offers {
        private final NetworkLinkClient link;
        private final int samples;
        private final FloatSeg recording;
        private long start;
        private FloatSeg next;

        Renumbered(NetworkLinkClient link, int samples) {
            this.link = link;
            this.samples = samples;
            this.recording = FloatSeg.make(SIGNAL, 0, samples);
            for (int i = 0; i < samples; i++) {
                recording.set(i, Float.intBitsToFloat(sampleBits(i)));
            }
            this.next = recording.renumbered(0, samples, SIGNAL, 0);
        }

        @Override
        public boolean offerNext() {
            if (!link.offer(next)) {
                return false;
            }
            next.release(); // the link holds its own reference until the segment is in a frame
            start += samples;
            next = recording.renumbered(0, samples, SIGNAL, start);
            return true;
        }

        @Override
        public void done() {
            next.release();
            recording.release();
        }
    }
}
