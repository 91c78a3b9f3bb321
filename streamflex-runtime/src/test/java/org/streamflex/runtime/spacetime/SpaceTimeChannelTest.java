package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SpaceTimeChannelTest {
    private final SpaceTime space = SpaceTime.create(1024);
    private final SpaceTimeChannel channel = space.createChannel("frames");
    private final SpaceTimeThread producer = space.join("producer", 0);
    private final SpaceTimeThread consumer = space.join("consumer", SpaceTime.INFINITY);
    private final InputConnection in = consumer.attachInput(channel);
    private final OutputConnection out = producer.attachOutput(channel);

    @AfterEach
    void close() {
        space.close();
    }

    private static byte[] bytes(long ts) {
        return new byte[] {(byte) ts, (byte) (ts * 3), 7};
    }

    private static long timestampOf(ItemView v) {
        try (v) {
            assertArrayEquals(bytes(v.timestamp()), v.toByteArray(), "the bytes of the item at " + v.timestamp());
            return v.timestamp();
        }
    }

    @Test
    void outOfOrderPutsAreGotByExactTimestampOldestAndNewest() throws Exception {
        for (long ts : new long[] {5, 2, 9, 7}) {
            out.put(ts, bytes(ts));
        }
        assertEquals(2, timestampOf(in.get(Wildcard.OLDEST)));
        assertEquals(9, timestampOf(in.get(Wildcard.NEWEST)));
        assertEquals(7, timestampOf(in.get(7)));
        assertEquals(5, timestampOf(in.get(5)));
    }

    @Test
    void latestUnseenSkipsItemsThisConnectionGotByAnyGet() throws Exception {
        for (long ts : new long[] {3, 1, 4, 2}) {
            out.put(ts, bytes(ts));
        }
        assertEquals(4, timestampOf(in.get(4))); // an exact get counts as seen
        assertEquals(3, timestampOf(in.get(Wildcard.LATEST_UNSEEN)));
        assertEquals(2, timestampOf(in.get(Wildcard.LATEST_UNSEEN)));
        in.consume(1);
        ItemNotAvailableException miss = assertThrows(ItemNotAvailableException.class,
                () -> in.get(Wildcard.LATEST_UNSEEN));
        assertEquals(2, miss.below(), "the oldest item still open");
        assertEquals(4, miss.above(), "the newest item still open");
        InputConnection other = space.join("other", 0).attachInput(channel); // at INFINITY it would start all consumed
        assertEquals(4, timestampOf(other.get(Wildcard.LATEST_UNSEEN)), "unseen is per connection");
    }

    @Test
    void latestUnseenAfterConsumeUntilWaitsForANewerItem() throws Exception {
        out.put(1, bytes(1));
        out.put(2, bytes(2));
        long got = timestampOf(in.get(Wildcard.LATEST_UNSEEN));
        in.consumeUntil(got);
        assertThrows(ItemNotAvailableException.class, () -> in.get(Wildcard.LATEST_UNSEEN));
        out.put(3, bytes(3));
        assertEquals(3, timestampOf(in.get(Wildcard.LATEST_UNSEEN)));
    }

    @Test
    void aMissReportsTheNeighbouringTimestamps() throws Exception {
        out.put(10, bytes(10));
        out.put(20, bytes(20));
        out.put(30, bytes(30));
        ItemNotAvailableException miss = assertThrows(ItemNotAvailableException.class, () -> in.get(25));
        assertEquals(20, miss.below());
        assertEquals(30, miss.above());
        assertTrue(miss.getMessage().contains("frames") && miss.getMessage().contains("25"), miss.getMessage());
        in.consume(20);
        miss = assertThrows(ItemNotAvailableException.class, () -> in.get(20));
        assertEquals(10, miss.below(), "a consumed item is no neighbour");
        miss = assertThrows(ItemNotAvailableException.class, () -> in.get(40));
        assertEquals(30, miss.below());
        assertEquals(ItemNotAvailableException.NONE, miss.above());
    }

    @Test
    void anEmptyChannelMissesWildcardsWithoutNeighbours() {
        ItemNotAvailableException miss = assertThrows(ItemNotAvailableException.class, () -> in.get(Wildcard.OLDEST));
        assertEquals(ItemNotAvailableException.NONE, miss.below());
        assertEquals(ItemNotAvailableException.NONE, miss.above());
    }

    @Test
    void aSecondPutAtOneTimestampIsAnErrorNamingChannelAndTimestamp() {
        out.put(4, bytes(4));
        OutputConnection another = space.join("another", 0).attachOutput(channel);
        DuplicateTimestampException e = assertThrows(DuplicateTimestampException.class, () -> another.put(4, bytes(4)));
        assertEquals("frames", e.channel());
        assertEquals(4, e.timestamp());
        assertTrue(e.getMessage().contains("frames") && e.getMessage().contains("4"), e.getMessage());
    }

    @Test
    void blockingGetIsWokenByAPut() throws Exception {
        CompletableFuture<Long> got = CompletableFuture.supplyAsync(() -> {
            try {
                return timestampOf(in.get(6, 30, TimeUnit.SECONDS));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        out.put(5, bytes(5)); // not the one it waits for
        out.put(6, bytes(6));
        assertEquals(6, got.get(30, TimeUnit.SECONDS));
    }

    @Test
    void aPutOfAGotItemKeepsItsBytesAndLeavesTheViewOpen() throws Exception {
        SpaceTimeChannel relayed = space.createChannel("relayed");
        OutputConnection relay = consumer.attachOutput(relayed);
        InputConnection check = producer.attachInput(relayed);
        byte[] big = new byte[1000];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (i * 7 + 1);
        }
        out.put(3, big);
        ItemView got = in.get(3);
        relay.put(3, got);
        assertEquals(1000, got.byteSize());
        assertEquals(big[999], got.getByte(999), "the view stays open: the caller releases it");
        got.release();
        try (ItemView copy = check.get(3)) {
            assertArrayEquals(big, copy.toByteArray());
        }
        assertThrows(ItemReleasedException.class, () -> relay.put(4, got), "a released view is refused");
        assertThrows(ItemNotAvailableException.class, () -> check.get(4), "and nothing put");
    }

    @Test
    void blockingGetTimesOutWithAMiss() {
        out.put(1, bytes(1));
        long start = System.nanoTime();
        ItemNotAvailableException miss = assertThrows(ItemNotAvailableException.class,
                () -> in.get(2, 20, TimeUnit.MILLISECONDS));
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(20), "returned after the timeout");
        assertEquals(1, miss.below());
    }

    @Test
    void aGetBlockedOnADetachedConnectionFailsClearly() throws Exception {
        CompletableFuture<Throwable> failure = CompletableFuture.supplyAsync(() -> {
            try {
                in.get(Wildcard.NEWEST, 30, TimeUnit.SECONDS).close();
                return null;
            } catch (Exception e) {
                return e;
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!waiting(channel)) { // the get must be blocked before the detach, or this tests nothing
            assertTrue(System.nanoTime() < deadline, "the get never blocked");
            Thread.onSpinWait();
        }
        in.detach();
        assertTrue(failure.get(30, TimeUnit.SECONDS) instanceof SpaceTimeStateException);
    }

    private boolean waiting(SpaceTimeChannel c) {
        space.lock.lock();
        try {
            return space.lock.hasWaiters(c.arrived);
        } finally {
            space.lock.unlock();
        }
    }

    @Test
    void consumeHidesTheItemFromThisConnectionOnly() throws Exception {
        out.put(1, bytes(1));
        InputConnection other = space.join("other", 0).attachInput(channel); // at INFINITY it would start all consumed
        in.consume(1);
        assertThrows(ItemNotAvailableException.class, () -> in.get(1));
        assertEquals(1, timestampOf(other.get(1)));
        SpaceTimeStateException twice = assertThrows(SpaceTimeStateException.class, () -> in.consume(1));
        assertTrue(twice.getMessage().contains("already consumed"), twice.getMessage());
        assertThrows(SpaceTimeStateException.class, () -> in.consume(99));
    }

    @Test
    void consumeUntilConsumesGottenAndSkippedItemsAndLaterPutsBelowIt() throws Exception {
        for (long ts = 1; ts <= 5; ts++) {
            out.put(ts, bytes(ts));
        }
        timestampOf(in.get(2));
        in.consumeUntil(3);
        assertEquals(4, timestampOf(in.get(Wildcard.OLDEST)));
        assertThrows(ItemNotAvailableException.class, () -> in.get(1));
        assertThrows(ItemNotAvailableException.class, () -> in.get(3));
        SpaceTimeThread late = space.join("late", 0);
        late.attachOutput(channel).put(0, bytes(0));
        assertThrows(ItemNotAvailableException.class, () -> in.get(0), "arrives consumed");
    }

    @Test
    void consumeUntilAnOlderTimestampChangesNothing() throws Exception {
        out.put(1, bytes(1));
        out.put(5, bytes(5));
        in.consumeUntil(3);
        in.consumeUntil(2);
        assertEquals(5, timestampOf(in.get(Wildcard.OLDEST)));
    }

    @Test
    void theReadmeExampleReclaimsTheFrameOnceReleased() throws Exception {
        try (SpaceTime s = SpaceTime.create(1 << 20)) {
            SpaceTimeChannel frames = s.createChannel("frames");
            SpaceTimeThread digitizer = s.join("digitizer", 0);
            SpaceTimeThread tracker = s.join("tracker", 0);
            InputConnection trackerIn = tracker.attachInput(frames);
            tracker.setVirtualTime(SpaceTime.INFINITY);
            OutputConnection digitizerOut = digitizer.attachOutput(frames);
            digitizerOut.put(0, new byte[16]);
            digitizer.setVirtualTime(1);
            try (ItemView frame = trackerIn.get(Wildcard.LATEST_UNSEEN, 100, TimeUnit.MILLISECONDS)) {
                assertEquals(0, frame.getLong(0));
                trackerIn.consumeUntil(frame.timestamp());
                assertEquals(0, s.reclaimedItems(), "still held");
            }
            assertEquals(1, s.reclaimedItems());
            assertEquals(16, s.reclaimedBytes());
        }
    }

    @Test
    void putsFromByteBufferAndSegmentAreCopiedIn() throws Exception {
        byte[] src = bytes(8);
        out.put(8, ByteBuffer.wrap(src));
        src[0] = 99; // the caller may reuse its buffer at once
        assertEquals(8, timestampOf(in.get(8)));
    }

    @Test
    void anItemAboveTheSizeBoundIsRefusedNamingItsSize() {
        ItemTooLargeException e = assertThrows(ItemTooLargeException.class, () -> out.put(1, new byte[1025]));
        assertTrue(e.getMessage().contains("1025") && e.getMessage().contains("1024"), e.getMessage());
        out.put(1, new byte[1024]);
    }

    @Test
    void aDetachedConnectionIsRefused() {
        out.detach();
        assertThrows(SpaceTimeStateException.class, () -> out.put(1, bytes(1)));
        in.detach();
        assertThrows(SpaceTimeStateException.class, () -> in.get(1));
    }
}
