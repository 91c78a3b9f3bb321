package org.streamflex.runtime.region;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.streamflex.RegionFullError;

/**
 * The transient off-heap memory of one filter's {@code work()}: scratch space for sample code,
 * bumped from one block and reset in constant time when the {@code work()} returns (the design's
 * "transient memory per work() in off-heap arenas"). The block is allocated at the first request, so
 * filters that never ask cost nothing; it belongs to an automatic arena, freed once the filter is
 * unreachable (a graph run by the driver is never stopped). Used by the filter's thread only.
 */
public final class ScratchArena {
    private final String filterName;
    private final long capacity;
    private MemorySegment block;
    private long used;

    /**
     * A scratch arena of {@code capacity} bytes ({@code streamflex.scratchBytes}), allocated at the first request.
     */
    public ScratchArena(String filterName, long capacity) {
        this.filterName = filterName;
        this.capacity = capacity;
    }

    /**
     * Zeroed memory of {@code bytes}, valid until {@link #reset()}.
     *
     * @throws RegionFullError if the block has no room left for it in this {@code work()}
     */
    public MemorySegment allocate(long bytes, long alignment) {
        if (bytes < 0 || alignment <= 0 || Long.bitCount(alignment) != 1) {
            throw new IllegalArgumentException("scratch(" + bytes + ", " + alignment + ") in " + filterName
                    + ": bytes must be >= 0 and alignment a power of two");
        }
        if (block == null) {
            block = Arena.ofAuto().allocate(capacity, 64);
        }
        long start = (used + alignment - 1) & -alignment;
        if (start + bytes > capacity) {
            throw new RegionFullError("scratch memory of " + filterName + " is full: " + bytes + " bytes asked with "
                    + used + " of " + capacity + " used in this work(); raise streamflex.scratchBytes");
        }
        used = start + bytes;
        MemorySegment slice = block.asSlice(start, bytes);
        return slice.fill((byte) 0);
    }

    /** Everything handed out since the last reset is free again. */
    public void reset() {
        used = 0;
    }

    /** Bytes handed out in the current work(). */
    public long used() {
        return used;
    }
}
