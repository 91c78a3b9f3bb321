package org.streamflex.runtime.flight;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A filter's code failed: a {@code BoundaryError} reached the clock thread or the driver, or the
 * filter's failure policy skipped it. Enabled
 * by default; rare by nature. No stack trace of its own: it would show the runtime's catch, while
 * the cause's stack is in the {@code BoundaryError} that {@code failure()} returns.
 */
@Name("org.streamflex.FilterFailure")
@Label("Filter Failure")
@Category({"StreamFlex", "Filter"})
@Description("A filter's work() or trigger() threw, or its release failed: the BoundaryError the graph reports")
@Enabled(true)
@StackTrace(false)
public final class FilterFailureEvent extends jdk.jfr.Event {
    @Label("Filter")
    @Description("The instance name of the filter that failed")
    String filter;

    @Label("Filter Class")
    String filterClass;

    @Label("Cause")
    @Description("The class of what was thrown")
    String cause;

    @Label("Message")
    @Description("The BoundaryError's message: where, what, and what to do")
    String message;

    @Label("Released By")
    @Description("The clock whose release failed, or GraphDriver; for a skipped failure, the thread that ran"
            + " the filter")
    String releasedBy;

    @Label("Skipped")
    @Description("The filter's failure policy skipped the failure: the release's effects were dropped and the graph"
            + " went on")
    boolean skipped;
}
