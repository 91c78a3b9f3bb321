package org.streamflex.bench.streamit;

import java.util.Locale;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.GraphDriver;

/**
 * Runs SerializedBeamFormer or FilterBankNew for a number of steady-state iterations on one thread
 * and reports the steady-state time, after a warm-up run of a graph of the same classes.
 *
 * <pre>
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.streamit.StreamItMain beamformer 100000
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.streamit.StreamItMain filterbank 100 --print
 * </pre>
 */
public final class StreamItMain {
    private StreamItMain() {
    }

    public static void main(String[] args) {
        if (args.length < 1 || !(args[0].equals("beamformer") || args[0].equals("filterbank"))) {
            System.err.println("usage: StreamItMain beamformer|filterbank [iterations (100000)] [--print]");
            System.exit(2);
        }
        boolean beamFormer = args[0].equals("beamformer");
        int iterations = args.length > 1 && !args[1].startsWith("--") ? Integer.parseInt(args[1]) : 100_000;
        boolean print = java.util.Arrays.asList(args).contains("--print");
        if (!print) {
            run(beamFormer, 20_000, false); // warm-up: the measured graph runs compiled code
        }
        long start = System.nanoTime();
        FloatPrinter printer = run(beamFormer, iterations, print);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!print) {
            System.out.printf(Locale.ROOT, "%s: %d steady-state iterations in %.3f s (%.0f iterations/s),"
                    + " %d values, checksum %.6e%n", beamFormer ? "SerializedBeamFormer" : "FilterBankNew", iterations,
                    seconds, iterations / seconds, printer.count(), printer.checksum());
        }
    }

    private static FloatPrinter run(boolean beamFormer, int iterations, boolean print) {
        StreamFlexGraph graph;
        FloatPrinter printer;
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
        GraphDriver.of(graph).run(iterations);
        return printer;
    }
}
