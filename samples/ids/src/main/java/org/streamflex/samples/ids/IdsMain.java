package org.streamflex.samples.ids;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.streamflex.BoundaryError;
import org.streamflex.samples.ids.IdsOptions.Prefix;
import org.streamflex.samples.ids.pcap.CaptureCounts;
import org.streamflex.samples.ids.pcap.CaptureFeeder;
import org.streamflex.samples.ids.pcap.CaptureFile;
import org.streamflex.samples.ids.pcap.TrafficGenerator;
import org.streamflex.samples.ids.pcap.UnreadableCaptureException;

/**
 * The intrusion detection sample: runs the paper's graph on a capture (the bundled sample by
 * default: 20,000 generated frames with attacks, trusting 10.1.0.0/16) and prints what it found.
 * The options and exit codes are in {@link IdsOptions#USAGE} and {@link ExitCode}.
 *
 * <pre>
 * ./mvnw -q compile exec:java                                    # the bundled sample
 * java -jar samples/ids/target/streamflex-ids.jar --pcap capture.pcapng --trust 10.0.0.0/8
 * </pre>
 */
public final class IdsMain {
    /**
     * Frames in the reader's buffer before the graph starts, unless it is full first: its first
     * releases find packets.
     */
    static final int PREFILL_FRAMES = 256;
    static final String BUNDLED = "the bundled sample of 20,000 generated frames";

    private IdsMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        int code = run(args, System.out, System.err);
        // Returning normally keeps exec:java's Maven run going; only a failure needs the exit code.
        if (code != ExitCode.ANALYZED.code) {
            System.exit(code);
        }
    }

    /** Runs the IDS as the command line would; the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        IdsOptions options;
        try {
            options = IdsOptions.parse(args);
        } catch (UsageException e) {
            err.println("ids: " + e.getMessage() + " (--help lists the options)");
            return ExitCode.USAGE.code;
        }
        if (options.help()) {
            out.print(IdsOptions.USAGE);
            return ExitCode.ANALYZED.code;
        }
        CaptureFile capture;
        try {
            capture = options.pcap() == null ? bundled() : CaptureFile.open(options.pcap());
        } catch (UnreadableCaptureException e) {
            err.println("ids: " + e.getMessage());
            return ExitCode.UNREADABLE.code;
        }
        try {
            return analyze(options, capture, out, err);
        } finally {
            try {
                capture.close();
            } catch (IOException e) {
                // closing a file already read: nothing that was analyzed is lost
            }
        }
    }

    private static CaptureFile bundled() throws UnreadableCaptureException {
        InputStream in = IdsMain.class.getResourceAsStream("sample.pcap.gz");
        if (in == null) {
            throw new UnreadableCaptureException("the bundled sample.pcap.gz is missing from the class path");
        }
        return CaptureFile.of(in, BUNDLED);
    }

    private static int analyze(IdsOptions options, CaptureFile capture, PrintStream out, PrintStream err)
            throws InterruptedException {
        Intrusion ids = new Intrusion(options.periodMicros(), options.fragments());
        ids.reader.perRelease(options.perRelease());
        List<Prefix> trusted = options.trusted().isEmpty() && options.pcap() == null
                ? List.of(new Prefix(TrafficGenerator.TRUSTED_NETWORK, TrafficGenerator.TRUSTED_PREFIX))
                : options.trusted();
        for (Prefix p : trusted) {
            ids.trust.trust(p.network(), p.length()); // IdsOptions keeps within its 16 prefixes
        }
        out.println("Intrusion detection on " + capture.name() + " (" + capture.format()
                + (capture.compressed() ? ", gzip" : "") + "), reader period "
                + (options.periodMicros() == 0 ? "free-running" : options.periodMicros() + " us"));
        CaptureFeeder feeder = new CaptureFeeder(ids.reader);
        long start = System.nanoTime();
        Thread progress = Thread.ofPlatform().daemon().start(() -> {
            try {
                while (true) {
                    Thread.sleep(1000);
                    out.printf(Locale.ROOT, "  ... %d frames fed, %d analyzed, %.1f MB%n", feeder.fed(),
                            ids.dump.packets, feeder.fedBytes() / 1e6);
                }
            } catch (InterruptedException e) {
                // done
            }
        });
        // The feeder fills the reader's buffer before the graph starts (calls then apply
        // directly), so that releases find packets from the first one on.
        CaptureCounts[] counts = new CaptureCounts[1];
        Throwable[] feedFailure = new Throwable[1];
        long[] underrunsWhileFeeding = new long[1];
        // A daemon: should the graph fail to start, nothing keeps the JVM waiting for room in its buffer.
        Thread feeding = Thread.ofPlatform().daemon().start(() -> {
            try {
                counts[0] = feeder.feed(capture);
            } catch (Throwable e) {
                feedFailure[0] = e;
            }
            underrunsWhileFeeding[0] = ids.reader.underruns;
        });
        while (feeder.fed() < PREFILL_FRAMES && feeding.isAlive() && !feeder.waiting()) {
            Thread.sleep(1);
        }
        ids.start();
        while (feeding.isAlive()) {
            if (ids.failure() != null) {
                feeder.cancel(); // the graph takes no more: stop reading
            }
            feeding.join(10);
        }
        // Every frame fed reaches the dumper, or a full channel drops it (and counts it).
        while (feedFailure[0] == null && ids.dump.packets + ids.drops() < feeder.fed() && ids.failure() == null) {
            Thread.sleep(1);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        progress.interrupt();
        ids.stop();
        try {
            ids.awaitTermination(5, TimeUnit.SECONDS);
        } catch (BoundaryError e) {
            err.println("ids: the analysis failed: " + e.getMessage());
            return ExitCode.FAILED.code;
        }
        if (feedFailure[0] != null) {
            err.println("ids: reading the capture failed: " + feedFailure[0]);
            return ExitCode.FAILED.code;
        }
        IdsReport report = new IdsReport(ids, options.fragments(), counts[0], feeder.tooLarge(),
                underrunsWhileFeeding[0], seconds);
        report.print(out);
        ExitCode code = report.exitCode();
        if (code != ExitCode.ANALYZED) {
            err.println("ids: " + report.problem());
        }
        return code.code;
    }
}
