package org.streamflex.runtime.region;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.streamflex.RegionFullError;

/**
 * The transient off-heap memory of one filter's {@code work()}: scratch space for sample code,
 * bumped from one block and reset in constant time when the {@code work()} returns (the design's
 * "transient memory per work() in off-heap arenas"). The block is allocated at the first request, so
 * filters that never ask cost nothing; it belongs to an automatic arena, freed once the filter is
 * unreachable (a graph run by the driver is never stopped). Used by the filter's thread only.
 */
public final class ScratchArena {
    /** Requests per work() whose slices are remembered; later ones get a new slice each time. */
    private static final int MAX_REMEMBERED = 64;

    private final String filterName;
    private final long capacity;
    private MemorySegment block;
    private long used;
    /**
     * The slices handed out by the n-th request of earlier work() calls. A work() usually asks for
     * the same sizes in the same order every time, so after the first releases each request finds
     * its slice here and nothing is allocated on the heap (a slice is a heap object).
     */
    private MemorySegment[] slices = new MemorySegment[4];
    private int requests;

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
        return slice(start, bytes).fill((byte) 0);
    }

    private MemorySegment slice(long start, long bytes) {
        int n = requests++;
        if (n >= slices.length) {
            if (n >= MAX_REMEMBERED) {
                return block.asSlice(start, bytes);
            }
            slices = Arrays.copyOf(slices, slices.length * 2);
        }
        MemorySegment known = slices[n];
        if (known != null && known.byteSize() == bytes && known.address() == block.address() + start) {
            return known;
        }
        MemorySegment fresh = block.asSlice(start, bytes);
        slices[n] = fresh;
        return fresh;
    }

    /** Everything handed out since the last reset is free again. */
    public void reset() {
        used = 0;
        requests = 0;
    }

    /** Bytes handed out in the current work(). */
    public long used() {
        return used;
    }
}
