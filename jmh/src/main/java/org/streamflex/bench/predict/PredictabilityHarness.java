package org.streamflex.bench.predict;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.streamflex.Clock;
import org.streamflex.RealTime;
import org.streamflex.StreamFlexGraph;
import org.streamflex.bench.events.EventCorrelationGraph;
import org.streamflex.bench.events.PlainEventCorrelation;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.graph.RuntimeGraph;

/**
 * The predictability harness: runs periodic graphs for N periods, records every release without
 * allocating, and reports inter-arrival percentiles, deadline misses, time lost and garbage
 * collections, each beside a native C reference run in the same invocation, with CSVs and PNG
 * plots in the paper's style. Every Java run is a child JVM of its own (a chosen collector, a
 * 512 MiB pre-touched heap, a GC log); the native reference runs from here.
 *
 * <pre>
 * java -jar jmh/target/benchmarks.jar ... (see jmh/README.md):
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.predict.PredictabilityHarness \
 *      [--out DIR] [--load-periods N] [--event-periods N] [--warmup N] [--scenarios load,events]
 * </pre>
 *
 * <p>Defaults: 100,000 periods of the load, 50,000 of each event run, warm-up runs of 20,000 and
 * 10,000 periods (a graph of the same classes run first, so that the measured one is compiled),
 * output in {@code target/predictability}.
 *
 * <p>Scenarios: {@code load}, a SerializedBeamFormer-like 50 us calibrated load at 80 us (the
 * paper's Figures 18-19); {@code events}, the transaction-tracking graph at 200 us (Figure 21), as
 * StreamFlex and as plain Java, each with and without a garbage-churning thread, under G1 and ZGC.
 */
public final class PredictabilityHarness {
    static final int LOAD_PERIOD = 80;
    static final int LOAD_WORK = 50;
    static final int EVENT_PERIOD = 200;

    private final Map<String, String> args;
    private final Path out;

    private PredictabilityHarness(Map<String, String> args) {
        this.args = args;
        this.out = Path.of(args.getOrDefault("out", "target/predictability"));
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> args = new LinkedHashMap<>();
        for (int i = 0; i < argv.length; i++) {
            String a = argv[i];
            if (!a.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + a + "': options start with --");
            }
            String key = a.substring(2);
            if (key.equals("churn")) {
                args.put(key, "true");
            } else if (i + 1 < argv.length) {
                args.put(key, argv[++i]);
            } else {
                throw new IllegalArgumentException("--" + key + " needs a value");
            }
        }
        PredictabilityHarness harness = new PredictabilityHarness(args);
        Files.createDirectories(harness.out);
        if (args.containsKey("child")) {
            harness.child(args.get("child"), args.get("run"));
        } else {
            harness.parent();
        }
    }

    private int intArg(String name, int otherwise) {
        return Integer.parseInt(args.getOrDefault(name, Integer.toString(otherwise)));
    }

    // ---------------------------------------------------------------- one Java run (child JVM)

    private void child(String kind, String run) throws Exception {
        int periods = intArg("periods", 10_000);
        int warmup = intArg("warmup", 10_000);
        boolean churn = args.containsKey("churn");
        Properties facts = new Properties();
        ReleaseLog log;
        // The churning thread starts before the warm-up, so that the measured run sees the
        // collector in its steady state rather than the start of the churn.
        try (Churn c = churn ? new Churn() : null) {
            switch (kind) {
                case "load-streamflex" -> {
                    int rounds = CalibratedWork.calibrate(LOAD_WORK * 1000L);
                    facts.setProperty("rounds", Integer.toString(rounds));
                    LoadGraph w = new LoadGraph(LOAD_PERIOD, rounds);
                    runGraph(w, w.clock, LOAD_PERIOD, warmup, null);
                    LoadGraph g = new LoadGraph(LOAD_PERIOD, rounds);
                    log = measure(g, g.clock, LOAD_PERIOD, periods, facts, run);
                }
                case "events-streamflex" -> {
                    EventCorrelationGraph w = new EventCorrelationGraph(EVENT_PERIOD);
                    runGraph(w, w.clock, EVENT_PERIOD, warmup, null);
                    EventCorrelationGraph g = new EventCorrelationGraph(EVENT_PERIOD);
                    log = measure(g, g.clock, EVENT_PERIOD, periods, facts, run);
                    facts.setProperty("transactions", Long.toString(g.summarizer.transactions));
                }
                case "events-plain" -> {
                    PlainPeriodicLoop.run(EVENT_PERIOD, RealTime.defaults(), new PlainEventCorrelation()::release,
                            new ReleaseLog(warmup, EVENT_PERIOD * 1000L));
                    PlainEventCorrelation plain = new PlainEventCorrelation();
                    log = new ReleaseLog(periods, EVENT_PERIOD * 1000L);
                    GcWindow window = GcWindow.open();
                    facts.setProperty("backend", PlainPeriodicLoop.run(EVENT_PERIOD, RealTime.defaults(),
                            plain::release, log));
                    record(window.close(gcLog(run)), facts);
                    facts.setProperty("transactions", Long.toString(plain.transactions));
                }
                default -> throw new IllegalArgumentException("unknown run kind " + kind);
            }
            if (c != null) {
                facts.setProperty("churnedBytes", Long.toString(c.allocatedBytes()));
            }
        }
        log.writeCsv(out.resolve(run + ".csv"));
        try (Writer w = Files.newBufferedWriter(out.resolve(run + ".properties"))) {
            facts.store(w, run);
        }
    }

    private Path gcLog(String run) {
        return out.resolve(run + ".gc.log");
    }

    private static void record(GcWindow.Result gc, Properties facts) {
        facts.setProperty("collections", Long.toString(gc.collections()));
        facts.setProperty("pauses", Long.toString(gc.pauses()));
        facts.setProperty("maxPauseMicros", String.format(Locale.ROOT, "%.1f", gc.maxPauseMicros()));
    }

    private ReleaseLog measure(StreamFlexGraph g, Clock clock, int period, int periods, Properties facts, String run)
            throws Exception {
        ReleaseLog log = new ReleaseLog(periods, period * 1000L);
        GcWindow window = GcWindow.open();
        runGraph(g, clock, period, periods, log);
        record(window.close(gcLog(run)), facts);
        facts.setProperty("backend", clock.backend());
        return log;
    }

    /** Runs {@code g} until {@code periods} releases are logged (into a throw-away log if null). */
    private static void runGraph(StreamFlexGraph g, Clock clock, int period, int periods, ReleaseLog log)
            throws Exception {
        ReleaseLog target = log != null ? log : new ReleaseLog(periods, period * 1000L);
        RuntimeGraph runtime = (RuntimeGraph) ApiAccess.assemblyOf(g);
        runtime.observeReleases(clock, target);
        g.start();
        while (!target.isFull() && g.failure() == null) {
            Thread.sleep(20);
        }
        g.stop();
        if (g.failure() != null) {
            throw g.failure();
        }
    }

    // ---------------------------------------------------------------- the whole benchmark

    /** A finished run: its releases, figures and what the child reported. */
    record Result(String name, ReleaseLog log, RunStats stats, Properties facts) {
        String fact(String key) {
            return facts.getProperty(key, "");
        }
    }

    private final Map<String, Result> results = new LinkedHashMap<>();

    private void parent() throws Exception {
        int loadPeriods = intArg("load-periods", 100_000);
        int eventPeriods = intArg("event-periods", 50_000);
        List<String> scenarios = List.of(args.getOrDefault("scenarios", "load,events").split(","));
        RealTime rt = RealTime.defaults();
        int nativePriority = rt.backend() == RealTime.Backend.AUTO || rt.backend() == RealTime.Backend.LINUX_FIFO
                ? rt.priority() : 0;
        NativeReference c = NativeReference.build(out);
        List<String> plots = new ArrayList<>();
        if (scenarios.contains("load")) {
            javaRun("load-streamflex-g1", "load-streamflex", "G1", false, loadPeriods, 20_000);
            if (c != null) {
                nativeRun(c, "load-native", LOAD_PERIOD, LOAD_WORK, loadPeriods, rt, nativePriority, false);
            }
            plots.addAll(plot("load", "80 us period, 50 us work", "load-streamflex-g1", "load-native"));
        }
        if (scenarios.contains("events")) {
            for (String gc : List.of("G1", "ZGC")) {
                for (boolean churn : List.of(false, true)) {
                    String suffix = "-" + gc.toLowerCase(Locale.ROOT) + (churn ? "-churn" : "");
                    javaRun("events-streamflex" + suffix, "events-streamflex", gc, churn, eventPeriods, 10_000);
                    javaRun("events-plain" + suffix, "events-plain", gc, churn, eventPeriods, 10_000);
                }
            }
            if (c != null) {
                int work = (int) Math.max(1, Math.ceil(results.get("events-streamflex-g1").stats().medianWorkMicros()));
                nativeRun(c, "events-native", EVENT_PERIOD, work, eventPeriods, rt, nativePriority, false);
                nativeRun(c, "events-native-churn", EVENT_PERIOD, work, eventPeriods, rt, nativePriority, true);
            }
            for (String gc : List.of("g1", "zgc")) {
                for (String churn : List.of("", "-churn")) {
                    plots.addAll(plot("events-" + gc + churn, "event correlation, 200 us, "
                            + gc.toUpperCase(Locale.ROOT) + (churn.isEmpty() ? "" : ", churning thread"),
                            "events-streamflex-" + gc + churn, "events-plain-" + gc + churn, "events-native" + churn));
                }
            }
        }
        String report = report(plots);
        System.out.println(report);
        Files.writeString(out.resolve("summary.md"), report);
    }

    private void javaRun(String name, String kind, String gc, boolean churn, int periods, int warmup)
            throws Exception {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.add(gc.equals("ZGC") ? "-XX:+UseZGC" : "-XX:+UseG1GC");
        command.addAll(List.of("-Xms512m", "-Xmx512m", "-XX:+AlwaysPreTouch", "--enable-native-access=ALL-UNNAMED"));
        Path gcLog = gcLog(name);
        Files.deleteIfExists(gcLog);
        command.add(GcWindow.LOG_OPTION + gcLog + GcWindow.LOG_DECORATION);
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("streamflex."))
                .forEach(k -> command.add("-D" + k + "=" + System.getProperty(k)));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), PredictabilityHarness.class.getName(),
                "--child", kind, "--run", name, "--periods", Integer.toString(periods),
                "--warmup", Integer.toString(intArg("warmup", warmup)), "--out", out.toString()));
        if (churn) {
            command.add("--churn");
        }
        System.out.println("== " + name);
        Process p = new ProcessBuilder(command).inheritIO().start();
        if (p.waitFor() != 0) {
            throw new IllegalStateException(name + " failed with exit code " + p.exitValue() + ": " + command);
        }
        Properties facts = new Properties();
        try (Reader r = Files.newBufferedReader(out.resolve(name + ".properties"))) {
            facts.load(r);
        }
        ReleaseLog log = ReleaseLog.readCsv(out.resolve(name + ".csv"), facts.containsKey("rounds")
                ? LOAD_PERIOD * 1000L : EVENT_PERIOD * 1000L);
        results.put(name, new Result(name, log, RunStats.of(log), facts));
    }

    private void nativeRun(NativeReference c, String name, int period, int work, int periods, RealTime rt,
            int priority, boolean churn) throws Exception {
        System.out.println("== " + name);
        NativeReference.Run run;
        try (Churn _ = churn ? new Churn() : null) {
            if (churn) {
                Thread.sleep(1000); // as the Java runs' warm-up: measure the churn's steady state
            }
            run = c.run(period, work, periods, rt.spinMicros(), priority, rt.cpu(), out.resolve(name + ".csv"));
        }
        System.out.println(run.description());
        Properties facts = new Properties();
        facts.setProperty("backend", run.description().replaceFirst("^native: ", "native "));
        results.put(name, new Result(name, run.log(), RunStats.of(run.log()), facts));
    }

    private List<String> plot(String prefix, String title, String... names) throws IOException {
        List<Plots.Series> series = new ArrayList<>();
        for (String n : names) {
            Result r = results.get(n);
            if (r != null) {
                series.add(new Plots.Series(n, r.log()));
            }
        }
        List<String> paths = new ArrayList<>();
        for (Path p : Plots.write(out, prefix, title, series)) {
            paths.add(p.toString());
        }
        return paths;
    }

    // ---------------------------------------------------------------- report

    private String report(List<String> plots) {
        StringBuilder s = new StringBuilder("# Predictability\n\n");
        s.append("| run | releases | inter-arrival min / median / p99 / p99.9 / max (us) | > 2p | > 1 ms "
                + "| misses (rate) | time lost (us) | skipped | median work (us) | GCs | max pause (us) |\n");
        s.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Result r : results.values()) {
            RunStats t = r.stats();
            s.append(String.format(Locale.ROOT, "| %s | %d | %.1f / %.1f / %.1f / %.1f / %.1f | %d | %d | %d (%.3f%%) "
                    + "| %.0f | %d | %.1f | %s | %s |%n", r.name(), t.releases(), t.minMicros(), t.medianMicros(),
                    t.p99Micros(), t.p999Micros(), t.maxMicros(), t.overTwoPeriods(), t.overOneMilli(), t.misses(),
                    100 * t.missRate(), t.lostMicros(), t.skipped(), t.medianWorkMicros(),
                    r.fact("collections").isEmpty() ? "-" : r.fact("collections"),
                    r.fact("maxPauseMicros").isEmpty() ? "-" : r.fact("maxPauseMicros")));
        }
        s.append("\nBackends:\n\n");
        results.values().forEach(r -> s.append("- ").append(r.name()).append(": ").append(r.fact("backend"))
                .append('\n'));
        s.append("\n## Goals\n\n");
        goals(s);
        s.append("\n## Files\n\nCSV per run: ").append(out.resolve("<run>.csv")).append("\n\nPlots:\n\n");
        plots.forEach(p -> s.append("- ").append(p).append('\n'));
        return s.toString();
    }

    private void goals(StringBuilder s) {
        Result load = results.get("load-streamflex-g1");
        Result loadNative = results.get("load-native");
        if (load != null && loadNative != null) {
            s.append(String.format(Locale.ROOT, "- 80 us / 50 us: StreamFlex misses %.3f%%, native %.3f%%: %s "
                    + "(goal at most 1.1x)%n", 100 * load.stats().missRate(), 100 * loadNative.stats().missRate(),
                    ratio(load.stats().misses(), loadNative.stats().misses())));
        }
        Result nat = results.get("events-native");
        for (String gc : List.of("g1", "zgc")) {
            Result sf = results.get("events-streamflex-" + gc);
            if (sf != null) {
                s.append(String.format(Locale.ROOT,
                        "- events, %s: StreamFlex collections during the run: %s (goal 0)%n",
                        gc.toUpperCase(Locale.ROOT), sf.fact("collections")));
                if (nat != null) {
                    RunStats sfStats = sf.stats();
                    RunStats natStats = nat.stats();
                    s.append(String.format(Locale.ROOT, "- events, %s: p99.9 inter-arrival %.1f us vs native %.1f us "
                            + "(%.2fx), max %.1f us vs %.1f us (%.2fx) (goal at most 1.5x)%n",
                            gc.toUpperCase(Locale.ROOT),
                            sfStats.p999Micros(), natStats.p999Micros(), sfStats.p999Micros() / natStats.p999Micros(),
                            sfStats.maxMicros(), natStats.maxMicros(), sfStats.maxMicros() / natStats.maxMicros()));
                }
            }
            Result plain = results.get("events-plain-" + gc);
            if (plain != null) {
                s.append(String.format(Locale.ROOT, "- events, %s: plain Java collections %s, longest pause %s us, "
                        + "max inter-arrival %.1f us%n", gc.toUpperCase(Locale.ROOT), plain.fact("collections"),
                        plain.fact("maxPauseMicros"), plain.stats().maxMicros()));
            }
        }
        Result zgcChurn = results.get("events-streamflex-zgc-churn");
        Result natChurn = results.get("events-native-churn");
        if (zgcChurn != null && natChurn != null) {
            s.append(String.format(Locale.ROOT, "- events, ZGC with a churning thread: inter-arrivals over 1 ms: "
                    + "StreamFlex %d, native (same churn beside it) %d (goal: no more than native)%n",
                    zgcChurn.stats().overOneMilli(), natChurn.stats().overOneMilli()));
        }
    }

    private static String ratio(long a, long b) {
        return b == 0 ? (a == 0 ? "both 0" : a + " vs 0") : String.format(Locale.ROOT, "%.2fx", (double) a / b);
    }
}
