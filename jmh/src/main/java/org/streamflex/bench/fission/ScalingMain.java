package org.streamflex.bench.fission;

import java.io.PrintStream;
import java.util.Locale;
import org.streamflex.StreamFlexProperties;
import org.streamflex.runtime.GraphDriver;

/**
 * Scaling on this machine's cores, in the same run, rounds interleaved. {@code --program heavy} (the
 * default): the heavy pipeline ({@link HeavyPipeline}, W = 1000) fused on one core against the same
 * pipeline with its heavy filter split across N replicas, and a plain loop doing the same work as
 * the baseline. {@code --program filterbank|beamformer}: FilterBankNew or SerializedBeamFormer
 * started on one worker thread against N ({@link StreamItScaling}).
 *
 * <pre>
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.fission.ScalingMain [--program P] [--cores N]
 *     [--rounds R] [--seconds S] [--work W] [--warmup S] [--links B]
 * </pre>
 *
 * <p>Exit status 0; 1 if a graph failed, stalled or printed other outputs than the runs before it
 * (the message says which); 2 on a usage error.
 */
public final class ScalingMain {
    static final String USAGE = """
            usage: ScalingMain [--program heavy|filterbank|beamformer] [--cores N] [--rounds R] [--seconds S]
                               [--work W] [--warmup S] [--links B]
              --program P  heavy (default): the heavy pipeline, fission on N cores vs fused on one;
                           filterbank, beamformer: the StreamIt port started on N workers vs one
              --cores N    cores (workers) to measure, default this machine's processors
              --rounds R   rounds after one warm-up round (5)
              --seconds S  length of each measurement (1)
              --work W     heavy only: the work per item (1000)
              --warmup S   filterbank and beamformer only: how long each started graph runs before
                           it is measured, for its placement profile and the JIT (0.3)
              --links B    filterbank and beamformer only: batches each channel holds on N workers
                           (32; on one worker the program's own 2)""";

    /** Batches each channel of a StreamIt port holds on several workers, unless {@code --links} says. */
    static final int LINKS = 32;

    private ScalingMain() {
    }

    /** What the command measures. */
    enum Program {
        HEAVY,
        FILTERBANK,
        BEAMFORMER;

        static Program of(String name) {
            for (Program p : values()) {
                if (p.name().toLowerCase(Locale.ROOT).equals(name)) {
                    return p;
                }
            }
            throw new IllegalArgumentException("unknown program '" + name + "': heavy, filterbank or beamformer");
        }
    }

    /** The command line, checked. */
    record Options(Program program, int cores, int work, int rounds, double seconds, double warmup, int links) {
        static Options parse(String... args) {
            Program program = Program.HEAVY;
            int cores = Runtime.getRuntime().availableProcessors();
            Integer work = null;
            int rounds = 5;
            double seconds = 1.0;
            Double warmup = null;
            Integer links = null;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--program" -> program = Program.of(value(args, ++i));
                    case "--cores" -> cores = positive(args, ++i);
                    case "--work" -> work = positive(args, ++i);
                    case "--rounds" -> rounds = positive(args, ++i);
                    case "--seconds" -> seconds = duration(args, ++i, false);
                    case "--warmup" -> warmup = duration(args, ++i, true);
                    case "--links" -> links = positive(args, ++i);
                    default -> throw new IllegalArgumentException("unknown argument " + args[i]);
                }
            }
            if (program == Program.HEAVY && warmup != null) {
                throw new IllegalArgumentException("--warmup is for filterbank and beamformer: heavy warms up with"
                        + " a round of its own");
            }
            if (program == Program.HEAVY && links != null) {
                throw new IllegalArgumentException("--links is for filterbank and beamformer: heavy is driven on"
                        + " one thread, its replicas fed by the fission's own queues");
            }
            if (links != null && links < 2) {
                throw new IllegalArgumentException("--links needs 2 batches or more, not " + links);
            }
            if (program != Program.HEAVY && work != null) {
                throw new IllegalArgumentException("--work is for --program heavy: " + program.name()
                        .toLowerCase(Locale.ROOT) + " has its own filters' work");
            }
            return new Options(program, cores, work == null ? 1000 : work, rounds, seconds,
                    warmup == null ? 0.3 : warmup, links == null ? LINKS : links);
        }
    }

    public static void main(String[] args) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("ScalingMain: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        try {
            run(options, System.out);
        } catch (ScalingFailure e) {
            System.out.flush();
            System.err.println("ScalingMain: " + e.getMessage());
            System.exit(1);
        }
    }

    /**
     * Runs the command {@code options} describe, printing its table on {@code out}.
     *
     * @throws ScalingFailure if a started graph failed, stalled or printed other outputs than the
     *     runs before it
     */
    static void run(Options options, PrintStream out) {
        switch (options.program()) {
            case HEAVY -> run(options.cores(), options.work(), options.rounds(), options.seconds(), out);
            case FILTERBANK -> StreamItScaling.run(StreamItScaling.FILTERBANK, options.cores(), options.links(),
                    options.rounds(), options.warmup(), options.seconds(), out);
            case BEAMFORMER -> StreamItScaling.run(StreamItScaling.BEAMFORMER, options.cores(), options.links(),
                    options.rounds(), options.warmup(), options.seconds(), out);
        }
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    private static int positive(String[] args, int i) {
        int n;
        try {
            n = Integer.parseInt(value(args, i));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(args[i - 1] + " needs a positive integer, not " + args[i], e);
        }
        if (n <= 0) {
            throw new IllegalArgumentException(args[i - 1] + " needs a positive integer, not " + n);
        }
        return n;
    }

    private static double duration(String[] args, int i, boolean zeroAllowed) {
        String text = value(args, i);
        double s;
        try {
            s = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(args[i - 1] + " needs a number of seconds, not " + text, e);
        }
        if (!(zeroAllowed ? s >= 0 : s > 0) || Double.isInfinite(s)) {
            throw new IllegalArgumentException(args[i - 1] + " needs a finite number of seconds, "
                    + (zeroAllowed ? "0 or more" : "more than 0") + ", not " + text);
        }
        return s;
    }

    static void run(int cores, int work, int rounds, double seconds, PrintStream out) {
        GraphDriver one = driver(work, 1);
        GraphDriver many = driver(work, cores);
        out.printf(Locale.ROOT, "heavy pipeline, W = %d, %d items per release; fission on %d cores vs fused on one%n",
                work, HeavyPipeline.BATCH, cores);
        out.printf(Locale.ROOT, "%-6s %14s %14s %14s %9s %9s%n", "round", "plain M/s", "1 core M/s",
                cores + " cores M/s", "N/1", "1/plain");
        double[] ratios = new double[rounds];
        for (int r = 0; r <= rounds; r++) { // round 0 warms up
            double plain = plainRate(work, seconds);
            double single = rate(one, seconds);
            double split = rate(many, seconds);
            if (r > 0) {
                ratios[r - 1] = split / single;
                out.printf(Locale.ROOT, "%-6d %14.3f %14.3f %14.3f %9.2f %9.2f%n", r, plain / 1e6, single / 1e6,
                        split / 1e6, split / single, single / plain);
            }
        }
        double mean = 0;
        for (double x : ratios) {
            mean += x / rounds;
        }
        out.printf(Locale.ROOT, "mean speed-up on %d cores: %.2fx (plain loop's checksum %.1f, which keeps the JIT"
                + " from dropping it)%n", cores, mean, sink);
    }

    private static GraphDriver driver(int work, int replicas) {
        String fission = System.getProperty(StreamFlexProperties.FISSION.name());
        String count = System.getProperty(StreamFlexProperties.FISSION_REPLICAS.name());
        try {
            System.setProperty(StreamFlexProperties.FISSION.name(), String.valueOf(replicas > 1));
            System.setProperty(StreamFlexProperties.FISSION_REPLICAS.name(), String.valueOf(replicas));
            return GraphDriver.of(new HeavyPipeline(work));
        } finally {
            restore(StreamFlexProperties.FISSION.name(), fission);
            restore(StreamFlexProperties.FISSION_REPLICAS.name(), count);
        }
    }

    private static void restore(String name, String value) {
        if (value == null) {
            System.clearProperty(name);
        } else {
            System.setProperty(name, value);
        }
    }

    /** Items per second through the graph over about {@code seconds}. */
    private static double rate(GraphDriver driver, double seconds) {
        long items = 0;
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        long now;
        do {
            driver.run(16);
            items += 16L * HeavyPipeline.BATCH;
            now = System.nanoTime();
        } while (now < end);
        return items / ((now - start) / 1e9);
    }

    private static double sink;

    private static double plainRate(int work, double seconds) {
        long items = 0;
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        long now;
        double sum = 0;
        do {
            for (int i = 0; i < 4096; i++) {
                sum += HeavyPipeline.unit((double) ((items + i) % 1000), work);
            }
            items += 4096;
            now = System.nanoTime();
        } while (now < end);
        sink += sum;
        return items / ((now - start) / 1e9);
    }
}
