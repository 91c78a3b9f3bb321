package org.streamflex.runtime.schedule;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.streamflex.StreamFlexProperties;
import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.WorkScope;
import org.streamflex.abi.Woven;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.counter.SingleWriterCounter;
import org.streamflex.runtime.region.OffHeapRegion;
import org.streamflex.runtime.region.ScratchArena;
import org.streamflex.runtime.region.StableRegion;
import org.streamflex.runtime.region.TransientRegion;

/**
 * The memory of one filter: the transient region its {@code work()} allocates from, reset in
 * constant time when it returns; the stable region counting what it keeps; the off-heap segments
 * runtime components take for it; and, on request, the heap bytes its {@code work()} allocates
 * anyway.
 *
 * <p>The first of the three layers of a {@link FilterTask} (memory, then {@link WorkTransaction},
 * then scheduling). They are layers of one object rather than three objects so that a
 * {@code work()} reaches all of them without loading another object: each layer is a class of its
 * own, and the hot path stays as direct as in a single class.
 */
public abstract class FilterMemory implements WorkScope {
    private static final VarHandle COUNT_HEAP;

    static {
        try {
            COUNT_HEAP = MethodHandles.lookup().findVarHandle(FilterMemory.class, "countHeap", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Null when the filter's class was not woven or regions are off: allocations then go to the heap. */
    private TransientRegion region;
    /** What the filter keeps for the graph's lifetime, counted against its stable size. */
    private final StableRegion stable;
    /** Raw memory runtime components take for the filter, freed when the graph stops. */
    private final OffHeapRegion offHeap;
    /**
     * Counts the heap bytes each work() allocates (two ThreadMXBean reads per work(): off by default).
     * May be switched on while the graph runs: set and read opaque, once per work(), so the filter's
     * thread sees it within a few work() calls and the JIT cannot hoist the read out of its loop.
     */
    private boolean countHeap;
    /** Written by the thread running the filter's work(), read by anyone. */
    private final SingleWriterCounter heapBytes = new SingleWriterCounter();
    /** Off-heap scratch memory of one work(), reset when it returns. */
    private final ScratchArena scratch;
    /**
     * Whether {@link #scratch(long, long)} was called since the arena was last reset: a load and a
     * branch per work() instead of the reset's two stores, which every work() of a fused batch paid.
     */
    private boolean scratchAsked;

    /**
     * @param transientBytes size of the transient region, used if {@code type} was woven by the
     *     StreamFlex javac plugin (otherwise its code allocates on the heap as usual)
     */
    FilterMemory(Class<?> type, String filterName, long transientBytes, StableRegion stable) {
        this.stable = stable;
        this.offHeap = new OffHeapRegion(stable);
        this.scratch = new ScratchArena(filterName, StreamFlexProperties.SCRATCH_BYTES.get());
        this.region = woven(type) ? new TransientRegion(filterName, transientBytes) : null;
    }

    /** Whether the plugin rewrote the filter's own allocations (its class carries {@link Woven}). */
    private static boolean woven(Class<?> type) {
        Woven woven = type.getAnnotation(Woven.class);
        return woven != null && woven.regions();
    }

    /**
     * Before a {@code work()}: its woven allocations go to the transient region.
     *
     * @return the thread's heap counter, to pass to {@link #leaveMemory}; -1 when not counting
     */
    final long enterMemory(RegionSlot slot) {
        ApiAccess.setScope(slot, this);
        if (region != null) {
            ApiAccess.enterRegion(slot, region, stable);
        }
        return (boolean) COUNT_HEAP.getOpaque(this) ? HeapMeter.allocatedBytes() : -1;
    }

    /** After a {@code work()} that returned: counts its heap bytes and frees its transient memory. */
    final void leaveMemory(RegionSlot slot, long heapBefore) {
        if (heapBefore >= 0) { // counting when the work() began: switching it on meanwhile counts from the next
            heapBytes.add(HeapMeter.allocatedBytes() - heapBefore);
        }
        leaveRegion(slot);
    }

    /** Every transient array of the work() is free again: constant time. */
    final void leaveRegion(RegionSlot slot) {
        ApiAccess.setScope(slot, null);
        resetScratch();
        if (region != null) {
            ApiAccess.leaveRegion(slot);
            region.reset();
        }
    }

    /**
     * Between two {@code work()} calls of one fused batch: frees the transient memory of the call
     * that returned, as leaving would, while the thread's slot keeps naming this filter's regions.
     */
    final void betweenFirings() {
        resetScratch();
        TransientRegion r = region;
        if (r != null) {
            r.reset();
        }
    }

    /** Frees the scratch memory handed out since the last reset, if any was asked for. */
    private void resetScratch() {
        if (scratchAsked) {
            scratchAsked = false;
            scratch.reset();
        }
    }

    @Override
    public final MemorySegment scratch(long bytes, long alignment) {
        scratchAsked = true;
        return scratch.allocate(bytes, alignment);
    }

    /** Turns the filter's transient region off: its woven code then allocates on the heap. */
    public final void disableRegion() {
        region = null;
    }

    /** Starts counting the heap bytes this filter's work() allocates on the heap, from its next work(). */
    public final void countHeapBytes() {
        COUNT_HEAP.setOpaque(this, true);
    }

    /**
     * Heap bytes the filter's work() calls allocated since counting started: what its regions could
     * not take (string concatenation, JDK code, classes the plugin did not weave).
     */
    public final long heapBytes() {
        return heapBytes.get();
    }

    /** The filter's off-heap memory, freed when the graph stops. */
    public final OffHeapRegion offHeap() {
        return offHeap;
    }

    /** The filter's stable region. */
    public final StableRegion stableRegion() {
        return stable;
    }

    /** The filter's transient region, or null if its class was not woven or regions are off. */
    public final TransientRegion transientRegion() {
        return region;
    }
}
