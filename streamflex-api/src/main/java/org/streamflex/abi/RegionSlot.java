package org.streamflex.abi;

import org.streamflex.spi.StableAccount;
import org.streamflex.spi.TransientAllocator;

/**
 * One thread's view of the regions of the filter whose code runs on it: the transient region of
 * the running {@code work()}, and the stable region of the filter running or being built. Woven
 * code looks the slot up once per method that allocates ({@link Regions#current()}) and passes it
 * to each allocation.
 *
 * <p>Its fields have no setter: the runtime writes them (around each {@code work()}, and while a
 * filter's constructor runs) through a private lookup that the API module opens to the runtime
 * module alone. Filter code can hold a slot but cannot point it elsewhere.
 *
 * <pre>{@code
 * RegionSlot slot = Regions.current();                   // woven, on entry
 * Acc a = (Acc) Regions.allocate(Acc.class, BLANK, slot);
 * }</pre>
 */
public final class RegionSlot {
    /**
     * The running {@code work()}'s transient region, or null outside {@code work()}. Written by
     * the thread that owns the slot only; read by the same thread.
     */
    TransientAllocator region;
    /** The stable region of the filter running (or being constructed) on this thread, or null. */
    StableAccount stable;
    /** The running {@code work()}'s scope for shared values and scratch memory, or null; as {@link #region}. */
    WorkScope scope;

    RegionSlot() {
    }

    /** The running {@code work()}'s scope (shared values it made, scratch memory), or null outside one. */
    public WorkScope workScope() {
        return scope;
    }

    /** Whether a {@code work()} with a transient region runs on this thread now. */
    public boolean inWork() {
        return region != null;
    }
}
