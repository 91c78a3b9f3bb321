package org.streamflex.bench.xstream;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;

/**
 * Times every version of XStream's mini-benchmarks in one JVM and prints the rates, the checksums
 * and the ratios the paper's Table I invites: the signal-segment version against the per-sample one
 * (the paper's XStream / XStream-NoSigSeg: 769x, 1686x, 859x), and each against the plain loop.
 *
 * <p>The recording is parsed once, before anything is timed. Each version first runs one replay,
 * whose checksum every version of the workload must share; the harness then picks the replays per
 * round so that a round lasts about the round time, runs warm-up rounds and timed rounds, each
 * bounded by the version's time budget, and reports input samples per second (replays times
 * 396,900 over the round's wall time): the mean over the timed rounds and its 95% confidence
 * interval (Student's t). A round times {@link Version.Prepared#run()} only: what a version
 * prepares (a graph built) is done before the clock starts. Versions listed in
 * {@link XStreamVersions} appear by themselves; the signal-segment rows say "not built yet" until
 * it lists them. All versions run in this one JVM, one after the other.
 *
 * <pre>
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.xstream.XStreamMain --quick
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.xstream.XStreamMain
 * </pre>
 *
 * <p>Options: {@code --quick} (100 ms rounds, 2 warm-up and 5 timed, 3 s per version: under a
 * minute in all), {@code --batch B}, and, to override either mode, {@code --replays R} (fixed),
 * {@code --warmup N}, {@code --rounds N}, {@code --round-ms T}, {@code --budget-ms T}. Exit status 1
 * if the versions of a workload disagree.
 */
public final class XStreamMain {
    /** The version names in table order; other names in {@link XStreamVersions} follow them. */
    static final List<String> COLUMNS = List.of(Version.PLAIN, Version.PER_SAMPLE, Version.CONVENTIONAL,
            Version.SIGSEG);
    static final String NOT_BUILT = "not built yet";
    private static final int MIN_ROUNDS = 3;

    private XStreamMain() {
    }

    /**
     * How long and how often to measure.
     *
     * @param quick whether the run is the quick one (printed)
     * @param batch the source's batch
     * @param replays fixed replays per round, or 0 to choose them from the round time
     * @param warmup warm-up rounds at most
     * @param rounds timed rounds at most
     * @param roundMillis the target length of a round
     * @param budgetMillis what one version may take; a version stops early when it is spent, after
     *     at least one warm-up and three timed rounds
     */
    record Options(boolean quick, int batch, int replays, int warmup, int rounds, long roundMillis,
            long budgetMillis) {
        static Options parse(String... args) {
            boolean quick = List.of(args).contains("--quick");
            int batch = XStreamWorkloads.DEFAULT_BATCH;
            int replays = 0;
            int warmup = quick ? 2 : 5;
            int rounds = quick ? 5 : 10;
            long roundMillis = quick ? 100 : 1000;
            long budgetMillis = quick ? 3_000 : 30_000;
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                if (arg.equals("--quick")) {
                    continue;
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("unknown option or missing value: " + arg);
                }
                long value = Long.parseLong(args[++i]);
                switch (arg) {
                    case "--batch" -> batch = Math.toIntExact(value);
                    case "--replays" -> replays = Math.toIntExact(value);
                    case "--warmup" -> warmup = Math.toIntExact(value);
                    case "--rounds" -> rounds = Math.toIntExact(value);
                    case "--round-ms" -> roundMillis = value;
                    case "--budget-ms" -> budgetMillis = value;
                    default -> throw new IllegalArgumentException("unknown option " + arg);
                }
            }
            if (batch < 1 || replays < 0 || warmup < 0 || rounds < 1) {
                throw new IllegalArgumentException("batch, rounds >= 1; replays, warm-up >= 0");
            }
            return new Options(quick, batch, replays, warmup, rounds, roundMillis, budgetMillis);
        }
    }

    /**
     * A version's measurement.
     *
     * @param version what ran
     * @param check its checksum on one replay
     * @param replays replays per timed round
     * @param rates input samples per second of each timed round
     */
    record Result(Version version, Checksum check, int replays, List<Double> rates) {
        double mean() {
            return rates.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        }

        /** Half the width of the 95% confidence interval of the mean. */
        double halfInterval() {
            int n = rates.size();
            if (n < 2) {
                return Double.NaN;
            }
            double mean = mean();
            double squares = 0;
            for (double r : rates) {
                squares += (r - mean) * (r - mean);
            }
            return studentT975(n - 1) * Math.sqrt(squares / (n - 1)) / Math.sqrt(n);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Options options = Options.parse(args);
        boolean agree = run(options, System.out);
        System.exit(agree ? 0 : 1);
    }

    /** Loads the input, measures every version, prints it all; false if versions disagree. */
    static boolean run(Options options, PrintStream out) throws InterruptedException {
        out.println("XStream mini-benchmarks" + (options.quick() ? " (--quick)" : ""));
        machine().forEach(line -> out.println("  " + line));
        long parse = System.nanoTime();
        XStreamInput input = XStreamInput.load(options.batch());
        out.printf(Locale.ROOT, "input: %s, %,d samples at 44.1 kHz, parsed in %.0f ms (not timed), batch %d%n",
                CountingRecording.RESOURCE, CountingRecording.SAMPLES, (System.nanoTime() - parse) / 1e6,
                options.batch());
        Selectivity.of(input.recording(), 1).lines().forEach(line -> out.println("  " + line + " (1 replay)"));
        out.printf(Locale.ROOT, "rounds: %s replays, up to %d warm-up and %d timed of about %d ms, %.1f s per"
                + " version%n", options.replays() > 0 ? String.valueOf(options.replays()) : "chosen", options.warmup(),
                options.rounds(), options.roundMillis(), options.budgetMillis() / 1e3);
        out.println();
        Map<Workload, Map<String, Result>> results = new LinkedHashMap<>();
        for (Version version : XStreamVersions.all()) {
            Result result = measure(version, input, options);
            results.computeIfAbsent(version.workload(), w -> new LinkedHashMap<>()).put(version.name(), result);
        }
        boolean agree = printTable(results, out);
        out.println();
        printRatios(results, out);
        out.println();
        out.println("load average at the end: " + loadAverage());
        return agree;
    }

    static Result measure(Version version, XStreamInput input, Options options) throws InterruptedException {
        long begin = System.nanoTime();
        long budget = options.budgetMillis() * 1_000_000L;
        Version.Prepared ready = version.prepare(input, 1);
        long start = System.nanoTime();
        Checksum check = ready.run();
        double rate = rate(version.samples(input, 1), System.nanoTime() - start);
        int replays = replays(options, rate, version.samples(input, 1));
        for (int i = 0; i < options.warmup(); i++) {
            ready = version.prepare(input, replays);
            start = System.nanoTime();
            ready.run();
            rate = rate(version.samples(input, replays), System.nanoTime() - start);
            if (System.nanoTime() - begin > budget / 2) {
                break;
            }
        }
        replays = replays(options, rate, version.samples(input, 1)); // compiled code is faster than the first round's
        List<Double> rates = new ArrayList<>();
        Checksum first = null;
        long timed = System.nanoTime();
        while (rates.size() < options.rounds()
                && (rates.size() < MIN_ROUNDS || System.nanoTime() - timed < budget / 2)) {
            ready = version.prepare(input, replays);
            start = System.nanoTime();
            Checksum checksum = ready.run();
            rates.add(rate(version.samples(input, replays), System.nanoTime() - start));
            if (first == null) {
                first = checksum;
            } else if (!first.equals(checksum)) {
                throw new IllegalStateException(version.workload() + " " + version.name() + " gave " + checksum
                        + " after " + first + " for the same " + replays + " replays");
            }
        }
        return new Result(version, check, replays, List.copyOf(rates));
    }

    private static double rate(long samples, long nanos) {
        return samples * 1e9 / Math.max(1, nanos);
    }

    private static int replays(Options options, double rate, long samplesPerReplay) {
        if (options.replays() > 0) {
            return options.replays();
        }
        double wanted = rate * options.roundMillis() / 1e3 / samplesPerReplay;
        return (int) Math.max(1, Math.min(10_000, Math.ceil(wanted)));
    }

    /** One line per workload and version; true if every workload's versions agree on one replay. */
    static boolean printTable(Map<Workload, Map<String, Result>> results, PrintStream out) {
        out.printf(Locale.ROOT, "%-14s %-13s %8s %7s %26s   %s%n", "benchmark", "version", "replays", "rounds",
                "M samples/s (95% CI)", "checksum, 1 replay");
        boolean agree = true;
        for (Workload workload : Workload.values()) {
            Map<String, Result> byName = results.getOrDefault(workload, Map.of());
            if (!workload.runnable() && byName.isEmpty()) {
                out.printf(Locale.ROOT, "%-14s %-13s %s%n", workload, "all", NOT_BUILT + " (parameters defined)");
                continue;
            }
            Set<Checksum> checks = byName.values().stream().map(Result::check).collect(Collectors.toSet());
            boolean same = checks.size() <= 1;
            agree &= same;
            for (String name : names(byName)) {
                Result r = byName.get(name);
                if (r == null) {
                    out.printf(Locale.ROOT, "%-14s %-13s %s%n", workload, name, NOT_BUILT);
                    continue;
                }
                out.printf(Locale.ROOT, "%-14s %-13s %8d %7d %14.3f +- %-9.3f   %s%s%n", workload, name, r.replays(),
                        r.rates().size(), r.mean() / 1e6, r.halfInterval() / 1e6,
                        workload.describe(r.check()), same ? "" : "   DIFFERS");
            }
        }
        if (!agree) {
            out.println("VERSIONS DISAGREE: see DIFFERS above");
        }
        return agree;
    }

    private static List<String> names(Map<String, Result> byName) {
        Set<String> names = new LinkedHashSet<>(COLUMNS);
        names.addAll(byName.keySet());
        return List.copyOf(names);
    }

    /** The ratios of mean rates per workload, next to the paper's. */
    static void printRatios(Map<Workload, Map<String, Result>> results, PrintStream out) {
        out.printf(Locale.ROOT, "%-14s %18s %22s %18s %24s %17s%n", "ratios", "sigseg/per-sample",
                "paper XStream/NoSigSeg", "sigseg/plain", "per-sample/conventional", "plain/per-sample");
        for (Workload workload : Workload.values()) {
            if (!workload.runnable()) {
                continue;
            }
            Map<String, Result> r = results.getOrDefault(workload, Map.of());
            out.printf(Locale.ROOT, "%-14s %18s %22s %18s %24s %17s%n", workload,
                    ratio(r, Version.SIGSEG, Version.PER_SAMPLE), workload.paperRatio() + "x",
                    ratio(r, Version.SIGSEG, Version.PLAIN), ratio(r, Version.PER_SAMPLE, Version.CONVENTIONAL),
                    ratio(r, Version.PLAIN, Version.PER_SAMPLE));
        }
        out.println("(sigseg/plain: the goal for STATFILTER and SILENCEFILTER is at least 0.8, within 1.25x of plain)");
    }

    private static String ratio(Map<String, Result> results, String over, String under) {
        Result a = results.get(over);
        Result b = results.get(under);
        if (a == null || b == null) {
            return NOT_BUILT;
        }
        double ratio = a.mean() / b.mean();
        return String.format(Locale.ROOT, ratio >= 10 ? "%.0fx" : "%.2fx", ratio);
    }

    /** CPU model, cores, JDK, collector, heap and load: what the numbers were measured on. */
    static List<String> machine() {
        String cpu = "unknown CPU";
        try {
            cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElse(cpu);
        } catch (IOException | RuntimeException e) {
            // not Linux: the CPU stays unknown
        }
        String gc = ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName)
                .collect(Collectors.joining(", "));
        return List.of(
                "machine: " + cpu + ", " + Runtime.getRuntime().availableProcessors() + " cores available, "
                        + System.getProperty("os.name") + " " + System.getProperty("os.version"),
                "JDK: " + System.getProperty("java.vm.name") + " " + Runtime.version() + " ("
                        + System.getProperty("java.vendor") + "), GC " + gc + ", max heap "
                        + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB",
                "load average at the start: " + loadAverage());
    }

    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).strip().split(" ", 4);
            return String.join(" ", fields[0], fields[1], fields[2]) + " (1, 5, 15 min)";
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** The 97.5% quantile of Student's t with {@code df} degrees of freedom. */
    static double studentT975(int df) {
        double[] table = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
            2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
            2.052, 2.048, 2.045, 2.042};
        return df <= table.length ? table[df - 1] : 1.96;
    }
}
