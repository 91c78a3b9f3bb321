package org.streamflex.runtime.schedule;

import java.util.List;

/**
 * What {@code validate()} works out from the declared rates: the graph cut at its dynamic channels
 * into static subgraphs, each with its steady-state repetitions; the filters that belong to none
 * (every channel of theirs is dynamic, or their part was not cut cleanly); and the channels cut.
 * Today every filter still runs as its own task; the plan is what fusion will run, and what
 * {@code StreamFlexGraph.schedule()} prints.
 *
 * <pre>{@code
 * SchedulePlan plan = Partitioner.plan(filters, edges, problems);
 * System.out.print(plan.describe());
 * }</pre>
 *
 * @param subgraphs the static subgraphs of two or more filters, in the creation order of their first filter
 * @param dynamicFilters filters in no static subgraph, in creation order
 * @param cuts the dynamic channels, in connection order
 * @param notes why a part with static channels was left dynamic (the bisection rule), one line each
 */
public record SchedulePlan(List<StaticSubgraph> subgraphs, List<String> dynamicFilters, List<RateEdge> cuts,
        List<String> notes) {
    public SchedulePlan {
        subgraphs = List.copyOf(subgraphs);
        dynamicFilters = List.copyOf(dynamicFilters);
        cuts = List.copyOf(cuts);
        notes = List.copyOf(notes);
    }

    /** The static subgraph holding {@code filter}, or null if it runs dynamically. */
    public StaticSubgraph subgraphOf(String filter) {
        for (StaticSubgraph s : subgraphs) {
            if (s.filters().contains(filter)) {
                return s;
            }
        }
        return null;
    }

    /** The plan for people, one line per subgraph, channel, filter and note; ends with a newline. */
    public String describe() {
        StringBuilder s = new StringBuilder();
        s.append("schedule: ").append(count(subgraphs.size(), "static subgraph")).append(", ")
                .append(count(dynamicFilters.size(), "dynamic filter")).append(", ")
                .append(count(cuts.size(), "dynamic channel")).append('\n');
        for (int i = 0; i < subgraphs.size(); i++) {
            StaticSubgraph g = subgraphs.get(i);
            s.append("static subgraph ").append(i + 1).append(g.cyclic() ? " (cyclic)" : "").append(": ")
                    .append(g.describeFilters()).append('\n');
            for (RateEdge e : g.edges()) {
                s.append("  ").append(e).append(", ").append(g.itemsPerIteration(e)).append(" items per iteration")
                        .append(e.lookahead() > 0 ? ", " + e.lookahead() + " more buffered first" : "").append('\n');
            }
        }
        if (!dynamicFilters.isEmpty()) {
            s.append("dynamic filters: ").append(String.join(", ", dynamicFilters)).append('\n');
        }
        for (RateEdge e : cuts) {
            s.append("dynamic channel: ").append(e).append('\n');
        }
        for (String note : notes) {
            s.append("note: ").append(note).append('\n');
        }
        return s.toString();
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }
}
