package org.streamflex.checker.snippetlib;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Off-heap memory handed to filter code, as the DSP library's {@code Scratch}: bytes, never references. */
public final class Workspace {
    private Workspace() {
    }

    /** Room for {@code n} floats. */
    public static MemorySegment floats(int n) {
        return Arena.ofAuto().allocate(4L * n, 4);
    }

    /** Fills {@code memory} with {@code value}. */
    public static void fill(MemorySegment memory, byte value) {
        memory.fill(value);
    }

    /** The segment's memory wrapped as something that holds references: not accepted. */
    public static Object wrap(MemorySegment memory) {
        return memory;
    }
}
