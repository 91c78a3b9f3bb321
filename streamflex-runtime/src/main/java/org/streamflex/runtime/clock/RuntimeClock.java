package org.streamflex.runtime.clock;

import org.streamflex.Clock;
import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.Regions;
import org.streamflex.runtime.atomic.FilterAtomicity;
import org.streamflex.runtime.channel.TimeSlot;
import org.streamflex.runtime.counter.SingleWriterCounter;
import org.streamflex.runtime.schedule.FilterTask;
import org.streamflex.runtime.schedule.Schedulable;

/** A clock of a graph: its period, the filter it releases and its counters. */
public final class RuntimeClock extends Clock {
    private final int index;
    private final int periodMicros;
    private FilterTask target;
    /** What a release runs: the target's task, or the fused task holding the target. */
    private Schedulable runner;
    private TimeSlot slot;
    /** Written by the thread releasing the clock (its clock thread, or the driver's), read by anyone. */
    private final SingleWriterCounter releases = new SingleWriterCounter();
    private final SingleWriterCounter missed = new SingleWriterCounter();
    private volatile ClockBackend.Entered entered;
    private ReleaseObserver observer = ReleaseObserver.NONE;
    /** The filters with {@code @Atomic} methods that only this clock reaches: it applies their calls. */
    private FilterAtomicity[] atomic = {};

    public RuntimeClock(int index, int periodMicros) {
        this.index = index;
        this.periodMicros = periodMicros;
    }

    public int index() {
        return index;
    }

    @Override
    public int periodMicros() {
        return periodMicros;
    }

    public void bind(FilterTask target, TimeSlot slot) {
        this.target = target;
        this.runner = target;
        this.slot = slot;
    }

    /** Runs {@code task}, which holds the target, at each release instead of the target; before the graph runs. */
    public void runAs(Schedulable task) {
        this.runner = task;
    }

    public FilterTask target() {
        return target;
    }

    /** Sets the filters whose {@code @Atomic} calls this clock's releases apply; when the graph freezes. */
    public void applyCallsOf(FilterAtomicity[] filters) {
        this.atomic = filters;
    }

    /**
     * One release on the calling thread: delivers the tick and runs the filter and everything
     * downstream of it.
     *
     * @param regionSlot the calling thread's {@link Regions#current()}
     */
    public void release(long timeMicros, int skipped, RegionSlot regionSlot) {
        for (FilterAtomicity a : atomic) {
            a.applyPending();
        }
        slot.write(timeMicros, skipped);
        runner.runEagerly(regionSlot);
        releases.increment();
    }

    void countMiss() {
        missed.increment();
    }

    @Override
    public long releases() {
        return releases.get();
    }

    @Override
    public long missedDeadlines() {
        return missed.get();
    }

    @Override
    public String backend() {
        ClockBackend.Entered e = entered;
        return e == null ? "not started" : e.description();
    }

    void entered(ClockBackend.Entered entered) {
        this.entered = entered;
    }

    /** Records that a {@code GraphDriver} releases this clock, in virtual time. */
    public void markDriven() {
        entered = ClockBackend.Entered.applied("driven: virtual time on the driver's thread");
    }

    /** What the clock's backend applied, once its thread has entered; null before. */
    public ClockBackend.Entered entered() {
        return entered;
    }

    /** Sets who sees each release; before the graph starts. */
    public void observe(ReleaseObserver observer) {
        this.observer = observer;
    }

    ReleaseObserver observer() {
        return observer;
    }

    @Override
    public String toString() {
        return "clock " + index + " (" + (periodMicros == 0 ? "free-running" : periodMicros + " us") + ")";
    }
}
