package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link InputConnection#getAsync}: a get whose handler runs on the thread of the put that brings the item. */
@Timeout(120) // a guard against a hang only
class AsyncGetTest {
    private final SpaceTime space = SpaceTime.create(8192);
    private final SpaceTimeChannel frames = space.createChannel("frames");
    private final SpaceTimeThread producer = space.join("producer", 0);
    private final OutputConnection out = producer.attachOutput(frames);
    private final SpaceTimeThread tracker = space.join("tracker", 0);
    private final InputConnection in = tracker.attachInput(frames);

    @AfterEach
    void close() {
        space.close();
    }

    private static byte[] bytes(long ts, int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (ts * 31 + i);
        }
        return b;
    }

    /** What a handler saw: its thread, whether it held the space's lock, the item's timestamp and bytes. */
    private record Seen(Thread thread, boolean underLock, long timestamp, ByteBuffer bytes) {
    }

    private ItemHandler recordInto(List<Seen> seen) {
        return item -> {
            try (item) {
                seen.add(new Seen(Thread.currentThread(), space.lock.isHeldByCurrentThread(), item.timestamp(),
                        ByteBuffer.wrap(item.toByteArray())));
            }
        };
    }

    @Test
    void anItemAlreadyThereIsHandledAtOnceOnTheCallersThread() {
        out.put(3, bytes(3, 100));
        List<Seen> seen = new ArrayList<>();
        in.getAsync(3, recordInto(seen));
        assertEquals(1, seen.size(), "handled before getAsync returned");
        assertSame(Thread.currentThread(), seen.getFirst().thread());
        assertFalse(seen.getFirst().underLock(), "a handler never runs under the space's lock");
        assertEquals(ByteBuffer.wrap(bytes(3, 100)), seen.getFirst().bytes());
        assertFalse(in.cancelGetAsync(), "nothing left waiting");
    }

    @Test
    void aWaitingGetIsHandledByThePuttingThreadOnceThePutReleasedTheLock() throws Exception {
        List<Seen> seen = new ArrayList<>();
        in.getAsync(5, recordInto(seen));
        assertTrue(seen.isEmpty());
        assertEquals(1, frames.waitingGets());
        Thread putter = Thread.ofPlatform().name("putter").start(() -> {
            out.put(4, bytes(4, 10)); // another timestamp: the get waits on
            out.put(5, bytes(5, 8192));
        });
        putter.join();
        assertEquals(1, seen.size(), "the put of 5 ran the handler before it returned");
        assertSame(putter, seen.getFirst().thread(), "the handler ran on the putting thread");
        assertFalse(seen.getFirst().underLock(), "a handler never runs under the space's lock");
        assertEquals(5, seen.getFirst().timestamp());
        assertEquals(ByteBuffer.wrap(bytes(5, 8192)), seen.getFirst().bytes());
        assertEquals(0, frames.waitingGets());
        ItemView again = in.get(Wildcard.OLDEST);
        assertEquals(4, again.timestamp(), "4 is still unseen; 5 was got (open until consumed)");
        again.release();
    }

    @Test
    void theItemIsOpenedAtThePutSoItHoldsTheThreadsVisibilityUntilConsumed() throws Exception {
        AtomicReference<Long> visibilityInHandler = new AtomicReference<>();
        in.getAsync(7, item -> {
            try (item) {
                tracker.setVirtualTime(SpaceTime.INFINITY - 1);
                visibilityInHandler.set(tracker.visibility());
            }
        });
        out.put(7, bytes(7, 8));
        assertEquals(7, visibilityInHandler.get(), "the open item bounds the thread's visibility");
        producer.setVirtualTime(SpaceTime.INFINITY);
        assertEquals(1, frames.liveItems(), "not collected while open and unconsumed");
        long reclaimed = space.reclaimedItems();
        in.consume(7);
        assertEquals(reclaimed + 1, space.reclaimedItems(), "freed once consumed");
    }

    @Test
    void aSecondGetWhileOneWaitsIsRefusedAndAWaitingGetCanBeCancelled() {
        List<Seen> seen = new ArrayList<>();
        in.getAsync(2, recordInto(seen));
        SpaceTimeStateException twice = assertThrows(SpaceTimeStateException.class,
                () -> in.getAsync(3, recordInto(seen)));
        assertTrue(twice.getMessage().contains("tracker") && twice.getMessage().contains("frames")
                && twice.getMessage().contains("timestamp 2"), twice.getMessage());
        assertTrue(in.cancelGetAsync());
        assertEquals(0, frames.waitingGets());
        out.put(2, bytes(2, 4));
        assertTrue(seen.isEmpty(), "a cancelled get is not handled");
        in.getAsync(2, recordInto(seen));
        assertEquals(1, seen.size(), "the connection may get asynchronously again");
    }

    @Test
    void aWaitingGetEndsWithoutItsHandlerWhenTheConnectionDetachesOrTheSpaceCloses() {
        List<Seen> seen = new ArrayList<>();
        in.getAsync(2, recordInto(seen));
        in.detach();
        assertEquals(0, frames.waitingGets(), "the detach ended the get");
        assertFalse(in.cancelGetAsync());
        InputConnection other = space.join("other", 0).attachInput(frames);
        other.getAsync(9, recordInto(seen));
        space.close();
        assertEquals(0, frames.waitingGets(), "the close ended the get");
        assertTrue(seen.isEmpty());
        assertThrows(SpaceTimeStateException.class, () -> other.getAsync(9, recordInto(seen)));
    }

    @Test
    void aHandlerThatThrowsFailsNotThePutAndHasItsItemReleasedAndCounted() {
        AtomicReference<ItemView> got = new AtomicReference<>();
        in.getAsync(1, item -> {
            got.set(item);
            throw new IllegalStateException("the handler's own bug");
        });
        out.put(1, bytes(1, 16)); // does not throw
        assertEquals(1, in.asyncHandlerFailures());
        assertThrows(ItemReleasedException.class, () -> got.get().release(), "the view was released for it");
        in.consume(1);
        tracker.setVirtualTime(SpaceTime.INFINITY);
        producer.setVirtualTime(SpaceTime.INFINITY);
        assertEquals(0, frames.liveItems());
        assertEquals(1, space.reclaimedItems());
    }

    @Test
    void aRelayThatStartsItsNextGetFromItsHandlerPassesEveryItemOnThePuttersThread() throws Exception {
        SpaceTimeChannel results = space.createChannel("results");
        OutputConnection resultOut = tracker.attachOutput(results);
        SpaceTimeThread sink = space.join("sink", 0);
        InputConnection resultIn = sink.attachInput(results);
        List<Thread> threads = new ArrayList<>();
        in.getAsync(0, new ItemHandler() {
            @Override
            public void onItem(ItemView item) {
                long ts = item.timestamp();
                threads.add(Thread.currentThread());
                try (item) {
                    resultOut.put(ts, item);
                }
                in.consume(ts);
                tracker.setVirtualTime(ts + 1);
                in.getAsync(ts + 1, this);
            }
        });
        int n = 200;
        Thread putter = Thread.ofPlatform().name("putter").start(() -> {
            for (long ts = 0; ts < n; ts++) {
                out.put(ts, bytes(ts, (int) (ts * 40 % 8193)));
                producer.setVirtualTime(ts + 1);
            }
        });
        putter.join();
        assertEquals(n, threads.size());
        assertTrue(threads.stream().allMatch(t -> t == putter), "every handler ran on the putting thread");
        for (long ts = 0; ts < n; ts++) {
            try (ItemView v = resultIn.get(ts)) {
                assertArrayEquals(bytes(ts, (int) (ts * 40 % 8193)), v.toByteArray(), "item " + ts);
            }
            resultIn.consume(ts);
        }
        sink.setVirtualTime(SpaceTime.INFINITY);
        assertEquals(0, frames.liveItems(), "every relayed item collected");
        assertTrue(in.cancelGetAsync(), "the get of " + n + " still waits");
    }
}
