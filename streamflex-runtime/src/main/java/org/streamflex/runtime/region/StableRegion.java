package org.streamflex.runtime.region;

import java.util.IdentityHashMap;
import org.streamflex.RegionFullError;
import org.streamflex.runtime.counter.SingleWriterCounter;
import org.streamflex.runtime.flight.Flight;
import org.streamflex.spi.StableAccount;

/**
 * The stable region of one filter: the filter object and the stable objects and arrays it makes,
 * which live as long as the graph. They are ordinary heap objects (a stable object is never
 * garbage while its filter lives); what they take is counted against the filter's stable size so
 * that a filter that keeps making stable objects fails clearly instead of growing without bound.
 */
public final class StableRegion implements StableAccount {
    private final String filterName;
    private final long capacityBytes;
    private final IdentityHashMap<Class<?>, Long> sizes = new IdentityHashMap<>();
    /** Written by the filter's thread (its constructor's while it is made, then its work()'s), read by anyone. */
    private final SingleWriterCounter usedBytes = new SingleWriterCounter();

    public StableRegion(String filterName, long capacityBytes) {
        this.filterName = filterName;
        this.capacityBytes = capacityBytes;
    }

    @Override
    public void allocate(Class<?> type) {
        Long bytes = sizes.get(type);
        if (bytes == null) {
            bytes = ObjectSizes.estimate(type);
            sizes.put(type, bytes);
        }
        take(bytes, "new " + type.getSimpleName() + "(...)");
    }

    @Override
    public void allocateArray(int length, int elementBytes) {
        if (length >= 0) {
            take((16 + (long) length * elementBytes + 7) & ~7L, "an array of " + length + " elements");
        }
    }

    /** Off-heap bytes a runtime component takes for the filter (see {@link OffHeapRegion}). */
    public void allocateRaw(long bytes) {
        take(bytes, "an off-heap segment");
    }

    /** Bytes the region holds. */
    public long usedBytes() {
        return usedBytes.get();
    }

    public long capacityBytes() {
        return capacityBytes;
    }

    private void take(long bytes, String what) {
        long used = usedBytes.plain();
        if (used + bytes > capacityBytes) {
            Flight.regionFull(filterName, "stable", capacityBytes, used, bytes, what);
            throw new RegionFullError("the stable region of filter " + filterName + " (" + capacityBytes
                    + " bytes) has no room for " + what + " (" + bytes + " bytes): it already holds " + used
                    + " bytes, which live as long as the graph. Give the filter a larger stable region with"
                    + " makeFilter(type, stableBytes, transientBytes), or keep fewer stable objects");
        }
        usedBytes.add(bytes);
    }
}
