package org.streamflex.runtime.schedule;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.streamflex.abi.RegionSlot;
import org.streamflex.runtime.atomic.FilterAtomicity;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.clock.RuntimeClock;
import org.streamflex.runtime.flight.ClockFlight;

/**
 * One unit of a graph's work on its workers ({@link Workers}): a fused static subgraph, or one
 * filter, run alone (nothing downstream of it in the same call) for a batch per turn. A unit holding
 * a free-running clock's filter releases the clock instead, several times per turn, recording each
 * release as the clock's own thread would (its {@code ReleaseObserver} is not called: observers
 * watch periodic clocks' deadlines).
 *
 * <p>A unit runs only while every link it feeds downstream holds at most its limit, below its
 * capacity (half of it where the consumer's window is known, so that a unit runs for a batch of at
 * least half a link): the links between units never drop (they spill, {@link SpscRing#lossless}),
 * so this is what bounds their memory, and it keeps a fast producer from running ahead of its
 * consumers, which on one core would only fill memory. Links back upstream (a feedback loop) are
 * not checked, or the loop could stop itself; they grow up to their spill limit.
 *
 * <pre>{@code
 * WorkerUnit unit = WorkerUnit.of("Mid", task, null, ins, outs, forward, limits, atomic);
 * boolean progressed = unit.turn(Regions.current(), startNanos);
 * }</pre>
 */
public final class WorkerUnit {
    /** Releases of a free-running clock per turn, while its outputs have room. */
    static final int RELEASES_PER_TURN = 64;
    /** The most work() calls of a dynamic filter in one turn, one transaction: the hybrid scheduler's batch. */
    static final int CALLS_PER_TURN = 1024;

    private final String name;
    private final Schedulable task;
    /** Non-null for a filter run in batch transactions ({@link FilterTask#runBatch}). */
    private final FilterTask batched;
    private final Firings loop;
    /** Non-null if the unit holds the filter a free-running clock releases. */
    private final RuntimeClock clock;
    /** The clock's release events, as its own thread would record them; null without a clock. */
    private final ClockFlight flight;
    private long boundary;
    private final SpscRing[] inputs;
    private final SpscRing[] outputs;
    /** The outputs whose consumer comes later in data-flow order: the ones that hold the unit back. */
    private final SpscRing[] forward;
    /** The most items each of {@link #forward} may hold (spilled included) for the unit to run. */
    private final int[] limits;
    private final FilterAtomicity[] atomic;

    private WorkerUnit(String name, Schedulable task, FilterTask batched, RuntimeClock clock, SpscRing[] inputs,
            SpscRing[] outputs, SpscRing[] forward, int[] limits, FilterAtomicity[] atomic) {
        if (limits.length != forward.length) {
            throw new IllegalArgumentException(name + ": one limit per forward link");
        }
        this.name = name;
        this.task = task;
        this.batched = batched;
        this.loop = batched == null ? null : batched.batchLoop();
        this.clock = clock;
        this.flight = clock == null ? null : new ClockFlight(clock.toString(), 0, clock.target().filterName());
        this.inputs = inputs.clone();
        this.outputs = outputs.clone();
        this.forward = forward.clone();
        this.limits = limits.clone();
        this.atomic = atomic.clone();
    }

    /**
     * A unit.
     *
     * @param name as people see it: the fused subgraph's or the filter's name
     * @param task what runs it: a {@link FusedTask}, or a {@link FilterTask} with nothing downstream
     * @param clock the free-running clock whose filter it holds, or null
     * @param inputs the links from other units into it
     * @param outputs the links from it to other units (lossless)
     * @param forward those of {@code outputs} whose consumer comes later in data-flow order
     * @param limits the most items each of {@code forward} may hold, spilled ones included, for
     *     the unit to run: below its capacity
     * @param atomic its filters with {@code @Atomic} methods, whose calls it applies before each turn
     */
    public static WorkerUnit of(String name, Schedulable task, RuntimeClock clock, SpscRing[] inputs,
            SpscRing[] outputs, SpscRing[] forward, int[] limits, FilterAtomicity[] atomic) {
        FilterTask batched = null;
        if (clock == null && task instanceof FilterTask t && !t.hasOwnTrigger() && !t.hasTimers()) {
            batched = t;
        }
        return new WorkerUnit(name, task, batched, clock, inputs, outputs, forward, limits, atomic);
    }

    public String name() {
        return name;
    }

    /**
     * Whether the unit is a piece of a static subgraph cut apart for the workers (a fused task with
     * nothing downstream, released by no clock), which {@link #fuse} can join to its neighbours.
     */
    boolean fusable() {
        return clock == null && task instanceof FusedTask f && f.downstream().length == 0;
    }

    /**
     * One unit running {@code parts} (each {@link #fusable()}, consecutive in data-flow order, on
     * one worker) as one fused task: their members, upstream first, in one loop per turn. The links
     * between the parts stay as they were (lossless, unconfined: they may hold spilled items of the
     * profile, so the unit drains their spills each turn like its other outputs), but hold nothing
     * back: a member's batch is bounded by its channels, as in a fused subgraph. A link to another
     * unit holds back only the member that feeds it ({@link FusedMember#holdBack}), not the whole
     * unit: a piece held back as a whole until its last link drained (FilterBankNew's joiner takes
     * from worker 0's banks only at the end of worker 1's turn) made the two workers take turns.
     * Its progress is that of any part's inputs.
     *
     * @throws IllegalArgumentException if a part is not fusable
     */
    static WorkerUnit fuse(List<WorkerUnit> parts) {
        String name = parts.getFirst().name + (parts.size() == 1 ? "" : ".." + parts.getLast().name);
        List<FusedMember> members = new ArrayList<>();
        Set<SpscRing> ins = new LinkedHashSet<>();
        Set<SpscRing> outs = new LinkedHashSet<>();
        List<FilterAtomicity> atomic = new ArrayList<>();
        for (WorkerUnit p : parts) {
            if (!p.fusable()) {
                throw new IllegalArgumentException(p.name + " is not a piece of a static subgraph: it cannot be fused");
            }
            for (FusedMember m : ((FusedTask) p.task).members()) {
                // The links an earlier placement's fusing held back may be inside this unit now.
                m.releaseHoldBacks();
                members.add(m);
            }
            ins.addAll(List.of(p.inputs));
            outs.addAll(List.of(p.outputs));
            atomic.addAll(List.of(p.atomic));
        }
        // A link whose producer no member can hold back (a guarded member's output without a rate)
        // still holds back the whole unit.
        List<SpscRing> forward = new ArrayList<>();
        List<Integer> limits = new ArrayList<>();
        for (WorkerUnit p : parts) {
            for (int i = 0; i < p.forward.length; i++) {
                SpscRing link = p.forward[i];
                if (ins.contains(link)) {
                    continue;
                }
                boolean held = false;
                for (FusedMember m : ((FusedTask) p.task).members()) {
                    if (List.of(m.outputs()).contains(link)) {
                        m.holdBack(link, p.limits[i]);
                        held = true;
                    }
                }
                if (!held) {
                    forward.add(link);
                    limits.add(p.limits[i]);
                }
            }
        }
        return new WorkerUnit(name, new FusedTask(name, members, false), null, null, ins.toArray(SpscRing[]::new),
                outs.toArray(SpscRing[]::new), forward.toArray(SpscRing[]::new),
                limits.stream().mapToInt(Integer::intValue).toArray(), atomic.toArray(FilterAtomicity[]::new));
    }

    /**
     * One turn: applies pending {@code @Atomic} calls, moves items spilled on earlier turns into its
     * links, then runs a batch if its forward links have room.
     *
     * @param startNanos the {@link System#nanoTime()} the graph started at: a clock's release time
     * @return whether it did anything: ran a work() or moved spilled items
     * @throws org.streamflex.BoundaryError if a work() threw and its failure policy stops the graph
     */
    boolean turn(RegionSlot slot, long startNanos) {
        for (FilterAtomicity a : atomic) {
            a.applyPending();
        }
        boolean progressed = false;
        for (SpscRing out : outputs) {
            long before = out.spilled();
            if (before != 0) {
                out.drainSpill();
                progressed |= out.spilled() != before;
            }
        }
        if (!roomDownstream()) {
            return progressed;
        }
        for (SpscRing out : outputs) {
            // One read of each consumer's head per turn, so that no put of the turn's batch reads it.
            out.refreshPutLimit();
        }
        if (clock != null) {
            for (int i = 0; i < RELEASES_PER_TURN && (i == 0 || roomDownstream()); i++) {
                long start = System.nanoTime() - startNanos;
                flight.begin();
                clock.release(start / 1000, 0, slot);
                flight.released(boundary++, start, System.nanoTime() - startNanos, false, 0);
            }
            return true;
        }
        if (batched != null) {
            return batched.runBatch(slot, CALLS_PER_TURN, loop) || progressed;
        }
        long taken = consumed();
        task.runEagerly(slot);
        return consumed() != taken || progressed;
    }

    /** Whether every forward link holds at most its limit, spilled items included. */
    private boolean roomDownstream() {
        for (int i = 0; i < forward.length; i++) {
            SpscRing out = forward[i];
            if (out.published() - out.consumed() + out.spilled() > limits[i]) {
                return false;
            }
        }
        return true;
    }

    private long consumed() {
        long sum = 0;
        for (SpscRing in : inputs) {
            sum += in.consumed();
        }
        return sum;
    }

    @Override
    public String toString() {
        return name;
    }
}
