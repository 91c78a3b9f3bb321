package org.streamflex.bench.fission;

import java.io.PrintStream;
import java.util.Locale;
import org.streamflex.StreamFlexProperties;
import org.streamflex.runtime.GraphDriver;

/**
 * Fission's scaling on this machine: the heavy pipeline ({@link HeavyPipeline}, W = 1000) fused on
 * one core against the same pipeline with its heavy filter split across N replicas, in the same
 * run, rounds interleaved; and a plain loop doing the same work as the baseline.
 *
 * <pre>
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.fission.ScalingMain [--cores N] [--work W]
 *     [--rounds R] [--seconds S]
 * </pre>
 *
 * <p>Exit status 0, or 2 on a usage error.
 */
public final class ScalingMain {
    private ScalingMain() {
    }

    public static void main(String[] args) {
        int cores = Runtime.getRuntime().availableProcessors();
        int work = 1000;
        int rounds = 5;
        double seconds = 1.0;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--cores" -> cores = positive(args, ++i);
                    case "--work" -> work = positive(args, ++i);
                    case "--rounds" -> rounds = positive(args, ++i);
                    case "--seconds" -> seconds = Double.parseDouble(value(args, ++i));
                    default -> throw new IllegalArgumentException("unknown argument " + args[i]);
                }
            }
            if (!(seconds > 0)) {
                throw new IllegalArgumentException("--seconds must be positive");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("ScalingMain: " + e.getMessage());
            System.err.println("usage: ScalingMain [--cores N] [--work W] [--rounds R] [--seconds S]");
            System.exit(2);
            return;
        }
        run(cores, work, rounds, seconds, System.out);
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
            throw new IllegalArgumentException(args[i - 1] + " needs a positive integer, not " + args[i]);
        }
        if (n <= 0) {
            throw new IllegalArgumentException(args[i - 1] + " needs a positive integer, not " + n);
        }
        return n;
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
