package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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

    private static InetSocketAddress loopback() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    }

    @AfterEach
    void close() {
        server.close();
        space.close();
    }

    private static byte[] bytes(long ts, int length) {
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
        while (space.reclaimedItems() < 5 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(5, space.reclaimedItems(), "the closed client's thread left; its unconsumed items died");
        assertTrue(server.sessionsClosed() >= 1);
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
