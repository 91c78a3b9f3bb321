package org.streamflex.runtime.schedule;

import org.streamflex.BoundaryError;

/**
 * Who hears of a failure that a filter's policy skipped (the graph's failure reporter), told on
 * the thread that ran the filter once the release's effects are dropped and no region is active.
 * Failures that stop the graph travel as thrown {@link BoundaryError}s to the graph instead.
 */
@FunctionalInterface
public interface FailureReports {
    /** No one: a filter not yet in a started graph, which cannot skip anyway. */
    FailureReports NONE = (count, error) -> { };

    void skipped(FailureCount count, BoundaryError error);
}
