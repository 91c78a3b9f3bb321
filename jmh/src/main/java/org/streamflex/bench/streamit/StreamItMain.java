package org.streamflex.bench.streamit;

import java.util.Locale;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.GraphDriver;

/**
 * Runs SerializedBeamFormer or FilterBankNew for a number of steady-state iterations on one thread
 * and reports their time (graph built, not counted), after a warm-up run of a graph of the same
 * classes.
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
    /** What the command accepts, printed with exit status 2 when an argument is wrong. */
    static final String USAGE = """
            usage: StreamItMain beamformer|filterbank [iterations (100000)] [--print] [--fusion=on|off]
              --print          print every output value instead of timing (no warm-up)
              --fusion=on|off  set streamflex.fusion before the graphs are built: on runs each static
                               subgraph as one fused task, off every filter as its own task; without
                               it, the property as given (-Dstreamflex.fusion=...) or the runtime's default""";

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
     */
    record Options(boolean beamFormer, int iterations, boolean print, String fusion) {
        static Options parse(String... args) {
            if (args.length < 1 || !(args[0].equals("beamformer") || args[0].equals("filterbank"))) {
                throw new IllegalArgumentException(args.length < 1 ? "which program?"
                        : "unknown program '" + args[0] + "': beamformer or filterbank");
            }
            Integer iterations = null;
            boolean print = false;
            String fusion = null;
            for (int i = 1; i < args.length; i++) {
                String arg = args[i];
                if (arg.equals("--print")) {
                    print = true;
                } else if (arg.equals("--fusion=on") || arg.equals("--fusion=off")) {
                    fusion = arg.endsWith("=on") ? "true" : "false";
                } else if (arg.startsWith("--fusion")) {
                    throw new IllegalArgumentException("--fusion takes on or off, as --fusion=on: not '" + arg + "'");
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
            return new Options(args[0].equals("beamformer"), iterations == null ? 100_000 : iterations, print,
                    fusion);
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
        if (!print) {
            Program warmUp = new Program(beamFormer, false);
            warmUp.driver.run(20_000); // the measured graph runs compiled code
        }
        Program program = new Program(beamFormer, print);
        long start = System.nanoTime();
        program.driver.run(iterations);
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

        Program(boolean beamFormer, boolean print) {
            StreamFlexGraph graph;
            if (beamFormer) {
                SerializedBeamFormer g = new SerializedBeamFormer();
                graph = g;
                printer = g.printer;
            } else {
                FilterBankGraph g = new FilterBankGraph();
                graph = g;
                printer = g.printer;
            }
            printer.echo(print);
            driver = GraphDriver.of(graph);
        }
    }
}
