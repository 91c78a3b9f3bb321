package org.streamflex.runtime;

/**
 * How long a soak or stress test runs: for a time budget, not a count of rounds, so that a busy
 * machine runs fewer rounds but never fails for being slow; and for at least a number of rounds
 * that makes its assertions mean something, however slow the machine. The hard limit only keeps a
 * broken test from hanging: it is far beyond what any machine needs.
 *
 * <pre>{@code
 * Soak soak = Soak.start();
 * for (long round = 0; soak.more(round, 1_000); round++) { ... }
 * }</pre>
 */
public final class Soak {
    /** The time budget of one soak, in milliseconds: {@code -Dstreamflex.test.soakMillis}, default 1500. */
    public static final long BUDGET_MILLIS = Long.getLong("streamflex.test.soakMillis", 1500);
    /** Past this, a soak that has not reached its minimum is broken, not slow. */
    public static final long HARD_LIMIT_MILLIS = 300_000;

    private final long start = System.nanoTime();

    private Soak() {
    }

    public static Soak start() {
        return new Soak();
    }

    /**
     * Whether to run another round: until the budget is spent and at least {@code atLeast} rounds
     * are done.
     *
     * @throws AssertionError past the hard limit, naming how far it got
     */
    public boolean more(long done, long atLeast) {
        long elapsed = (System.nanoTime() - start) / 1_000_000;
        if (elapsed > HARD_LIMIT_MILLIS) {
            throw new AssertionError("after " + elapsed + " ms only " + done + " of at least " + atLeast
                    + " rounds were done: the code under test stopped making progress");
        }
        return elapsed < BUDGET_MILLIS || done < atLeast;
    }

    /**
     * Waits, polling, until {@code condition} holds: progress-bound, with only the hard limit as
     * a guard against a hang.
     *
     * @throws AssertionError past the hard limit, with {@code what}
     */
    public static void awaitCondition(java.util.function.BooleanSupplier condition, String what)
            throws InterruptedException {
        long start = System.nanoTime();
        while (!condition.getAsBoolean()) {
            if ((System.nanoTime() - start) / 1_000_000 > HARD_LIMIT_MILLIS) {
                throw new AssertionError("waited " + HARD_LIMIT_MILLIS + " ms for " + what);
            }
            Thread.sleep(1);
        }
    }
}
