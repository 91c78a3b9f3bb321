package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120) // a guard against a hang only
class RemoteSpaceTimeRegisterTest {
    private final SpaceTime space = SpaceTime.create(4096);
    private final SpaceTimeRegister done = space.createRegister("done");
    private final SpaceTimeServer server = SpaceTimeServer.open(space,
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).publish(done);

    @AfterEach
    void close() {
        server.close();
        space.close();
    }

    @Test
    void aRemoteWriteFillsEveryConnectionAndEachReadEmptiesOnlyItsOwn() throws Exception {
        RegisterConnection local = space.join("local", 0).attach(done);
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteRegisterConnection writer = remote.join("writer", 0).attachRegister("done");
            RemoteRegisterConnection reader = remote.join("reader", 0).attachRegister("done");
            assertFalse(reader.isFull(), "never written");
            byte[] buffer = new byte[64];
            assertThrows(ItemNotAvailableException.class, () -> reader.readNew(buffer, 0, TimeUnit.SECONDS));
            writer.write(new byte[] {1, 2, 3});
            assertTrue(reader.isFull());
            assertTrue(local.isFull(), "a remote write fills local connections too");
            assertEquals(3, reader.readNew(buffer, 0, TimeUnit.SECONDS));
            assertArrayEquals(new byte[] {1, 2, 3}, Arrays.copyOf(buffer, 3));
            assertFalse(reader.isFull(), "its read emptied it");
            ItemNotAvailableException empty = assertThrows(ItemNotAvailableException.class,
                    () -> reader.readNew(buffer, 10, TimeUnit.MILLISECONDS), "one read per write");
            assertTrue(empty.getMessage().contains("register done") && empty.getMessage().contains("empty"),
                    empty.getMessage());
            byte[] localBuffer = new byte[64];
            assertEquals(3, local.readNew(localBuffer, 0, TimeUnit.SECONDS), "the local connection is still full");
            writer.write(new byte[] {4});
            writer.write(new byte[] {5, 6}); // a write overwrites: the reader sees the last
            ByteBuffer into = ByteBuffer.allocate(10).position(2);
            assertEquals(2, reader.readNew(into, 0, TimeUnit.SECONDS));
            assertEquals(4, into.position());
            assertEquals(5, into.get(2));
            assertEquals(6, into.get(3));
            IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                    () -> remote.join("x", 0).attachRegister("undone"));
            assertTrue(unknown.getMessage().contains("no register named undone"), unknown.getMessage());
        }
    }

    @Test
    void aRemoteReadWaitsForALocalWriteWithoutHoldingUpOtherRequests() throws Exception {
        RegisterConnection local = space.join("local", 0).attach(done);
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteRegisterConnection reader = remote.join("reader", 0).attachRegister("done");
            RemoteRegisterConnection other = remote.join("other", 0).attachRegister("done");
            CompletableFuture<byte[]> waiting = CompletableFuture.supplyAsync(() -> {
                byte[] b = new byte[16];
                try {
                    return Arrays.copyOf(b, reader.readNew(b, 60, TimeUnit.SECONDS));
                } catch (ItemNotAvailableException e) {
                    throw new AssertionError(e);
                }
            });
            awaitWaitingReads(1);
            assertFalse(other.isFull(), "answered while the read waits on the same event loop");
            assertFalse(waiting.isDone());
            local.write(new byte[] {9, 8});
            assertArrayEquals(new byte[] {9, 8}, waiting.get(90, TimeUnit.SECONDS));
            assertTrue(other.isFull());
            assertThrows(ItemNotAvailableException.class, () -> reader.readNew(new byte[16], 20,
                    TimeUnit.MILLISECONDS), "the wait ends with a miss at its timeout");
            assertEquals(0, done.waitingReads(), "the timed-out read no longer waits");
        }
    }

    @Test
    void aReadIntoATooSmallBufferLeavesTheConnectionFull() throws Exception {
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteRegisterConnection c = remote.join("reader", 0).attachRegister("done");
            c.write(new byte[100]);
            BufferTooSmallException e = assertThrows(BufferTooSmallException.class,
                    () -> c.readNew(new byte[99], 0, TimeUnit.SECONDS));
            assertEquals(100, e.itemBytes());
            assertEquals(99, e.bufferBytes());
            assertTrue(e.getMessage().contains("register done holds 100 bytes; the buffer has room for 99"),
                    e.getMessage());
            assertTrue(c.isFull(), "nothing was read");
            assertEquals(100, c.readNew(new byte[100], 0, TimeUnit.SECONDS));
            assertThrows(ItemTooLargeException.class, () -> c.write(new byte[4097]));
        }
    }

    @Test
    void aWaitingReadIsAnsweredWithAnErrorWhenTheServerSpaceCloses() throws Exception {
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteRegisterConnection reader = remote.join("reader", 0).attachRegister("done");
            CompletableFuture<Integer> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return reader.readNew(new byte[16], 60, TimeUnit.SECONDS);
                } catch (ItemNotAvailableException e) {
                    throw new AssertionError(e);
                }
            });
            awaitWaitingReads(1);
            space.close();
            Throwable failure = assertThrows(ExecutionException.class, () -> waiting.get(90, TimeUnit.SECONDS))
                    .getCause();
            assertTrue(failure instanceof SpaceTimeStateException, String.valueOf(failure));
        }
    }

    private void awaitWaitingReads(int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (done.waitingReads() != n && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(n, done.waitingReads(), "remote reads waiting on done");
    }
}
