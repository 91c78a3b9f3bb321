package org.streamflex.runtime.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;
import org.streamflex.RegionFullError;

/** A work()'s scratch memory: zeroed, aligned, reset when it returns, and free of heap allocation once warm. */
class ScratchArenaTest {
    @Test
    void aWorkThatAsksTheSameSizesGetsTheSameSlicesAgain() {
        ScratchArena arena = new ScratchArena("f", 4096);
        MemorySegment a = arena.allocate(100, 8);
        MemorySegment b = arena.allocate(64, 64);
        arena.reset();
        assertSame(a, arena.allocate(100, 8), "the first request's slice, remembered");
        assertSame(b, arena.allocate(64, 64));
        arena.reset();
        assertNotSame(a, arena.allocate(200, 8), "another size gets another slice");
    }

    @Test
    void scratchMemoryIsZeroedEveryTime() {
        ScratchArena arena = new ScratchArena("f", 1024);
        MemorySegment a = arena.allocate(16, 8);
        a.set(ValueLayout.JAVA_LONG, 0, -1L);
        arena.reset();
        MemorySegment again = arena.allocate(16, 8);
        assertEquals(0L, again.get(ValueLayout.JAVA_LONG, 0));
    }

    @Test
    void requestsAreAlignedAndBounded() {
        ScratchArena arena = new ScratchArena("scaler", 256);
        arena.allocate(3, 1);
        MemorySegment aligned = arena.allocate(8, 64);
        assertEquals(0, aligned.address() % 64);
        RegionFullError e = assertThrows(RegionFullError.class, () -> arena.allocate(256, 8));
        assertTrue(e.getMessage().startsWith("scratch memory of scaler is full: 256 bytes asked"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> arena.allocate(8, 3));
    }
}
