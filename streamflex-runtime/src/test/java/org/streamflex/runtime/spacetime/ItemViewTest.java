package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ItemViewTest {
    private final SpaceTime space = SpaceTime.create(64);
    private final SpaceTimeChannel channel = space.createChannel("c");
    private final InputConnection in = space.join("in", SpaceTime.INFINITY).attachInput(channel);
    private final OutputConnection out = space.join("out", 0).attachOutput(channel);

    @AfterEach
    void close() {
        space.close();
    }

    @Test
    void readsTheBytesPutAndCopiesThemOut() throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(16);
            src.set(ValueLayout.JAVA_INT_UNALIGNED, 0, 0x01020304);
            src.set(ValueLayout.JAVA_LONG_UNALIGNED, 8, -5L);
            out.put(3, src);
            try (ItemView v = in.get(3)) {
                assertEquals(16, v.byteSize());
                assertEquals(0x01020304, v.getInt(0));
                assertEquals(-5L, v.getLong(8));
                MemorySegment dst = arena.allocate(16);
                v.copyTo(0, dst, 0, 16);
                assertEquals(-1, dst.mismatch(src));
            }
        }
    }

    @Test
    void aReadAfterReleaseIsAnErrorNamingTheItem() throws Exception {
        out.put(3, new byte[] {1});
        ItemView v = in.get(3);
        v.release();
        ItemReleasedException e = assertThrows(ItemReleasedException.class, () -> v.getByte(0));
        assertTrue(e.getMessage().contains("3") && e.getMessage().contains("channel c"), e.getMessage());
        assertThrows(ItemReleasedException.class, v::toByteArray);
        assertEquals(3, v.timestamp(), "the timestamp stays readable");
    }

    @Test
    void aSecondReleaseIsAnError() throws Exception {
        out.put(3, new byte[] {1});
        ItemView v = in.get(3);
        v.release();
        ItemReleasedException e = assertThrows(ItemReleasedException.class, v::release);
        assertTrue(e.getMessage().contains("released twice"), e.getMessage());
        v.close(); // try-with-resources after an explicit release is fine
    }

    @Test
    void aViewOfAClosedSpaceFailsRatherThanCrashes() throws Exception {
        out.put(3, new byte[] {1});
        ItemView v = in.get(3);
        space.close();
        assertThrows(IllegalStateException.class, () -> v.getByte(0));
    }
}
