package org.streamflex.bench.fission;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.streamflex.BoundaryError;
import org.streamflex.StreamFlexGraph;
import org.streamflex.StreamFlexProperties;
import org.streamflex.StreamFlexProperties.Property;
import org.streamflex.bench.streamit.FilterBankGraph;
import org.streamflex.bench.streamit.FloatPrinter;
import org.streamflex.bench.streamit.PlainFilterBankThreads;
import org.streamflex.bench.streamit.PrinterProgress;
import org.streamflex.bench.streamit.SerializedBeamFormer;

/**
 * {@code ScalingMain --program filterbank|beamformer}: a StreamIt port started (not driven), so
 * that it runs on the graph's worker threads, on one worker against N, rounds interleaved. Each
 * measurement builds a new graph, lets it run through its placement profile and the JIT, then
 * counts the printer's outputs over a window, and checks that its outputs are the other runs'.
 */
final class StreamItScaling {
    /**
     * How long a window waits, past its length, for a first output before calling the graph
     * stalled: long enough for a busy 2-core machine, short enough that a stall is reported.
     */
    private static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** What {@code schedule()} says of workers still profiling, before they place the units. */
    static final String NOT_PLACED = "not placed yet (profiling)";

    /** How the plain-Java split works, for the command's header line. */
    static final String PLAIN_SPLIT = "the banks shared out, thread 0 making the source and combining,"
            + " rings of 32 blocks, spinning threads, not pinned";

    private StreamItScaling() {
    }

    /** A graph built for one measurement, and the printer at its end. */
    record Built(StreamFlexGraph graph, FloatPrinter printer) {
    }

    /**
     * A program the harness measures: a graph with a free-running clock and a {@link FloatPrinter}
     * taking {@code outputsPerIteration} values per steady-state iteration, built with channels of
     * a given number of batches ({@code build}'s argument; {@code linkBatches} on one worker).
     */
    record Program(String name, int batch, int outputsPerIteration, int linkBatches, IntFunction<Built> build,
            IntFunction<PlainFilterBankThreads> plain) {
        /** A program with no plain-Java split to measure beside it. */
        Program(String name, int batch, int outputsPerIteration, int linkBatches, IntFunction<Built> build) {
            this(name, batch, outputsPerIteration, linkBatches, build, null);
        }

        /** The threads its plain-Java split runs on for {@code cores} workers: one per core, one per bank at most. */
        int plainThreads(int cores) {
            return Math.min(cores, PlainFilterBankThreads.MAX_THREADS);
        }
    }

    static final Program FILTERBANK = new Program("FilterBankNew", FilterBankGraph.BATCH,
            FilterBankGraph.OUTPUTS_PER_ITERATION, FilterBankGraph.LINK_BATCHES, links -> {
                FilterBankGraph g = new FilterBankGraph(FilterBankGraph.BATCH, links);
                return new Built(g, g.printer);
            }, PlainFilterBankThreads::new);

    static final Program BEAMFORMER = new Program("SerializedBeamFormer", SerializedBeamFormer.BATCH,
            SerializedBeamFormer.OUTPUTS_PER_ITERATION, SerializedBeamFormer.LINK_BATCHES, links -> {
                SerializedBeamFormer g = new SerializedBeamFormer(SerializedBeamFormer.BATCH, links);
                return new Built(g, g.printer);
            });

    /**
     * One measurement: steady-state iterations per second, the printer's kept values (its first
     * {@link FloatPrinter#KEPT} at most) and the workers' lines of {@code schedule()}.
     */
    @SuppressWarnings("ArrayRecordComponent") // never compared with equals(): requireSameOutputs compares the values
    record Measurement(double iterationsPerSecond, float[] kept, String placement) {
    }

    /**
     * Builds {@code program} for {@code cores} workers, with fission on if there are several: the
     * runtime reads these properties when a graph is built.
     */
    static Built build(Program program, int cores) {
        return build(program, cores, program.linkBatches());
    }

    /** {@link #build(Program, int)} with channels of {@code linkBatches} batches. */
    static Built build(Program program, int cores, int linkBatches) {
        return withProperties(cores, () -> program.build().apply(linkBatches));
    }

    /**
     * Runs {@code action} with the properties of {@code cores} workers set, then restores them. The
     * graph is started under them too, so that a setting the runtime read at start would still
     * be the measured one.
     */
    private static <T> T withProperties(int cores, Supplier<T> action) {
        Property<?>[] names = {StreamFlexProperties.WORKERS, StreamFlexProperties.WORKERS_CORES,
            StreamFlexProperties.FISSION, StreamFlexProperties.FISSION_REPLICAS};
        String[] values = {"true", String.valueOf(cores), String.valueOf(cores > 1), String.valueOf(cores)};
        String[] saved = new String[names.length];
        try {
            for (int i = 0; i < names.length; i++) {
                saved[i] = System.getProperty(names[i].name());
                System.setProperty(names[i].name(), values[i]);
            }
            return action.get();
        } finally {
            for (int i = 0; i < names.length; i++) {
                if (saved[i] == null) {
                    System.clearProperty(names[i].name());
                } else {
                    System.setProperty(names[i].name(), saved[i]);
                }
            }
        }
    }

    /**
     * Starts {@code built}, waits {@code warmup} seconds, counts its outputs over {@code seconds},
     * stops it. The window lasts until the printer has moved at least once, up to a stall limit,
     * so a busy machine gives a slow rate rather than none.
     *
     * @throws ScalingFailure if the graph failed, stalled or did not stop
     */
    static Measurement measure(Program program, Built built, int cores, double warmup, double seconds) {
        return measure(program, built, cores, warmup, seconds, STALL_NANOS);
    }

    /** {@link #measure(Program, Built, int, double, double)}, calling the graph stalled after {@code stallNanos}. */
    static Measurement measure(Program program, Built built, int cores, double warmup, double seconds,
            long stallNanos) {
        String what = program.name() + " on " + workers(cores);
        StreamFlexGraph graph = built.graph();
        FloatPrinter printer = built.printer();
        withProperties(cores, () -> {
            graph.start();
            return graph;
        });
        Window w;
        try {
            sleep((long) (warmup * 1e9));
            awaitPlacement(graph, stallNanos);
            w = Window.count(() -> PrinterProgress.count(printer), () -> graph.failure() != null, seconds, stallNanos);
        } finally {
            graph.stop();
        }
        requireStoppedCleanly(graph, what);
        if (w.count1() == w.count0()) {
            throw new ScalingFailure(String.format(Locale.ROOT, "%s printed nothing for %.1f s after a %.1f s warm-up"
                    + " (%d values before): the graph stalled", what, w.seconds(), warmup, w.count0()));
        }
        // stop() joined the graph's threads: the printer's fields are this thread's to read now.
        float[] kept = new float[(int) Math.min(printer.count(), FloatPrinter.KEPT)];
        for (int i = 0; i < kept.length; i++) {
            kept[i] = printer.value(i);
        }
        double rate = w.rate() / program.outputsPerIteration();
        return new Measurement(rate, kept, workersLines(graph.schedule()));
    }

    /** A count read at a window's start and end, and when: what both kinds of run measure. */
    private record Window(long count0, long count1, long t0, long t1) {
        /**
         * Reads {@code count}, sleeps {@code seconds}, and reads it again once it has moved, or
         * {@code failed} holds, or {@code stallNanos} have passed: a busy machine gives a slow rate
         * rather than none.
         */
        static Window count(LongSupplier count, BooleanSupplier failed, double seconds, long stallNanos) {
            long t0 = System.nanoTime();
            long count0 = count.getAsLong();
            sleep((long) (seconds * 1e9));
            long giveUp = System.nanoTime() + stallNanos;
            long t1;
            long count1;
            do {
                t1 = System.nanoTime();
                count1 = count.getAsLong();
                if (count1 != count0 || failed.getAsBoolean()) {
                    break;
                }
                sleep(TimeUnit.MILLISECONDS.toNanos(1));
            } while (t1 < giveUp);
            return new Window(count0, count1, t0, t1);
        }

        double seconds() {
            return (t1 - t0) / 1e9;
        }

        /** The count's change per second. */
        double rate() {
            return (count1 - count0) / seconds();
        }
    }

    /**
     * The program's plain-Java split ({@link Program#plain()}) on {@code threads} threads, measured as
     * {@link #measure} measures the graph: started, {@code warmup} seconds, iterations counted over
     * {@code seconds}, stopped.
     *
     * @throws ScalingFailure if a thread threw, or nothing was combined for the stall limit
     */
    static Measurement measurePlain(Program program, int threads, double warmup, double seconds) {
        String what = "plain Java " + program.name() + " on " + threads(threads);
        PlainFilterBankThreads plain = program.plain().apply(threads);
        Window w;
        plain.start();
        try {
            sleep((long) (warmup * 1e9));
            w = Window.count(plain::iterations, () -> false, seconds, STALL_NANOS);
        } catch (RuntimeException e) {
            try {
                plain.stop();
            } catch (InterruptedException | RuntimeException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            throw e;
        }
        try {
            plain.stop();
        } catch (IllegalStateException e) {
            throw new ScalingFailure(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ScalingFailure(what + ": interrupted while waiting for its threads to stop", e);
        }
        if (w.count1() == w.count0()) {
            throw new ScalingFailure(String.format(Locale.ROOT, "%s combined nothing for %.1f s after a %.1f s warm-up",
                    what, w.seconds(), warmup));
        }
        return new Measurement(w.rate(), plain.kept(), what + "\n");
    }

    /**
     * Waits, at most {@code limitNanos}, until the workers have placed the units: on a loaded machine
     * the placement profile (40 ms of the graph's own running) can outlast the warm-up, and a count
     * taken during it would rate the profile, and the placement printed would be "not placed yet".
     */
    private static void awaitPlacement(StreamFlexGraph graph, long limitNanos) {
        long giveUp = System.nanoTime() + limitNanos;
        while (graph.schedule().contains(NOT_PLACED) && graph.failure() == null && System.nanoTime() < giveUp) {
            sleep(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    private static void requireStoppedCleanly(StreamFlexGraph graph, String what) {
        boolean stopped;
        try {
            stopped = graph.awaitTermination(60, TimeUnit.SECONDS);
        } catch (BoundaryError e) {
            throw new ScalingFailure(what + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ScalingFailure(what + ": interrupted while waiting for the graph to stop", e);
        }
        if (!stopped) {
            throw new ScalingFailure(what + " did not stop within 60 s of stop()");
        }
    }

    private static String workers(int n) {
        return n + (n == 1 ? " worker" : " workers");
    }

    private static String threads(int n) {
        return n + (n == 1 ? " thread" : " threads");
    }

    /** Sleeps, not spins: the measuring thread shares the machine's cores with the workers. */
    private static void sleep(long nanos) {
        long end = System.nanoTime() + nanos;
        for (long left = nanos; left > 0; left = end - System.nanoTime()) {
            LockSupport.parkNanos(left);
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                throw new ScalingFailure("interrupted while measuring");
            }
        }
    }

    /**
     * The lines of a workers' block that say a worker moved, stripped: "changed CPU N times, last
     * ..." (a worker moved to a spare CPU) and "moved N times, last ..." (units moved to another
     * worker); none if nothing moved.
     */
    static List<String> movedLines(String placement) {
        return placement.lines().map(String::strip)
                .filter(l -> l.startsWith("moved ") || l.startsWith("changed CPU ")).toList();
    }

    /** The workers' block of {@code schedule()}: its "workers:" line and the lines after it. */
    static String workersLines(String schedule) {
        if (schedule.startsWith("workers:")) {
            return schedule;
        }
        int line = schedule.indexOf("\nworkers:");
        return line < 0 ? "(schedule() names no workers)\n" : schedule.substring(line + 1);
    }

    /**
     * Requires {@code kept} to equal {@code reference} over the values both hold, bit for bit: the
     * runs are the same program on the same input, however its work is placed.
     *
     * @return the longer of the two, the reference for the runs after
     * @throws ScalingFailure naming the first value that differs
     */
    static float[] requireSameOutputs(float[] reference, float[] kept, String what) {
        int n = Math.min(reference.length, kept.length);
        int differs = Arrays.mismatch(reference, 0, n, kept, 0, n); // compares the bits, as Arrays.equals does
        if (differs >= 0) {
            throw new ScalingFailure(String.format(Locale.ROOT, "%s printed %s as output %d where the runs before"
                    + " printed %s: placing the work changed the program's outputs", what, kept[differs], differs,
                    reference[differs]));
        }
        return kept.length > reference.length ? kept : reference;
    }

    /**
     * The command: a row per round, after a warm-up round 0, then the mean speed-up. The run on one
     * worker builds the program as it is ({@link Program#linkBatches()}); the run on {@code cores}
     * with channels of {@code links} batches: between workers a channel is the slack each has while
     * the other is descheduled or finishing its own batch. The outputs are the same either way.
     */
    static void run(Program program, int cores, int links, int rounds, double warmup, double seconds,
            PrintStream out) {
        out.printf(Locale.ROOT, "%s, %d iterations per release (%d outputs each), started on %s (channels of %d"
                + " batches) vs fused on one (%d)%n", program.name(), program.batch(), program.outputsPerIteration(),
                workers(cores), links, program.linkBatches());
        boolean plain = program.plain() != null;
        int plainThreads = program.plainThreads(cores);
        if (plain) {
            out.printf(Locale.ROOT, "beside it, in the same rounds: plain Java's own split of the program over %s"
                    + " against one (%s)%n", threads(plainThreads), PLAIN_SPLIT);
        }
        float[] reference = new float[0];
        double[] ratios = new double[rounds];
        double[] plainRatios = new double[rounds];
        for (int r = 0; r <= rounds; r++) { // round 0 warms up: the JIT, and the code the profile times
            Measurement single = measure(program, build(program, 1), 1, warmup, seconds);
            reference = requireSameOutputs(reference, single.kept(), program.name() + " on 1 worker, round " + r);
            Measurement split = measure(program, build(program, cores, links), cores, warmup, seconds);
            reference = requireSameOutputs(reference, split.kept(),
                    program.name() + " on " + workers(cores) + ", round " + r);
            Measurement plainSingle = null;
            Measurement plainSplit = null;
            if (plain) {
                plainSingle = measurePlain(program, 1, warmup, seconds);
                reference = requireSameOutputs(reference, plainSingle.kept(), plainSingle.placement().strip()
                        + ", round " + r);
                plainSplit = measurePlain(program, plainThreads, warmup, seconds);
                reference = requireSameOutputs(reference, plainSplit.kept(), plainSplit.placement().strip()
                        + ", round " + r);
            }
            if (r == 0) {
                out.printf(Locale.ROOT, "placement on %s (schedule() of round 0's run):%n", workers(cores));
                out.print(split.placement());
                out.printf(Locale.ROOT, "%-6s %16s %16s %9s", "round", "1 core it/s", cores + " cores it/s", "N/1");
                if (plain) {
                    out.printf(Locale.ROOT, " %16s %16s %9s", "plain 1 it/s", "plain " + plainThreads + " it/s",
                            "plain N/1");
                }
                out.println();
            } else {
                double ratio = split.iterationsPerSecond() / single.iterationsPerSecond();
                ratios[r - 1] = ratio;
                out.printf(Locale.ROOT, "%-6d %16.0f %16.0f %9.2f", r, single.iterationsPerSecond(),
                        split.iterationsPerSecond(), ratio);
                if (plain) {
                    plainRatios[r - 1] = plainSplit.iterationsPerSecond() / plainSingle.iterationsPerSecond();
                    out.printf(Locale.ROOT, " %16.0f %16.0f %9.2f", plainSingle.iterationsPerSecond(),
                            plainSplit.iterationsPerSecond(), plainRatios[r - 1]);
                }
                out.println();
                // A worker's CPU was shared by another process during these runs: say so beside their row.
                for (String moved : movedLines(single.placement())) {
                    out.printf(Locale.ROOT, "       round %d, 1 worker: %s%n", r, moved);
                }
                for (String moved : movedLines(split.placement())) {
                    out.printf(Locale.ROOT, "       round %d, %s: %s%n", r, workers(cores), moved);
                }
            }
        }
        double mean = 0;
        double plainMean = 0;
        for (int r = 0; r < rounds; r++) {
            mean += ratios[r] / rounds;
            plainMean += plainRatios[r] / rounds;
        }
        String beside = plain ? String.format(Locale.ROOT, "plain Java's split over %s in the same rounds:"
                + " %.2fx; ", threads(plainThreads), plainMean) : "";
        out.printf(Locale.ROOT, "mean speed-up on %d cores: %.2fx (%severy run's first %d outputs equal the others')%n",
                cores, mean, beside, reference.length);
    }
}
