package org.streamflex.bench.streamit;

import java.util.Locale;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.GraphDriver;

/**
 * Runs SerializedBeamFormer or FilterBankNew for a number of steady-state iterations on one thread
 * and reports their time (graph built, not counted), after a warm-up run of a graph of the same
 * classes. One release of the graph's clock carries a batch of iterations ({@link IterationBatch}).
 *
 * <pre>
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.streamit.StreamItMain beamformer 100000
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.streamit.StreamItMain filterbank 100000 --fusion=off
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.streamit.StreamItMain filterbank 100 --print
 * </pre>
 *
 * <p>The summary line's shape is read by a harness outside the project (the side-by-side run against
 * the StreamIt compiler's C, jmh/README.md): keep it.
 */
public final class StreamItMain {
    /** The runtime's switch for running static subgraphs as fused tasks, read when a graph is built. */
    static final String FUSION_PROPERTY = "streamflex.fusion";
    /**
     * Steady-state iterations of the warm-up run. C2 compiles a loop once it has been called and has
     * looped often enough, and a batch of B iterations calls the fused task's per-release code (the
     * built-in splitter's and joiner's batches among it) B times less often: after 20,000 iterations
     * in batches of 32, they were still being compiled during the timed run (jmh/README.md,
     * "Batches of iterations"). 300,000 was as fast as 640,000 at batch 32 and 600,000 at batch 1.
     */
    static final int WARM_UP_ITERATIONS = 300_000;
    /** What the command accepts, printed with exit status 2 when an argument is wrong. */
    static final String USAGE = """
            usage: StreamItMain beamformer|filterbank [iterations (100000)] [--print] [--fusion=on|off] [--batch=B]
              --print          print every output value instead of timing (no warm-up)
              --fusion=on|off  set streamflex.fusion before the graphs are built: on runs each static
                               subgraph as one fused task, off every filter as its own task; without
                               it, the property as given (-Dstreamflex.fusion=...) or the runtime's default
              --batch=B        steady-state iterations per release of the graph's clock: 1, 2, 4, 8, 16,
                               32 or 64 (default %d for beamformer, %d for filterbank); if B does not
                               divide the iterations, the largest of these below B that does""".formatted(
            SerializedBeamFormer.BATCH, FilterBankGraph.BATCH);

    private StreamItMain() {
    }

    /**
     * The command line.
     *
     * @param beamFormer SerializedBeamFormer, or else FilterBankNew
     * @param iterations steady-state iterations of the timed run
     * @param print print every value instead of timing
     * @param fusion the value for {@value #FUSION_PROPERTY} ({@code "true"} or {@code "false"}), or
     *     null to leave the property alone
     * @param batch iterations per release asked for, a power of two up to {@link IterationBatch#MAX};
     *     the run uses {@link #runBatch()}
     */
    record Options(boolean beamFormer, int iterations, boolean print, String fusion, int batch) {
        static Options parse(String... args) {
            if (args.length < 1 || !(args[0].equals("beamformer") || args[0].equals("filterbank"))) {
                throw new IllegalArgumentException(args.length < 1 ? "which program?"
                        : "unknown program '" + args[0] + "': beamformer or filterbank");
            }
            Integer iterations = null;
            boolean print = false;
            String fusion = null;
            boolean beamFormer = args[0].equals("beamformer");
            int batch = beamFormer ? SerializedBeamFormer.BATCH : FilterBankGraph.BATCH;
            for (int i = 1; i < args.length; i++) {
                String arg = args[i];
                if (arg.equals("--print")) {
                    print = true;
                } else if (arg.equals("--fusion=on") || arg.equals("--fusion=off")) {
                    fusion = arg.endsWith("=on") ? "true" : "false";
                } else if (arg.startsWith("--fusion")) {
                    throw new IllegalArgumentException("--fusion takes on or off, as --fusion=on: not '" + arg + "'");
                } else if (arg.startsWith("--batch=")) {
                    batch = parseBatch(arg.substring("--batch=".length()));
                } else if (arg.startsWith("-")) {
                    throw new IllegalArgumentException("unknown option " + arg);
                } else if (iterations != null) {
                    throw new IllegalArgumentException("one iteration count, not '" + iterations + "' and '" + arg
                            + "'");
                } else {
                    try {
                        iterations = Integer.parseInt(arg);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("iterations must be a whole number, not '" + arg + "'", e);
                    }
                    if (iterations < 1) {
                        throw new IllegalArgumentException("iterations must be at least 1, not " + iterations);
                    }
                }
            }
            return new Options(beamFormer, iterations == null ? 100_000 : iterations, print, fusion, batch);
        }

        private static int parseBatch(String value) {
            int batch;
            try {
                batch = Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--batch takes a number of iterations, not '" + value + "'", e);
            }
            if (!IterationBatch.supported(batch)) {
                throw new IllegalArgumentException("--batch: " + IterationBatch.unsupported(batch));
            }
            return batch;
        }

        /**
         * The batch the timed run uses: {@link #batch()}, or the largest smaller one dividing the
         * iterations, so that the run is exactly that many iterations in whole releases.
         */
        int runBatch() {
            return IterationBatch.dividing(iterations, batch);
        }

        /** Sets the properties the options give, before any graph is built: the runtime reads them then. */
        void setProperties() {
            if (fusion != null) {
                System.setProperty(FUSION_PROPERTY, fusion);
            }
        }
    }

    public static void main(String[] args) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("StreamItMain: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        options.setProperties();
        boolean beamFormer = options.beamFormer();
        int iterations = options.iterations();
        boolean print = options.print();
        int batch = options.runBatch();
        if (batch != options.batch()) {
            System.err.printf(Locale.ROOT, "StreamItMain: %d iterations are not a multiple of %d, so %d per release%n",
                    iterations, options.batch(), batch);
        }
        if (!print) {
            Program warmUp = new Program(beamFormer, false, batch);
            warmUp.driver.run((WARM_UP_ITERATIONS + batch - 1) / batch); // the measured graph runs compiled code
        }
        Program program = new Program(beamFormer, print, batch);
        long start = System.nanoTime();
        program.driver.run(iterations / batch);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!print) {
            System.out.printf(Locale.ROOT, "%s: %d steady-state iterations in %.3f s (%.0f iterations/s),"
                    + " %d values, checksum %.6e%n", beamFormer ? "SerializedBeamFormer" : "FilterBankNew", iterations,
                    seconds, iterations / seconds, program.printer.count(), program.printer.checksum());
        }
    }

    /** A program's graph, built and ready to drive, and its printer. */
    private static final class Program {
        final GraphDriver driver;
        final FloatPrinter printer;

        Program(boolean beamFormer, boolean print, int batch) {
            StreamFlexGraph graph;
            if (beamFormer) {
                SerializedBeamFormer g = new SerializedBeamFormer(batch);
                graph = g;
                printer = g.printer;
            } else {
                FilterBankGraph g = new FilterBankGraph(batch);
                graph = g;
                printer = g.printer;
            }
            printer.echo(print);
            driver = GraphDriver.of(graph);
        }
    }
}
