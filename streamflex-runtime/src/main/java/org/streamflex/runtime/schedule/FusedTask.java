package org.streamflex.runtime.schedule;

import java.util.ArrayList;
import java.util.List;
import org.streamflex.StreamFlexProperties;
import org.streamflex.abi.RegionSlot;

/**
 * A static subgraph run as one task: each iteration runs its filters in a fixed upstream-first
 * order, each as many times as its channels allow (up to 1024 steady-state iterations' worth),
 * then the tasks downstream of the subgraph; iterations repeat while a filter may have more to do.
 * Inside an iteration there is no trigger, no depth-first recursion and, for a filter whose channels all declare their
 * rates, one transaction for all its work() calls ({@link FusedMember}). Consecutive filters that each take one item
 * and put one per work() run instead as a chain, one item at a time through all of them ({@link DepthFirstChain}),
 * unless {@code streamflex.fusion.depthFirst} is off.
 *
 * <p>The filters of one fused task are reached by one clock only, so one thread runs them all and
 * the channels between them are confined to it.
 *
 * <pre>{@code
 * FusedTask fused = new FusedTask("static subgraph 1", members);
 * fused.downstream(new Schedulable[] {sinkTask});
 * clock.runAs(fused);
 * }</pre>
 */
public final class FusedTask implements Schedulable {
    private final String name;
    private final FusedMember[] members;
    /** Whether chains of filters that take and put one item per work() run depth first. */
    private final boolean depthFirst;
    /** What an iteration runs, upstream first: members and depth-first chains; made on the first run. */
    private FusedStep[] steps;
    private Schedulable[] downstream = {};
    private boolean running;
    /** A call came while this thread ran the task (a feedback loop through filters downstream). */
    private boolean calledAgain;

    /**
     * @param name the subgraph as people see it ({@code "static subgraph 1"})
     * @param members its filters, upstream first
     */
    public FusedTask(String name, List<FusedMember> members) {
        this(name, members, StreamFlexProperties.FUSION_DEPTH_FIRST.get());
    }

    /**
     * @param depthFirst whether chains of one-in one-out filters may run depth first: off for a
     *     task made of members that already ran apart, whose channels may hold items a chain's
     *     one-item slots would strand
     */
    FusedTask(String name, List<FusedMember> members, boolean depthFirst) {
        if (members.isEmpty()) {
            throw new IllegalArgumentException(name + " has no filters");
        }
        this.name = name;
        this.members = members.toArray(FusedMember[]::new);
        this.depthFirst = depthFirst;
    }

    /** Its filters, upstream first. */
    public List<FusedMember> members() {
        return List.of(members);
    }

    /** The member running {@code task}. */
    public FusedMember memberOf(FilterTask task) {
        for (FusedMember m : members) {
            if (m.task() == task) {
                return m;
            }
        }
        throw new IllegalArgumentException(task + " is not in " + name);
    }

    /** Sets the tasks run after each iteration, outside the subgraph; before the graph runs. */
    public void downstream(Schedulable[] tasks) {
        this.downstream = tasks.clone();
    }

    /** The tasks run after each iteration, outside the subgraph. */
    public Schedulable[] downstream() {
        return downstream.clone();
    }

    @Override
    public void runEagerly(RegionSlot slot) {
        if (running) {
            calledAgain = true;
            return;
        }
        running = true;
        try {
            FusedStep[] run = steps;
            if (run == null) {
                run = steps();
            }
            boolean again;
            do {
                calledAgain = false;
                int result = 0;
                for (FusedStep step : run) {
                    result |= step.run(slot);
                }
                if ((result & FusedStep.FIRED) != 0) {
                    for (Schedulable next : downstream) {
                        next.runEagerly(slot);
                    }
                }
                // Upstream first, a member that ran out of input has drained what the members before
                // it put, so another iteration can only find work if a member stopped at its cap or
                // at a full output, or if a feedback loop through the filters downstream fed the task
                // while it ran; and only if something ran. (A filter that takes more or less than it
                // declares breaks this; the debug mode, streamflex.rates.check, finds it.)
                again = (result & FusedStep.FIRED) != 0
                        && ((result & FusedStep.MORE) != 0 || calledAgain);
            } while (again);
        } finally {
            running = false;
        }
    }

    /**
     * What an iteration runs: each member, except that a chain of members that each take one item
     * and put one per work() runs depth first ({@link DepthFirstChain}) when
     * {@code streamflex.fusion.depthFirst} is on. Made on the first run rather than with the task:
     * the graph's workers may still cut the task into one task per filter until it runs, and
     * a chain rebinds its filters' channel fields.
     */
    private FusedStep[] steps() {
        List<FusedStep> made = new ArrayList<>();
        List<FusedMember> all = List.of(members);
        DepthFirstChain[] chain = new DepthFirstChain[1];
        for (int m = 0; m < members.length; m++) {
            int covered = depthFirst ? DepthFirstChain.chainFrom(all, m, chain, true) : 0;
            if (covered > 0) {
                made.add(chain[0]);
                m += covered - 1;
            } else {
                made.add(members[m]);
            }
        }
        steps = made.toArray(FusedStep[]::new);
        return steps;
    }

    @Override
    public String toString() {
        return name;
    }
}
