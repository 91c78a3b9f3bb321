package org.streamflex.bench.xstream;

import com.sun.management.ThreadMXBean;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.streamflex.bench.Machine;
import org.streamflex.bench.xstream.XStreamWorkloads.DetectAudio;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;

/**
 * Times every version of XStream's benchmarks in one JVM and prints the rates, the checksums and
 * the ratios the paper invites: the signal-segment version against the per-sample one (the paper's
 * XStream / XStream-NoSigSeg in Table I: 769x, 1686x, 859x) and against the plain loop;
 * DETECTAUDIO's multiple of real time for its four-channel 48 kHz array; DETECTAUDIO cut before its
 * sync, with it, and with a hash join in its place (the paper: 0.9x and 0.2x); the goals; and
 * XStream's memory-manager comparison over batch sizes (figure 6).
 *
 * <p>The recording is parsed once, before anything is timed. Each version first runs one replay,
 * whose checksum every version of the workload must share; the harness then picks the replays per
 * round so that a round lasts about the round time, runs warm-up rounds and timed rounds, each
 * bounded by the version's time budget, and reports input samples per second (the samples of a
 * replay times the replays, over the round's wall time; DETECTAUDIO counts all four channels): the
 * mean over the timed rounds and its 95% confidence interval (Student's t). A round times
 * {@link Version.Prepared#run()} only: what a version prepares (a graph built) is done before the
 * clock starts. Versions listed in {@link XStreamVersions} appear by themselves. All versions run
 * in this one JVM, one after the other, on the calling thread (the conventional engine's operators
 * on threads of their own).
 *
 * <pre>
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.xstream.XStreamMain --quick
 * java -XX:+UseParallelGC -cp jmh/target/benchmarks.jar org.streamflex.bench.xstream.XStreamMain
 * </pre>
 *
 * <p>The long run names the parallel collector: under G1, whose write barrier takes a slow path
 * (a fence and a refinement queue) for reference stores across regions while their cards are
 * clean, the signal-segment SILENCEFILTER, which stores segment references at every hop, jumped
 * between about 750 and 1000 M samples/s from round to round; with the parallel collector's one
 * unconditional card mark it ran at 1000 to 1035. The machine line shows the collector.
 *
 * <p>Options: {@code --quick} (100 ms rounds, 2 warm-up and 5 timed, 2 s per version, no memory
 * sweep: under a minute in all), {@code --batch B}, {@code --sweep} / {@code --no-sweep} (the
 * memory-manager sweep, on by default only in the long run), {@code --copying-sources} (the
 * signal-segment sources copy each batch out of the arrays, the acquisition copy, instead of
 * replaying the input loaded once by reference), and, to override either mode,
 * {@code --replays R} (fixed), {@code --warmup N}, {@code --rounds N}, {@code --round-ms T},
 * {@code --budget-ms T}. Exit status 1 if the versions of a workload disagree.
 */
public final class XStreamMain {
    /** The version names in table order; other names in {@link XStreamVersions} follow them. */
    static final List<String> COLUMNS = List.of(Version.PLAIN, Version.PER_SAMPLE, Version.CONVENTIONAL,
            Version.SIGSEG);
    static final String NOT_BUILT = "not built yet";
    /** DETECTAUDIO's real-time rate: four channels of 48 kHz. */
    static final double REAL_TIME = DetectAudio.CHANNELS * (double) DetectAudio.SAMPLE_RATE;
    /** The sweep's batch sizes per channel, in bytes: 1 KB to 2 MB. */
    static final int[] SWEEP_BATCH_BYTES = {1 << 10, 1 << 11, 1 << 12, 1 << 13, 1 << 14, 1 << 15, 1 << 16, 1 << 17,
        1 << 18, 1 << 19, 1 << 20, 1 << 21};
    /** The sweep's batches per channel per run, at least. */
    static final int SWEEP_BATCHES = 32;
    private static final int MIN_ROUNDS = 3;
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

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
     * @param sweep whether to run the memory-manager sweep
     * @param copyingSources whether the signal-segment sources copy each batch instead of replaying
     *     the loaded input by reference
     */
    record Options(boolean quick, int batch, int replays, int warmup, int rounds, long roundMillis,
            long budgetMillis, boolean sweep, boolean copyingSources) {
        static Options parse(String... args) {
            boolean quick = List.of(args).contains("--quick");
            int batch = XStreamWorkloads.DEFAULT_BATCH;
            int replays = 0;
            int warmup = quick ? 2 : 5;
            int rounds = quick ? 5 : 10;
            long roundMillis = quick ? 100 : 1000;
            long budgetMillis = quick ? 2_000 : 30_000;
            boolean sweep = !quick;
            boolean copying = false;
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                switch (arg) {
                    case "--quick" -> {
                        continue;
                    }
                    case "--sweep" -> {
                        sweep = true;
                        continue;
                    }
                    case "--no-sweep" -> {
                        sweep = false;
                        continue;
                    }
                    case "--copying-sources" -> {
                        copying = true;
                        continue;
                    }
                    default -> {
                    }
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("unknown option or missing value: " + arg);
                }
                long value;
                try {
                    value = Long.parseLong(args[++i]);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(arg + " needs a whole number, not '" + args[i] + "'", e);
                }
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
            return new Options(quick, batch, replays, warmup, rounds, roundMillis, budgetMillis, sweep, copying);
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

        /** The mean and interval in millions of samples per second. */
        String rate() {
            return String.format(Locale.ROOT, "%.3f +- %.3f", mean() / 1e6, halfInterval() / 1e6);
        }
    }

    /** What the command accepts, printed with exit status 2 when an argument is wrong. */
    static final String USAGE = "usage: XStreamMain [--quick] [--batch B] [--sweep | --no-sweep] [--copying-sources]"
            + " [--replays R] [--warmup N] [--rounds N] [--round-ms T] [--budget-ms T]";

    public static void main(String[] args) throws InterruptedException {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("XStreamMain: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        boolean agree = run(options, System.out);
        System.exit(agree ? 0 : 1);
    }

    /** Loads the input, measures every version, prints it all; false if versions disagree. */
    static boolean run(Options options, PrintStream out) throws InterruptedException {
        out.println("XStream benchmarks" + (options.quick() ? " (--quick)" : ""));
        machine().forEach(line -> out.println("  " + line));
        long parse = System.nanoTime();
        XStreamInput input = XStreamInput.load(options.batch()).withCopyingSources(options.copyingSources());
        input.detectAudio();
        input.recordingSegment();
        input.micSegment(0);
        out.printf(Locale.ROOT, "input: %s, %,d samples at 44.1 kHz, and DETECTAUDIO's 4 x %,d at 48 kHz made from it;"
                + " parsed, made and loaded in %.0f ms (not timed); batch %d samples (per channel); sigseg sources"
                + " %s%n",
                CountingRecording.RESOURCE, CountingRecording.SAMPLES, DetectAudioInput.SAMPLES,
                (System.nanoTime() - parse) / 1e6, options.batch(), options.copyingSources()
                        ? "copy each batch from the arrays" : "replay the loaded input by reference");
        Selectivity.of(input.recording(), 1).lines().forEach(line -> out.println("  " + line + " (1 replay)"));
        out.println("  " + detectAudioSelectivity(input) + " (1 replay)");
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
        printRealTime(results, out);
        out.println();
        Map<String, Result> shapes = new LinkedHashMap<>();
        for (Version version : SyncComparison.versions()) {
            shapes.put(version.name(), measure(version, input, options));
        }
        agree &= printSyncComparison(shapes, input, out);
        out.println();
        printHeap(input, out);
        out.println();
        Map<Workload, Result> paired = new LinkedHashMap<>();
        for (Workload workload : List.of(Workload.STATFILTER, Workload.SILENCEFILTER)) {
            paired.put(workload, paired(workload, input, options, results.get(workload).get(Version.SIGSEG).replays()));
        }
        printPaired(paired, out);
        out.println();
        printGoals(results, paired, out);
        if (options.sweep()) {
            out.println();
            printSweep(input, options, out);
        }
        out.println();
        out.println("load average at the end: " + Machine.loadAverage());
        return agree;
    }

    static Result measure(Version version, XStreamInput input, Options options) throws InterruptedException {
        long begin = System.nanoTime();
        long budget = options.budgetMillis() * 1_000_000L;
        long perReplay = version.samples(input, 1);
        Version.Prepared ready = version.prepare(input, 1);
        long start = System.nanoTime();
        Checksum check = ready.run();
        double rate = rate(perReplay, System.nanoTime() - start);
        int replays = replays(options, rate, perReplay);
        for (int i = 0; i < options.warmup(); i++) {
            ready = version.prepare(input, replays);
            start = System.nanoTime();
            ready.run();
            rate = rate(version.samples(input, replays), System.nanoTime() - start);
            if (System.nanoTime() - begin > budget / 2) {
                break;
            }
        }
        replays = replays(options, rate, perReplay); // compiled code is faster than the first round's
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
        out.println("(DETECTAUDIO counts the samples of all four channels: 1,728,000 per replay)");
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
            Map<String, Result> r = results.getOrDefault(workload, Map.of());
            out.printf(Locale.ROOT, "%-14s %18s %22s %18s %24s %17s%n", workload,
                    ratio(r, Version.SIGSEG, Version.PER_SAMPLE),
                    workload.paperRatio() > 0 ? workload.paperRatio() + "x" : "not in Table I",
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
        return times(a.mean() / b.mean());
    }

    private static String times(double ratio) {
        return String.format(Locale.ROOT, ratio >= 10 ? "%.0fx" : "%.2fx", ratio);
    }

    /** DETECTAUDIO's rates as multiples of its array's real-time rate. */
    static void printRealTime(Map<Workload, Map<String, Result>> results, PrintStream out) {
        out.printf(Locale.ROOT, "DETECTAUDIO in real time (4 channels x 48 kHz = %,.0f samples/s; XStream's best, about"
                + " 6.8 M samples/s with depth-first scheduling, is %.0fx):%n", REAL_TIME, 6.8e6 / REAL_TIME);
        for (Result r : results.getOrDefault(Workload.DETECTAUDIO, Map.of()).values()) {
            out.printf(Locale.ROOT, "  %-13s %10.1f M samples/s = %8.0fx real time%n", r.version().name(),
                    r.mean() / 1e6, r.mean() / REAL_TIME);
        }
    }

    /**
     * DETECTAUDIO's graph cut before the sync, with it, and with a hash join: rates, ratios to the
     * cut graph next to the paper's, and the memory each holds. False if sync and join disagree.
     */
    static boolean printSyncComparison(Map<String, Result> shapes, XStreamInput input, PrintStream out) {
        out.println("DETECTAUDIO sync against hash join (signal-segment graph; XStream section IV-B):");
        out.printf(Locale.ROOT, "  %-16s %8s %7s %26s %10s %8s %16s   %s%n", "shape", "replays", "rounds",
                "M samples/s (95% CI)", "x cut", "paper", "peak memory", "checksum, 1 replay");
        Result cut = shapes.get(SyncComparison.CUT);
        Map<String, Long> peaks = new LinkedHashMap<>();
        for (Result r : shapes.values()) {
            long bytes = SyncComparison.peakBytes(r.version(), input, 1);
            peaks.put(r.version().name(), bytes);
            String paper = switch (r.version().name()) {
                case SyncComparison.SYNC -> "0.9x";
                case SyncComparison.HASH_JOIN -> "0.2x";
                default -> "1x";
            };
            out.printf(Locale.ROOT, "  %-16s %8d %7d %26s %10s %8s %13.2f MB   %s%n", r.version().name(), r.replays(),
                    r.rates().size(), r.rate(), times(r.mean() / cut.mean()), paper, bytes / 1e6,
                    Workload.DETECTAUDIO.describe(r.check()));
        }
        Result sync = shapes.get(SyncComparison.SYNC);
        Result join = shapes.get(SyncComparison.HASH_JOIN);
        long cutBytes = peaks.get(SyncComparison.CUT);
        long syncBytes = peaks.get(SyncComparison.SYNC) - cutBytes;
        long joinBytes = peaks.get(SyncComparison.HASH_JOIN) - cutBytes;
        out.printf(Locale.ROOT, "  memory beyond the cut graph's %.2f MB: sync %.2f MB, hash join %.2f MB, %s the"
                + " sync's (paper: the join's memory x5)%n", cutBytes / 1e6, syncBytes / 1e6, joinBytes / 1e6,
                times(joinBytes / (double) Math.max(1, syncBytes)));
        out.println("  (peak memory: the off-heap sample buffers the graph's segments hold, sampled after every"
                + " release, with sources that copy each batch into a pooled buffer; plus 12 bytes per hash-table"
                + " entry)");
        boolean same = sync.check().equals(join.check());
        if (!same) {
            out.println("SYNC AND HASH JOIN DISAGREE");
        }
        return same;
    }

    /**
     * Heap bytes the signal-segment versions allocate per segment: the difference between a run of
     * 16 replays and one of 4, over the source segments the longer one adds.
     */
    static void printHeap(XStreamInput input, PrintStream out) throws InterruptedException {
        out.println("heap bytes per segment, sigseg versions (calling thread, after warm-up runs; every run allocates"
                + " some KB whatever its length, at its end, to check the channels' counters):");
        for (Workload workload : Workload.values()) {
            Version v = XStreamVersions.find(workload, Version.SIGSEG);
            allocated(v, input, 4);
            allocated(v, input, 4);
            long four = allocated(v, input, 4);
            long sixteen = allocated(v, input, 16);
            long segments = 12 * ((input.length(workload, 1) + input.batch() - 1) / input.batch())
                    * (workload == Workload.DETECTAUDIO ? DetectAudio.CHANNELS : 1);
            out.printf(Locale.ROOT, "  %-14s %,10d bytes for 4 replays, %,10d for 16: %.3f bytes per source segment"
                    + " (%,d more)%n", workload, four, sixteen, (sixteen - four) / (double) segments, segments);
        }
    }

    private static long allocated(Version version, XStreamInput input, int replays) throws InterruptedException {
        Version.Prepared ready = version.prepare(input, replays);
        long before = THREADS.getCurrentThreadAllocatedBytes();
        ready.run();
        return THREADS.getCurrentThreadAllocatedBytes() - before;
    }

    /**
     * plain/sigseg of a workload from alternating rounds of the two versions over the same replays,
     * each pair in turn starting with the other version: what a changing load does to one it does
     * to the other, which the table's one-after-the-other measurements cannot promise on a shared
     * machine. The result's rates are the ratios of the pairs.
     */
    static Result paired(Workload workload, XStreamInput input, Options options, int replays)
            throws InterruptedException {
        Version plain = XStreamVersions.find(workload, Version.PLAIN);
        Version seg = XStreamVersions.find(workload, Version.SIGSEG);
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < options.rounds(); i++) {
            double plainRate;
            double segRate;
            if (i % 2 == 0) {
                plainRate = timedRate(plain, input, replays);
                segRate = timedRate(seg, input, replays);
            } else {
                segRate = timedRate(seg, input, replays);
                plainRate = timedRate(plain, input, replays);
            }
            ratios.add(plainRate / segRate);
        }
        return new Result(seg, null, replays, List.copyOf(ratios));
    }

    private static double timedRate(Version version, XStreamInput input, int replays) throws InterruptedException {
        Version.Prepared ready = version.prepare(input, replays);
        long start = System.nanoTime();
        ready.run();
        return rate(version.samples(input, replays), System.nanoTime() - start);
    }

    /** The paired ratios plain/sigseg. */
    static void printPaired(Map<Workload, Result> paired, PrintStream out) {
        out.println("plain/sigseg in paired rounds (plain and sigseg alternating over the same replays; the 1.25x"
                + " goal):");
        for (Map.Entry<Workload, Result> e : paired.entrySet()) {
            Result r = e.getValue();
            out.printf(Locale.ROOT, "  %-14s %.3f +- %.3f (95%% CI), %d pairs of %d replays%n", e.getKey(), r.mean(),
                    r.halfInterval(), r.rates().size(), r.replays());
        }
    }

    /** The goals, met or not, with the numbers. */
    static void printGoals(Map<Workload, Map<String, Result>> results, Map<Workload, Result> paired, PrintStream out) {
        out.println("goals (sigseg, one core per graph):");
        goal(out, results, paired, Workload.PASSCHAIN, 714e6);
        goal(out, results, paired, Workload.STATFILTER, 976e6);
        goal(out, results, paired, Workload.SILENCEFILTER, 645e6);
        goal(out, results, paired, Workload.DETECTAUDIO, 68e6);
    }

    private static void goal(PrintStream out, Map<Workload, Map<String, Result>> results,
            Map<Workload, Result> paired, Workload workload, double rate) {
        Map<String, Result> r = results.getOrDefault(workload, Map.of());
        Result seg = r.get(Version.SIGSEG);
        Result plain = r.get(Version.PLAIN);
        if (seg == null) {
            out.printf(Locale.ROOT, "  %-14s %s%n", workload, NOT_BUILT);
            return;
        }
        boolean fast = seg.mean() >= rate;
        String line = String.format(Locale.ROOT, "  %-14s >= %5.0f M samples/s: %s (%.1f)", workload, rate / 1e6,
                fast ? "met" : "NOT met", seg.mean() / 1e6);
        Result pair = paired.get(workload);
        if (pair != null && plain != null) {
            line += String.format(Locale.ROOT, "; within 1.25x of plain: %s (plain/sigseg %.2f paired, %.2f from the"
                    + " table)", pair.mean() <= 1.25 ? "met" : "NOT met", pair.mean(), plain.mean() / seg.mean());
        }
        if (workload == Workload.DETECTAUDIO) {
            line += String.format(Locale.ROOT, "; %.0fx real time (goal 350x)", seg.mean() / REAL_TIME);
        }
        out.println(line);
    }

    /**
     * XStream's figure 6: lazy segments against copying appends, over batch sizes. Each batch size
     * runs enough replays for at least {@value #SWEEP_BATCHES} batches per channel (4 replays at
     * least; 1 in a quick run), a warm-up run of each variant first.
     */
    static void printSweep(XStreamInput input, Options options, PrintStream out) {
        int minimum = options.replays() > 0 ? options.replays() : options.quick() ? 1 : 4;
        int batches = options.quick() ? 1 : SWEEP_BATCHES;
        int rounds = Math.min(options.rounds(), options.quick() ? 1 : 3);
        out.printf(Locale.ROOT, "memory managers (XStream figure 6): DETECTAUDIO's 4 channels, at least %d replays and"
                + " %d batches per channel; batches appended until a detection's range is complete, the range cut and"
                + " summed, the data before the next detection released; caches: %s%n", minimum, batches,
                Machine.caches());
        out.printf(Locale.ROOT, "  %12s %8s %14s %22s %22s %10s%n", "batch/channel", "replays", "peak held",
                "lazy M samples/s", "copy M samples/s", "lazy/copy");
        for (int bytes : SWEEP_BATCH_BYTES) {
            int batch = bytes / Float.BYTES;
            int replays = MemoryManagerSweep.replaysFor(batch, batches, minimum);
            MemoryManagerSweep sweep = MemoryManagerSweep.of(input.detectAudio(), replays);
            Checksum lazy = sweep.lazy(batch);
            Checksum copy = sweep.copy(batch);
            if (!lazy.equals(copy)) {
                throw new IllegalStateException("lazy " + lazy + " and copy " + copy + " disagree at batch " + batch);
            }
            double[] lazyRates = new double[rounds];
            double[] copyRates = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                long start = System.nanoTime();
                sweep.lazy(batch);
                lazyRates[i] = rate(sweep.samples(), System.nanoTime() - start);
                start = System.nanoTime();
                sweep.copy(batch);
                copyRates[i] = rate(sweep.samples(), System.nanoTime() - start);
            }
            double lazyMean = mean(lazyRates);
            double copyMean = mean(copyRates);
            out.printf(Locale.ROOT, "  %9d KB %8d %11.2f MB %22.1f %22.1f %10s%n", bytes / 1024, replays,
                    sweep.peakHeldBytes(batch) / 1e6, lazyMean / 1e6, copyMean / 1e6, times(lazyMean / copyMean));
        }
        out.println("  (peak held: the most bytes the four channels hold at once; the copy variant copies all of it at"
                + " each append)");
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** What DETECTAUDIO selects on one replay: windows, detections, samples out. */
    static String detectAudioSelectivity(XStreamInput input) {
        Checksum c = PlainVersions.detectAudio(input.detectAudio().arrays(), 1);
        MemoryManagerSweep one = MemoryManagerSweep.of(input.detectAudio(), 1);
        long out = one.samplesInRanges();
        return String.format(Locale.ROOT, "DETECTAUDIO   windows %d, beta %s: %d windows, %d detections, %,d samples"
                + " out of %,d (%.1f%%)", DetectAudio.WINDOW, DetectAudio.CFAR_BETA,
                DetectAudioInput.SAMPLES / DetectAudio.WINDOW, c.count(), out * DetectAudio.CHANNELS,
                Workload.DETECTAUDIO.samplesPerReplay(), 100.0 * out / DetectAudioInput.SAMPLES);
    }

    /** CPU model, cores, caches, kernel, JDK, collector, heap and load: what the numbers were measured on. */
    static List<String> machine() {
        String cpu = Machine.cpu();
        String gc = Machine.collectors();
        return List.of(
                "machine: " + cpu + ", " + Runtime.getRuntime().availableProcessors() + " cores available, "
                        + System.getProperty("os.name") + " " + System.getProperty("os.version") + "; caches: "
                        + Machine.caches(),
                "JDK: " + System.getProperty("java.vm.name") + " " + Runtime.version() + " ("
                        + System.getProperty("java.vendor") + "), GC " + gc + ", max heap "
                        + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB",
                "load average at the start: " + Machine.loadAverage());
    }

    /** The 97.5% quantile of Student's t with {@code df} degrees of freedom. */
    static double studentT975(int df) {
        double[] table = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
            2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
            2.052, 2.048, 2.045, 2.042};
        return df <= table.length ? table[df - 1] : 1.96;
    }
}
