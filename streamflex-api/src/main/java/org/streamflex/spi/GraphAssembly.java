package org.streamflex.spi;

import java.util.concurrent.TimeUnit;
import org.streamflex.BoundaryError;
import org.streamflex.Clock;
import org.streamflex.DataChannel;
import org.streamflex.Deployment;
import org.streamflex.FailureListener;
import org.streamflex.FailurePolicy;
import org.streamflex.Filter;
import org.streamflex.GraphCounters;
import org.streamflex.RealTime;

/**
 * The runtime's side of one {@link org.streamflex.StreamFlexGraph}: each protected method of the
 * graph delegates here. A null field name means "choose the field as the short forms of
 * {@code connect} do". Filter authors never use it:
 * <pre>{@code
 * connect(gen, mid, 1);   // in a graph, becomes assembly.connect(gen, null, mid, null, 1)
 * }</pre>
 */
public interface GraphAssembly {
    /**
     * Makes a filter of {@code type} with stable and transient regions of these sizes.
     *
     * @param name the filter's instance name, or null for the default one (its class's simple name,
     *     then {@code #2}, ...)
     */
    <F extends Filter> F makeFilter(String name, Class<F> type, int stableBytes, int transientBytes);

    Clock makeClock(int periodMicros);

    void connect(Clock clock, Filter target, String targetField);

    void connect(Filter source, String sourceField, Filter target, String targetField, int capacity);

    /** Marks {@code filter}, and everything downstream of it, to run on the graph's worker threads. */
    void runOnWorkers(Filter filter);

    /** Marks a filter as the server's in a node/server split. */
    void runOnServer(Filter filter);

    /** The deployment the graph was built with. */
    Deployment deployment();

    void validate();

    boolean isValidated();

    void setRealTime(RealTime realTime);

    void start();

    void stop();

    boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException;

    BoundaryError failure();

    /** Sets the failure policy of {@code filter}, or of the graph if {@code filter} is null. */
    void setFailurePolicy(Filter filter, FailurePolicy policy);

    void addFailureListener(FailureListener listener);

    long failureCount(Filter filter);

    long discardedCount(Filter filter);

    DataChannel channel(Filter filter, String field);

    /** The graph's named counters. */
    GraphCounters counters();

    /** Counts the heap bytes each work() of {@code filter} allocates, or of every filter if it is null. */
    void countHeapBytes(Filter filter);

    /** The graph in Graphviz DOT, with its counters as they are now. */
    String toDot();

    /** The static subgraphs and steady states its declared rates give, for people; after validate(). */
    String schedule();
}
