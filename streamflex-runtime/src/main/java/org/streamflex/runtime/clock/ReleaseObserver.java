package org.streamflex.runtime.clock;

/**
 * Sees every release of one clock, on the clock's thread, right after the release completes: for
 * measuring harnesses. It runs inside the release loop, so it must neither allocate nor block.
 *
 * <pre>{@code
 * runtimeGraph.observeReleases(clock, (boundary, start, completion, missed) -> {
 *     starts[n] = start; completions[n++] = completion;
 * });
 * }</pre>
 */
@FunctionalInterface
public interface ReleaseObserver {
    ReleaseObserver NONE = (boundary, startNanos, completionNanos, missed) -> { };

    /**
     * Called once per release, after it completed.
     *
     * @param boundary the period boundary released (its time is {@code boundary * period})
     * @param startNanos when the release began, in nanoseconds since the graph's boundary 0
     * @param completionNanos when the release and everything it ran downstream completed, likewise
     * @param missed whether the release missed its deadline by the paper's rule
     */
    void released(long boundary, long startNanos, long completionNanos, boolean missed);
}
