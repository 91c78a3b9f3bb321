package org.streamflex.bench.net;

/**
 * The command line of the network benchmarks, checked: {@code --seconds S} (each throughput window,
 * after the warm-up), {@code --pings N} (round trips measured per latency, where the benchmark
 * measures latency) and {@code --warmup S} (before each run; 0 is allowed).
 *
 * <pre>{@code
 * BenchOptions o = BenchOptions.parse(true, "--seconds", "0.5", "--pings", "2000");
 * }</pre>
 *
 * @param seconds the length of each throughput window
 * @param pings round trips measured for each latency
 * @param warmup the warm-up of each run
 */
record BenchOptions(double seconds, int pings, double warmup) {
    /** The defaults: 2 s windows, 20,000 pings, 1 s warm-ups. */
    static final BenchOptions DEFAULT = new BenchOptions(2, 20_000, 1);

    /**
     * Parses {@code args}; {@code --pings} only when {@code withPings}.
     *
     * @throws IllegalArgumentException naming the argument that is unknown, lacks its value or has a bad one
     */
    static BenchOptions parse(boolean withPings, String... args) {
        double seconds = DEFAULT.seconds();
        int pings = DEFAULT.pings();
        double warmup = DEFAULT.warmup();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seconds" -> seconds = number(args, ++i, false);
                case "--pings" -> {
                    if (!withPings) {
                        throw new IllegalArgumentException("unknown argument --pings: this benchmark measures no"
                                + " latency");
                    }
                    double n = number(args, ++i, false);
                    if (n != Math.rint(n) || n > Integer.MAX_VALUE) {
                        throw new IllegalArgumentException("--pings needs a positive integer, not " + args[i]);
                    }
                    pings = (int) n;
                }
                case "--warmup" -> warmup = number(args, ++i, true);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        return new BenchOptions(seconds, pings, warmup);
    }

    private static double number(String[] args, int i, boolean zero) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        double v;
        try {
            v = Double.parseDouble(args[i]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(args[i - 1] + " needs a number, not " + args[i], e);
        }
        if (!Double.isFinite(v) || v < 0 || (v == 0 && !zero)) {
            throw new IllegalArgumentException(args[i - 1] + " needs a " + (zero ? "non-negative" : "positive")
                    + " number, not " + args[i]);
        }
        return v;
    }
}
