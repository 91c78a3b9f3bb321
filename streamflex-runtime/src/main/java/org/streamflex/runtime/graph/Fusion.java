package org.streamflex.runtime.graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.streamflex.DuplicateSplitter;
import org.streamflex.RoundRobinJoiner;
import org.streamflex.RoundRobinSplitter;
import org.streamflex.Stateless;
import org.streamflex.runtime.channel.RingBacked;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.clock.RuntimeClock;
import org.streamflex.runtime.schedule.FilterTask;
import org.streamflex.runtime.schedule.FusedMember;
import org.streamflex.runtime.schedule.FusedTask;
import org.streamflex.runtime.schedule.RateEdge;
import org.streamflex.runtime.schedule.Schedulable;
import org.streamflex.runtime.schedule.SchedulePlan;
import org.streamflex.runtime.schedule.StaticSubgraph;

/**
 * What {@code validate()} does with the plan when fusion is on ({@code streamflex.fusion}, the
 * default): makes a {@link FusedTask} of each static subgraph it can, and points every clock and
 * upstream filter that ran one of its filters at the fused task instead. A subgraph stays unfused
 * (with a line saying why in {@code schedule()}) if its channels form a cycle (a feedback loop needs
 * items placed before its first iteration, which StreamFlex graphs do not declare) or if several
 * clocks reach one of its filters (its filters would not all run on one thread).
 *
 * <p>A member runs in batches when every channel of its has a declared rate at its end, it has no
 * clock input and no trigger of its own (the built-in splitters and joiners count as declared: the
 * fused task has one work() move a batch's rounds); any other member runs one guarded work() at a
 * time.
 */
final class Fusion {
    private Fusion() {
    }

    /**
     * Fuses what it can.
     *
     * @return one line per static subgraph of the plan, in its order: fused or why not
     */
    static List<String> fuse(GraphModel model, SchedulePlan plan, FilterFactory factory, GraphSettings settings) {
        List<String> lines = new ArrayList<>();
        Map<String, FilterWiring> byName = new HashMap<>();
        model.filters.forEach(w -> byName.put(w.name, w));
        Map<FilterWiring, Integer> reachedBy = GraphChecks.clocksReaching(model);
        List<RateEdge> edges = RateDeclarations.edges(model);
        Map<FilterTask, Schedulable> runners = new HashMap<>();
        List<FusedTask> fused = new ArrayList<>();
        List<List<FilterWiring>> fusedMembers = new ArrayList<>();
        for (int i = 0; i < plan.subgraphs().size(); i++) {
            StaticSubgraph g = plan.subgraphs().get(i);
            String name = "static subgraph " + (i + 1);
            List<FilterWiring> members = g.filters().stream().map(byName::get).toList();
            String refused = refusal(g, members, reachedBy);
            if (refused != null) {
                lines.add(name + ": not fused, " + refused);
                continue;
            }
            List<FusedMember> fusedMembersOfG = new ArrayList<>();
            for (int m = 0; m < members.size(); m++) {
                fusedMembersOfG.add(member(model, edges, members.get(m), g.repetitions(m), factory, settings));
            }
            FusedTask task = new FusedTask(name, fusedMembersOfG);
            for (FilterWiring w : members) {
                runners.put(w.task, task);
            }
            for (ChannelLink link : model.links) {
                if (members.contains(link.producer()) && members.contains(link.consumer())) {
                    link.ring().confine(); // both ends run on the fused task's thread
                }
            }
            fused.add(task);
            fusedMembers.add(members);
            lines.add(name + ": fused, " + fusedMembersOfG.stream().filter(FusedMember::batched).count() + " of "
                    + members.size() + " filters in batches");
            for (FusedMember m : fusedMembersOfG) {
                if (m.replicas() > 1) {
                    lines.add("  fission: " + m.task() + " in " + m.replicas() + " replicas");
                }
            }
        }
        model.runners.putAll(runners);
        if (fused.isEmpty()) {
            return lines;
        }
        for (FilterWiring w : model.filters) {
            w.task.downstream(mapped(List.of(w.task.downstream()), runners, null));
        }
        for (int i = 0; i < fused.size(); i++) {
            List<Schedulable> out = new ArrayList<>();
            for (FilterWiring w : fusedMembers.get(i)) {
                out.addAll(List.of(w.task.downstream()));
            }
            fused.get(i).downstream(mapped(out, runners, fused.get(i)));
        }
        for (RuntimeClock clock : model.clocks) {
            Schedulable runner = runners.get(clock.target());
            if (runner != null) {
                clock.runAs(runner);
            }
        }
        return lines;
    }

    private static String refusal(StaticSubgraph g, List<FilterWiring> members, Map<FilterWiring, Integer> reachedBy) {
        if (g.cyclic()) {
            return "its channels form a cycle";
        }
        for (FilterWiring w : members) {
            if (reachedBy.getOrDefault(w, 0) > 1) {
                return w.name + " is reached by " + reachedBy.get(w) + " clocks";
            }
        }
        return null;
    }

    private static FusedMember member(GraphModel model, List<RateEdge> edges, FilterWiring w, long repetitions,
            FilterFactory factory, GraphSettings settings) {
        boolean builtin = w.filter instanceof DuplicateSplitter || w.filter instanceof RoundRobinSplitter
                || w.filter instanceof RoundRobinJoiner;
        boolean batchable = w.timers.isEmpty() && (builtin || !w.task.hasOwnTrigger());
        List<SpscRing> ins = new ArrayList<>();
        List<int[]> inRates = new ArrayList<>();
        List<SpscRing> outs = new ArrayList<>();
        List<Integer> pushes = new ArrayList<>();
        boolean takes = false;
        for (int i = 0; i < model.links.size(); i++) {
            ChannelLink link = model.links.get(i);
            RateEdge e = edges.get(i);
            if (link.consumer() == w) {
                batchable &= e.pop() != RateEdge.DYNAMIC;
                ins.add(link.ring());
                inRates.add(new int[] {e.pop(), Math.max(e.pop(), e.peek())});
                takes |= e.pop() > 0;
            }
            if (link.producer() == w && e.push() != RateEdge.DYNAMIC) {
                outs.add(link.ring());
                pushes.add(e.push());
            } else if (link.producer() == w) {
                batchable = false;
            }
        }
        // A filter that takes nothing would run every iteration, where unfused it never runs.
        if (!batchable || !takes) {
            return FusedMember.guarded(w.task, repetitions, outs.toArray(SpscRing[]::new),
                    pushes.stream().mapToInt(Integer::intValue).toArray());
        }
        if (builtin) {
            // One round per work() unless a batch says otherwise (RoundsFirings sets the rounds per batch).
            setRoundsPerWork(w, 1);
        }
        SpscRing[] inRings = ins.toArray(SpscRing[]::new);
        int[] pops = inRates.stream().mapToInt(r -> r[0]).toArray();
        int[] windows = inRates.stream().mapToInt(r -> r[1]).toArray();
        SpscRing[] outRings = outs.toArray(SpscRing[]::new);
        int[] pushCounts = pushes.stream().mapToInt(Integer::intValue).toArray();
        int replicas = settings.fissionReplicas() > 0 ? settings.fissionReplicas()
                : Runtime.getRuntime().availableProcessors();
        if (settings.fission() && replicas > 1 && fissionable(w, inRings)) {
            return Replication.fissioned(model, factory, w, repetitions, inRings, pops, windows, outRings, pushCounts,
                    replicas, settings.fissionMinPartNanos());
        }
        return FusedMember.batched(w.task, repetitions, inRings, pops, windows, outRings, pushCounts);
    }

    /**
     * A filter fission may replicate: declared {@code @Stateless} (checker rule F1 proves it), no
     * {@code @Atomic} methods, and single channels of kinds whose items a replica can be handed
     * without changing them: primitives (copied), shared values (reference-counted: the replica's
     * channel holds one more reference, released when the replica's {@code work()} commits), and
     * capsules on outputs (each made by one replica, moved to the filter's output once). A capsule
     * input is refused: the filter's take and the replica's take would each reclaim the one capsule.
     */
    private static boolean fissionable(FilterWiring w, SpscRing[] inputs) {
        if (!w.filter.getClass().isAnnotationPresent(Stateless.class) || w.task.atomicity() != null) {
            return false;
        }
        for (ChannelField f : w.fields.values()) {
            if (f.array || f.kind == ChannelKind.ANY || f.kind == ChannelKind.TIME
                    || (f.kind == ChannelKind.CAPSULE && isInput(f, inputs))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isInput(ChannelField f, SpscRing[] inputs) {
        for (SpscRing ring : inputs) {
            // A ring is equal only to itself.
            if (f.channel instanceof RingBacked backed && backed.ring().equals(ring)) {
                return true;
            }
        }
        return false;
    }

    private static void setRoundsPerWork(FilterWiring builtin, int rounds) {
        try {
            var field = builtin.filter.getClass().getDeclaredField("roundsPerWork");
            field.setAccessible(true);
            field.setInt(builtin.filter, rounds);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the runtime does not match this API version: " + e, e);
        }
    }

    /** Each task as it now runs, in order, once each, leaving out {@code self}. */
    private static Schedulable[] mapped(List<Schedulable> tasks, Map<FilterTask, Schedulable> runners,
            FusedTask self) {
        Set<Schedulable> out = new LinkedHashSet<>();
        for (Schedulable s : tasks) {
            Schedulable runner = s instanceof FilterTask t ? runners.getOrDefault(t, t) : s;
            if (runner != self) {
                out.add(runner);
            }
        }
        return out.toArray(Schedulable[]::new);
    }
}
