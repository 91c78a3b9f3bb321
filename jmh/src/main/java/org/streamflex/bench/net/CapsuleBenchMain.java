package org.streamflex.bench.net;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;
import org.streamflex.bench.Machine;
import org.streamflex.runtime.net.LinkIdentity;
import org.streamflex.runtime.net.LinkMode;

/**
 * The throughput of a CREDIT link of 64-byte capsules ({@link Record64}) between two JVMs on loopback
 * against raw Netty carrying the same bytes between the same two JVMs, in the same run: this JVM
 * offers capsules as fast as credit allows, the peer ({@link LinkBenchPeer}) decodes each into one
 * pooled capsule and checks it. The raw baseline writes frames of 4 KiB, that is 64 records of 64
 * bytes, counted in records.
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
    /** Records in a raw frame: 4 KiB. */
    static final int RAW_BATCH = 64;
    /** Items of both queues. */
    static final int QUEUE = 1 << 14;
    /** The sender's queue in bytes: every item with its 12-byte header, twice over (records never wrap). */
    static final int QUEUE_BYTES = QUEUE * (RECORD + 12) * 2;

    private CapsuleBenchMain() {
    }

    public static void main(String[] args) {
        NetMain.main("CapsuleBenchMain", USAGE, false, args, CapsuleBenchMain::run);
    }

    /** Both runs with a peer JVM of its own; prints the table on {@code out}. */
    static void run(BenchOptions o, PrintStream out) throws IOException {
        Machine.describe().forEach(out::println);
        out.printf(Locale.ROOT, "two JVMs on loopback; each run: %.1f s warm-up, then %.1f s measured%n",
                o.warmup(), o.seconds());
        try (PeerJvm peer = new PeerJvm()) {
            out.println("peer: pid " + peer.pid());
            Rate raw = RawRuns.throughput(peer, o, RECORD, RAW_BATCH);
            Rate link = CapsuleRuns.throughput(peer, o, "capsule-sink", CAPSULES, Record64.class, QUEUE, QUEUE_BYTES,
                    Record64::fill);
            out.println();
            out.println(Rate.header("64-byte records"));
            out.println(raw.row("raw Netty", RECORD, raw));
            out.println(link.row("capsule link", RECORD, raw));
            out.printf(Locale.ROOT, "counts: raw Netty sent %d records, received %d; capsule link accepted %d sent %d"
                    + " received %d, each whole and in order%n", raw.sent(), raw.received(), link.accepted(),
                    link.sent(), link.received());
        }
        out.println("peer exited");
    }
}
