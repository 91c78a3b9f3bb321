package org.streamflex.runtime.schedule;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Cuts a graph into static subgraphs, as the hybrid scheduler's compiler does (Beard et al.,
 * section 3): a breadth-first search of the graph that does not cross dynamic channels. Each part
 * of two or more filters joined by static channels becomes a {@link StaticSubgraph} with its
 * steady state ({@link BalanceEquations}), unless a dynamic channel runs between two of its own
 * filters: then the cut does not bisect the graph (a static path joins what the dynamic channel
 * separates), which the paper calls illegal, and the whole part stays dynamic, with a note saying
 * which channel kept it so. A filter none of whose channels is static is dynamic.
 *
 * <pre>{@code
 * List<String> problems = new ArrayList<>();
 * SchedulePlan plan = Partitioner.plan(List.of("A", "B", "C"), edges, problems);
 * }</pre>
 */
public final class Partitioner {
    private Partitioner() {
    }

    /**
     * The plan for {@code filters} (in creation order) and their channels (in connection order).
     * Rates that do not balance go to {@code problems}; their part is then left out of the plan.
     */
    public static SchedulePlan plan(List<String> filters, List<RateEdge> edges, List<String> problems) {
        Map<String, List<RateEdge>> staticTouching = new LinkedHashMap<>();
        for (String f : filters) {
            staticTouching.put(f, new ArrayList<>());
        }
        List<RateEdge> cuts = new ArrayList<>();
        for (RateEdge e : edges) {
            if (e.isStatic()) {
                staticTouching.get(e.producer()).add(e);
                staticTouching.get(e.consumer()).add(e);
            } else {
                cuts.add(e);
            }
        }
        List<StaticSubgraph> subgraphs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Set<String> placed = new LinkedHashSet<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String root : filters) {
            if (!seen.add(root)) {
                continue;
            }
            List<String> part = component(root, staticTouching, seen);
            if (part.size() < 2) {
                continue;
            }
            Set<String> members = Set.copyOf(part);
            List<RateEdge> inner = new ArrayList<>();
            for (RateEdge e : edges) {
                if (members.contains(e.producer()) && members.contains(e.consumer())) {
                    inner.add(e);
                }
            }
            RateEdge unbisected = inner.stream().filter(e -> !e.isStatic()).findFirst().orElse(null);
            if (unbisected != null) {
                notes.add(String.join(", ", part) + " stay dynamic: the dynamic channel " + unbisected.name()
                        + " does not cut them apart, static channels join its two ends too (a cut must bisect the"
                        + " graph); declare its rates, or make a channel on the other path dynamic");
                continue;
            }
            long[] repetitions = BalanceEquations.solve(part, inner, problems);
            if (repetitions == null) {
                continue;
            }
            List<String> order = topological(part, inner);
            boolean cyclic = order == null;
            List<String> filtersInOrder = cyclic ? part : order;
            long[] ordered = new long[repetitions.length];
            for (int i = 0; i < ordered.length; i++) {
                ordered[i] = repetitions[part.indexOf(filtersInOrder.get(i))];
            }
            subgraphs.add(new StaticSubgraph(filtersInOrder, ordered, inner, cyclic));
            placed.addAll(part);
        }
        List<String> dynamic = filters.stream().filter(f -> !placed.contains(f)).toList();
        return new SchedulePlan(subgraphs, dynamic, cuts, notes);
    }

    /** The filters reachable from {@code root} over static channels, in creation order of discovery. */
    private static List<String> component(String root, Map<String, List<RateEdge>> touching, Set<String> seen) {
        List<String> part = new ArrayList<>(List.of(root));
        ArrayDeque<String> queue = new ArrayDeque<>(part);
        while (!queue.isEmpty()) {
            String f = queue.poll();
            for (RateEdge e : touching.get(f)) {
                String other = e.producer().equals(f) ? e.consumer() : e.producer();
                if (seen.add(other)) {
                    part.add(other);
                    queue.add(other);
                }
            }
        }
        List<String> inCreationOrder = new ArrayList<>(touching.keySet());
        inCreationOrder.retainAll(part);
        return inCreationOrder;
    }

    /** Upstream first, creation order among filters ready together; null if the channels form a cycle. */
    private static List<String> topological(List<String> part, List<RateEdge> inner) {
        Map<String, Integer> waiting = new LinkedHashMap<>();
        for (String f : part) {
            waiting.put(f, 0);
        }
        for (RateEdge e : inner) {
            waiting.merge(e.consumer(), 1, Integer::sum);
        }
        List<String> order = new ArrayList<>();
        while (order.size() < part.size()) {
            String next = null;
            for (String f : part) {
                if (waiting.get(f) == 0 && !order.contains(f)) {
                    next = f;
                    break;
                }
            }
            if (next == null) {
                return null;
            }
            order.add(next);
            for (RateEdge e : inner) {
                if (e.producer().equals(next)) {
                    waiting.merge(e.consumer(), -1, Integer::sum);
                }
            }
        }
        return order;
    }
}
