package org.streamflex.bench.hybrid;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.streamflex.bench.Machine;

/**
 * Runs the hybrid static/dynamic scheduler paper's single-core micro-benchmarks (its section 5;
 * {@link Experiments}) in one JVM and prints, per experiment, every variant's rate with its 95%
 * confidence interval and checksum, then the ratios of the means beside the paper's. The variants
 * of one line of an experiment (one n, one W) take turns round by round ({@link Rounds}). The paper
 * ran them on one core; so does the command:
 *
 * <pre>
 * taskset -c 0 java -cp jmh/target/benchmarks.jar org.streamflex.bench.hybrid.HybridMain
 * </pre>
 *
 * <p>Every run of every variant pushes the items 0, 1, 2, ... through its pipeline and is checked
 * against the sum a plain loop computes ({@link Expected}): a variant that loses an item or skips
 * the work gives another sum, is flagged {@code DIFFERS} and makes the exit status 1.
 *
 * <p>Options: {@code --quick} (50 ms rounds, 1 warm-up and 3 timed, 1 s per variant: about 15 s in
 * all; the long run takes about two and a half minutes), {@code --section ID} (one of 5.1.1,
 * 5.1.2, 5.1.3, 5.2.1; repeatable; all by default), {@code --work W} (the computations of each of
 * 5.2.1's filters, 10 by default; 0 for identity filters), and to override either mode {@code --items N}
 * (fixed items per round, a power of two), {@code --warmup N}, {@code --rounds N},
 * {@code --round-ms T}, {@code --budget-ms T}. A wrong argument prints the usage and exits with
 * status 2.
 */
public final class HybridMain {
    static final String USAGE = "usage: HybridMain [--quick] [--section 5.1.1|5.1.2|5.1.3|5.2.1]... [--work W]"
            + " [--items N] [--warmup N] [--rounds N] [--round-ms T] [--budget-ms T]";
    static final String FUSION_PROPERTY = "streamflex.fusion";
    /** The runtime's logger (a field: the logging framework holds loggers weakly and would forget the level). */
    private static final Logger RUNTIME_LOG = Logger.getLogger("org.streamflex.runtime");

    private HybridMain() {
    }

    /**
     * What to run.
     *
     * @param quick whether this is the quick run (printed)
     * @param sections the ids of the sections to run, in the paper's order
     * @param plan how each variant is measured
     * @param threadWork the computations of each of 5.2.1's filters ({@code --work})
     */
    record Options(boolean quick, Set<String> sections, Rounds.Plan plan, int threadWork) {
        static Options parse(String... args) {
            boolean quick = List.of(args).contains("--quick");
            Set<String> known = Experiments.all().stream().map(Section::id)
                    .collect(Collectors.toCollection(LinkedHashSet::new));
            Set<String> chosen = new LinkedHashSet<>();
            long items = 0;
            int warmup = quick ? 1 : 3;
            int rounds = quick ? 3 : 7;
            long roundMillis = quick ? 50 : 200;
            long budgetMillis = quick ? 1_000 : 5_000;
            int threadWork = Experiments.THREAD_WORK;
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                if (arg.equals("--quick")) {
                    continue;
                }
                if (i + 1 >= args.length || !arg.startsWith("--")) {
                    throw new IllegalArgumentException("unknown option or missing value: " + arg);
                }
                String value = args[++i];
                if (arg.equals("--section")) {
                    if (!known.contains(value)) {
                        throw new IllegalArgumentException("no section " + value + "; there are " + known);
                    }
                    chosen.add(value);
                    continue;
                }
                long number;
                try {
                    number = Long.parseLong(value);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(arg + " needs a whole number, not '" + value + "'", e);
                }
                switch (arg) {
                    case "--items" -> items = number;
                    case "--warmup" -> warmup = Math.toIntExact(number);
                    case "--rounds" -> rounds = Math.toIntExact(number);
                    case "--round-ms" -> roundMillis = number;
                    case "--budget-ms" -> budgetMillis = number;
                    case "--work" -> threadWork = workOf(number);
                    default -> throw new IllegalArgumentException("unknown option " + arg);
                }
            }
            Set<String> sections = new LinkedHashSet<>(known);
            if (!chosen.isEmpty()) {
                sections.retainAll(chosen);
            }
            return new Options(quick, sections, new Rounds.Plan(items, warmup, rounds, roundMillis, budgetMillis),
                    threadWork);
        }

        private static int workOf(long number) {
            if (number < 0 || number > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("--work needs 0 or more computations per filter, not " + number);
            }
            return (int) number;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        System.exit(status(args, System.out, System.err));
    }

    /** What {@link #main} does, returning its exit status: 0, 1 if a variant is wrong, 2 for a bad argument. */
    static int status(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("HybridMain: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
        return run(options, out) ? 0 : 1;
    }

    /** Measures the chosen sections and prints them; false if any variant gave a wrong checksum or failed. */
    static boolean run(Options options, PrintStream out) throws InterruptedException {
        // Each round starts a new graph, and each start logs its clock's backend at INFO: hundreds of lines.
        Level level = RUNTIME_LOG.getLevel();
        RUNTIME_LOG.setLevel(Level.WARNING);
        try {
            return measureAndPrint(options, out);
        } finally {
            RUNTIME_LOG.setLevel(level);
        }
    }

    private static boolean measureAndPrint(Options options, PrintStream out) throws InterruptedException {
        out.println("Hybrid scheduler micro-benchmarks" + (options.quick() ? " (--quick)" : ""));
        Machine.describe().forEach(line -> out.println("  " + line));
        String fusion = System.getProperty(FUSION_PROPERTY);
        out.println("  " + FUSION_PROPERTY + ": " + (fusion == null ? "not set (the runtime's default)" : fusion)
                + "; the runtime's INFO log (a line per graph started) is off while this runs");
        Rounds.Plan plan = options.plan();
        out.printf(Locale.ROOT, "  rounds: %s items, up to %d warm-up and %d timed, %.1f s per variant at most;"
                + " the timed rounds of one line's variants take turns%n",
                plan.items() > 0 ? String.valueOf(plan.items()) : "a power of two chosen for about "
                        + plan.roundMillis() + " ms of", plan.warmup(), plan.rounds(), plan.budgetMillis() / 1e3);
        if (Machine.cores() > 1) {
            out.println("  NOTE: " + Machine.cores() + " cores available; the paper's experiments ran on one core:"
                    + " run under taskset -c 0 to measure them as it did");
        }
        long start = System.nanoTime();
        boolean valid = true;
        Map<String, Expected> expected = new HashMap<>();
        for (Section section : Experiments.all(options.threadWork())) {
            if (!options.sections().contains(section.id())) {
                continue;
            }
            out.println();
            Map<String, List<Section.Row>> byKey = section.rows().stream()
                    .collect(Collectors.groupingBy(Section.Row::key, LinkedHashMap::new, Collectors.toList()));
            Map<String, Result> results = new LinkedHashMap<>();
            for (List<Section.Row> rows : byKey.values()) {
                List<Expected> wants = new ArrayList<>();
                for (Section.Row row : rows) {
                    Chain chain = row.impl().chain();
                    wants.add(expected.computeIfAbsent(chain.units() + " x " + chain.work(),
                            k -> new Expected(chain.units(), chain.work())));
                }
                List<Result> measured = Rounds.measure(rows.stream().map(Section.Row::impl).toList(), wants, plan);
                for (int i = 0; i < rows.size(); i++) {
                    results.put(rows.get(i).key() + "|" + rows.get(i).variant(), measured.get(i));
                }
            }
            valid &= print(section, results, out);
        }
        out.println();
        out.printf(Locale.ROOT, "took %.0f s; load average at the end: %s%n", (System.nanoTime() - start) / 1e9,
                Machine.loadAverage());
        if (!valid) {
            out.println("SOME VARIANTS ARE WRONG: see DIFFERS or failed above");
        }
        return valid;
    }

    /** The section's two tables and notes; false if a variant's numbers are not valid. */
    static boolean print(Section section, Map<String, Result> results, PrintStream out) {
        out.println(section.id() + " " + section.title());
        out.printf(Locale.ROOT, "  %-11s %-13s %10s %7s %24s   %s%n", section.keyName(), "variant", "items", "rounds",
                "M items/s (95% CI)", "checksum, last round");
        boolean valid = true;
        for (Section.Row row : section.rows()) {
            Result r = results.get(row.key() + "|" + row.variant());
            valid &= r.valid();
            out.printf(Locale.ROOT, "  %-11s %-13s %10d %7d %12.3f +- %-9.3f   %s%n", row.key(), row.variant(),
                    r.items(), r.rates().size(), r.mean() / 1e6, r.halfInterval() / 1e6,
                    r.problem() != null ? r.problem() : r.checksum());
        }
        List<String> headings = new ArrayList<>();
        section.ratios().forEach(ratio -> headings.add(ratio.label()));
        section.papers().forEach(paper -> headings.add(paper.label()));
        StringBuilder heading = new StringBuilder(String.format(Locale.ROOT, "  %-11s", section.keyName()));
        headings.forEach(h -> heading.append(String.format(Locale.ROOT, " %" + width(h) + "s", h)));
        out.println(heading);
        for (String key : section.ratioKeys()) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-11s", key));
            int column = 0;
            for (Section.Ratio ratio : section.ratios()) {
                Result over = results.get(ratio.overKey().apply(key) + "|" + ratio.over());
                Result under = results.get(ratio.underKey().apply(key) + "|" + ratio.under());
                String value = over == null || under == null || !over.valid() || !under.valid() ? "-"
                        : times(over.mean() / under.mean());
                line.append(String.format(Locale.ROOT, " %" + width(headings.get(column++)) + "s", value));
            }
            for (Section.Paper paper : section.papers()) {
                line.append(String.format(Locale.ROOT, " %" + width(headings.get(column++)) + "s",
                        paper.byKey().getOrDefault(key, "-")));
            }
            out.println(line);
        }
        section.notes().forEach(note -> out.println("  " + note));
        return valid;
    }

    private static int width(String heading) {
        return Math.max(8, heading.length());
    }

    /** A ratio as the tables print it: two decimals below 10, none above. */
    static String times(double ratio) {
        return String.format(Locale.ROOT, ratio >= 10 ? "%.0fx" : "%.2fx", ratio);
    }
}
