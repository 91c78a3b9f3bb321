package org.streamflex;

/**
 * What a graph does when an exception escapes a filter's {@code work()} or {@code trigger()}.
 *
 * <ul>
 *   <li>{@link #STOP_GRAPH}, the default (the paper's behaviour): the first failure stops the
 *       graph; the failed {@code work()}'s takes are undone, so the item that failed stays at the
 *       head of its channel for inspection.
 *   <li>{@link #skip(long)}: the failed {@code work()}'s puts are rolled back and the capsules it
 *       made go back to their pool, but the items it took are consumed and counted as
 *       discarded, so a malformed item cannot fail every later release. The filter goes on.
 *       A {@code work()} that threw before taking anything fails again at its next release and
 *       counts again; a {@code trigger()} that throws counts as a failure and as "not
 *       schedulable". After more than {@code limit} failures of the filter, the graph stops
 *       with a {@link BoundaryError} that says the limit was exceeded and carries the last
 *       failure.
 * </ul>
 *
 * <p>An {@link Error} that is not a {@link StreamFlexError} ({@code OutOfMemoryError},
 * {@code StackOverflowError}, {@code AssertionError}, {@code LinkageError}...) stops the graph
 * whatever the policy: after one the JVM or the filter's code is not in a state worth going on
 * with. {@link RegionFullError} and {@link ChannelUnderflowException} are skipped like any
 * exception: an input can cause them.
 *
 * <pre>{@code
 * graph.setFailurePolicy(FailurePolicy.skip(1_000));              // every filter of the graph
 * graph.setFailurePolicy(reader, FailurePolicy.STOP_GRAPH);       // but the reader stops it
 * }</pre>
 *
 * <p>A graph-wide {@code skip(limit)} gives each filter its own count and its own limit: one
 * noisy filter does not use up the budget of the others, and each count has a single writer, the
 * thread running that filter.
 */
public final class FailurePolicy {
    /** The first failure stops the graph. The default. */
    public static final FailurePolicy STOP_GRAPH = new FailurePolicy(-1);

    private final long limit;

    private FailurePolicy(long limit) {
        this.limit = limit;
    }

    /**
     * Skip failed releases, up to {@code limit} failures per filter; the next one stops the graph.
     * {@code skip(Long.MAX_VALUE)} never stops it.
     *
     * @throws StreamFlexError if {@code limit} is below 1 (use {@link #STOP_GRAPH} to skip nothing)
     */
    public static FailurePolicy skip(long limit) {
        if (limit < 1) {
            throw new StreamFlexError("FailurePolicy.skip(" + limit + "): the limit is the number of failures a filter"
                    + " may skip before the graph stops, at least 1; use FailurePolicy.STOP_GRAPH to skip none");
        }
        return new FailurePolicy(limit);
    }

    /** Whether failures are skipped (up to {@link #limit()}) rather than stopping the graph. */
    public boolean skips() {
        return limit > 0;
    }

    /** The failures a filter may skip before the graph stops; 0 for {@link #STOP_GRAPH}. */
    public long limit() {
        return Math.max(0, limit);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FailurePolicy p && p.limit == limit;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(limit);
    }

    /** {@code "STOP_GRAPH"} or {@code "skip(limit)"}, as in code. */
    @Override
    public String toString() {
        return !skips() ? "STOP_GRAPH" : limit == Long.MAX_VALUE ? "skip(Long.MAX_VALUE)" : "skip(" + limit + ")";
    }
}
