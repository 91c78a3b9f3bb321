package org.streamflex.bench.net;

import java.io.IOException;
import java.io.PrintStream;

/**
 * What every network benchmark's {@code main} does around its run: parse the options (exit 2 with the
 * usage on a bad one), run with a peer JVM, and exit 1 with the failure's message if the run failed
 * or its counts did not reconcile.
 *
 * <pre>{@code
 * public static void main(String[] args) {
 *     NetMain.main("LinkBenchMain", USAGE, true, args, LinkBenchMain::run);
 * }
 * }</pre>
 */
final class NetMain {
    /** A benchmark's run, printing its tables on {@code out}. */
    @FunctionalInterface
    interface Run {
        void run(BenchOptions options, PrintStream out) throws IOException;
    }

    private NetMain() {
    }

    static void main(String name, String usage, boolean withPings, String[] args, Run run) {
        BenchOptions options;
        try {
            options = BenchOptions.parse(withPings, args);
        } catch (IllegalArgumentException e) {
            System.err.println(name + ": " + e.getMessage());
            System.err.println(usage);
            System.exit(2);
            return;
        }
        try {
            run.run(options, System.out);
        } catch (IOException | RuntimeException e) {
            System.out.flush();
            System.err.println(name + ": " + (e instanceof BenchFailure ? e.getMessage() : e.toString()));
            System.exit(1);
        }
    }
}
