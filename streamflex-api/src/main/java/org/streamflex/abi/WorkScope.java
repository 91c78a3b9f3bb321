package org.streamflex.abi;

import java.lang.foreign.MemorySegment;
import org.streamflex.Shared;

/**
 * What the running {@code work()} offers library code on its thread: it takes over the references
 * of the shared values made during it (released when it returns), and hands out scratch off-heap
 * memory, reset when it returns. Implemented by the runtime; reached through
 * {@link RegionSlot#workScope()}. Null outside {@code work()}.
 *
 * <pre>{@code
 * WorkScope scope = Regions.current().workScope();
 * MemorySegment tmp = scope.scratch(4096 * Float.BYTES, Float.BYTES); // gone when work() returns
 * }</pre>
 */
public interface WorkScope {
    /** Takes over the caller's reference to {@code value}: released when the {@code work()} returns. */
    void adopt(Shared value);

    /**
     * Zeroed off-heap memory valid until the {@code work()} returns.
     *
     * @throws org.streamflex.RegionFullError if the filter's transient off-heap arena has no room
     */
    MemorySegment scratch(long bytes, long alignment);

    /** The running filter's instance name, for messages. */
    String filterName();
}
