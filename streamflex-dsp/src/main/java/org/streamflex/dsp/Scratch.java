package org.streamflex.dsp;

import java.lang.foreign.MemorySegment;
import org.streamflex.abi.Regions;
import org.streamflex.abi.WorkScope;

/**
 * Scratch sample memory for the running {@code work()}: off-heap, zeroed, taken from the filter's
 * transient off-heap arena and reset in constant time when the {@code work()} returns (the
 * design's "transient memory per work() in off-heap arenas"). Its size is
 * {@code streamflex.scratchBytes} per filter (1 MiB by default). After the first releases, a
 * {@code work()} that asks for the same sizes in the same order gets them without allocating.
 *
 * <pre>{@code
 * MemorySegment tmp = Scratch.floats(4096);        // gone when work() returns
 * tmp.setAtIndex(ValueLayout.JAVA_FLOAT, 0, 1f);
 * }</pre>
 *
 * <p>Never keep it: it holds another work()'s data after this one returns. For samples that must
 * outlive the {@code work()}, make a segment.
 */
@SuppressWarnings("StreamFlex:Internals") // the library's bridge to the work()'s scope, which filter code may not name
public final class Scratch {
    private Scratch() {
    }

    /**
     * {@code bytes} of zeroed memory, 64-byte aligned.
     *
     * @throws IllegalStateException outside a {@code work()}
     * @throws org.streamflex.RegionFullError if the filter's scratch arena has no room left
     */
    public static MemorySegment bytes(long bytes) {
        WorkScope scope = Regions.current().workScope();
        if (scope == null) {
            throw new IllegalStateException("scratch memory exists only inside a filter's work()");
        }
        return scope.scratch(bytes, 64);
    }

    /** Room for {@code n} floats, as {@link #bytes}. */
    public static MemorySegment floats(int n) {
        return bytes((long) n * Float.BYTES);
    }

    /** Room for {@code n} doubles, as {@link #bytes}. */
    public static MemorySegment doubles(int n) {
        return bytes((long) n * Double.BYTES);
    }
}
