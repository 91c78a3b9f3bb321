package org.streamflex.samples.marmot;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.streamflex.BoundaryError;
import org.streamflex.GraphCounters;
import org.streamflex.StreamFlexError;

/**
 * One node of a run split between node JVMs and a server: reads only its own recording, runs its
 * part of the graph on real threads and sends its {@link DoaVector}s to the server.
 *
 * <p>The source reads the recording by itself ({@link ArrayRecording#attach}), a block per release
 * of a periodic clock, the block period divided by {@code speed} (1: as a sound card delivers it),
 * so the node holds a few blocks of it at a time, however long it is.
 * Periodic, so that every filter of the node runs on the clock's thread, depth first after each
 * release, as the {@code GraphDriver} runs them in the one-JVM run: the same blocks go through the
 * same filters in the same order, and each progress mark leaves after the detections of the audio
 * it vouches for (on worker threads the marks could overtake detections still in the DOA, and the
 * server would cluster without them). Nothing is allowed to drop: the run fails loudly if a channel
 * of the node or its link lost anything.
 *
 * <pre>{@code
 * int code = NodeRun.run(config, deployment, 0, wav, SiteOptions.node("A", server), NodeRun.Settings.DEFAULT,
 *         System.out, System.err);
 * }</pre>
 */
final class NodeRun {
    /**
     * How a node runs.
     *
     * @param doaOnServer whether the DOA runs on the server (the node sends the sync's tuples)
     * @param speed the clock's speed-up over real time (1: as a sound card delivers blocks)
     * @param timeoutSeconds when positive, how long the node waits for its link to settle at most
     * @param plots where the node writes its score plot, or null for none: the score recorder keeps the
     *     band score and the CFAR apart, a slower detector, so a node draws only when asked
     */
    record Settings(boolean doaOnServer, double speed, double timeoutSeconds, Path plots) {
        /** The DOA on the node, real time, no timeout, no plot. */
        static final Settings DEFAULT = new Settings(false, 1, 0, null);
    }

    /** The shortest clock period, microseconds: faster asks for more than a clock thread can give. */
    static final int MIN_PERIOD_MICROS = 50;
    /** How long a node stopped by a signal waits for its end mark to be sent and acknowledged. */
    static final int STOP_WAIT_SECONDS = 30;
    /** The rate a node whose recording cannot be opened claims: any rate the graph accepts; no frame is read. */
    private static final float SILENT_RATE = 44_100f;

    private NodeRun() {
    }

    /**
     * Runs node {@code k} of {@code deployment} until its recording has ended and its link has
     * delivered everything (or {@code timeoutSeconds}, when positive, have passed), printing its
     * summary to {@code out}.
     *
     * @return the exit code ({@link ExitCode}): {@link ExitCode#UNREADABLE_INPUT} if the recording cannot be
     *     opened (the node still sends its end mark, with no audio, so that the server need not wait)
     * @throws UsageException if the graph cannot be built as asked (the message says why)
     */
    static int run(MarmotConfig config, Deployment deployment, int k, Path wav, org.streamflex.Deployment site,
            Settings settings, PrintStream out, PrintStream err) throws UsageException, InterruptedException {
        ArrayRecording opened;
        try {
            opened = ArrayRecording.open(wav, ArraySource.CHANNELS);
        } catch (BadRecordingException e) {
            // The server waits for every node's end mark: send it, with no audio, rather than leave the
            // server waiting until its timeout. The server names the node; the reason is said here.
            err.println("marmot: " + e.getMessage() + "; node " + deployment.nodes().get(k).id()
                    + " sends its end mark with no audio");
            int code;
            try (ArrayRecording none = ArrayRecording.silent(wav, ArraySource.CHANNELS, SILENT_RATE)) {
                code = run(config, deployment, k, none, site, settings, out, err);
            }
            return code == ExitCode.OK.code() ? ExitCode.UNREADABLE_INPUT.code() : code;
        }
        try (ArrayRecording rec = opened) {
            return run(config, deployment, k, rec, site, settings, out, err);
        }
    }

    /**
     * Runs node {@code k} of {@code deployment} on live input: the capture line of {@code device}
     * ({@link LineRecording}) at {@code sampleRate}, for {@code seconds} of audio, or (0) until the
     * JVM is asked to stop (SIGINT, SIGTERM): a shutdown hook then ends the input, and waits up to
     * {@link #STOP_WAIT_SECONDS} for the node to send its end mark and have it acknowledged.
     *
     * @return the exit code, as {@link #run(MarmotConfig, Deployment, int, Path, org.streamflex.Deployment,
     *     Settings, PrintStream, PrintStream)}'s; {@link ExitCode#PARTIAL_INPUT} if
     *     frames were lost in capture overruns (the summary says how many)
     * @throws UsageException if the graph cannot be built as asked (the message says why)
     */
    static int runLive(MarmotConfig config, Deployment deployment, int k, String device, float sampleRate,
            double seconds, org.streamflex.Deployment site, Settings settings, PrintStream out, PrintStream err)
            throws UsageException, InterruptedException {
        LineRecording live;
        try {
            live = LineRecording.open(device, ArraySource.CHANNELS, sampleRate, seconds);
        } catch (CaptureException e) {
            // As for a recording that cannot be opened: the server must not wait for this node's end mark.
            err.println("marmot: " + e.getMessage() + "; node " + deployment.nodes().get(k).id()
                    + " sends its end mark with no audio");
            int code;
            try (ArrayRecording none = ArrayRecording.silent(Path.of(device), ArraySource.CHANNELS, sampleRate)) {
                code = run(config, deployment, k, none, site, settings, out, err);
            }
            return code == ExitCode.OK.code() ? ExitCode.UNREADABLE_INPUT.code() : code;
        }
        CountDownLatch ended = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            live.stop();
            try {
                ended.await(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "marmot-stop-capture");
        Runtime.getRuntime().addShutdownHook(hook);
        try (LineRecording rec = live) {
            return run(config, deployment, k, rec, site, settings, out, err);
        } finally {
            ended.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it has what it waited for
            }
        }
    }

    private static int run(MarmotConfig config, Deployment deployment, int k, NodeInput rec,
            org.streamflex.Deployment site, Settings settings, PrintStream out, PrintStream err)
            throws UsageException, InterruptedException {
        boolean doaOnServer = settings.doaOnServer();
        double speed = settings.speed();
        double timeoutSeconds = settings.timeoutSeconds();
        String id = deployment.nodes().get(k).id();
        double rate = rec.sampleRate();
        // A live input without --live-seconds declares no length.
        double declared = rec.declaredFrames() < 0 ? -1 : rec.declaredFrames() / rate;
        int period = (int) Math.max(MIN_PERIOD_MICROS, Math.round(1e6 * config.block() / rate / speed));
        MarmotGraph graph;
        try {
            org.streamflex.Deployment at = doaOnServer ? site.maxSharedItemBytes(MarmotGraph.feedItemBytes(config))
                    : site;
            graph = at.build(() -> MarmotGraph.forNode(config, deployment, k, rate, period, doaOnServer,
                    settings.plots() != null));
        } catch (StreamFlexError e) {
            throw new UsageException(e.getMessage());
        }
        rec.attach(graph.source(0));
        // The marks the node sends, known once the source has read its last frame (a recording may break off).
        long marks = -1;
        GraphCounters counters = graph.counters();
        // What the node sends: its DOA's vectors, or (the DOA on the server) the sync's tuples; and its marks.
        String detections = doaOnServer ? named(counters, "->doa-feed.tuples", ".published")
                : name(counters, "channel.doa-" + id + ".out->", ".published");
        String progress = name(counters, "channel.source-" + id + ".progress->", ".published");
        String link = name(counters, "link." + id + ":", ".accepted").replaceFirst("\\.accepted$", "");
        try {
            graph.start();
        } catch (StreamFlexError e) {
            err.println("marmot: node " + id + " could not start: " + e.getMessage());
            return ExitCode.FAILURE.code();
        }
        err.printf(Locale.ROOT, "marmot: node %s: %s at %.0f Hz, a block every %d us, sending to %s, deployment %s%n",
                id, declared < 0 ? "live audio until stopped" : String.format(Locale.ROOT, "%.1f s of audio", declared),
                rate, period, site.server().getHostString() + ":" + site.server().getPort(),
                deployment.fingerprintText());
        long deadline = timeoutSeconds > 0 ? System.nanoTime() + (long) (timeoutSeconds * 1e9) : Long.MAX_VALUE;
        double reported = 0;
        boolean flushed = false;
        boolean settled = false;
        UnreadableInputException problem = null;
        while (graph.failure() == null && System.nanoTime() < deadline) {
            if (marks < 0 && rec.done()) {
                long blocks = (rec.framesRead() + config.block() - 1) / config.block();
                marks = blocks / MarmotGraph.BLOCKS_PER_PROGRESS + 1;
                problem = rec.problem(id);
                if (problem != null) {
                    err.println("marmot: " + problem.getMessage() + "; the node sends what it read before");
                }
            }
            // Every item is in the link's counts once the end mark (the last of the node's marks) has been
            // put; the run is over when each item the link took has a fate that cannot change: acknowledged
            // by the server, or counted lost (then the run fails below, naming the counts). Waiting for
            // acknowledgements that can no longer come would keep a node alive forever.
            long put = counters.value(detections) + counters.value(progress);
            long accepted = counters.value(link + ".accepted");
            if (counters.value(progress) == marks && accepted == put && settled(counters, link, accepted)) {
                flushed = counters.value(link + ".acknowledged") == accepted;
                settled = true;
                break;
            }
            double heard = counters.value(progress) * MarmotGraph.BLOCKS_PER_PROGRESS * config.block() / rate;
            if (heard - reported >= 10) {
                reported = heard;
                err.printf(Locale.ROOT, "marmot: node %s: %.0f%s s of audio read%n", id, heard,
                        declared < 0 ? "" : String.format(Locale.ROOT, " of %.0f", declared));
            }
            Thread.sleep(20);
        }
        graph.stop();
        try {
            graph.awaitTermination(60, TimeUnit.SECONDS);
        } catch (BoundaryError e) {
            err.println("marmot: node " + id + " failed: " + e.getMessage());
            return ExitCode.FAILURE.code();
        }
        if (problem == null && rec.done() && (problem = rec.problem(id)) != null) {
            err.println("marmot: " + problem.getMessage() + "; the node sends what it read before");
        }
        out.printf(Locale.ROOT, "# node %s: %.1f s of audio at %.0f Hz, %d detections and %d marks sent%n", id,
                rec.framesRead() / rate, rate, counters.value(detections), counters.value(progress));
        String lost = rec.losses();
        if (lost != null) {
            out.printf(Locale.ROOT, "# node %s: %s%n", id, lost);
        }
        long withoutOnset = MarmotRun.withoutOnset(counters);
        if (withoutOnset > 0) {
            out.printf(Locale.ROOT, "# node %s: %d detection(s) without an onset dropped (a reverberant tail or"
                    + " noise)%n", id, withoutOnset);
        }
        out.println("# " + linkLine(counters, link, "accepted", "sent", "acknowledged", "droppedAtSender",
                "discardedAtClose", "lostInFlight", "connections"));
        List<String> losses = losses(counters, link);
        out.println("# dropped in the node: " + (losses.isEmpty() ? "nothing" : String.join(", ", losses)));
        boolean plotted = settings.plots() == null || scorePlot(graph, id, rec.framesRead() / rate, settings.plots(),
                config, out, err);
        if (!losses.isEmpty() || !flushed) {
            err.println("marmot: node " + id + (flushed || settled ? "" : " stopped after its timeout of "
                    + timeoutSeconds + " s before the server acknowledged every item")
                    + (losses.isEmpty() ? "" : (flushed || settled ? " lost items: " : "; lost items: ") + losses));
            return ExitCode.INCOMPLETE.code();
        }
        if (problem != null || lost != null) {
            return ExitCode.PARTIAL_INPUT.code();
        }
        return plotted ? ExitCode.OK.code() : ExitCode.PLOTS_FAILED.code();
    }

    /**
     * Writes the node's score plot from its score recorder and its detector's ranges (read after the
     * graph has stopped) and says where.
     *
     * @return false if it could not be written (the message went to {@code err})
     */
    private static boolean scorePlot(MarmotGraph graph, String id, double audioSeconds, Path dir, MarmotConfig config,
            PrintStream out, PrintStream err) {
        MinimumDuration detector = graph.detector(0);
        List<Plots.Span> spans = new ArrayList<>();
        for (int i = 0; i < detector.ranges(); i++) {
            long start = detector.rangeStartNanos(i);
            spans.add(new Plots.Span(start / 1e9, detector.rangeEndNanos(i) / 1e9, (start + config.padNanos()) / 1e9));
        }
        try {
            Path f = Plots.writeScores(MarmotRun.trace(graph.scores(0)), spans, id, audioSeconds, dir);
            out.println("# plots: 1 PNG file in " + f.getParent().toAbsolutePath()
                    + (detector.rangesNotKept() == 0 ? "" : " (the first " + detector.ranges() + " detections shaded, "
                    + detector.rangesNotKept() + " more not)"));
            return true;
        } catch (IOException | RuntimeException e) {
            err.println("marmot: node " + id + ": the score plot could not be written to " + dir + ": " + e);
            return false;
        }
    }

    /**
     * Whether each of the {@code accepted} items of {@code link} is acknowledged or counted lost:
     * dropped or discarded at the node, or sent and then acknowledged, lost in transit (the server
     * said so) or lost in flight (its connection died first).
     */
    private static boolean settled(GraphCounters counters, String link, long accepted) {
        long sent = counters.value(link + ".sent");
        long dropped = counters.value(link + ".droppedAtSender") + counters.value(link + ".discardedAtClose");
        return sent + dropped == accepted
                && counters.value(link + ".acknowledged") + counters.value(link + ".lostInTransit")
                        + counters.value(link + ".lostInFlight") == sent;
    }

    /** {@code "link <id>:<channel>: key value, ..."}, from the link's counters. */
    static String linkLine(GraphCounters counters, String link, String... keys) {
        StringBuilder s = new StringBuilder(link.replaceFirst("^link\\.", "link ")).append(':');
        for (int i = 0; i < keys.length; i++) {
            s.append(i == 0 ? " " : ", ").append(keys[i]).append(' ').append(counters.value(link + "." + keys[i]));
        }
        return s.toString();
    }

    /** What the node's channels dropped, and what its link lost, as {@code name count}. */
    private static List<String> losses(GraphCounters counters, String link) {
        List<String> losses = new ArrayList<>();
        for (String name : counters.names()) {
            boolean linkLoss = name.startsWith(link + ".") && (name.endsWith(".droppedAtSender")
                    || name.endsWith(".discardedAtClose") || name.endsWith(".lostInFlight")
                    || name.endsWith(".lostInTransit") || name.endsWith(".tooLarge"));
            if ((linkLoss || (name.startsWith("channel.") && name.endsWith(".dropped"))) && counters.value(name) > 0) {
                losses.add(name + " " + counters.value(name));
            }
        }
        return losses;
    }

    /** The one channel counter whose name contains {@code part} and ends with {@code suffix}. */
    private static String named(GraphCounters counters, String part, String suffix) {
        List<String> found = counters.names().stream().filter(n -> n.startsWith("channel.") && n.contains(part)
                && n.endsWith(suffix)).toList();
        if (found.size() != 1) {
            throw new IllegalStateException("expected one counter channel...." + part + "..." + suffix + ", found "
                    + found);
        }
        return found.get(0);
    }

    /** The one counter whose name starts with {@code prefix} and ends with {@code suffix}. */
    static String name(GraphCounters counters, String prefix, String suffix) {
        List<String> found = counters.names().stream().filter(n -> n.startsWith(prefix) && n.endsWith(suffix))
                .toList();
        if (found.size() != 1) {
            throw new IllegalStateException("expected one counter " + prefix + "..." + suffix + ", found " + found);
        }
        return found.get(0);
    }
}
