package org.streamflex.runtime.schedule;

import java.util.concurrent.atomic.AtomicLong;
import org.streamflex.BoundaryError;
import org.streamflex.Capsule;
import org.streamflex.Filter;
import org.streamflex.Shared;
import org.streamflex.StreamFlexError;
import org.streamflex.abi.RegionSlot;
import org.streamflex.runtime.atomic.AtomicLimits;
import org.streamflex.runtime.atomic.FilterAtomicity;
import org.streamflex.runtime.capsule.CapsuleLedger;
import org.streamflex.runtime.capsule.CapsuleMarks;
import org.streamflex.runtime.capsule.CapsulePool;
import org.streamflex.runtime.capsule.CapsulePools;
import org.streamflex.runtime.channel.CapsuleRing;
import org.streamflex.runtime.channel.CapsuleTransaction;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.channel.TimeSlot;
import org.streamflex.runtime.counter.SingleWriterCounter;
import org.streamflex.runtime.region.StableRegion;

/**
 * A filter's {@code work()} as one transaction over its channels: what it puts is published
 * when it returns, and when it throws nothing is published, its takes are undone and the capsules
 * it made go back to their pool. The second layer of a {@link FilterTask}, over its
 * {@link FilterMemory}.
 *
 * <p>Commit order matters for capsules (see the runtime README, "Capsules"): stage the capsules
 * put (stamping each, copying one put twice), reclaim those made or taken and not forwarded, and
 * only then publish, because once a capsule is visible a consumer on another thread may stamp it.
 */
public abstract class WorkTransaction extends FilterMemory implements CapsuleTransaction {
    private static final SpscRing[] NO_RINGS = {};
    /** Transaction ids are (task number << 40) + count: unique across tasks, never reused. */
    private static final AtomicLong TASK_NUMBERS = new AtomicLong();

    final Filter filter;
    final String filterName;
    /** Null unless the filter has {@code @Atomic} methods: then its meeting point with Java callers. */
    final FilterAtomicity atomicity;
    private final CapsulePools pools;
    private final CapsuleLedger ledger = new CapsuleLedger();
    private final SharedLedger adopted = new SharedLedger();
    final FailureCount failureCount;

    private SpscRing[] inputs = NO_RINGS;
    private SpscRing[] outputs = NO_RINGS;
    private CapsuleRing[] capsuleOutputs = {};
    private TimeSlot[] timers = {};

    private long transactionId;
    private boolean inWork;
    /** Null unless declared rates are checked ({@code streamflex.rates.check}). */
    private RateCheck rateCheck;
    /** Null unless every input declares its rate: then each must hold its window for the filter to fire. */
    private SpscRing[] declaredInputs;
    private int[] windows;
    /** Written by the thread running the filter; own objects, so readers do not share this object's lines. */
    private final SingleWriterCounter commits = new SingleWriterCounter();
    private final SingleWriterCounter aborts = new SingleWriterCounter();

    private Class<?> lastCapsuleType;
    private CapsulePool<?> lastCapsulePool;

    WorkTransaction(Filter filter, String filterName, CapsulePools pools, long transientBytes, StableRegion stable,
            AtomicLimits atomicLimits) {
        super(filter.getClass(), filterName, transientBytes, stable);
        this.filter = filter;
        this.filterName = filterName;
        this.pools = pools;
        this.transactionId = TASK_NUMBERS.incrementAndGet() << 40;
        this.atomicity = FilterAtomicity.of(filter.getClass(), atomicLimits);
        this.failureCount = new FailureCount(filterName, filter.getClass().getName());
    }

    /** Fixes the channels when the graph is validated. */
    final void wireChannels(SpscRing[] inputs, SpscRing[] outputs, TimeSlot[] timers) {
        this.inputs = inputs;
        this.outputs = outputs;
        this.timers = timers;
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

    /** Checks the filter's declared rates after every work(); before the graph runs. */
    public final void checkRates(RateCheck check) {
        this.rateCheck = check;
    }

    public final Filter filter() {
        return filter;
    }

    /** The filter's instance name in its graph ({@code "Sink#2"}). */
    @Override
    public final String filterName() {
        return filterName;
    }

    /** The filter's meeting point with Java threads calling its {@code @Atomic} methods, or null. */
    public final FilterAtomicity atomicity() {
        return atomicity;
    }

    /** The filter's failure policy and counts. */
    public final FailureCount failureCount() {
        return failureCount;
    }

    /** work() calls that returned and were committed. */
    public final long commits() {
        return commits.get();
    }

    /** work() calls that threw and were rolled back. */
    public final long aborts() {
        return aborts.get();
    }

    /** work() calls, committed or rolled back. */
    public final long fires() {
        return commits() + aborts();
    }

    /**
     * Makes the default trigger wait until every one of {@code inputs} holds at least its
     * {@code windows} entry: for a filter whose inputs all declare their rates, one {@code work()}'s
     * worth (its peek window) on each. Before the graph runs.
     */
    public final void fireWhenEachHolds(SpscRing[] declared, int[] windows) {
        this.declaredInputs = declared.clone();
        this.windows = windows.clone();
    }

    /** The default trigger: as {@link #anyInputAvailable()}, or every declared input holding its window. */
    public final boolean inputsReady() {
        SpscRing[] declared = declaredInputs;
        if (declared == null) {
            return anyInputAvailable();
        }
        for (int i = 0; i < declared.length; i++) {
            if (declared[i].size() < windows[i]) {
                return false;
            }
        }
        return true;
    }

    /** A time or data input has something to take. */
    public final boolean anyInputAvailable() {
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
     * One work() as a transaction: published when it returns, undone when it throws. When it
     * throws and the filter's policy skips the failure, its takes are consumed instead of undone
     * ({@link #discard()}).
     *
     * @return whether the work() took anything from its data channels (kept or discarded)
     * @throws BoundaryError if it threw and the failure stops the graph
     */
    final boolean fire(RegionSlot slot) {
        transactionId++;
        for (TimeSlot timer : timers) {
            timer.begin();
        }
        long heapBefore = enterMemory(slot);
        inWork = true;
        if (atomicity != null) {
            atomicity.enterWork();
        }
        try {
            filter.work();
            if (rateCheck != null) {
                rateCheck.verify();
            }
        } catch (Throwable failure) {
            return failed(slot, failure);
        }
        boolean took = returned(slot, heapBefore);
        commits.increment();
        return took;
    }

    /** After the work() (or batch) threw: its transaction undone or, under a skip policy, its takes discarded. */
    private boolean failed(RegionSlot slot, Throwable failure) {
        if (atomicity != null) {
            atomicity.exitWork();
        }
        inWork = false;
        leaveRegion(slot);
        if (!failureCount.skips(failure)) {
            abort();
            throw failureCount.stopping("work()", failure);
        }
        long discarded = discard();
        failureCount.skipped("work()", failure, discarded);
        return discarded != 0;
    }

    /** After the work() (or batch) returned: its memory freed and its transaction committed. */
    private boolean returned(RegionSlot slot, long heapBefore) {
        if (atomicity != null) {
            atomicity.exitWork();
        }
        inWork = false;
        leaveMemory(slot, heapBefore);
        return commit();
    }

    /**
     * {@code count} work() calls of a fused filter as one transaction: the fused task has checked
     * that its inputs hold the items and its outputs the room for all of them. What they put is
     * published when the last returns; when one throws, the transaction of all of them is undone
     * (or, if the policy skips the failure, everything they took is discarded and counted), as for
     * a single work().
     *
     * @return whether the calls took anything from the data channels
     * @throws BoundaryError if one threw and the failure stops the graph
     */
    final boolean fireBatch(RegionSlot slot, int count, Firings loop) {
        return fireLoop(slot, count, loop, false);
    }

    /**
     * Up to {@code max} work() calls of a filter with dynamic rates as one transaction, while its
     * default trigger holds and each call takes input: how a worker runs an unfused filter for a
     * batch. Its outputs are lossless links, so no put is dropped for want of room; a failure
     * undoes (or, under a skip policy, discards) the whole batch, as for a fused filter's batch.
     *
     * @return whether the calls took anything from the data channels
     * @throws BoundaryError if one threw and the failure stops the graph
     */
    final boolean fireWhileReady(RegionSlot slot, int max, Firings loop) {
        return fireLoop(slot, max, loop, true);
    }

    /** One transaction around a batch loop: {@code n} calls, or up to {@code n} while ready. */
    private boolean fireLoop(RegionSlot slot, int n, Firings loop, boolean whileReady) {
        transactionId++;
        long heapBefore = enterMemory(slot);
        inWork = true;
        if (atomicity != null) {
            atomicity.enterWork();
        }
        SpscRing sole = whileReady ? soleInput() : null;
        // The batch's items, read once: the loop then compares the consumer's own field with this.
        long end = sole != null ? sole.batchEnd(n) : 0;
        int done;
        try {
            done = sole != null ? loop.fireWhileTaking(this, filter, sole, end)
                    : whileReady ? loop.fireWhileReady(this, filter, n) : loop.fire(this, filter, n);
        } catch (Throwable failure) {
            return failed(slot, failure);
        }
        boolean took = returned(slot, heapBefore);
        commits.add(done);
        return took;
    }

    /**
     * The filter's one input when its default trigger is "that ring holds an item" (one data input,
     * no time channel, no declared window), for {@link Firings#fireWhileTaking}; else null.
     */
    private SpscRing soleInput() {
        return inputs.length == 1 && timers.length == 0 && declaredInputs == null ? inputs[0] : null;
    }

    /**
     * Opens the transaction of a depth-first chain's run ({@link DepthFirstChain}): the filter's
     * work() calls of the run, interleaved with the other filters' of the chain, are one transaction
     * over its rings, as a batch's are; its one-slot channels need none.
     */
    final void openChained() {
        transactionId++;
        inWork = true;
    }

    /** Commits a chain's run: {@code done} work() calls that returned, and one that threw if {@code failed}. */
    final void commitChained(int done, boolean failed) {
        inWork = false;
        if (failed) {
            aborts.increment();
        }
        commit();
        commits.add(done);
    }

    /** Whether a chain need check nothing after its work(): no rate check, {@code @Atomic} method or timer. */
    final boolean chainable() {
        return rateCheck == null && atomicity == null && timers.length == 0;
    }

    /** The filter's inputs, as wired. */
    final SpscRing[] inputRings() {
        return inputs;
    }

    /** The filter's outputs, as wired. */
    final SpscRing[] outputRings() {
        return outputs;
    }

    /** Items the current transaction has taken from the data channels and not given back. */
    final long pendingTaken() {
        long taken = 0;
        for (SpscRing in : inputs) {
            taken += in.pendingTakes();
        }
        return taken;
    }

    /** Whether a clock writes one of the filter's time channels. */
    public final boolean hasTimers() {
        return timers.length > 0;
    }

    /**
     * {@code count} work() calls of a replica made by fission, on a worker thread: one transaction
     * over the replica's own channels, undone if one throws. The failure is returned, not judged:
     * the filter the replica stands for applies its policy on its own thread.
     *
     * @return what a work() threw, or null
     */
    final Throwable fireReplica(RegionSlot slot, int count, Firings loop) {
        transactionId++;
        long heapBefore = enterMemory(slot);
        inWork = true;
        try {
            loop.fire(this, filter, count);
        } catch (Throwable failure) {
            inWork = false;
            leaveRegion(slot);
            abort();
            return failure;
        }
        inWork = false;
        leaveMemory(slot, heapBefore);
        commit();
        commits.add(count);
        return null;
    }

    /** After the {@code run}-th work() of a batch returned: what leaving each work() would do. */
    final void afterFiring(int run) {
        betweenFirings();
        if (rateCheck != null) {
            rateCheck.verify(run);
        }
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
        adopted.releaseAll();
        return took;
    }

    private void abort() {
        aborts.increment();
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
        adopted.releaseAll();
    }

    /**
     * After a failed work() whose failure is skipped: drops its puts, but consumes what it took,
     * or the item that made it fail would stay at the head of its channel and fail every release.
     * Every capsule it made or took goes back to its pool (none was published), except those it
     * gave back with untake, which are in their channels again.
     *
     * @return the items it took and discarded
     */
    private long discard() {
        aborts.increment(); // it threw: an abort, though its takes are kept
        for (SpscRing out : outputs) {
            out.rollbackPuts();
        }
        long discarded = 0;
        for (SpscRing in : inputs) {
            discarded += in.pendingTakes();
            in.publishTakes();
        }
        if (!ledger.isEmpty()) {
            ledger.reclaimUnpublished(transactionId, pools);
        }
        for (TimeSlot timer : timers) {
            timer.end();
        }
        adopted.releaseAll();
        return discarded;
    }

    /** A capsule from the graph's pool, reclaimed when the work() returns unless it was put. */
    public final <C extends Capsule> C makeCapsule(Class<C> type) {
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

    /** Holds the maker's reference to a shared value made during this work(), released when it returns. */
    @Override
    public final void adopt(Shared value) {
        adopted.add(value);
    }

    @Override
    public final long transactionId() {
        return transactionId;
    }

    @Override
    public final void noteTaken(Capsule capsule) {
        if (CapsuleMarks.markOf(capsule) == transactionId) {
            // Untaken earlier in this work() and taken again: it left the channel once more.
            CapsuleMarks.mark(capsule, 0);
        }
        ledger.noteTaken(capsule);
    }

    @Override
    public final Capsule copyOf(Capsule capsule) {
        return pools.pool(capsule.getClass()).copyOf(capsule);
    }
}
