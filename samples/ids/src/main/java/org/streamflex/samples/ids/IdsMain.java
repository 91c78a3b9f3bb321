package org.streamflex.samples.ids;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.streamflex.samples.ids.pcap.PcapFeeder;
import org.streamflex.samples.ids.pcap.PcapReader;
import org.streamflex.samples.ids.pcap.TrafficGenerator;

/**
 * The intrusion detection sample: runs the paper's graph on a pcap file (the bundled sample by
 * default: 20,000 generated frames with attacks, trusting 10.1.0.0/16) and prints what it found.
 *
 * <pre>
 * ./mvnw -q compile exec:java                                    # the bundled sample
 * ./mvnw -q compile exec:java -Dexec.args="--pcap capture.pcap --trust 10.0.0.0/8 --period 0"
 * </pre>
 *
 * Options: {@code --pcap FILE} (classic pcap, or gzip of one if the name ends in .gz),
 * {@code --trust NETWORK/PREFIX} (repeatable), {@code --period MICROS} (the reader's clock, 80 by
 * default as in the paper; 0 for free-running), {@code --per-release N} (packets the reader parses
 * per release, 64 by default; 1 is the paper's set-up).
 */
public final class IdsMain {
    /** Frames in the reader's buffer before the graph starts: its first releases find packets. */
    static final int PREFILL_FRAMES = 256;
    private IdsMain() {
    }

    public static void main(String[] args) throws Exception {
        Path pcap = null;
        int period = 80;
        int perRelease = 64;
        List<int[]> trusted = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--pcap" -> pcap = Path.of(required(args[i], value));
                case "--period" -> period = Integer.parseInt(required(args[i], value));
                case "--trust" -> trusted.add(parsePrefix(required(args[i], value)));
                case "--per-release" -> perRelease = Integer.parseInt(required(args[i], value));
                default -> usage("unknown option " + args[i]);
            }
            i++;
        }
        if (pcap == null && trusted.isEmpty()) {
            trusted.add(new int[] {TrafficGenerator.TRUSTED_NETWORK, TrafficGenerator.TRUSTED_PREFIX});
        }
        Intrusion ids = new Intrusion(period);
        ids.reader.perRelease(perRelease);
        for (int[] prefix : trusted) {
            if (!ids.trust.trust(prefix[0], prefix[1])) {
                usage("too many --trust prefixes");
            }
        }
        String source = pcap == null ? "the bundled sample (20,000 generated frames)" : pcap.toString();
        System.out.println("Intrusion detection on " + source + ", reader period "
                + (period == 0 ? "free-running" : period + " us"));
        PcapFeeder feeder = new PcapFeeder(ids.reader);
        long start = System.nanoTime();
        Thread progress = Thread.ofPlatform().daemon().start(() -> {
            try {
                while (true) {
                    Thread.sleep(1000);
                    System.out.printf(Locale.ROOT, "  ... %d frames fed, %d analyzed, %.1f MB%n", feeder.fed(),
                            ids.dump.packets, feeder.fedBytes() / 1e6);
                }
            } catch (InterruptedException e) {
                // done
            }
        });
        // The feeder fills the reader's buffer before the graph starts (calls then apply
        // directly), so that releases find packets from the first one on.
        PcapReader.Counts[] counts = new PcapReader.Counts[1];
        Throwable[] feedFailure = new Throwable[1];
        long[] underrunsWhileFeeding = new long[1];
        Path input = pcap;
        Thread feeding = Thread.ofPlatform().start(() -> {
            try (InputStream in = open(input)) {
                counts[0] = feeder.feed(in);
            } catch (Throwable e) {
                feedFailure[0] = e;
            }
            underrunsWhileFeeding[0] = ids.reader.underruns;
        });
        while (feeder.fed() < PREFILL_FRAMES && feeding.isAlive()) {
            Thread.sleep(1);
        }
        ids.start();
        feeding.join();
        if (feedFailure[0] != null) {
            ids.stop();
            throw new IllegalStateException("reading " + source + " failed: " + feedFailure[0], feedFailure[0]);
        }
        while (ids.dump.packets < feeder.fed() && ids.failure() == null) {
            Thread.sleep(1);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        progress.interrupt();
        ids.stop();
        ids.awaitTermination(5, TimeUnit.SECONDS);
        PacketDumper d = ids.dump;
        System.out.printf(Locale.ROOT, "  packets analyzed     %d (%d bytes)%n", d.packets, d.bytes);
        System.out.printf(Locale.ROOT, "  attacks              %d tiny TCP fragments (VSIPFragments), %d overlapping"
                + " fragments (TearDrop)%n", d.tinyFragments, d.teardrops);
        System.out.printf(Locale.ROOT, "  trusted              %d (TrustFilter)%n", d.trusted);
        System.out.printf(Locale.ROOT, "  not IPv4             %d%n", d.notIpv4);
        PcapReader.Counts c = counts[0];
        System.out.printf(Locale.ROOT, "  malformed            %d frames; in the file: %d bytes, %d non-Ethernet records,"
                + " %d frames too large%s%n", d.malformed, c.malformedBytes, c.notEthernetRecords,
                feeder.oversize(), c.problem == null ? "" : " (" + c.problem + ")");
        System.out.printf(Locale.ROOT, "  channel drops        %d; reader underruns while input was pending %d"
                + " (releases finding no packet)%n", ids.drops(), underrunsWhileFeeding[0]);
        System.out.printf(Locale.ROOT, "  analysis rate        %.1f Mbit/s, %.0f ns per packet (%.2f s, feeding included)%n",
                d.bytes * 8 / seconds / 1e6, seconds * 1e9 / Math.max(1, d.packets), seconds);
    }

    private static InputStream open(Path pcap) throws IOException {
        if (pcap == null) {
            InputStream bundled = IdsMain.class.getResourceAsStream("sample.pcap.gz");
            if (bundled == null) {
                throw new IllegalStateException("the bundled sample.pcap.gz is missing from the jar");
            }
            return new GZIPInputStream(new BufferedInputStream(bundled));
        }
        InputStream in = new BufferedInputStream(Files.newInputStream(pcap));
        return pcap.toString().endsWith(".gz") ? new GZIPInputStream(in) : in;
    }

    private static String required(String option, String value) {
        if (value == null) {
            usage(option + " needs a value");
        }
        return value;
    }

    /** "10.1.0.0/16" as {network, prefix length}. */
    static int[] parsePrefix(String text) {
        String[] parts = text.split("/");
        String[] octets = parts[0].split("\\\\.");
        if (parts.length != 2 || octets.length != 4) {
            usage("--trust takes NETWORK/PREFIX, such as 10.1.0.0/16, not " + text);
        }
        int address = 0;
        for (String o : octets) {
            int v = Integer.parseInt(o);
            if (v < 0 || v > 255) {
                usage("--trust: " + o + " is not an octet in " + text);
            }
            address = address << 8 | v;
        }
        return new int[] {address, Integer.parseInt(parts[1])};
    }

    private static void usage(String problem) {
        System.err.println(problem);
        System.err.println("usage: IdsMain [--pcap FILE[.gz]] [--trust NETWORK/PREFIX]... [--period MICROS (80; 0 free-running)]"
                + " [--per-release N (64)]");
        System.exit(2);
    }
}
