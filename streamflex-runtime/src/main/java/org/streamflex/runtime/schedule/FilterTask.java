package org.streamflex.runtime.schedule;

import org.streamflex.BoundaryError;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.Regions;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.atomic.AtomicLimits;
import org.streamflex.runtime.capsule.CapsulePools;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.channel.TimeSlot;
import org.streamflex.runtime.counter.FilterEvents;
import org.streamflex.runtime.region.StableRegion;
import org.streamflex.spi.AtomicEngine;
import org.streamflex.spi.FilterContext;

/**
 * A filter as the scheduler runs it: its trigger, and the eager depth-first evaluation of the
 * filters downstream after each {@code work()}. The top layer of the filter's runtime object, over
 * its {@link WorkTransaction} and its {@link FilterMemory}; it is also the filter's
 * {@link FilterContext}.
 *
 * <p>A filter that only one clock can reach is owned by that clock's thread and needs no atomic
 * operation to run; one that several clocks reach goes through a {@link RunState}.
 */
public final class FilterTask extends WorkTransaction implements FilterContext, Schedulable {
    private Schedulable[] downstream = {};
    private boolean userTrigger;
    private RunState shared;
    private boolean running;
    private FilterEvents events;

    /**
     * @param filterName the filter's instance name in its graph
     * @param transientBytes size of the filter's transient region, used if its class was woven by
     *     the StreamFlex javac plugin (otherwise its code allocates on the heap as usual)
     */
    public FilterTask(Filter filter, String filterName, CapsulePools pools, long transientBytes, StableRegion stable,
            AtomicLimits atomicLimits) {
        super(filter, filterName, pools, transientBytes, stable, atomicLimits);
    }

    /** Fixes the wiring when the graph is validated. */
    public void wire(SpscRing[] inputs, SpscRing[] outputs, TimeSlot[] timers, Schedulable[] downstream,
            boolean userTrigger, boolean sharedByClocks) {
        wireChannels(inputs, outputs, timers);
        this.downstream = downstream;
        this.userTrigger = userTrigger;
        this.shared = sharedByClocks ? new RunState() : null;
    }

    /** The tasks run after each of this filter's work() calls, in order. */
    public Schedulable[] downstream() {
        return downstream.clone();
    }

    /** Replaces the tasks run after each work(): when fusion puts some of them in a fused task. */
    public void downstream(Schedulable[] tasks) {
        this.downstream = tasks.clone();
    }

    /** Whether the filter has a {@code trigger()} of its own. */
    public boolean hasOwnTrigger() {
        return userTrigger;
    }

    /** Sets the filter's events, discovered when it was made; before the graph is validated. */
    public void events(FilterEvents filterEvents) {
        this.events = filterEvents;
    }

    /** The filter's events, to register their counters. */
    public FilterEvents events() {
        return events;
    }

    @Override
    public void raise(FilterEvent event) {
        events.raise(event);
    }

    @Override
    public AtomicEngine atomic() {
        return atomicity;
    }

    /**
     * Runs this filter while it is schedulable, each work() followed by the filters downstream,
     * depth first. Returns at once if another thread runs the filter (it will look again) or if
     * this thread already does (a cycle: the outer frame looks again).
     *
     * @param slot this thread's region slot ({@link Regions#current()}), looked up once by the
     *     caller rather than once per work()
     * @throws BoundaryError if a work() or trigger() threw and its failure policy stops the graph
     */
    @Override
    public void runEagerly(RegionSlot slot) {
        if (!enter()) {
            return;
        }
        boolean left = false;
        try {
            do {
                if (schedulable()) {
                    boolean progressed;
                    do {
                        progressed = fire(slot);
                        for (Schedulable next : downstream) {
                            next.runEagerly(slot);
                        }
                        // Fire again only while the last work() took input and more is waiting:
                        // a trigger that is always true runs once per release, and a work() that
                        // leaves its input in place waits for the next release instead of spinning.
                    } while (progressed && inputsReady() && (!userTrigger || userTriggerHolds()));
                }
            } while (!exit());
            left = true;
        } finally {
            if (!left) {
                abandon();
            }
        }
    }

    /**
     * A worker's turn of this filter when it has dynamic rates, no trigger of its own and no clock
     * input: up to {@code max} work() calls in one transaction while its inputs hold items (the
     * hybrid scheduler's batch), nothing downstream in between.
     *
     * @param loop the filter class's batch loop ({@link #batchLoop()})
     * @return whether a work() ran
     * @throws BoundaryError if a work() threw and its failure policy stops the graph
     */
    boolean runBatch(RegionSlot slot, int max, Firings loop) {
        if (!inputsReady()) {
            return false;
        }
        fireWhileReady(slot, max, loop);
        return true;
    }

    /** The batch loop of this filter's class, for {@link #runBatch}. */
    Firings batchLoop() {
        return FiringLoops.loopFor(filter.getClass());
    }

    private boolean enter() {
        if (shared != null) {
            return shared.enter();
        }
        if (running) {
            return false;
        }
        running = true;
        return true;
    }

    private boolean exit() {
        if (shared != null) {
            return shared.exit();
        }
        running = false;
        return true;
    }

    private void abandon() {
        running = false;
        if (shared != null) {
            shared.abandon();
        }
    }

    /** Whether the filter may run now: its own trigger, or its inputs hold what it needs. */
    boolean schedulable() {
        return userTrigger ? userTriggerHolds() : inputsReady();
    }

    private boolean userTriggerHolds() {
        if (atomicity != null) {
            atomicity.enterWork();
        }
        Throwable failure;
        try {
            return ApiAccess.trigger(filter);
        } catch (Throwable thrown) {
            failure = thrown;
        } finally {
            if (atomicity != null) {
                atomicity.exitWork();
            }
        }
        // Decided once the epoch is even again: a failure listener may read the filter's state.
        if (!failureCount.skips(failure)) {
            throw failureCount.stopping("trigger()", failure);
        }
        failureCount.skipped("trigger()", failure, 0);
        return false;
    }

    @Override
    public String toString() {
        return filterName;
    }
}
