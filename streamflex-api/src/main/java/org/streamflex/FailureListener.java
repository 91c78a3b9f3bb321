package org.streamflex;

/**
 * Told about every failure of a filter of a graph: those its {@link FailurePolicy} skipped and
 * the one that stops the graph. Add it with {@link StreamFlexGraph#addFailureListener}.
 *
 * <pre>{@code
 * graph.addFailureListener(f -> {
 *     if (f.graphStopping()) {
 *         alerts.page("pipeline down: " + f.error().getMessage());
 *     } else {
 *         metrics.increment("streamflex.skipped." + f.filterName());
 *     }
 * });
 * }</pre>
 *
 * <p>It runs on the thread that ran the filter: a clock thread, or the thread calling a
 * {@code GraphDriver}. The failed release's effects are already undone (or its taken items
 * discarded) and no region is active, so what it allocates goes to the heap. The clock it runs on
 * is not releasing meanwhile, so it must be short: hand anything slow to another thread. It must
 * not call the {@code @Atomic} methods of the graph's filters, which its own thread applies. An
 * exception it throws is logged (logger {@code org.streamflex.runtime}, WARNING) and otherwise
 * ignored: the graph goes on, or stops, exactly as without it.
 */
@FunctionalInterface
public interface FailureListener {
    /** Called once per failure, on the thread that ran the filter. */
    void onFailure(Failure failure);
}
