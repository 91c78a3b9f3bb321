package org.streamflex.runtime.region;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Raw memory a runtime component needs for one filter (sample buffers, network frames), outside
 * the Java heap: segments of one shared {@link Arena} per filter, counted against the filter's
 * stable region (they live as long as the graph) and freed together when the graph stops.
 */
public final class OffHeapRegion implements AutoCloseable {
    private final StableRegion budget;
    private Arena arena;
    private boolean closed;

    public OffHeapRegion(StableRegion budget) {
        this.budget = budget;
    }

    /**
     * A zeroed segment of {@code bytes}, valid until the graph stops.
     *
     * @throws org.streamflex.RegionFullError if the filter's stable region has no room for it
     * @throws IllegalStateException if the graph has stopped
     */
    @SuppressWarnings("MustBeClosedChecker") // the region owns the arena: close() closes it when the graph stops
    public synchronized MemorySegment allocate(long bytes, long alignment) {
        if (closed) {
            throw new IllegalStateException("off-heap memory requested after the graph stopped");
        }
        budget.allocateRaw(bytes);
        if (arena == null) {
            arena = Arena.ofShared(); // shared: the graph may stop on another thread than the filter's
        }
        return arena.allocate(bytes, alignment);
    }

    /** Frees every segment; later accesses to them fail. Idempotent. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            if (arena != null) {
                arena.close();
            }
        }
    }
}
