package org.streamflex;

/**
 * One failure of a filter, as a {@link FailureListener} sees it.
 *
 * <pre>{@code
 * graph.addFailureListener(f -> System.err.println(
 *         f.filterName() + ": " + f.outcome() + " (" + f.failures() + " failures, " + f.discarded() + " discarded)"));
 * }</pre>
 *
 * @param error what escaped the filter's {@code work()} or {@code trigger()}, with the filter's
 *     name and class and a copy of the exception; when the graph stops because a limit was
 *     exceeded, its message says so
 * @param outcome what the graph did about it
 * @param failures the failures of this filter so far: exceptions that escaped its {@code work()}
 *     or {@code trigger()}, this one included (a fault of the runtime around a filter's release is
 *     reported under the clock's filter but not counted)
 * @param discarded the items this filter's skipped releases took and discarded so far
 */
public record Failure(BoundaryError error, Outcome outcome, long failures, long discarded) {
    /** What the graph did about a failure. */
    public enum Outcome {
        /** The failure policy skipped it: the graph goes on. */
        SKIPPED,
        /** The failure stopped the graph ({@link FailurePolicy#STOP_GRAPH}, or an {@link Error}). */
        GRAPH_STOPPED,
        /** It was one more than the filter's {@link FailurePolicy#skip(long)} limit: the graph stopped. */
        LIMIT_EXCEEDED
    }

    /** The instance name of the filter that failed ({@code "Sink#2"}). */
    public String filterName() {
        return error.filterName();
    }

    /** Whether the graph is stopping because of this failure. */
    public boolean graphStopping() {
        return outcome != Outcome.SKIPPED;
    }
}
