package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.streamflex.runtime.spacetime.RemoteSpaceTimeTest.bytes;
import static org.streamflex.runtime.spacetime.RemoteSpaceTimeTest.loopback;

import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Gets completed on the server's event loop by the put that brings their item: a local relay's
 * {@link InputConnection#getAsync} handler run by a remote put, and remote gets waiting there
 * answered by a later put of the same loop, their timeouts still honoured.
 */
@Timeout(120) // a guard against a hang only
class RemoteRelayOnPutTest {
    private final SpaceTime space = SpaceTime.create(8192);
    private final SpaceTimeChannel ping = space.createChannel("ping");
    private final SpaceTimeChannel pong = space.createChannel("pong");
    private final SpaceTimeServer server = SpaceTimeServer.open(space, loopback()).publish(ping).publish(pong);
    /** The threads the relay's handler ran on. */
    private final Set<Long> relayThreads = ConcurrentHashMap.newKeySet();

    @AfterEach
    void close() {
        server.close();
        space.close();
    }

    /** A thread of the space that passes each item of ping on to pong, from the thread that put it. */
    private SpaceTimeThread startRelay() {
        SpaceTimeThread echo = space.join("echo", 0);
        InputConnection in = echo.attachInput(ping);
        OutputConnection out = echo.attachOutput(pong);
        in.getAsync(0, new ItemHandler() {
            @Override
            public void onItem(ItemView item) {
                long ts = item.timestamp();
                relayThreads.add(Thread.currentThread().threadId());
                try (item) {
                    out.put(ts, item);
                }
                in.consume(ts);
                echo.setVirtualTime(ts + 1);
                in.getAsync(ts + 1, this);
            }
        });
        return echo;
    }

    @Test
    void aRelayRunOnTheRemotePutsEventLoopAnswersPutThenGetAndPutGetBitForBit() throws Exception {
        SpaceTimeThread echo = startRelay();
        int n = 300;
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteThread pinger = remote.join("pinger", 0);
            RemoteOutput out = pinger.attachOutput("ping");
            RemoteInput in = pinger.attachInput("pong");
            byte[] back = new byte[8192];
            for (long ts = 0; ts < n; ts++) {
                int size = (int) (ts * 97 % 8193);
                int length;
                if (ts % 2 == 0) {
                    length = out.putThenGet(ts, bytes(ts, size), in, ts, 60, TimeUnit.SECONDS, back);
                } else {
                    out.put(ts, bytes(ts, size));
                    length = in.get(ts, 60, TimeUnit.SECONDS, back);
                }
                assertEquals(size, length, "item " + ts);
                assertArrayEquals(bytes(ts, size), Arrays.copyOf(back, length), "item " + ts);
                in.consume(ts);
                pinger.setVirtualTime(ts + 1);
            }
        }
        assertEquals(Set.of(server.eventLoopThreadId()), relayThreads,
                "every item was relayed on the server's event loop, which put it");
        echo.setVirtualTime(SpaceTime.INFINITY);
        assertEquals(0, ping.liveItems(), "every item of ping consumed and collected");
        assertEquals(0, pong.liveItems(), "every item of pong consumed and collected");
    }

    @Test
    void aRemoteGetWaitingOnPongIsAnsweredByTheRelayRunOnAnotherClientsPutOfPing() throws Exception {
        startRelay();
        try (RemoteSpaceTime getter = RemoteSpaceTime.connect(server.address());
                RemoteSpaceTime putter = RemoteSpaceTime.connect(server.address())) {
            RemoteInput in = getter.join("tracker", 0).attachInput("pong");
            RemoteOutput out = putter.join("camera", 0).attachOutput("ping");
            CompletableFuture<RemoteItem> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return in.get(0, 60, TimeUnit.SECONDS);
                } catch (ItemNotAvailableException e) {
                    throw new AssertionError("the waiting get was never completed by the relay's put", e);
                }
            });
            awaitWaitingGets(pong, 1);
            out.put(0, bytes(0, 8192));
            RemoteItem got = waiting.get(90, TimeUnit.SECONDS);
            assertEquals(0, got.timestamp());
            assertArrayEquals(bytes(0, 8192), got.bytes());
        }
    }

    @Test
    void aWaitingRemoteGetIsCompletedByALaterPutOnTheSameLoopAndItsTimeoutStillHolds() throws Exception {
        try (RemoteSpaceTime getter = RemoteSpaceTime.connect(server.address());
                RemoteSpaceTime putter = RemoteSpaceTime.connect(server.address())) {
            RemoteInput in = getter.join("tracker", 0).attachInput("pong");
            RemoteThread camera = putter.join("camera", 0);
            RemoteOutput out = camera.attachOutput("pong");
            CompletableFuture<RemoteItem> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return in.get(5, 60, TimeUnit.SECONDS);
                } catch (ItemNotAvailableException e) {
                    throw new AssertionError("the waiting get was never completed by the put of 5", e);
                }
            });
            awaitWaitingGets(pong, 1);
            out.put(3, bytes(3, 16)); // tries the get again on the loop: it waits on
            awaitWaitingGets(pong, 1);
            assertFalse(waiting.isDone(), "the get of 5 answered before 5 was put");
            out.put(5, bytes(5, 4000));
            RemoteItem got = waiting.get(90, TimeUnit.SECONDS);
            assertEquals(5, got.timestamp());
            assertArrayEquals(bytes(5, 4000), got.bytes());
            CompletableFuture<ItemNotAvailableException> timedOut = CompletableFuture.supplyAsync(() ->
                    assertThrows(ItemNotAvailableException.class, () -> in.get(7, 500, TimeUnit.MILLISECONDS)));
            awaitWaitingGets(pong, 1);
            out.put(6, bytes(6, 16)); // a wake-up on the loop that does not answer the get of 7
            ItemNotAvailableException miss = timedOut.get(90, TimeUnit.SECONDS);
            assertEquals(6, miss.below(), "the miss at the timeout names the neighbours, 6 included");
            assertEquals(ItemNotAvailableException.NONE, miss.above());
            assertEquals(0, pong.waitingGets(), "nothing left registered after the timeout");
            assertTrue(pong.liveItems() >= 3);
        }
    }

    /** Waits (60 s at most) until {@code n} remote gets wait for a put on {@code channel}. */
    private static void awaitWaitingGets(SpaceTimeChannel channel, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (channel.waitingGets() != n && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(n, channel.waitingGets(), "remote gets waiting on " + channel.name());
    }
}
