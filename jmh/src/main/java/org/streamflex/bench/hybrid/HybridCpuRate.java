package org.streamflex.bench.hybrid;

import com.sun.management.OperatingSystemMXBean;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * One variant of 5.2.1 ({@link HybridMain}) measured by the CPU time it takes rather than by the
 * wall clock: items per CPU-second of the whole process, over the rounds after a warm-up. On a
 * machine shared with other work the wall clock of a one-core run measures mostly who else ran;
 * the process's CPU time counts only this JVM's own cycles (its building of each round's graph,
 * its JIT and collector threads included, so it is lower than the timed section alone would
 * give). Every round's checksum is compared with the plain loop's ({@link Expected}).
 *
 * <p>Arguments: {@code N SECONDS graph|plain|steady [W]}: N filters of W computations (10 by default),
 * the StreamFlex graph on its workers (100 items per release, dynamic rates: 5.2.1's {@code graph-b100})
 * or the plain method calls, for about SECONDS seconds, the first quarter of them a warm-up;
 * {@code steady} is the same graph started once and counted at its steady state
 * ({@link SteadyGraphRate}); {@code split} says where the CPU of 5.2.1's rounds goes, thread by thread,
 * against steady windows and plain calls ({@link RoundCpuSplit}).
 *
 * <pre>{@code
 * HybridCpuRate.Result r = HybridCpuRate.measure(HybridCpuRate.variant(32, "graph", 10), 1L << 19, 3_000, 9_000);
 * }</pre>
 */
public final class HybridCpuRate {
    static final String USAGE = "usage: HybridCpuRate N SECONDS graph|plain|steady|split [W]";
    /** Items per round: a round of the 32-filter graph lasts about 0.1 s. */
    static final long ITEMS = 1L << 19;
    /** 5.2.1's items per release. */
    static final int BATCH = 100;

    private HybridCpuRate() {
    }

    /**
     * What the timed rounds gave.
     *
     * @param perCpuSecond items per CPU-second of the process
     * @param wallMedian the median round's items per second of wall clock, from first item in to last out
     * @param rounds the timed rounds
     */
    record Result(double perCpuSecond, double wallMedian, int rounds) {
    }

    public static void main(String[] args) throws InterruptedException {
        System.exit(status(args, System.out, System.err));
    }

    static int status(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        int filters;
        long seconds;
        int work = 10;
        String kind;
        try {
            if (args.length < 3 || args.length > 4) {
                throw new IllegalArgumentException("three or four arguments");
            }
            filters = Integer.parseInt(args[0]);
            seconds = Long.parseLong(args[1]);
            kind = args[2];
            if (args.length == 4) {
                work = Integer.parseInt(args[3]);
            }
            variant(filters, kind.equals(STEADY) || kind.equals(SPLIT) ? "graph" : kind, work); // a wrong kind or count
            if (kind.equals(SPLIT) && !ThreadCpu.available()) {
                throw new IllegalArgumentException("split reads each thread's CPU time from " + ThreadCpu.TASKS
                        + ", which this system does not have (Linux only)");
            }
            if (seconds < 1) {
                throw new IllegalArgumentException("SECONDS must be 1 or more, not " + seconds);
            }
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            err.println(USAGE);
            return 2;
        }
        long millis = seconds * 1000;
        if (kind.equals(STEADY)) {
            Chain chain = new Chain(filters, 1, work);
            SteadyGraphRate.Result r = SteadyGraphRate.measure(chain, millis);
            out.printf(Locale.ROOT, "steady n=%d W=%d: %.3f M items per CPU-second of the process over %d samples;"
                    + " %d items in the run, checksum the plain loop's%n", filters, work, r.perCpuSecond() / 1e6,
                    r.samples(), r.items());
            return 0;
        }
        if (kind.equals(SPLIT)) {
            RoundCpuSplit.Result r = RoundCpuSplit.measure(new Chain(filters, 1, work), SPLIT_ITEMS, millis);
            out.printf(Locale.ROOT, "split n=%d W=%d, %d cycles, every checksum the plain loop's:%n", filters, work,
                    r.cycles());
            out.printf(Locale.ROOT, "  rounds (5.2.1's graph-b%d, %d items, start()'s return to the last item): %s%n",
                    BATCH, SPLIT_ITEMS, r.rounds().perMillionItems());
            out.printf(Locale.ROOT, "  their start() calls: %s%n", r.starts().perMillionItems());
            out.printf(Locale.ROOT, "  steady (a started graph's %d ms windows): %s%n", RoundCpuSplit.WINDOW_MILLIS,
                    r.steady().perMillionItems());
            out.printf(Locale.ROOT, "  plain (%d items; the measuring thread runs them): %s%n", SPLIT_ITEMS,
                    r.plain().perMillionItems());
            return 0;
        }
        Result r = measure(variant(filters, kind, work), ITEMS, millis / 4, millis - millis / 4);
        out.printf(Locale.ROOT, "%s n=%d W=%d: %.3f M items per CPU-second of the process; wall clock median %.3f M"
                + " items/s; %d timed rounds of %d items, every checksum the plain loop's%n", kind, filters, work,
                r.perCpuSecond() / 1e6, r.wallMedian() / 1e6, r.rounds(), ITEMS);
        return 0;
    }

    /** The kind that runs {@link SteadyGraphRate}: one started graph, counted at its steady state. */
    static final String STEADY = "steady";
    /** The kind that runs {@link RoundCpuSplit}: rounds, steady windows and plain calls, CPU by thread. */
    static final String SPLIT = "split";
    /** {@link RoundCpuSplit}'s items per round: what 5.2.1 runs at 32 filters in a 200 ms round. */
    static final long SPLIT_ITEMS = 1L << 20;

    /** 5.2.1's {@code graph-b100} or {@code plain} for {@code filters} filters of {@code work} computations. */
    static Variant variant(int filters, String kind, int work) {
        Chain chain = new Chain(filters, 1, work);
        return switch (kind) {
            case "graph" -> new GraphChain(chain, ChainGraph.Stages.DYNAMIC, BATCH, GraphChain.Mode.STARTED);
            case "plain" -> new PlainChain(chain);
            default -> throw new IllegalArgumentException("no variant " + kind + "; there are graph, plain, " + SPLIT
                    + " and " + STEADY);
        };
    }

    /**
     * Runs rounds of {@code items} for {@code warmupMillis}, then times rounds for at least
     * {@code timedMillis} (and at least one).
     *
     * @throws IllegalStateException if a round's checksum is not the plain loop's
     */
    static Result measure(Variant variant, long items, long warmupMillis, long timedMillis)
            throws InterruptedException {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        Expected expected = new Expected(variant.chain().units(), variant.chain().work());
        Checksum wanted = expected.of(items);
        long warmEnd = System.nanoTime() + warmupMillis * 1_000_000;
        do {
            check(variant.run(items), wanted, variant);
        } while (System.nanoTime() < warmEnd);
        List<Double> rates = new ArrayList<>();
        long cpuStart = os.getProcessCpuTime();
        long end = System.nanoTime() + timedMillis * 1_000_000;
        do {
            Variant.Run run = variant.run(items);
            check(run, wanted, variant);
            rates.add(run.itemsPerSecond());
        } while (System.nanoTime() < end);
        long cpu = os.getProcessCpuTime() - cpuStart;
        Collections.sort(rates);
        return new Result(rates.size() * items * 1e9 / Math.max(1, cpu), rates.get(rates.size() / 2), rates.size());
    }

    private static void check(Variant.Run run, Checksum wanted, Variant variant) {
        if (!run.checksum().equals(wanted)) {
            throw new IllegalStateException(variant + " gave " + run.checksum() + ", not " + wanted);
        }
    }
}
