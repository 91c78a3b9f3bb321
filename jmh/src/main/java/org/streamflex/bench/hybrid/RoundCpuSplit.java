package org.streamflex.bench.hybrid;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Where the CPU of 5.2.1's {@code graph-b100} goes on one core, in the rounds {@link HybridMain}
 * times against a graph at its steady state and against the plain calls: each cycle runs one round
 * as {@link GraphChain} runs it (a new graph started, the measuring thread looking at the sink every
 * millisecond, stopped when the sink has every item), one window of a started graph's steady state
 * ({@link SteadyGraphRate}'s, shorter) and one round of {@link PlainChain}, and sums, per thread
 * group ({@link ThreadCpu}), the CPU time of the round's {@code start()}, from its return to the look
 * that sees the sink's last item (about the stretch the wall clock times, which begins at the source's
 * first item, a millisecond after the workers start, and ends at the last), and over the window.
 * The per-thread counts are CPU time, so the other work on a shared machine enters them only
 * through caches, not by the time it takes.
 *
 * <p>Run as {@code HybridCpuRate N SECONDS split [W]}. Linux only ({@code /proc}).
 *
 * <pre>{@code
 * RoundCpuSplit.Result r = RoundCpuSplit.measure(new Chain(32, 1, 10), 1 << 20, 8_000);
 * System.out.println(r.rounds().perMillionItems());
 * }</pre>
 */
final class RoundCpuSplit {
    /** How long a steady window's graph runs before its window opens: its start's work done. */
    static final long SETTLE_MILLIS = 250;
    /** A steady window. */
    static final long WINDOW_MILLIS = 250;
    /** The name the runtime gives a {@link ChainGraph}, and its worker threads after it. */
    static final String GRAPH_NAME = ChainGraph.class.getSimpleName();
    /** How long an ended graph's workers may take to leave after {@code awaitTermination}. */
    static final long JOIN_MILLIS = 10_000;

    private RoundCpuSplit() {
    }

    /**
     * CPU time by thread group over some items.
     *
     * @param items the items the sink received in the stretches counted
     * @param cpu the CPU time of each thread group over them
     */
    record Share(long items, ThreadCpu cpu) {
        Share plus(long moreItems, ThreadCpu more) {
            return new Share(items + moreItems, cpu.plus(more));
        }

        /** The groups' milliseconds per million items, and the items per CPU-second of the graph's threads. */
        String perMillionItems() {
            double m = Math.max(1, items) / 1e6;
            String graph = cpu.graph() == 0 ? "graph threads 0" : String.format(Locale.ROOT,
                    "graph threads %.1f (%.3f M items per their CPU-second)", cpu.graph() / 1e6 / m,
                    items * 1e3 / cpu.graph());
            return String.format(Locale.ROOT, "per M items, ms of CPU: %s, JIT compilers %.1f, measuring thread %.1f,"
                    + " other %.1f; all %.1f (%.3f M items per CPU-second)", graph, cpu.jit() / 1e6 / m,
                    cpu.measuring() / 1e6 / m, cpu.other() / 1e6 / m, cpu.total() / 1e6 / m,
                    items * 1e3 / Math.max(1, cpu.total()));
        }
    }

    /**
     * The three measurements' sums over the cycles.
     *
     * @param starts the {@code start()} calls of those rounds: the CPU from the call to its return
     * @param rounds 5.2.1's rounds of the graph, from {@code start()}'s return to the sink's last item
     * @param steady a started graph's windows, after it settled
     * @param plain the plain calls' rounds (the measuring thread does their work)
     * @param cycles how many cycles ran
     */
    record Result(Share starts, Share rounds, Share steady, Share plain, int cycles) {
    }

    /**
     * Warms up for a quarter of {@code millis}, then runs cycles for the rest (at least one).
     *
     * @param items a round's items, a power of two
     * @throws IllegalStateException if a checksum is not the plain loop's, or a graph failed or stuck
     */
    static Result measure(Chain chain, long items, long millis) throws InterruptedException {
        Expected expected = new Expected(chain.units(), chain.work());
        long warmEnd = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis / 4);
        do {
            round(chain, items, expected, new ThreadCpu[2]);
        } while (System.nanoTime() < warmEnd);
        Share rounds = new Share(0, new ThreadCpu(0, 0, 0, 0));
        Share starts = rounds;
        Share steady = rounds;
        Share plain = rounds;
        PlainChain plainChain = new PlainChain(chain);
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis - millis / 4);
        int cycles = 0;
        do {
            ThreadCpu[] spent = new ThreadCpu[2];
            round(chain, items, expected, spent);
            starts = starts.plus(items, spent[0]);
            rounds = rounds.plus(items, spent[1]);
            steady = steady(chain, steady);
            ThreadCpu before = ThreadCpu.sample();
            Variant.Run run = plainChain.run(items);
            plain = plain.plus(items, ThreadCpu.sample().minus(before));
            check(run.checksum(), expected.of(items));
            cycles++;
        } while (System.nanoTime() < end);
        return new Result(starts, rounds, steady, plain, cycles);
    }

    /**
     * One round as {@link GraphChain} runs a started one: {@code spent[0]} the CPU of its {@code start()},
     * {@code spent[1]} that from {@code start()}'s return to the look that sees the sink's last item.
     */
    private static void round(Chain chain, long items, Expected expected, ThreadCpu[] spent)
            throws InterruptedException {
        ChainGraph graph = new ChainGraph(ChainGraph.Stages.DYNAMIC, chain, HybridCpuRate.BATCH, items);
        ThreadCpu.joinGraphThreads(GRAPH_NAME, JOIN_MILLIS);
        long deadline = System.nanoTime() + GraphChain.STUCK_NANOS;
        ThreadCpu before = ThreadCpu.sample();
        graph.start();
        ThreadCpu started = ThreadCpu.sample();
        try {
            while (!graph.sink().done() && graph.failure() == null && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            spent[1] = ThreadCpu.sample().minus(started);
        } finally {
            graph.stop();
        }
        spent[0] = started.minus(before);
        awaitEnd(graph);
        check(graph.checksum(), expected.of(items));
    }

    /** One started graph's window after it settled, added to {@code sum}. */
    private static Share steady(Chain chain, Share sum) throws InterruptedException {
        ChainGraph graph = new ChainGraph(ChainGraph.Stages.DYNAMIC, chain, HybridCpuRate.BATCH, Long.MAX_VALUE);
        ThreadCpu.joinGraphThreads(GRAPH_NAME, JOIN_MILLIS);
        graph.start();
        Share added;
        try {
            Thread.sleep(SETTLE_MILLIS);
            ThreadCpu before = ThreadCpu.sample();
            // The sink's count is the worker's plain field: a read may lag it, never run ahead.
            long first = graph.sink().items();
            Thread.sleep(WINDOW_MILLIS);
            ThreadCpu spent = ThreadCpu.sample().minus(before);
            added = sum.plus(graph.sink().items() - first, spent);
        } finally {
            graph.stop();
        }
        awaitEnd(graph);
        check(graph.checksum(), SteadyGraphRate.plainSum(chain, graph.checksum().items()));
        return added;
    }

    private static void awaitEnd(ChainGraph graph) throws InterruptedException {
        if (!graph.awaitTermination(GraphChain.STUCK_NANOS, TimeUnit.NANOSECONDS)) { // throws the graph's failure
            throw new IllegalStateException("the graph's threads did not end after stop()");
        }
    }

    private static void check(Checksum got, Checksum wanted) {
        if (!got.equals(wanted)) {
            throw new IllegalStateException("the run gave " + got + ", not the plain loop's " + wanted);
        }
    }
}
