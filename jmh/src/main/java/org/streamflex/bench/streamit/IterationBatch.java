package org.streamflex.bench.streamit;

/**
 * How many StreamIt steady-state iterations one release of a ported program's clock carries: the
 * hybrid scheduler's batch ("each thread runs for batch size iterations"). The source puts B
 * iterations' items per {@code work()}, so the balance equations give every filter B times its
 * repetitions, and the fused task runs each member's B iterations' worth of work() calls as one
 * transaction instead of one transaction per iteration (jmh/README.md, StreamIt programs,
 * "Batches of iterations").
 *
 * <pre>{@code
 * FilterBankGraph graph = new FilterBankGraph(IterationBatch.dividing(12_500, 32));   // batch 4
 * }</pre>
 */
final class IterationBatch {
    /**
     * The largest batch. A program can be built with a power of two up to it: a {@code @Rate} is a
     * constant, so each batch needs a source class of its own, and powers of two make
     * {@link #dividing} the largest one that fits.
     */
    static final int MAX = 64;
    /** The batches, as the usage and the errors name them. */
    static final String SIZES = "1, 2, 4, 8, 16, 32 or 64";

    private IterationBatch() {
    }

    static boolean supported(int batch) {
        return batch >= 1 && batch <= MAX && Integer.bitCount(batch) == 1;
    }

    /** The message for a batch that is not one of {@link #SIZES}. */
    static String unsupported(int batch) {
        return "a batch is " + SIZES + " iterations per release, not " + batch;
    }

    /**
     * The largest batch of at most {@code batch} that divides {@code iterations}, so that the run
     * is exactly {@code iterations} iterations, each release a whole batch: a graph's state (the
     * source's counter, the FIRs' windows) cannot move between two graphs of different batches.
     */
    static int dividing(long iterations, int batch) {
        if (!supported(batch) || iterations < 1) {
            throw new IllegalArgumentException(unsupported(batch) + " (for " + iterations + " iterations)");
        }
        int b = batch;
        while (iterations % b != 0) {
            b /= 2;
        }
        return b;
    }
}
