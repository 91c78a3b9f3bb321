package org.streamflex.runtime.schedule;

/**
 * Whether a worker's CPU is contended: the rule, apart from the kernel's count it reads
 * ({@link WorkerRunDelay}) and what the worker does about it ({@link Worker}: it lets go of its pin
 * and parks sooner when idle, and takes both back once quiet).
 *
 * <p>Every check the worker passes in how long it has waited, runnable, for a CPU so far; more than
 * {@code contendedNanos} since the last check makes it contended. It stays so until
 * {@code quietChecks} checks in a row stayed at or under that bar: a competitor that pauses for a
 * moment should not make the worker pin itself again only to wait behind it once more. A check
 * never allocates.
 *
 * <pre>{@code
 * WorkerContention rule = new WorkerContention(4_000_000, 50, runDelay.nanos());
 * switch (rule.check(runDelay.nanos())) {   // every 20 ms
 *     case CONTENDED -> affinity.release();
 *     case QUIET -> affinity.pin(cpu);
 *     case SAME -> { }
 * }
 * }</pre>
 */
final class WorkerContention {
    /** What changed at a check. */
    enum Change {
        /** Nothing. */
        SAME,
        /** The worker waited for its CPU past the bar: contended from now on. */
        CONTENDED,
        /** Contended before, quiet for long enough now. */
        QUIET
    }

    private final long contendedNanos;
    private final int quietChecks;
    private long lastDelay;
    private int quiet;
    private boolean contended;

    /**
     * @param contendedNanos run delay within one check above which the CPU counts as contended
     * @param quietChecks checks in a row at or under the bar before it counts as quiet again; 0: never again
     * @param firstDelay the worker's run delay now, in nanoseconds, as {@link WorkerRunDelay#nanos()} says
     */
    WorkerContention(long contendedNanos, int quietChecks, long firstDelay) {
        if (contendedNanos < 0 || quietChecks < 0) {
            throw new IllegalArgumentException("contendedNanos and quietChecks must be 0 or more, not "
                    + contendedNanos + " and " + quietChecks);
        }
        this.contendedNanos = contendedNanos;
        this.quietChecks = quietChecks;
        this.lastDelay = firstDelay;
    }

    /** Whether the last checks found the CPU contended (a new rule starts quiet). */
    boolean contended() {
        return contended;
    }

    /**
     * One check, with the worker's run delay so far in nanoseconds; a negative value (a count that
     * could not be read) changes nothing, and the next check measures from the last readable one.
     */
    Change check(long delay) {
        if (delay < 0) {
            return Change.SAME;
        }
        long waited = delay - lastDelay;
        lastDelay = delay;
        if (waited > contendedNanos) {
            quiet = 0;
            if (contended) {
                return Change.SAME;
            }
            contended = true;
            return Change.CONTENDED;
        }
        if (contended && quietChecks > 0 && ++quiet >= quietChecks) {
            contended = false;
            quiet = 0;
            return Change.QUIET;
        }
        return Change.SAME;
    }
}
