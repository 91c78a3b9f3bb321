package org.streamflex.runtime.graph;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.streamflex.BoundaryError;
import org.streamflex.Failure;
import org.streamflex.FailureListener;
import org.streamflex.runtime.schedule.FailureCount;
import org.streamflex.runtime.schedule.FailureReports;

/**
 * Makes every failure of a graph seen: logs it once through {@code System.Logger} (logger
 * {@code org.streamflex.runtime}) and tells the graph's {@link FailureListener}s, on the thread
 * that ran the filter.
 *
 * <p>A failure that stops the graph is logged at ERROR with its {@link BoundaryError}. Skipped
 * ones are logged at WARNING, bounded because a hostile input can fail every release: per filter,
 * the first {@value #LOGGED_IN_FULL} in full (with the stack trace), then one line at each power
 * of two (16, 32, 64...) with the counts so far, and one line when the graph stops with the final
 * counts if they were not just logged. Nothing is lost uncounted: {@link FailureCount} always
 * holds the exact numbers. Listeners hear of every failure; one that throws is logged and
 * ignored.
 */
final class FailureReporter implements FailureReports {
    /** Skipped failures per filter logged in full before the log thins out to powers of two. */
    static final int LOGGED_IN_FULL = 10;

    private static final System.Logger LOG = System.getLogger("org.streamflex.runtime");

    private final String graphName;
    private final GraphModel model;
    private final List<FailureListener> listeners = new CopyOnWriteArrayList<>();

    FailureReporter(String graphName, GraphModel model) {
        this.graphName = graphName;
        this.model = model;
    }

    void add(FailureListener listener) {
        listeners.add(listener);
    }

    @Override
    public void skipped(FailureCount count, BoundaryError error) {
        long n = count.failures();
        if (n <= LOGGED_IN_FULL) {
            LOG.log(System.Logger.Level.WARNING, "StreamFlex " + graphName + ": " + error.getMessage()
                    + (n == LOGGED_IN_FULL ? "; further skipped failures of " + count.filterName()
                            + " are logged at each power of two only, with the counts" : ""), error);
        } else if (Long.bitCount(n) == 1) {
            LOG.log(System.Logger.Level.WARNING, thinned(count, n) + "; the last: " + error.getMessage());
        }
        tell(new Failure(error, Failure.Outcome.SKIPPED, n, count.discarded()));
    }

    /** A failure that stops the graph, on the thread that ran the filter (or the driver's). */
    void stopping(BoundaryError error) {
        FailureCount count = countOf(error.filterName());
        LOG.log(System.Logger.Level.ERROR, "StreamFlex " + graphName + ": " + error.getMessage(), error);
        Failure.Outcome outcome = count != null && count.limitExceeded()
                ? Failure.Outcome.LIMIT_EXCEEDED : Failure.Outcome.GRAPH_STOPPED;
        tell(new Failure(error, outcome, count == null ? 0 : count.failures(), count == null ? 0 : count.discarded()));
    }

    /** When the graph has stopped: the final counts of filters whose last skipped failures the log thinned out. */
    void stopped() {
        for (FilterWiring w : model.filters) {
            FailureCount count = w.task.failureCount();
            long n = count.failures();
            if (n > LOGGED_IN_FULL && Long.bitCount(n) != 1) {
                LOG.log(System.Logger.Level.WARNING, thinned(count, n) + " in all: the graph has stopped");
            }
        }
    }

    private String thinned(FailureCount count, long n) {
        return "StreamFlex " + graphName + ": filter " + count.filterName() + " under failure policy "
                + count.policy() + ": " + n + " failures and " + count.discarded() + " items discarded";
    }

    private FailureCount countOf(String filterName) {
        for (FilterWiring w : model.filters) {
            if (w.task.filterName().equals(filterName)) {
                return w.task.failureCount();
            }
        }
        return null;
    }

    private void tell(Failure failure) {
        for (FailureListener listener : listeners) {
            try {
                listener.onFailure(failure);
            } catch (Throwable thrown) {
                // A listener's bug must not turn a skipped failure into a stopped graph, or hide the failure.
                LOG.log(System.Logger.Level.WARNING, "StreamFlex " + graphName + ": failure listener " + listener
                        + " threw " + thrown + " while told of a failure of filter " + failure.filterName()
                        + "; ignored, the graph " + (failure.graphStopping() ? "stops as it would have" : "goes on")
                        + ": fix the listener", thrown);
            }
        }
    }
}
