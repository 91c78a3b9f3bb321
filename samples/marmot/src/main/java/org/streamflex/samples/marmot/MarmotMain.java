package org.streamflex.samples.marmot;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The command: {@code locate} (the default) runs the marmot graph over a scene directory and
 * prints a {@code DOA node=<id> t=<s> az=<deg>} line per detection and a {@code LOC t=<s> x=<m>
 * y=<m>} line per located call (with the error when {@code truth.csv} is there), a summary on
 * {@code #} lines, and writes PNG plots; {@code generate} writes a scene with known answers.
 * Progress on long input goes to stderr. Exit codes: {@link ExitCode}. {@code locate} runs all
 * nodes and the server in this JVM, or ({@code --site node}, {@code --site server}) one node or the
 * server of a run split between JVMs ({@link NodeRun}, {@link ServerRun}).
 *
 * <pre>{@code
 * java -jar streamflex-marmot.jar --scene scenes/small --plots plots
 * java -jar streamflex-marmot.jar generate --out /tmp/scene --seed 7 --calls 10 --seconds 60
 * java -jar streamflex-marmot.jar --site server --scene scenes/small --listen 127.0.0.1:7400
 * java -jar streamflex-marmot.jar --site node --node A --scene scenes/small --server 127.0.0.1:7400
 * }</pre>
 */
public final class MarmotMain {
    private static final Set<String> LOCATE = Set.of("scene", "nodes", "mics", "truth", "plots", "max-plots", "band",
            "beta", "tau", "warmup", "hold", "min-std", "min-ms", "pad-ms", "doa-samples", "doa-lead-ms",
            "doa-decay-ms", "doa-frame-ms", "doa-onset-db", "whitening", "c", "cluster-tolerance-ms", "cluster-wait-ms",
            "min-nodes", "eps", "cell", "margin", "block", "site", "node", "server", "listen", "speed", "timeout",
            "live", "live-rate", "live-seconds", "doa", "doa-queue");
    /** The lowest live rate: a 4 to 8 kHz call band needs at least 16 kHz, as for recordings. */
    private static final double LIVE_MIN_RATE = ArrayRecording.MIN_RATE;
    private static final Set<String> GENERATE = Set.of("out", "seed", "nodes", "radius", "calls", "seconds", "snr",
            "rate", "call-band", "call-ms", "mic-side", "noise", "c", "reflections", "reflection-gain");

    private static final String USAGE = """
            usage: java -jar streamflex-marmot.jar [locate] --scene DIR [options]
                   java -jar streamflex-marmot.jar generate --out DIR [options]
            locate: DIR holds nodes.csv, mics.csv, node-<id>.wav per node, and optionally truth.csv
              --nodes FILE --mics FILE --truth FILE|none   other deployment or truth files
              --plots DIR|none (marmot-plots)   --max-plots N (20 polar plots and 20 maps)
              --band LO:HI (2000:8000 Hz)   --beta B (5)   --tau SCORES (1024)   --warmup SCORES (256)
              --hold SCORES (8)   --min-std S (0.001)   --min-ms MS (3)   --pad-ms MS (50)   --doa-samples N (8192)
              --doa-lead-ms MS (50)   --doa-decay-ms MS (25; 0: a Hann window over the DOA's samples)
              --doa-frame-ms MS (5; 0: the whole span's spectrum)   --doa-onset-db DB (10)
              --whitening G (1: PHAT; 0: plain AML)   --c M_PER_S (343)   --cluster-tolerance-ms MS (50)
              --cluster-wait-ms MS (2000)   --min-nodes N (2)   --eps E (0.02)   --cell M (auto)
              --margin M (auto)   --block FRAMES (1024)
              --doa nodes|server (nodes)   the DOA behind the detectors, or after the nodes' streams merge (a server's)
              --doa-queue N (32; 0 to 32)   with --doa nodes: detections queued for the DOA, then split across the
                cores (0: no queue, each detection alone behind its node's detector)
            split between JVMs (the same scene files and options on every one; TLS: -Dstreamflex.net.* properties):
              --site node --node ID --server HOST:PORT   one node: reads node-ID.wav only, sends to the server
                [--speed X (1: real time)] [--timeout S (0: none)] [--doa nodes|server (nodes)]
                [--live DEVICE|default]   live input from a sound card's mixer, not node-ID.wav
                [--live-rate HZ (48000)] [--live-seconds S (0: until SIGINT or SIGTERM)]
                [--plots DIR|none (none)]   the node's score plot (its detector then runs slower)
              --site server --listen HOST:PORT   the server, for every node of nodes.csv [--timeout S (0: none)]
                [--doa nodes|server (nodes)]   where the direction of arrival runs: the same on every JVM
                [--plots DIR|none] [--max-plots N]   polar plots and maps (score plots: each node's --plots)
            generate: --seed N (1) --nodes N (4) --radius M (25) --calls N (6) --seconds S (30) --snr DB (20)
              --rate HZ (44100) --call-band LO:HI (3000:5000) --call-ms MS (60) --mic-side M (0.08)
              --noise LSB (60) --c M_PER_S (343) --reflections N (0) --reflection-gain G (0.5)
            exit codes: 0 ok, 1 failure, 2 usage, 3 unreadable input, 4 some recordings unreadable or cut short,
              5 plots not written, 6 a split run lost items or timed out (the message says which)""";

    /** {@code -Dmarmot.timing=true}: the one-JVM run says on stderr where its driver steps' time went. */
    static final String TIMING_PROPERTY = "marmot.timing";

    private MarmotMain() {
    }

    /** Runs the command and exits with its code when it is not 0. */
    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        if (code != 0) {
            System.exit(code);
        }
    }

    /**
     * Runs the command, printing to {@code out} and {@code err}.
     *
     * @return the exit code ({@link ExitCode})
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            if (args.length > 0 && args[0].equals("generate")) {
                return generate(Options.parse(Arrays.copyOfRange(args, 1, args.length), GENERATE), out);
            }
            String[] rest = args.length > 0 && args[0].equals("locate") ? Arrays.copyOfRange(args, 1, args.length)
                    : args;
            if (rest.length == 0 || rest[0].equals("--help")) {
                err.println(USAGE);
                return rest.length == 0 ? ExitCode.USAGE.code() : ExitCode.OK.code();
            }
            return locate(Options.parse(rest, LOCATE), out, err);
        } catch (UsageException e) {
            err.println("marmot: " + e.getMessage());
            err.println(USAGE);
            return ExitCode.USAGE.code();
        } catch (UnreadableInputException e) {
            err.println("marmot: " + e.getMessage());
            return ExitCode.UNREADABLE_INPUT.code();
        } catch (IllegalArgumentException e) {
            err.println("marmot: " + e.getMessage());
            return ExitCode.USAGE.code();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("marmot: interrupted");
            return ExitCode.FAILURE.code();
        }
    }

    /** The configuration the options give. */
    static MarmotConfig config(Options o) throws UsageException {
        MarmotConfig d = MarmotConfig.defaults();
        double[] band = o.range("band", new double[] {d.lowHz(), d.highHz()}, 0);
        return new MarmotConfig(band[0], band[1], o.number("beta", d.beta(), 0.1, 100),
                o.integer("tau", d.timeConstant(), 1, 1 << 24), o.integer("warmup", d.warmup(), 1, 1 << 24),
                o.integer("hold", d.hold(), 1, 1 << 20), o.number("min-std", d.minStd(), 0, 1e9),
                o.number("min-ms", d.minMillis(), 0, 60_000),
                o.number("pad-ms", d.padMillis(), 0, 10_000), o.integer("doa-samples", d.doaSamples(), 64, 1 << 20),
                o.number("doa-lead-ms", d.doaLeadMillis(), 0, 10_000),
                o.number("doa-decay-ms", d.doaDecayMillis(), 0, 10_000),
                o.number("doa-frame-ms", d.doaFrameMillis(), 0, 1_000),
                o.number("doa-onset-db", d.doaOnsetDb(), 0.1, 60),
                o.number("whitening", d.whitening(), 0, 1), o.number("c", d.speedOfSound(), 100, 2000),
                o.number("cluster-tolerance-ms", d.clusterToleranceMillis(), 0, 60_000),
                o.number("cluster-wait-ms", d.clusterWaitMillis(), 0, 3_600_000),
                o.integer("min-nodes", d.minNodes(), 1, DoaCluster.MAX_NODES), o.number("eps", d.eps(), 1e-9, 1),
                o.has("cell") ? o.number("cell", 1, 1e-3, 1e4) : Double.NaN,
                o.has("margin") ? o.number("margin", 1, 0, 1e5) : Double.NaN,
                o.integer("block", d.block(), 32, ArraySource.MAX_BLOCK));
    }

    private static int locate(Options o, PrintStream out, PrintStream err) throws UsageException,
            UnreadableInputException, InterruptedException {
        if (!o.has("scene") && !(o.has("nodes") && o.has("mics"))) {
            throw new UsageException("--scene DIR is required (or --nodes and --mics, with the WAVs beside nodes.csv)");
        }
        String site = o.text("site", "whole");
        List<String> notHere = switch (site) {
            case "whole" -> List.of("node", "server", "listen", "speed", "timeout", "live", "live-rate",
                    "live-seconds");
            case "node" -> List.of("max-plots", "truth", "listen", "doa-queue");
            case "server" -> List.of("node", "server", "speed", "doa-queue", "live", "live-rate", "live-seconds");
            default -> throw new UsageException("--site: \"" + site + "\" is not whole, node or server");
        };
        for (String name : notHere) {
            if (o.has(name)) {
                throw new UsageException("--" + name + " is not an option of --site " + site);
            }
        }
        MarmotConfig config = config(o);
        Path scene = Path.of(o.text("scene", "."));
        Path nodesCsv = o.has("nodes") ? Path.of(o.text("nodes", "")) : scene.resolve(Deployment.NODES_FILE);
        Path micsCsv = o.has("mics") ? Path.of(o.text("mics", "")) : scene.resolve(Deployment.MICS_FILE);
        Path wavDir = o.has("scene") ? scene : nodesCsv.toAbsolutePath().getParent();
        int maxPlots = o.integer("max-plots", 20, 0, 100_000);
        double timeout = o.number("timeout", 0, 0, 1e7);
        boolean doaOnServer = switch (o.text("doa", "nodes")) {
            case "nodes" -> false;
            case "server" -> true;
            default -> throw new UsageException("--doa: \"" + o.text("doa", "") + "\" is not nodes or server (where"
                    + " the direction of arrival is computed; give the nodes and the server the same)");
        };
        int queue = o.integer("doa-queue", MarmotRun.DEFAULT_QUEUE, 0, DoaQueue.MAX_BATCH);
        if (doaOnServer && o.has("doa-queue")) {
            throw new UsageException("--doa-queue is an option of --doa nodes: with --doa server the DOA takes each"
                    + " node's detections in order from the one channel the server reads");
        }
        if (site.equals("node")) {
            String id = required(o, "node", "the id of this node, as nodes.csv names it");
            InetSocketAddress server = SiteOptions.address("--server", required(o, "server",
                    "the server's HOST:PORT"));
            double speed = o.number("speed", 1, 0.01, 1000);
            Deployment deployment = readDeployment(nodesCsv, micsCsv, err);
            int k = indexOf(deployment, id, nodesCsv);
            // A node draws its score plot only when asked: the score recorder costs its detector the fused
            // band score and CFAR (the server draws the polar plots and maps).
            String plots = o.text("plots", "none");
            NodeRun.Settings settings = new NodeRun.Settings(doaOnServer, speed, timeout,
                    plots.equals("none") ? null : Path.of(plots));
            if (!o.has("live") && (o.has("live-rate") || o.has("live-seconds"))) {
                throw new UsageException("--live-rate and --live-seconds are options of --live DEVICE");
            }
            if (o.has("live")) {
                float rate = (float) o.number("live-rate", 48_000, LIVE_MIN_RATE, 192_000);
                double seconds = o.number("live-seconds", 0, 0, 1e9);
                return NodeRun.runLive(config, deployment, k, o.text("live", "default"), rate, seconds,
                        SiteOptions.node(id, server), settings, out, err);
            }
            return NodeRun.run(config, deployment, k, wavDir.resolve("node-" + id + ".wav"),
                    SiteOptions.node(id, server), settings, out, err);
        }
        InetSocketAddress listen = site.equals("server")
                ? SiteOptions.address("--listen", required(o, "listen", "the HOST:PORT to listen at")) : null;
        Deployment deployment = readDeployment(nodesCsv, micsCsv, err);
        List<TrueCall> truth = List.of();
        String truthOption = o.text("truth", "");
        Path truthFile = truthOption.isEmpty() ? scene.resolve(Truth.FILE) : Path.of(truthOption);
        if (!truthOption.equals("none") && (o.has("truth") || Files.exists(truthFile))) {
            truth = Truth.read(truthFile);
        }
        List<TrueCall> calls = truth;
        MarmotRun.Listener listener = printer(deployment, calls, config, out, err);
        if (listen != null) {
            List<String> ids = deployment.nodes().stream().map(NodeSite::id).toList();
            ServerRun.Outcome outcome = ServerRun.run(config, deployment, SiteOptions.server(listen, ids), doaOnServer,
                    timeout, listener, err);
            if (outcome == null) {
                return ExitCode.FAILURE.code();
            }
            summary(outcome.result(), calls, config, out);
            outcome.links().forEach(line -> out.println("# " + line));
            boolean plotted = plots(o, outcome.result(), calls, config, maxPlots, out, err);
            if (!outcome.withoutAudio().isEmpty()) {
                err.println("marmot: nodes " + outcome.withoutAudio() + " ended without sending any audio (a"
                        + " recording that could not be read: their logs say why); the results above are the"
                        + " other nodes'");
            }
            if (!outcome.otherDeployment().isEmpty()) {
                err.println("marmot: nodes " + outcome.otherDeployment() + " read another deployment than the"
                        + " server's (" + Deployment.NODES_FILE + ", " + Deployment.MICS_FILE + "); the results above"
                        + " are the other nodes'");
            }
            if (!outcome.silent().isEmpty()) {
                err.println("marmot: the timeout of " + timeout + " s came before the end marks of nodes "
                        + outcome.silent() + "; their results so far are above");
                return ExitCode.INCOMPLETE.code();
            }
            if (!outcome.withoutAudio().isEmpty() || !outcome.otherDeployment().isEmpty()) {
                return ExitCode.PARTIAL_INPUT.code();
            }
            return plotted ? ExitCode.OK.code() : ExitCode.PLOTS_FAILED.code();
        }
        MarmotRun.Result r = MarmotRun.run(config, deployment, id -> wavDir.resolve("node-" + id + ".wav"), listener,
                doaOnServer, queue);
        summary(r, calls, config, out);
        int code = r.problems().isEmpty() ? ExitCode.OK.code() : ExitCode.PARTIAL_INPUT.code();
        if (!plots(o, r, calls, config, maxPlots, out, err)) {
            return code == ExitCode.OK.code() ? ExitCode.PLOTS_FAILED.code() : code;
        }
        return code;
    }

    /**
     * Writes the plots {@code --plots} asks for (none with {@code --plots none}) and says where.
     * A server has no score traces (the scores stay on the nodes), so it writes polar plots and maps.
     *
     * @return false if they could not be written (the message went to {@code err})
     */
    private static boolean plots(Options o, MarmotRun.Result r, List<TrueCall> calls, MarmotConfig config,
            int maxPlots, PrintStream out, PrintStream err) {
        String plots = o.text("plots", "marmot-plots");
        if (plots.equals("none")) {
            return true;
        }
        try {
            List<Path> written = Plots.writeAll(r, calls, config, Path.of(plots), maxPlots);
            out.println("# plots: " + written.size() + " PNG files in " + Path.of(plots).toAbsolutePath());
            return true;
        } catch (IOException | RuntimeException e) {
            err.println("marmot: plots could not be written to " + plots + ": " + e);
            return false;
        }
    }

    private static String required(Options o, String name, String what) throws UsageException {
        if (!o.has(name)) {
            throw new UsageException("--site " + o.text("site", "whole") + " needs --" + name + ": " + what);
        }
        return o.text(name, "");
    }

    /** Reads the deployment and prints what it warns of, a line each; the run goes on. */
    private static Deployment readDeployment(Path nodesCsv, Path micsCsv, PrintStream err) throws BadCsvException {
        Deployment deployment = Deployment.read(nodesCsv, micsCsv);
        for (String warning : deployment.warnings()) {
            err.println("marmot: warning: " + warning);
        }
        return deployment;
    }

    private static int indexOf(Deployment deployment, String id, Path nodesCsv) throws UsageException {
        List<NodeSite> nodes = deployment.nodes();
        for (int k = 0; k < nodes.size(); k++) {
            if (nodes.get(k).id().equals(id)) {
                return k;
            }
        }
        throw new UsageException("--node " + id + ": " + nodesCsv + " has no node " + id + "; its nodes are "
                + nodes.stream().map(NodeSite::id).toList());
    }

    /** Prints each detection and location as it comes, and progress and problems to {@code err}. */
    private static MarmotRun.Listener printer(Deployment deployment, List<TrueCall> calls, MarmotConfig config,
            PrintStream out, PrintStream err) {
        double c = config.speedOfSound();
        MarmotConfig.Grid grid = config.gridFor(deployment);
        return new MarmotRun.Listener() {
            private boolean edgeSaid;

            @Override
            public void detection(Detection d) {
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "DOA node=%s t=%.4f az=%.1f",
                        d.node(), d.onsetSeconds(), d.azimuth()));
                if (!calls.isEmpty()) {
                    line.append(" ").append(truthOf(d, deployment, calls, c));
                }
                out.println(line);
            }

            @Override
            public void fix(Fix f) {
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "LOC t=%.4f x=%.2f y=%.2f nodes=%d",
                        f.seconds(), f.x(), f.y(), f.detections().length));
                if (grid.onEdge(f.x(), f.y())) {
                    line.append(" edge=1");
                    if (!edgeSaid) {
                        edgeSaid = true;
                        err.printf(Locale.ROOT, "marmot: a location on the grid's edge (edge=1) may be a call outside"
                                + " the grid, x %.2f to %.2f m, y %.2f to %.2f m: a larger --margin widens it%n",
                                grid.x0(), grid.x0() + grid.nx() * grid.cell(), grid.y0(),
                                grid.y0() + grid.ny() * grid.cell());
                    }
                }
                if (!calls.isEmpty()) {
                    TrueCall best = nearest(f.seconds(), calls);
                    line.append(best == null ? " call=none" : String.format(Locale.ROOT,
                            " call=%d true_x=%.2f true_y=%.2f err=%.2f", best.index(), best.x(), best.y(),
                            Math.hypot(f.x() - best.x(), f.y() - best.y())));
                }
                out.println(line);
            }

            @Override
            public void progress(double seconds, double total) {
                err.printf(Locale.ROOT, "marmot: %.0f of %.0f s of audio read%n", seconds, total);
            }

            @Override
            public void timing(MarmotRun.StepTiming t) {
                if (Boolean.getBoolean(TIMING_PROPERTY)) {
                    err.printf(Locale.ROOT, "marmot: timing: %d driver steps in %.3f s; %d with a DOA batch (%d"
                            + " detections) in %.3f s; the DOA stage %.3f s beyond the other steps' mean%n",
                            t.steps(), t.nanos() / 1e9, t.doaSteps(), t.sent(), t.doaNanos() / 1e9,
                            t.doaStageNanos() / 1e9);
                }
            }

            @Override
            public void problem(UnreadableInputException e) {
                err.println("marmot: " + e.getMessage() + "; the other nodes carry on");
            }
        };
    }

    private static String truthOf(Detection d, Deployment deployment, List<TrueCall> calls, double c) {
        NodeSite site = deployment.nodes().stream().filter(n -> n.id().equals(d.node())).findFirst().orElseThrow();
        TrueCall best = null;
        double gap = Double.POSITIVE_INFINITY;
        for (TrueCall call : calls) {
            double arrival = call.seconds() + site.distanceTo(call.x(), call.y()) / c;
            if (arrival >= d.startSeconds() - 0.01 && arrival <= d.endSeconds()
                    && Math.abs(arrival - d.onsetSeconds()) < gap) {
                gap = Math.abs(arrival - d.onsetSeconds());
                best = call;
            }
        }
        if (best == null) {
            return "call=none";
        }
        double az = site.azimuthTo(best.x(), best.y());
        return String.format(Locale.ROOT, "call=%d true_az=%.1f err=%.2f", best.index(), az,
                Angles.difference(d.azimuth(), az));
    }

    private static TrueCall nearest(double seconds, List<TrueCall> calls) {
        TrueCall best = null;
        for (TrueCall c : calls) {
            if (Math.abs(c.seconds() - seconds) <= Scoring.FIX_MATCH_SECONDS
                    && (best == null || Math.abs(c.seconds() - seconds) < Math.abs(best.seconds() - seconds))) {
                best = c;
            }
        }
        return best;
    }

    private static void summary(MarmotRun.Result r, List<TrueCall> truth, MarmotConfig config, PrintStream out) {
        int nodes = r.nodes().nodes().size();
        out.printf(Locale.ROOT, "# %d nodes, %.1f s of audio, %d detections, %d locations%n", nodes, r.audioSeconds(),
                r.detections().size(), r.fixes().size());
        double raw = 0;
        for (Detection d : r.detections()) {
            raw += (d.endSeconds() - d.startSeconds()) * r.sampleRates().get(d.nodeIndex()) * ArraySource.CHANNELS * 2;
        }
        if (!r.detections().isEmpty()) {
            out.printf(Locale.ROOT, "# bytes per detection: %d (DOA vector) against %.0f of raw 16-bit audio on"
                    + " average%n", DoaWire.BYTES, raw / r.detections().size());
        }
        for (String changed : r.changedSamples()) {
            out.println("# " + changed);
        }
        if (r.withoutOnset() > 0) {
            out.printf(Locale.ROOT, "# %d detection(s) without an onset dropped (no in-band frequency rose"
                    + " --doa-onset-db above its floor before them: a reverberant tail or noise)%n", r.withoutOnset());
        }
        if (truth.isEmpty()) {
            return;
        }
        List<Scoring.DoaScore> scored = Scoring.detections(r, truth, config.speedOfSound());
        List<Double> errors = new ArrayList<>();
        int falseDetections = 0;
        for (Scoring.DoaScore s : scored) {
            if (s.call() == null) {
                falseDetections++;
            } else {
                errors.add(s.error());
            }
        }
        int expected = truth.size() * nodes;
        // With nothing to measure the error over, the line says so instead of printing NaN.
        out.printf(Locale.ROOT, "# truth: %d calls x %d nodes; %d detections of calls, %d false%s%n", truth.size(),
                nodes, errors.size(), falseDetections, spread("; median azimuth error", errors, "deg"));
        if (errors.size() < expected) {
            out.printf(Locale.ROOT, "# missed: %d call arrivals not detected%n", expected - errors.size());
        }
        List<Double> fixErrors = new ArrayList<>();
        for (Scoring.FixScore f : Scoring.fixes(r, truth)) {
            if (f.call() != null) {
                fixErrors.add(f.error());
            }
        }
        out.printf(Locale.ROOT, "# locations: %d of %d calls%s (grid cell %.2f m)%n", fixErrors.size(), truth.size(),
                spread(", median error", fixErrors, "m"), r.grid().cell());
    }

    /** {@code "<what> M <unit>, max X <unit>"} over {@code errors}, or nothing when there are none. */
    private static String spread(String what, List<Double> errors, String unit) {
        if (errors.isEmpty()) {
            return "";
        }
        double[] e = errors.stream().mapToDouble(Double::doubleValue).toArray();
        return String.format(Locale.ROOT, "%s %.2f %s, max %.2f %s", what, Scoring.median(e), unit,
                Arrays.stream(e).max().getAsDouble(), unit);
    }

    private static int generate(Options o, PrintStream out) throws UsageException {
        if (!o.has("out")) {
            throw new UsageException("generate needs --out DIR");
        }
        SceneSpec d = SceneSpec.defaults();
        double[] band = o.range("call-band", new double[] {d.callLowHz(), d.callHighHz()}, 1);
        long seed;
        try {
            seed = Long.parseLong(o.text("seed", String.valueOf(d.seed())));
        } catch (NumberFormatException e) {
            throw new UsageException("--seed: \"" + o.text("seed", "") + "\" is not a whole number");
        }
        SceneSpec spec = new SceneSpec(seed,
                o.integer("nodes", d.nodes(), 1, DoaCluster.MAX_NODES), o.number("radius", d.radius(), 1, 1e5),
                o.integer("calls", d.calls(), 0, 100_000), o.number("seconds", d.seconds(), 0.1, 86_400),
                o.number("snr", d.snrDb(), -30, 80), (float) o.number("rate", d.sampleRate(), 16_000, 192_000),
                band[0], band[1], o.number("call-ms", d.callSeconds() * 1e3, 1, 10_000) / 1e3,
                o.number("mic-side", d.micSide(), 0.001, 10), o.number("noise", d.noiseRms(), 0.1, 10_000),
                o.number("c", d.speedOfSound(), 100, 2000), o.integer("reflections", d.reflections(), 0, 100),
                o.number("reflection-gain", d.reflectionGain(), 0, 1));
        Path dir = Path.of(o.text("out", ""));
        try {
            SceneGenerator.Result r = SceneGenerator.write(spec, dir);
            out.printf(Locale.ROOT, "# wrote %d nodes and %d calls to %s (%d samples clipped)%n",
                    r.deployment().nodes().size(), r.calls().size(), dir.toAbsolutePath(), r.clipped());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write the scene to " + dir + ": " + e, e);
        }
        return ExitCode.OK.code();
    }
}
