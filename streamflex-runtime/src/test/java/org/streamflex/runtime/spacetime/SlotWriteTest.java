package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SlotWriteTest {
    private static final int SIZE = 8192;
    private final SpaceTime space = SpaceTime.create(SIZE);
    private final SpaceTimeChannel channel = space.createChannel("c");
    private final SpaceTimeThread reader = space.join("in", 0);
    private final InputConnection in = reader.attachInput(channel);
    private final SpaceTimeThread writer = space.join("out", 0);
    private final OutputConnection out = writer.attachOutput(channel);

    @AfterEach
    void close() {
        space.close();
    }

    private static byte[] pattern(int seed) {
        return ItemBytes.pattern(SIZE, seed);
    }

    @Test
    void aWriteFromASlotReadsTheItemsBytesInPlace() throws Exception {
        out.put(1, pattern(1));
        SlotWrite write = SlotWrite.of(space, in.get(1));
        assertEquals(0, write.readerIndex());
        assertEquals(SIZE, write.readableBytes());
        byte[] got = new byte[SIZE];
        write.getBytes(0, got);
        assertArrayEquals(pattern(1), got);
        assertTrue(write.release());
    }

    @Test
    void closeDuringAWriteFromASlotFreesTheArenaOnlyWhenTheWriteIsReleased() throws Exception {
        out.put(1, pattern(2));
        ItemView view = in.get(1);
        MemorySegment slot = view.live();
        SlotWrite write = SlotWrite.of(space, view);
        space.close();
        assertFalse(space.pool.arenaClosed(), "a write still holds the slot: the arena stays open");
        byte[] got = new byte[SIZE];
        write.getBytes(0, got); // what the socket would read: the item's bytes, not freed memory
        assertArrayEquals(pattern(2), got);
        assertTrue(write.release());
        assertTrue(space.pool.arenaClosed(), "the last write released: the arena is freed");
        assertThrows(IllegalStateException.class, () -> slot.get(ValueLayout.JAVA_BYTE, 0));
    }

    @Test
    void aWriteFromASlotHoldsTheItemUntilReleased() throws Exception {
        out.put(1, pattern(3));
        SlotWrite write = SlotWrite.of(space, in.get(1));
        in.consume(1);
        reader.setVirtualTime(SpaceTime.INFINITY);
        out.put(2, pattern(4)); // a new item must not take the held slot
        writer.setVirtualTime(3); // the minimum is 2 (item 2 unconsumed): item 1 is dead, held by the write
        assertEquals(0, space.reclaimedItems(), "the write's view holds the slot");
        byte[] got = new byte[SIZE];
        write.getBytes(0, got);
        assertArrayEquals(pattern(3), got);
        assertTrue(write.release());
        assertEquals(1, space.reclaimedItems(), "released: the slot goes back to the pool");
    }

    @Test
    void noWriteFromASlotOnceTheSpaceIsClosed() throws Exception {
        out.put(1, pattern(5));
        ItemView view = in.get(1);
        space.close();
        assertThrows(SpaceTimeStateException.class, () -> SlotWrite.of(space, view));
        assertTrue(space.pool.arenaClosed(), "a refused write pins nothing");
        view.close();
    }

    @Test
    void noWriteFromAReleasedView() throws Exception {
        out.put(1, pattern(6));
        ItemView view = in.get(1);
        view.release();
        assertThrows(ItemReleasedException.class, () -> SlotWrite.of(space, view));
        space.close();
        assertTrue(space.pool.arenaClosed(), "a refused write leaves no pin behind");
    }

    @Test
    void anUnpinWithoutAPinIsRefused() {
        assertThrows(IllegalStateException.class, space.pool::unpin);
    }
}
