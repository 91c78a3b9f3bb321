package org.streamflex.runtime.graph;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.atomic.FilterAtomicity;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.clock.RuntimeClock;
import org.streamflex.runtime.schedule.FusedTask;
import org.streamflex.runtime.schedule.RateEdge;
import org.streamflex.runtime.schedule.Schedulable;
import org.streamflex.runtime.schedule.SchedulePlan;
import org.streamflex.runtime.schedule.StaticSubgraph;
import org.streamflex.runtime.schedule.WorkerUnit;

/**
 * Which filters of a graph run on worker threads, and how they become {@link WorkerUnit}s.
 *
 * <p>{@code validate()} decides which: with {@code streamflex.workers} on (the default), every
 * filter of a graph whose clocks are all free-running, else the filters the graph opted in with
 * {@code runOnWorkers} and everything downstream of them (a worker's filter feeding a clock's
 * would have nobody to run it after each work()). A static subgraph goes whole. An opted-in
 * filter released by a periodic clock is an error: the clock keeps its real-time thread.
 *
 * <p>{@code start()} makes the units: each fused task or unfused filter of the set, in data-flow
 * order; a free-running clock's filter is released by its unit. The channels between two units
 * become lossless ({@link SpscRing#lossless}); channels into the set from a clock's filters keep
 * their fixed capacity and drop-and-count, as the contract says for clock-driven chains. Nothing
 * downstream of a clock's filter calls into the set any more. A {@code GraphDriver} never comes
 * here: driven, the graph runs as validated, on the driver's thread.
 */
final class WorkerAssignment {
    /** The most items a lossless link spills beyond its capacity before it drops (and counts). */
    static final int MAX_SPILL = 1 << 24;

    private WorkerAssignment() {
    }

    /**
     * The filters that will run on workers, in creation order; empty if none.
     *
     * @param problems where an opted-in filter that a periodic clock releases is reported
     */
    static Set<FilterWiring> choose(GraphModel model, SchedulePlan plan, boolean enabled, List<String> problems) {
        Set<FilterWiring> chosen = new LinkedHashSet<>();
        if (!enabled || model.clocks.isEmpty()) {
            return chosen;
        }
        if (!model.onWorkers.isEmpty()) {
            chosen.addAll(closure(model, plan, model.onWorkers));
        } else if (model.clocks.stream().allMatch(c -> c.periodMicros() == 0)) {
            chosen.addAll(model.filters);
        }
        for (RuntimeClock clock : model.clocks) {
            FilterWiring target = model.targetOf(clock); // validate() has checked every clock is connected
            if (clock.periodMicros() != 0 && chosen.contains(target)) {
                problems.add("runOnWorkers: " + target.name + " is released by " + clock
                        + ", which keeps its real-time thread: opt in the filters downstream of it instead");
            }
        }
        return chosen;
    }

    /** The filters downstream of {@code from}, those included, with every static subgraph they touch whole. */
    private static Set<FilterWiring> closure(GraphModel model, SchedulePlan plan, List<FilterWiring> from) {
        Map<String, FilterWiring> byName = new HashMap<>();
        model.filters.forEach(w -> byName.put(w.name, w));
        Set<FilterWiring> set = new LinkedHashSet<>();
        ArrayDeque<FilterWiring> todo = new ArrayDeque<>(from);
        while (!todo.isEmpty()) {
            FilterWiring w = todo.poll();
            if (!set.add(w)) {
                continue;
            }
            todo.addAll(w.downstream);
            if (plan != null) {
                for (StaticSubgraph g : plan.subgraphs()) {
                    if (g.filters().contains(w.name)) {
                        g.filters().forEach(n -> todo.add(byName.get(n)));
                    }
                }
            }
        }
        return set;
    }

    /**
     * Rewires the graph for its workers and returns their units in data-flow order; at
     * {@code start()}, before any thread runs.
     *
     * @param workers the worker threads there will be: with one, links between its units stay
     *     confined to its thread
     */
    static List<WorkerUnit> units(GraphModel model, Set<FilterWiring> chosen, int workers) {
        Map<Schedulable, List<FilterWiring>> members = members(model, chosen, workers > 1);
        Map<FilterWiring, Schedulable> unitOf = unitOf(members);
        List<Schedulable> order = dataFlowOrder(model, members, unitOf);
        Map<Schedulable, Integer> position = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            position.put(order.get(i), i);
        }
        // Nothing outside a unit runs in the same call as it: the worker runs each unit by itself.
        for (FilterWiring w : model.filters) {
            Schedulable[] kept = List.of(w.task.downstream()).stream().filter(s -> !position.containsKey(s))
                    .toArray(Schedulable[]::new);
            w.task.downstream(unitOf.containsKey(w) ? new Schedulable[0] : kept);
        }
        for (Schedulable s : members.keySet()) {
            if (s instanceof FusedTask f) {
                f.downstream(new Schedulable[0]);
            }
        }
        for (Schedulable runner : new LinkedHashSet<>(model.runners.values())) {
            if (!position.containsKey(runner) && runner instanceof FusedTask f) {
                f.downstream(List.of(f.downstream()).stream().filter(s -> !position.containsKey(s))
                        .toArray(Schedulable[]::new));
            }
        }
        Map<Schedulable, RuntimeClock> clockOf = new HashMap<>();
        Map<FilterWiring, Integer> reachedBy = GraphChecks.clocksReaching(model);
        for (RuntimeClock clock : model.clocks) {
            FilterWiring target = model.targetOf(clock);
            if (unitOf.containsKey(target)) {
                clockOf.put(unitOf.get(target), clock);
                clock.runAs(unitOf.get(target)); // a release runs the unit, not a whole subgraph it was cut from
                clock.applyCallsOf(new FilterAtomicity[0]); // its unit applies them
            } else {
                clock.applyCallsOf(GraphChecks.reachedFrom(clock, model).stream()
                        .filter(w -> !unitOf.containsKey(w) && w.task.atomicity() != null
                                && reachedBy.getOrDefault(w, 0) == 1)
                        .map(w -> w.task.atomicity()).toArray(FilterAtomicity[]::new));
            }
        }
        int threads = Math.min(workers, order.size());
        for (ChannelLink link : model.links) {
            Schedulable from = unitOf.get(link.producer());
            Schedulable to = unitOf.get(link.consumer());
            // A clock's filter and a worker's, or two units that may land on different workers.
            if ((from == null) != (to == null) || (from != null && !from.equals(to) && threads > 1)) {
                link.ring().unconfine();
            }
        }
        List<RateEdge> rates = RateDeclarations.edges(model);
        List<WorkerUnit> units = new ArrayList<>();
        for (Schedulable s : order) {
            List<SpscRing> ins = new ArrayList<>();
            List<SpscRing> outs = new ArrayList<>();
            List<SpscRing> forward = new ArrayList<>();
            List<Integer> limits = new ArrayList<>();
            for (int i = 0; i < model.links.size(); i++) {
                ChannelLink link = model.links.get(i);
                Schedulable from = unitOf.get(link.producer());
                Schedulable to = unitOf.get(link.consumer());
                if (Objects.equals(from, to)) {
                    continue;
                }
                if (s.equals(to)) {
                    ins.add(link.ring());
                }
                if (s.equals(from) && to != null) {
                    link.ring().lossless(MAX_SPILL);
                    outs.add(link.ring());
                    if (position.get(to) > position.get(s)) {
                        forward.add(link.ring());
                        limits.add(forwardLimit(link, rates.get(i)));
                    }
                }
            }
            FilterAtomicity[] atomic = members.get(s).stream().map(w -> w.task.atomicity())
                    .filter(a -> a != null).toArray(FilterAtomicity[]::new);
            units.add(WorkerUnit.of(s.toString(), s, clockOf.get(s), ins.toArray(SpscRing[]::new),
                    outs.toArray(SpscRing[]::new), forward.toArray(SpscRing[]::new),
                    limits.stream().mapToInt(Integer::intValue).toArray(), atomic));
        }
        return units;
    }

    /**
     * The most items a forward link may hold for its producer's unit to run: half its capacity when
     * its consumer's window is known, so that a unit that runs has room for a batch of at least half
     * the link. Without that hysteresis, two workers settle into handing each other a few items at a
     * time, each hand-off paying a turn (measured on FilterBankNew cut over 2 workers: 0.65x of one
     * worker). Never below the consumer's window less one: a consumer short of its window must be
     * fed, or the two would wait on each other. A consumer with dynamic rates or its own trigger may
     * wait for any number of items: its producer runs while the link holds less than its capacity.
     */
    private static int forwardLimit(ChannelLink link, RateEdge rate) {
        int capacity = link.ring().capacity();
        if (rate.pop() == RateEdge.DYNAMIC || link.consumer().task.hasOwnTrigger()) {
            return capacity - 1;
        }
        return Math.min(capacity - 1, Math.max(capacity / 2, rate.peek() - 1));
    }

    /** The names of the units {@link #units} will make for {@code workers} threads, in their order; changes nothing. */
    static List<String> unitNames(GraphModel model, Set<FilterWiring> chosen, int workers) {
        Map<Schedulable, List<FilterWiring>> members = members(model, chosen, workers > 1);
        return dataFlowOrder(model, members, unitOf(members)).stream().map(Object::toString).toList();
    }

    /**
     * Each unit with its filters: a chosen filter's fused task, or the filter itself; with
     * {@code cut}, a fused task's filters each become a unit of their own, a fused task of one.
     *
     * <p>Why cut: a worker cannot split a unit, so a program that is one static subgraph (the
     * StreamIt programs) would keep one core busy and leave the others idle. Cut, the placement
     * spreads its filters over the workers by measured cost as it does any units; a worker runs the
     * filters it got one after another each turn, each for a batch bounded by its links' room, which
     * costs a few checks per filter and turn beyond the fused task's loop. One worker gets the
     * subgraph whole.
     */
    private static Map<Schedulable, List<FilterWiring>> members(GraphModel model, Set<FilterWiring> chosen,
            boolean cut) {
        Map<Schedulable, List<FilterWiring>> members = new LinkedHashMap<>();
        for (FilterWiring w : chosen) {
            Schedulable runner = model.runners.getOrDefault(w.task, w.task);
            if (cut && runner instanceof FusedTask f && f.members().size() > 1) {
                runner = new FusedTask(w.name, List.of(f.memberOf(w.task)));
            }
            members.computeIfAbsent(runner, r -> new ArrayList<>()).add(w);
        }
        return members;
    }

    private static Map<FilterWiring, Schedulable> unitOf(Map<Schedulable, List<FilterWiring>> members) {
        Map<FilterWiring, Schedulable> unitOf = new HashMap<>();
        members.forEach((unit, filters) -> filters.forEach(w -> unitOf.put(w, unit)));
        return unitOf;
    }

    /** The units in data-flow order: each after every unit feeding it (creation order among equals, cycles last). */
    private static List<Schedulable> dataFlowOrder(GraphModel model, Map<Schedulable, List<FilterWiring>> members,
            Map<FilterWiring, Schedulable> unitOf) {
        Map<Schedulable, Set<Schedulable>> feeds = new HashMap<>();
        Map<Schedulable, Integer> pending = new HashMap<>();
        members.keySet().forEach(s -> {
            feeds.put(s, new LinkedHashSet<>());
            pending.put(s, 0);
        });
        for (ChannelLink link : model.links) {
            Schedulable from = unitOf.get(link.producer());
            Schedulable to = unitOf.get(link.consumer());
            if (from != null && to != null && !from.equals(to) && feeds.get(from).add(to)) {
                pending.merge(to, 1, Integer::sum);
            }
        }
        List<Schedulable> order = new ArrayList<>();
        Set<Schedulable> left = new LinkedHashSet<>(members.keySet());
        while (!left.isEmpty()) {
            Schedulable next = left.stream().filter(s -> pending.get(s) == 0).findFirst()
                    .orElse(left.iterator().next());
            left.remove(next);
            order.add(next);
            for (Schedulable to : feeds.get(next)) {
                pending.merge(to, -1, Integer::sum);
            }
        }
        return order;
    }

    /**
     * Each unit's cost from a profile file, or null to measure ({@code streamflex.workers.profile}
     * empty).
     *
     * @throws StreamFlexError if the file cannot be read, a line is malformed, or a unit is missing
     */
    static long[] givenCosts(String file, List<String> units) {
        if (file == null || file.isEmpty()) {
            return null;
        }
        Map<String, Long> costs = new HashMap<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of(file));
        } catch (IOException e) {
            throw new StreamFlexError("streamflex.workers.profile: cannot read " + file + ": " + e.getMessage());
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("workers:") || line.startsWith("worker ")) {
                continue;
            }
            int eq = line.lastIndexOf('=');
            try {
                costs.put(line.substring(0, eq).strip(), Long.parseLong(line.substring(eq + 1).strip()));
            } catch (RuntimeException malformed) {
                throw new StreamFlexError("streamflex.workers.profile: " + file + " line " + (i + 1) + " is \"" + line
                        + "\", not name=nanoseconds");
            }
        }
        long[] given = new long[units.size()];
        for (int u = 0; u < units.size(); u++) {
            Long c = costs.get(units.get(u));
            if (c == null || c < 0) {
                throw new StreamFlexError("streamflex.workers.profile: " + file + " has no cost for " + units.get(u)
                        + " (it has " + costs.keySet() + "): write it as graph.schedule() prints it after a run");
            }
            given[u] = c;
        }
        return given;
    }
}
