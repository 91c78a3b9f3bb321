package org.streamflex.runtime.schedule;

import java.util.Arrays;
import java.util.List;

/**
 * A connected part of a graph whose channels all have declared rates, with its steady state: how
 * many times each filter runs in one iteration so that every internal channel holds as many items
 * after it as before (StreamIt's balance equations, {@code push(p) * r(p) = pop(c) * r(c)} on every
 * edge), in the least positive integers. The unit a fused task will run.
 *
 * <pre>{@code
 * StaticSubgraph s = plan.subgraphs().get(0);
 * s.repetitions(s.filters().indexOf("Decimate#2"));   // 3: Decimate runs 3 times per iteration
 * }</pre>
 *
 * <p>Immutable.
 */
public final class StaticSubgraph {
    private final List<String> filters;
    private final long[] repetitions;
    private final List<RateEdge> edges;
    private final boolean cyclic;

    /**
     * @param filters its filters: upstream first (a topological order, creation order among
     *     equals) unless the part has a cycle, then in creation order
     * @param repetitions runs of each filter per steady-state iteration, index for index with
     *     {@code filters}
     * @param edges its internal channels, in connection order
     * @param cyclic whether its channels form a cycle (a feedback loop)
     */
    public StaticSubgraph(List<String> filters, long[] repetitions, List<RateEdge> edges, boolean cyclic) {
        if (repetitions.length != filters.size()) {
            throw new IllegalArgumentException(filters.size() + " filters, " + repetitions.length + " repetitions");
        }
        this.filters = List.copyOf(filters);
        this.repetitions = repetitions.clone();
        this.edges = List.copyOf(edges);
        this.cyclic = cyclic;
    }

    /** Its filters, upstream first unless {@link #cyclic()}. */
    public List<String> filters() {
        return filters;
    }

    /** Its internal channels, in connection order. */
    public List<RateEdge> edges() {
        return edges;
    }

    /** Whether its channels form a cycle. */
    public boolean cyclic() {
        return cyclic;
    }

    /** Runs of filter {@code i} (of {@link #filters()}) per steady-state iteration. */
    public long repetitions(int i) {
        return repetitions[i];
    }

    /** Runs of each filter per iteration, index for index with {@link #filters()}. */
    public long[] repetitions() {
        return repetitions.clone();
    }

    /** Runs of the named filter per iteration. */
    public long repetitionsOf(String filter) {
        int i = filters.indexOf(filter);
        if (i < 0) {
            throw new IllegalArgumentException(filter + " is not in " + filters);
        }
        return repetitions[i];
    }

    /** Items that cross internal channel {@code e} in one iteration: {@code push(p) * r(p)}. */
    public long itemsPerIteration(RateEdge e) {
        return e.push() * repetitionsOf(e.producer());
    }

    /** {@code Source#1 x2, Decimate#2 x3}. */
    String describeFilters() {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < filters.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(filters.get(i)).append(" x").append(repetitions[i]);
        }
        return s.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StaticSubgraph s && filters.equals(s.filters)
                && Arrays.equals(repetitions, s.repetitions) && edges.equals(s.edges) && cyclic == s.cyclic;
    }

    @Override
    public int hashCode() {
        return filters.hashCode() * 31 + Arrays.hashCode(repetitions);
    }

    @Override
    public String toString() {
        return describeFilters() + (cyclic ? " (cyclic)" : "");
    }
}
