package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link OutputConnection#put(long, ItemView)}: the new item shares the got item's slot. */
class PutOfAViewTest {
    private static final int SIZE = 8192;
    private final SpaceTime space = SpaceTime.create(SIZE);
    private final SpaceTimeChannel ping = space.createChannel("ping");
    private final SpaceTimeChannel pong = space.createChannel("pong");
    private final SpaceTimeThread source = space.join("source", 0);
    private final SpaceTimeThread relay = space.join("relay", 0);
    private final SpaceTimeThread sink = space.join("sink", 0);
    private final OutputConnection pingOut = source.attachOutput(ping);
    private final InputConnection pingIn = relay.attachInput(ping);
    private final OutputConnection pongOut = relay.attachOutput(pong);
    private final InputConnection pongIn = sink.attachInput(pong);

    @AfterEach
    void close() {
        space.close();
    }

    private static byte[] pattern(int seed) {
        return ItemBytes.pattern(SIZE, seed);
    }

    /** Relays ping's item at {@code ts} to pong and consumes it on ping. */
    private void relay(long ts) throws ItemNotAvailableException {
        try (ItemView got = pingIn.get(ts)) {
            pongOut.put(ts, got);
        }
        pingIn.consume(ts);
    }

    @Test
    void aRelayedItemTakesNoSlotOfItsOwn() throws Exception {
        pingOut.put(0, pattern(1), 1);
        long reserved = space.reservedBytes();
        relay(0);
        assertEquals(reserved, space.reservedBytes(), "the relayed item took a slot: its bytes were copied");
        try (ItemView got = pongIn.get(0)) {
            assertArrayEquals(pattern(1), got.toByteArray());
        }
    }

    @Test
    void aSharedSlotIsNotReusedWhileTheRelayedItemLivesAfterItsSourceIsFreed() throws Exception {
        pingOut.put(0, pattern(1), 1); // freed by the relay's consume
        relay(0);
        assertEquals(1, space.reclaimedItems(), "ping's item is freed");
        pingOut.put(1, pattern(2), 1); // must not land in the slot pong's item still reads
        try (ItemView got = pongIn.get(0)) {
            assertArrayEquals(pattern(1), got.toByteArray(), "pong's item was overwritten by a later put");
        }
        assertEquals(2L * SIZE, space.reservedBytes(), "the second put took a slot of its own");
    }

    @Test
    void theSharedSlotReturnsOnceEveryItemInItIsFreed() throws Exception {
        pingOut.put(0, pattern(1), 1);
        relay(0);
        pongIn.consume(0);
        source.setVirtualTime(1);
        relay.setVirtualTime(1);
        sink.setVirtualTime(1); // pong's item is now below the minimum: freed, and with it the slot
        assertEquals(2, space.reclaimedItems());
        long reserved = space.reservedBytes();
        pingOut.put(1, pattern(2), 1);
        assertEquals(reserved, space.reservedBytes(), "the freed slot was not reused");
    }

    @Test
    void aRelayOfARelayedItemSharesTheFirstOwnersSlot() throws Exception {
        SpaceTimeChannel third = space.createChannel("third");
        OutputConnection thirdOut = sink.attachOutput(third);
        InputConnection thirdIn = source.attachInput(third);
        pingOut.put(0, pattern(3), 1);
        relay(0);
        try (ItemView got = pongIn.get(0)) {
            thirdOut.put(0, got);
        }
        pongIn.consume(0);
        long reserved = space.reservedBytes();
        assertEquals(SIZE, reserved, "one slot for the three items");
        source.setVirtualTime(1);
        relay.setVirtualTime(1);
        sink.setVirtualTime(1); // ping's and pong's items freed; third's is still open to source's connection
        pingOut.put(1, pattern(4), 1);
        try (ItemView got = thirdIn.get(0)) {
            assertArrayEquals(pattern(3), got.toByteArray(), "the last sharer's bytes were overwritten");
        }
    }

    @Test
    void aViewOfAnotherSpacesItemIsCopied() throws Exception {
        try (SpaceTime other = SpaceTime.create(SIZE)) {
            SpaceTimeChannel elsewhere = other.createChannel("elsewhere");
            SpaceTimeThread t = other.join("t", 0);
            OutputConnection o = t.attachOutput(elsewhere);
            InputConnection i = t.attachInput(elsewhere);
            o.put(0, pattern(5));
            try (ItemView got = i.get(0)) {
                pongOut.put(0, got);
            }
        }
        try (ItemView got = pongIn.get(0)) {
            assertArrayEquals(pattern(5), got.toByteArray(), "the copy outlived the other space");
        }
        assertEquals(SIZE, space.reservedBytes(), "copied into a slot of this space");
    }

    @Test
    void aRefusedPutOfAViewLeavesTheSourcesSlotToItAlone() throws Exception {
        pingOut.put(0, pattern(6), 1);
        pongOut.put(0, pattern(7));
        try (ItemView got = pingIn.get(0)) {
            assertThrows(DuplicateTimestampException.class, () -> pongOut.put(0, got));
        }
        pingIn.consume(0); // ping's item freed: with no sharer counted, its slot returns
        long reserved = space.reservedBytes();
        pingOut.put(1, pattern(8), 1);
        assertEquals(reserved, space.reservedBytes(), "a refused put kept the source's slot from returning");
    }
}
