package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.runtime.net.InsecureBindException;

@Timeout(120) // a guard against a hang only
class RemoteSpaceTimeTest {
    private final SpaceTime space = SpaceTime.create(16 * 1024);
    private final SpaceTimeChannel frames = space.createChannel("frames");
    private final SpaceTimeServer server = SpaceTimeServer.open(space, loopback()).publish(frames);

    static InetSocketAddress loopback() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    }

    @AfterEach
    void close() {
        server.close();
        space.close();
    }

    /** The bytes of an item of timestamp {@code ts}: every byte depends on both, so a mixed-up item shows. */
    static byte[] bytes(long ts, int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (ts * 31 + i);
        }
        return b;
    }

    @Test
    void remotePutsAreGotLocallyAndLocalPutsRemotelyBitForBit() throws Exception {
        SpaceTimeThread local = space.join("local", 0);
        InputConnection localIn = local.attachInput(frames);
        OutputConnection localOut = local.attachOutput(frames);
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            assertEquals(16 * 1024, remote.maxItemBytes());
            RemoteThread camera = remote.join("camera", 0);
            RemoteOutput out = camera.attachOutput("frames");
            RemoteInput in = camera.attachInput("frames");
            for (long ts : new long[] {3, 1, 2}) {
                out.put(ts, bytes(ts, 8192));
            }
            try (ItemView v = localIn.get(2)) {
                assertArrayEquals(bytes(2, 8192), v.toByteArray());
            }
            localOut.put(10, bytes(10, 500));
            RemoteItem item = in.get(10);
            assertEquals(10, item.timestamp());
            assertArrayEquals(bytes(10, 500), item.bytes());
            assertEquals(3, in.get(Wildcard.LATEST_UNSEEN).timestamp(), "10 was gotten: the newest unseen is 3");
            assertEquals(1, in.get(Wildcard.OLDEST).timestamp());
        }
    }

    @Test
    void aRemoteMissNamesTheNeighboursAndABlockingGetWaitsForALocalPut() throws Exception {
        SpaceTimeThread local = space.join("local", 0);
        OutputConnection localOut = local.attachOutput(frames);
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteThread tracker = remote.join("tracker", 0);
            RemoteInput in = tracker.attachInput("frames");
            localOut.put(4, bytes(4, 10));
            localOut.put(8, bytes(8, 10));
            ItemNotAvailableException miss = assertThrows(ItemNotAvailableException.class, () -> in.get(6));
            assertEquals(4, miss.below());
            assertEquals(8, miss.above());
            assertTrue(miss.getMessage().contains("frames"), miss.getMessage());
            CompletableFuture<RemoteItem> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return in.get(12, 60, TimeUnit.SECONDS);
                } catch (ItemNotAvailableException e) {
                    throw new AssertionError(e);
                }
            });
            localOut.put(12, bytes(12, 64));
            RemoteItem got = waiting.get(90, TimeUnit.SECONDS);
            assertArrayEquals(bytes(12, 64), got.bytes());
            assertThrows(ItemNotAvailableException.class, () -> in.get(13, 1, TimeUnit.MILLISECONDS),
                    "a timed get that finds nothing misses");
        }
    }

    @Test
    void aWaitingGetHoldsUpNoOtherRequestAndSkipsPutsOfOtherTimestamps() throws Exception {
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteThread tracker = remote.join("tracker", 0);
            RemoteInput in = tracker.attachInput("frames");
            RemoteThread camera = remote.join("camera", 0);
            RemoteOutput out = camera.attachOutput("frames");
            CompletableFuture<RemoteItem> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return in.get(5, 60, TimeUnit.SECONDS);
                } catch (ItemNotAvailableException e) {
                    throw new AssertionError(e);
                }
            });
            awaitWaitingGets(1);
            // The server runs requests on its one event loop: these are answered while the get
            // waits there (a get blocking the loop would hold them until its 60 s ran out), and
            // the puts at 3 and 4 wake the get, which waits again.
            out.put(3, bytes(3, 32));
            out.put(4, bytes(4, 32));
            camera.setVirtualTime(4);
            awaitWaitingGets(1);
            assertFalse(waiting.isDone(), "the get of 5 answered before 5 was put");
            out.put(5, bytes(5, 8192));
            RemoteItem got = waiting.get(90, TimeUnit.SECONDS);
            assertEquals(5, got.timestamp());
            assertArrayEquals(bytes(5, 8192), got.bytes());
            in.consume(5);
            ItemNotAvailableException miss = assertThrows(ItemNotAvailableException.class,
                    () -> in.get(7, 300, TimeUnit.MILLISECONDS), "nothing is put at 7");
            assertEquals(4, miss.below(), "the miss at the timeout names the neighbours");
            assertEquals(ItemNotAvailableException.NONE, miss.above());
        }
    }

    /** Waits (60 s at most) until {@code n} remote gets wait for a put on {@code frames}. */
    private void awaitWaitingGets(int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (frames.waitingGets() != n && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(n, frames.waitingGets(), "remote gets waiting on frames");
    }

    @Test
    void aGetWaitingWhenTheServerSpaceClosesIsAnsweredWithAnError() throws Exception {
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteInput in = remote.join("tracker", 0).attachInput("frames");
            CompletableFuture<RemoteItem> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return in.get(1, 60, TimeUnit.SECONDS);
                } catch (ItemNotAvailableException e) {
                    throw new AssertionError(e);
                }
            });
            awaitWaitingGets(1);
            space.close(); // wakes every waiter: the get finds its space closed
            Throwable failure = assertThrows(java.util.concurrent.ExecutionException.class,
                    () -> waiting.get(90, TimeUnit.SECONDS)).getCause();
            assertTrue(failure instanceof SpaceTimeException, String.valueOf(failure));
        }
    }

    @Test
    void putThenGetIsOneRequestWithBothEffects() throws Exception {
        SpaceTimeChannel answers = space.createChannel("answers");
        server.publish(answers);
        SpaceTimeThread relay = space.join("relay", 0);
        InputConnection relayIn = relay.attachInput(frames);
        OutputConnection relayOut = relay.attachOutput(answers);
        Thread relaying = Thread.ofPlatform().start(() -> {
            for (long ts = 0; ts < 3; ts++) {
                try (ItemView v = relayIn.get(ts, 60, TimeUnit.SECONDS)) {
                    byte[] b = v.toByteArray();
                    b[0] ^= (byte) 0xff; // an answer the relay made, not the request's bytes
                    relayOut.put(ts, b);
                } catch (ItemNotAvailableException | InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        });
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteThread client = remote.join("client", 0);
            RemoteOutput requests = client.attachOutput("frames");
            RemoteInput replies = client.attachInput("answers");
            long before = server.requests();
            for (long ts = 0; ts < 3; ts++) {
                RemoteItem reply = requests.putThenGet(ts, bytes(ts, 8192), replies, ts, 60, TimeUnit.SECONDS);
                byte[] expected = bytes(ts, 8192);
                expected[0] ^= (byte) 0xff;
                assertEquals(ts, reply.timestamp());
                assertArrayEquals(expected, reply.bytes());
            }
            assertEquals(before + 3, server.requests(), "one request and one answer a put and get");
            relaying.join(TimeUnit.SECONDS.toMillis(60));

            relayOut.put(20, bytes(20, 8));
            DuplicateTimestampException dup = assertThrows(DuplicateTimestampException.class,
                    () -> requests.putThenGet(2, bytes(2, 8), replies, 20, 1, TimeUnit.SECONDS));
            assertEquals("frames", dup.channel(), "the put's channel refused it");
            assertEquals(20, replies.get(Wildcard.LATEST_UNSEEN).timestamp(),
                    "after the refused put no get was made: 20 of answers is still unseen on that connection");

            // An item of exactly the space's bound: its frame, with the get's fields, is the largest taken.
            ItemNotAvailableException miss = assertThrows(ItemNotAvailableException.class,
                    () -> requests.putThenGet(9, bytes(9, 16 * 1024), replies, 9, 200, TimeUnit.MILLISECONDS));
            assertEquals(2, miss.below());
            assertEquals(20, miss.above());
            try (ItemView put = relayIn.get(9)) {
                assertArrayEquals(bytes(9, 16 * 1024), put.toByteArray(), "the put was made though the get missed");
            }
            try (RemoteSpaceTime other = RemoteSpaceTime.connect(server.address())) {
                RemoteInput elsewhere = other.join("other", 0).attachInput("answers");
                assertThrows(IllegalArgumentException.class,
                        () -> requests.putThenGet(10, bytes(10, 4), elsewhere, 10, 1, TimeUnit.SECONDS));
            }
        }
    }

    @Test
    void theServersRulesComeBackAsTheLocalExceptions() throws Exception {
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteThread camera = remote.join("camera", 5);
            RemoteOutput out = camera.attachOutput("frames");
            out.put(5, bytes(5, 4));
            DuplicateTimestampException dup = assertThrows(DuplicateTimestampException.class,
                    () -> out.put(5, bytes(5, 4)));
            assertEquals("frames", dup.channel());
            assertEquals(5, dup.timestamp());
            assertThrows(VirtualTimeException.class, () -> out.put(4, bytes(4, 4)), "below the thread's visibility");
            assertThrows(VirtualTimeException.class, () -> camera.setVirtualTime(4));
            assertThrows(ItemTooLargeException.class, () -> out.put(6, new byte[16 * 1024 + 1]));
            IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                    () -> camera.attachInput("audio"));
            assertTrue(unknown.getMessage().contains("no channel named audio"), unknown.getMessage());
            RemoteInput in = camera.attachInput("frames");
            assertThrows(SpaceTimeStateException.class, () -> in.consume(99), "nothing at 99 to consume");
            camera.setVirtualTime(6);
            out.put(6, bytes(6, 4)); // the connection still works after every refusal
            assertEquals(6, camera.virtualTime());
            out.put(7, bytes(7, 16 * 1024)); // exactly the bound: its frame is the largest the server takes
            assertArrayEquals(bytes(7, 16 * 1024), in.get(7).bytes());
        }
    }

    @Test
    void remoteConsumesLetTheLocalCollectorFreeItems() throws Exception {
        SpaceTimeThread producer = space.join("producer", 0);
        OutputConnection out = producer.attachOutput(frames);
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteThread tracker = remote.join("tracker", 0);
            RemoteInput in = tracker.attachInput("frames");
            tracker.setVirtualTime(SpaceTime.INFINITY);
            for (long ts = 0; ts < 10; ts++) {
                out.put(ts, bytes(ts, 100));
            }
            producer.setVirtualTime(10);
            long before = space.reclaimedItems();
            RemoteItem newest = in.get(Wildcard.NEWEST);
            assertEquals(9, newest.timestamp());
            assertEquals(before, space.reclaimedItems(), "nothing is consumed yet: every item is still gettable");
            in.consumeUntil(9);
            assertEquals(before + 10, space.reclaimedItems(), "all ten are below the minimum once consumed");
        }
    }

    @Test
    void aClientThatGoesAwayLeavesAndNoLongerHoldsTheMinimumBack() throws Exception {
        SpaceTimeThread producer = space.join("producer", 0);
        OutputConnection out = producer.attachOutput(frames);
        RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address());
        RemoteThread slow = remote.join("slow", 0);
        slow.attachInput("frames");
        slow.setVirtualTime(SpaceTime.INFINITY);
        for (long ts = 0; ts < 5; ts++) {
            out.put(ts, bytes(ts, 100));
        }
        producer.setVirtualTime(SpaceTime.INFINITY);
        assertEquals(0, space.reclaimedItems(), "the remote input has consumed none of them");
        remote.close();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        // The session is counted after its threads have left (and the items died), so wait for both.
        while ((space.reclaimedItems() < 5 || server.sessionsClosed() < 1) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(5, space.reclaimedItems(), "the closed client's thread left; its unconsumed items died");
        assertEquals(1, server.sessionsClosed(), "the closed client's session is counted once");
        SpaceTimeRemoteException closed = assertThrows(SpaceTimeRemoteException.class, () -> slow.setVirtualTime(1));
        assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
    }

    @Test
    void aPeerOfAnotherProtocolVersionIsRefusedAndCounted() throws Exception {
        try (Socket socket = new Socket(server.address().getAddress(), server.address().getPort())) {
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            out.writeInt(SpaceTimeWire.HEADER_BYTES);
            out.writeByte(SpaceTimeWire.VERSION + 1);
            out.writeByte(SpaceTimeWire.HELLO);
            out.writeLong(1);
            out.flush();
            byte[] answer = socket.getInputStream().readAllBytes(); // the server answers, then closes
            String text = new String(answer, java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(text.contains("protocol version " + SpaceTimeWire.VERSION), text);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (server.refusedConnections() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(1, server.refusedConnections());
    }

    @Test
    void aNonLoopbackAddressIsRefusedWithoutTls() {
        InsecureBindException e = assertThrows(InsecureBindException.class,
                () -> SpaceTimeServer.open(space, new InetSocketAddress("0.0.0.0", 0)));
        assertTrue(e.getMessage().contains("space-time clients"), e.getMessage());
    }
}
