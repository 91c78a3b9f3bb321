package org.streamflex.runtime.schedule;

import java.util.concurrent.atomic.AtomicLong;
import org.streamflex.BoundaryError;
import org.streamflex.Capsule;
import org.streamflex.Filter;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.capsule.CapsuleLedger;
import org.streamflex.runtime.capsule.CapsuleMarks;
import org.streamflex.runtime.capsule.CapsulePool;
import org.streamflex.runtime.capsule.CapsulePools;
import org.streamflex.runtime.channel.CapsuleRing;
import org.streamflex.runtime.channel.CapsuleTransaction;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.channel.TimeSlot;
import org.streamflex.runtime.region.OffHeapRegion;
import org.streamflex.runtime.region.StableRegion;
import org.streamflex.runtime.region.TransientRegion;
import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.Regions;
import org.streamflex.abi.Woven;
import org.streamflex.runtime.atomic.AtomicLimits;
import org.streamflex.runtime.atomic.FilterAtomicity;
import org.streamflex.spi.AtomicEngine;
import org.streamflex.spi.FilterContext;

/**
 * A filter as the scheduler runs it: its trigger, its work() as one transaction over its
 * channels, and the eager depth-first evaluation of the filters downstream.
 *
 * <p>A filter that only one clock can reach is owned by that clock's thread and needs no atomic
 * operation to run; one that several clocks reach goes through a {@link RunState}.
 */
public final class FilterTask implements FilterContext, CapsuleTransaction {
    private static final SpscRing[] NO_RINGS = {};
    /** Transaction ids are (task number << 40) + count: unique across tasks, never reused. */
    private static final AtomicLong TASK_NUMBERS = new AtomicLong();

    private final Filter filter;
    private final String filterName;
    private final CapsulePools pools;
    private final long transactionBase;
    private final CapsuleLedger ledger = new CapsuleLedger();
    /** Null when the filter's class was not woven or regions are off: allocations then go to the heap. */
    private TransientRegion region;
    /** What the filter keeps for the graph's lifetime, counted against its stable size. */
    private final StableRegion stable;
    /** Raw memory runtime components take for the filter, freed when the graph stops. */
    private final OffHeapRegion offHeap;

    private SpscRing[] inputs = NO_RINGS;
    private SpscRing[] outputs = NO_RINGS;
    private CapsuleRing[] capsuleOutputs = {};
    private TimeSlot[] timers = {};
    private FilterTask[] downstream = {};
    private boolean userTrigger;
    private RunState shared;

    /** Counts the heap bytes each work() allocates (two ThreadMXBean reads per work(): off by default). */
    private boolean countHeap;
    private long heapBytes;
    private long transactionId;
    private boolean running;
    private boolean inWork;
    private long fires;

    /** Null unless the filter has {@code @Atomic} methods: then its meeting point with Java callers. */
    private final FilterAtomicity atomicity;

    private Class<?> lastCapsuleType;
    private CapsulePool<?> lastCapsulePool;

    /**
     * @param transientBytes size of the filter's transient region, used if its class was woven by
     *     the StreamFlex javac plugin (otherwise its code allocates on the heap as usual)
     */
    public FilterTask(Filter filter, CapsulePools pools, long transientBytes, StableRegion stable,
            AtomicLimits atomicLimits) {
        this.filter = filter;
        this.stable = stable;
        this.offHeap = new OffHeapRegion(stable);
        this.filterName = filter.getClass().getName();
        this.pools = pools;
        this.region = woven(filter.getClass()) ? new TransientRegion(filterName, transientBytes) : null;
        this.transactionBase = (TASK_NUMBERS.incrementAndGet()) << 40;
        this.transactionId = transactionBase;
        this.atomicity = FilterAtomicity.of(filter.getClass(), atomicLimits);
    }

    /** The filter's meeting point with Java threads calling its {@code @Atomic} methods, or null. */
    public FilterAtomicity atomicity() {
        return atomicity;
    }

    @Override
    public AtomicEngine atomic() {
        return atomicity;
    }

    @Override
    public String filterName() {
        return filterName;
    }

    /** Starts counting the heap bytes this filter's work() allocates on the heap. */
    public void countHeapBytes() {
        countHeap = true;
    }

    /**
     * Heap bytes the filter's work() calls allocated since counting started: what its regions could
     * not take (string concatenation, JDK code, classes the plugin did not weave).
     */
    public long heapBytes() {
        return heapBytes;
    }

    /** Turns the filter's transient region off: its woven code then allocates on the heap. */
    public void disableRegion() {
        region = null;
    }

    /** Fixes the wiring when the graph is validated. */
    public void wire(SpscRing[] inputs, SpscRing[] outputs, TimeSlot[] timers, FilterTask[] downstream,
            boolean userTrigger, boolean sharedByClocks) {
        this.inputs = inputs;
        this.outputs = outputs;
        this.timers = timers;
        this.downstream = downstream;
        this.userTrigger = userTrigger;
        this.shared = sharedByClocks ? new RunState() : null;
        int capsules = 0;
        for (SpscRing r : outputs) {
            if (r instanceof CapsuleRing) {
                capsules++;
            }
        }
        this.capsuleOutputs = new CapsuleRing[capsules];
        capsules = 0;
        for (SpscRing r : outputs) {
            if (r instanceof CapsuleRing c) {
                capsuleOutputs[capsules++] = c;
            }
        }
    }

    public Filter filter() {
        return filter;
    }

    /** Completed work() calls. */
    public long fires() {
        return fires;
    }

    /**
     * Runs this filter while it is schedulable, each work() followed by the filters downstream,
     * depth first. Returns at once if another thread runs the filter (it will look again) or if
     * this thread already does (a cycle: the outer frame looks again).
     *
     * @param slot this thread's region slot ({@link Regions#current()}), looked up once by the
     *     caller rather than once per work()
     * @throws BoundaryError if a work() threw
     */
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
                        for (FilterTask next : downstream) {
                            next.runEagerly(slot);
                        }
                        // Fire again only while the last work() took input and more is waiting:
                        // a trigger that is always true runs once per release, and a work() that
                        // leaves its input in place waits for the next release instead of spinning.
                    } while (progressed && anyInputAvailable() && (!userTrigger || userTriggerHolds()));
                }
            } while (!exit());
            left = true;
        } finally {
            if (!left) {
                abandon();
            }
        }
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

    private boolean schedulable() {
        return userTrigger ? userTriggerHolds() : anyInputAvailable();
    }

    private boolean userTriggerHolds() {
        if (atomicity != null) {
            atomicity.enterWork();
        }
        try {
            return ApiAccess.trigger(filter);
        } catch (Throwable failure) {
            throw new BoundaryError(filterName, "trigger()", failure);
        } finally {
            if (atomicity != null) {
                atomicity.exitWork();
            }
        }
    }

    @Override
    public boolean anyInputAvailable() {
        for (TimeSlot timer : timers) {
            if (timer.hasTick()) {
                return true;
            }
        }
        for (SpscRing in : inputs) {
            if (in.size() > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * One work() as a transaction: published when it returns, undone when it throws.
     *
     * @return whether the work() took anything from its data channels
     */
    boolean fire(RegionSlot slot) {
        transactionId++;
        for (TimeSlot timer : timers) {
            timer.begin();
        }
        if (region != null) {
            ApiAccess.enterRegion(slot, region, stable);
        }
        inWork = true;
        long heapBefore = countHeap ? HeapMeter.allocatedBytes() : 0;
        if (atomicity != null) {
            atomicity.enterWork();
        }
        try {
            filter.work();
        } catch (Throwable failure) {
            if (atomicity != null) {
                atomicity.exitWork();
            }
            inWork = false;
            leaveRegion(slot);
            abort();
            throw new BoundaryError(filterName, failure);
        }
        if (atomicity != null) {
            atomicity.exitWork();
        }
        inWork = false;
        if (countHeap) {
            heapBytes += HeapMeter.allocatedBytes() - heapBefore;
        }
        leaveRegion(slot);
        boolean took = commit();
        fires++;
        return took;
    }

    /** Every transient array of the work() is free again: constant time. */
    private void leaveRegion(RegionSlot slot) {
        if (region != null) {
            ApiAccess.leaveRegion(slot);
            region.reset();
        }
    }

    /** The filter's off-heap memory, freed when the graph stops. */
    public OffHeapRegion offHeap() {
        return offHeap;
    }

    /** The filter's stable region. */
    public StableRegion stableRegion() {
        return stable;
    }

    /** The filter's transient region, or null if its class was not woven. */
    public TransientRegion transientRegion() {
        return region;
    }

    /** Whether the plugin rewrote the filter's own allocations (its class carries {@link Woven}). */
    private static boolean woven(Class<?> type) {
        Woven woven = type.getAnnotation(Woven.class);
        return woven != null && woven.regions();
    }

    private boolean commit() {
        for (CapsuleRing out : capsuleOutputs) {
            out.stagePuts();
        }
        if (!ledger.isEmpty()) {
            ledger.reclaimUnpublished(transactionId, pools);
        }
        for (SpscRing out : outputs) {
            out.publishPuts();
        }
        boolean took = false;
        for (SpscRing in : inputs) {
            took |= in.publishTakes();
        }
        for (TimeSlot timer : timers) {
            timer.end();
        }
        return took;
    }

    private void abort() {
        for (SpscRing out : outputs) {
            out.rollbackPuts();
        }
        for (SpscRing in : inputs) {
            in.rollbackTakes();
        }
        ledger.reclaimMade(transactionId, pools);
        for (TimeSlot timer : timers) {
            timer.end();
        }
    }

    @Override
    public <C extends Capsule> C makeCapsule(Class<C> type) {
        if (!inWork) {
            throw new StreamFlexError("makeCapsule(" + type.getSimpleName() + ") in " + filterName
                    + " outside work(): capsules can only be made while work() runs");
        }
        CapsulePool<?> pool = lastCapsulePool;
        if (type != lastCapsuleType) {
            pool = pools.pool(type);
            lastCapsuleType = type;
            lastCapsulePool = pool;
        }
        C capsule = type.cast(pool.take());
        ledger.noteMade(capsule);
        return capsule;
    }

    @Override
    public long transactionId() {
        return transactionId;
    }

    @Override
    public void noteTaken(Capsule capsule) {
        if (CapsuleMarks.markOf(capsule) == transactionId) {
            // Untaken earlier in this work() and taken again: it left the channel once more.
            CapsuleMarks.mark(capsule, 0);
        }
        ledger.noteTaken(capsule);
    }

    @Override
    public Capsule copyOf(Capsule capsule) {
        return pools.pool(capsule.getClass()).copyOf(capsule);
    }

    @Override
    public String toString() {
        return filterName;
    }
}
