package org.streamflex.runtime.schedule;

import org.streamflex.BoundaryError;
import org.streamflex.FailurePolicy;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.counter.SingleWriterCounter;
import org.streamflex.runtime.flight.Flight;

/**
 * One filter's failures: its {@link FailurePolicy}, the decision for each exception that escapes
 * its {@code work()} or {@code trigger()}, and the exact counts.
 *
 * <p>Counters: {@code failures} and {@code discarded} have a single writer, the thread running the
 * filter (a filter never runs on two threads at once; a hand-over between clock threads goes
 * through its {@link RunState}), which publishes each new value with a release store. Other
 * threads read them with an acquire load, so a reader that sees a count also sees the failure's
 * effects undone: the discipline of every counter, {@link SingleWriterCounter}. The policy is fixed
 * before the graph starts and read only by that thread.
 */
public final class FailureCount {
    private final String filterName;
    private final String filterClassName;
    /** The filter's own policy, or null to follow the graph's. */
    private FailurePolicy own;
    private FailurePolicy policy = FailurePolicy.STOP_GRAPH;
    private FailureReports reports = FailureReports.NONE;
    private final SingleWriterCounter failures = new SingleWriterCounter();
    private final SingleWriterCounter discarded = new SingleWriterCounter();
    private boolean limitExceeded;

    FailureCount(String filterName, String filterClassName) {
        this.filterName = filterName;
        this.filterClassName = filterClassName;
    }

    /** Sets the filter's own policy, which wins over the graph's; before the graph runs. */
    public void own(FailurePolicy policy) {
        this.own = policy;
    }

    /** Fixes the policy in force and who hears of skipped failures; when the graph starts or is driven. */
    public void begin(FailurePolicy graphPolicy, FailureReports reports) {
        this.policy = own != null ? own : graphPolicy;
        this.reports = reports;
    }

    public String filterName() {
        return filterName;
    }

    /** The policy in force (the graph's until it starts, unless the filter has its own). */
    public FailurePolicy policy() {
        return policy;
    }

    /** Exceptions that escaped the filter's work() or trigger(), skipped or not. */
    public long failures() {
        return failures.get();
    }

    /** Items taken by failed, skipped work() calls and consumed without effect. */
    public long discarded() {
        return discarded.get();
    }

    /** Whether the graph stopped because this filter failed more often than its policy allows. */
    public boolean limitExceeded() {
        return limitExceeded;
    }

    /**
     * Counts a failure and decides it: true if the release is to be skipped, false if the graph
     * stops. An {@link Error} other than a {@link StreamFlexError} always stops it: after an
     * {@code OutOfMemoryError} or {@code StackOverflowError} nothing says the filter's state, or
     * the JVM's, is worth going on with.
     */
    boolean skips(Throwable thrown) {
        failures.increment();
        long count = failures.plain();
        if (!policy.skips() || (thrown instanceof Error && !(thrown instanceof StreamFlexError))) {
            return false;
        }
        if (count > policy.limit()) {
            limitExceeded = true;
            return false;
        }
        return true;
    }

    /** The error for a failure that stops the graph, saying so (and why, past a limit). */
    BoundaryError stopping(String method, Throwable thrown) {
        if (!limitExceeded) {
            return new BoundaryError(filterName, filterClassName, method, thrown);
        }
        return new BoundaryError(filterName, filterClassName, method, thrown, "the failure limit was exceeded (failure "
                + failures.plain() + " of " + filterName + " under its policy " + policy
                + "), so the graph stopped and"
                + " nothing that work() put was published; if such input is expected, raise the limit with"
                + " setFailurePolicy(filter, FailurePolicy.skip(n))");
    }

    /** Counts what a skipped release discarded and reports it. */
    void skipped(String method, Throwable thrown, long discardedNow) {
        if (discardedNow != 0) {
            discarded.add(discardedNow);
        }
        BoundaryError error = new BoundaryError(filterName, filterClassName, method, thrown,
                "skipped by failure policy " + policy + " (failure " + failures.plain()
                        + "): nothing it put was published"
                        + (discardedNow == 0 ? "" : discardedNow == 1 ? " and the item it took was discarded"
                                : " and the " + discardedNow + " items it took were discarded"));
        Flight.skippedFailure(error);
        reports.skipped(this, error);
    }

    @Override
    public String toString() {
        return filterName + ": " + failures() + " failures, " + discarded() + " discarded";
    }
}
