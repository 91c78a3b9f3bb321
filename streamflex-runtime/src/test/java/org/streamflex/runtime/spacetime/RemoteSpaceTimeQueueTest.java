package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120) // a guard against a hang only
class RemoteSpaceTimeQueueTest {
    private final SpaceTime space = SpaceTime.create(16 * 1024);
    private final SpaceTimeQueue tiles = space.createQueue("tiles");
    private final SpaceTimeServer server = SpaceTimeServer.open(space,
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).publish(tiles);

    @AfterEach
    void close() {
        server.close();
        space.close();
    }

    /** An item that names itself: its first 8 bytes are {@code n}, the rest follow from it. */
    private static byte[] item(long n, int length) {
        ByteBuffer b = ByteBuffer.allocate(length);
        b.putLong(n);
        while (b.hasRemaining()) {
            b.put((byte) (n * 31 + b.position()));
        }
        return b.array();
    }

    @Test
    void eachItemIsGotOnceAcrossTwoRemoteConsumersAndALocalOne() throws Exception {
        int items = 600;
        SpaceTimeThread producer = space.join("splitter", 0);
        QueueOutput out = producer.attachOutput(tiles);
        Set<Long> got = ConcurrentHashMap.newKeySet();
        List<Long> twice = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean producing = new AtomicBoolean(true);
        List<CompletableFuture<Integer>> consumers = new ArrayList<>();
        try (RemoteSpaceTime first = RemoteSpaceTime.connect(server.address());
                RemoteSpaceTime second = RemoteSpaceTime.connect(server.address())) {
            for (RemoteSpaceTime remote : List.of(first, second)) {
                RemoteQueueInput in = remote.join("worker", SpaceTime.INFINITY).attachQueueInput("tiles");
                byte[] buffer = new byte[16 * 1024];
                consumers.add(consume(() -> {
                    int length = in.get(50, TimeUnit.MILLISECONDS, buffer);
                    in.consume(in.lastTicket());
                    return Arrays.copyOf(buffer, length);
                }, got, twice, producing));
            }
            QueueInput local = space.join("local worker", SpaceTime.INFINITY).attachInput(tiles);
            consumers.add(consume(() -> {
                try (ItemView v = local.get(50, TimeUnit.MILLISECONDS)) {
                    local.consume(v.ticket());
                    return v.toByteArray();
                }
            }, got, twice, producing));
            // half the items put here, half by a remote producer: tickets in put order either way
            try (RemoteSpaceTime third = RemoteSpaceTime.connect(server.address())) {
                RemoteQueueOutput remoteOut = third.join("remote splitter", 0).attachQueueOutput("tiles");
                long lastTicket = -1;
                for (long id = 0; id < items; id++) {
                    long ticket = id % 2 == 0 ? out.put(id, item(id, 100 + (int) id))
                            : remoteOut.put(id, item(id, 100 + (int) id));
                    assertTrue(ticket > lastTicket, "tickets rise in put order, local and remote");
                    lastTicket = ticket;
                }
            }
            producing.set(false);
            int total = 0;
            for (CompletableFuture<Integer> c : consumers) {
                total += c.get(90, TimeUnit.SECONDS);
            }
            assertEquals(List.of(), twice, "items got twice");
            assertEquals(items, got.size(), "every item got");
            assertEquals(items, total);
        }
        producer.setVirtualTime(SpaceTime.INFINITY);
        assertEquals(items, space.reclaimedItems(), "each consumed once, and freed");
        assertEquals(0, server.abandonedQueueItems());
    }

    /** One get and consume of a consumer, the item's bytes returned. */
    @FunctionalInterface
    private interface Take {
        byte[] take() throws ItemNotAvailableException, InterruptedException;
    }

    /** A consumer taking items until the queue is empty after the producers stopped: how many it took. */
    private static CompletableFuture<Integer> consume(Take take, Set<Long> got, List<Long> twice,
            AtomicBoolean producing) {
        return CompletableFuture.supplyAsync(() -> {
            int n = 0;
            while (true) {
                try {
                    byte[] bytes = take.take();
                    long id = ByteBuffer.wrap(bytes).getLong(0); // big-endian, as item() wrote it
                    assertArrayEquals(item(id, 100 + (int) id), bytes);
                    if (!got.add(id)) {
                        twice.add(id);
                    }
                    n++;
                } catch (ItemNotAvailableException empty) {
                    if (!producing.get()) {
                        return n;
                    }
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        });
    }

    @Test
    void aRemoteGetWaitsForALocalPutAndNamesTheEmptyQueueOnAMiss() throws Exception {
        QueueOutput out = space.join("splitter", 0).attachOutput(tiles);
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteQueueInput in = remote.join("worker", SpaceTime.INFINITY).attachQueueInput("tiles");
            ItemNotAvailableException miss = assertThrows(ItemNotAvailableException.class, in::get);
            assertTrue(miss.getMessage().contains("tiles") && miss.getMessage().contains("empty"), miss.getMessage());
            assertEquals(ItemNotAvailableException.NONE, miss.below());
            CompletableFuture<RemoteItem> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return in.get(60, TimeUnit.SECONDS);
                } catch (ItemNotAvailableException e) {
                    throw new AssertionError(e);
                }
            });
            awaitWaitingGets(1);
            assertFalse(waiting.isDone());
            long t1 = out.put(7, item(1, 64));
            long t2 = out.put(7, item(2, 64)); // the same timestamp: the tickets tell them apart
            RemoteItem first = waiting.get(90, TimeUnit.SECONDS);
            assertEquals(t1, first.ticket(), "FIFO: the first put is the first got");
            assertEquals(7, first.timestamp());
            assertArrayEquals(item(1, 64), first.bytes());
            RemoteItem second = in.get();
            assertEquals(t2, second.ticket());
            in.consume(t1);
            in.consume(t2);
            assertThrows(ItemNotAvailableException.class, () -> in.get(1, TimeUnit.MILLISECONDS));
        }
    }

    @Test
    void theLocalRulesComeBackAsTheLocalExceptions() throws Exception {
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteThread worker = remote.join("worker", 5);
            RemoteQueueOutput out = worker.attachQueueOutput("tiles");
            RemoteQueueInput in = worker.attachQueueInput("tiles");
            assertThrows(VirtualTimeException.class, () -> out.put(4, item(4, 8)), "below the thread's visibility");
            assertThrows(ItemTooLargeException.class, () -> out.put(6, new byte[16 * 1024 + 1]));
            IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                    () -> worker.attachQueueInput("work"));
            assertTrue(unknown.getMessage().contains("no queue named work"), unknown.getMessage());
            long ticket = out.put(6, item(6, 16 * 1024)); // exactly the bound
            RemoteItem got = in.get();
            assertEquals(ticket, got.ticket());
            assertArrayEquals(item(6, 16 * 1024), got.bytes());
            worker.setVirtualTime(7);
            assertThrows(VirtualTimeException.class, () -> worker.setVirtualTime(5), "6 is open: visibility 6");
            SpaceTimeStateException open = assertThrows(SpaceTimeStateException.class, in::detach);
            assertTrue(open.getMessage().contains("tickets [" + ticket + "]"), open.getMessage());
            assertThrows(SpaceTimeStateException.class, () -> in.consume(ticket + 1), "a ticket never got");
            in.consume(ticket);
            assertThrows(SpaceTimeStateException.class, () -> in.consume(ticket), "consumed once");
            in.detach();
            // as for a channel, the server forgets a detached connection: a later use is a bad request
            SpaceTimeRemoteException gone = assertThrows(SpaceTimeRemoteException.class, in::get);
            assertTrue(gone.getMessage().contains("no queue input connection"), gone.getMessage());
            out.detach();
            gone = assertThrows(SpaceTimeRemoteException.class, () -> out.put(8, item(8, 8)));
            assertTrue(gone.getMessage().contains("no queue output connection"), gone.getMessage());
        }
    }

    @Test
    void aClientThatGoesAwayHoldingTicketsHasTheirItemsConsumedAndCounted() throws Exception {
        SpaceTimeThread producer = space.join("splitter", 0);
        QueueOutput out = producer.attachOutput(tiles);
        for (long id = 0; id < 4; id++) {
            out.put(id, item(id, 32));
        }
        producer.setVirtualTime(SpaceTime.INFINITY);
        RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address());
        RemoteQueueInput in = remote.join("worker", SpaceTime.INFINITY).attachQueueInput("tiles");
        RemoteItem kept = in.get();
        RemoteItem done = in.get();
        in.consume(done.ticket());
        RemoteItem kept2 = in.get();
        assertEquals(0, kept.timestamp());
        assertEquals(0, space.horizon(), "the open item at 0 holds the minimum");
        remote.close();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (server.abandonedQueueItems() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(2, server.abandonedQueueItems(), "tickets " + kept.ticket() + " and " + kept2.ticket());
        assertEquals(3, space.reclaimedItems(), "the consumed item and both abandoned ones are freed");
        assertEquals(3, space.horizon(), "only the item at 3 still waits");
        QueueInput local = space.join("local worker", SpaceTime.INFINITY).attachInput(tiles);
        try (ItemView last = local.get()) {
            assertEquals(3, last.timestamp(), "the abandoned items are not got again");
            local.consume(last.ticket());
        }
        assertThrows(ItemNotAvailableException.class, local::get);
    }

    @Test
    void aWaitingQueueGetIsAnsweredWithAnErrorWhenTheServerSpaceCloses() throws Exception {
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteQueueInput in = remote.join("worker", 0).attachQueueInput("tiles");
            CompletableFuture<RemoteItem> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return in.get(60, TimeUnit.SECONDS);
                } catch (ItemNotAvailableException e) {
                    throw new AssertionError(e);
                }
            });
            awaitWaitingGets(1);
            space.close(); // wakes every waiter: the get finds its space closed
            Throwable failure = assertThrows(ExecutionException.class, () -> waiting.get(90, TimeUnit.SECONDS))
                    .getCause();
            assertTrue(failure instanceof SpaceTimeStateException, String.valueOf(failure));
            assertTrue(failure.getMessage().contains("closed"), failure.getMessage());
        }
    }

    @Test
    void aGetIntoATooSmallBufferLeavesTheItemAtTheHeadOfTheQueue() throws Exception {
        QueueOutput out = space.join("splitter", 0).attachOutput(tiles);
        long ticket = out.put(3, item(3, 1000));
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteQueueInput in = remote.join("worker", SpaceTime.INFINITY).attachQueueInput("tiles");
            byte[] small = new byte[999];
            BufferTooSmallException e = assertThrows(BufferTooSmallException.class,
                    () -> in.get(1, TimeUnit.SECONDS, small));
            assertEquals(1000, e.itemBytes());
            assertEquals(999, e.bufferBytes());
            assertTrue(e.getMessage().contains("1000 bytes") && e.getMessage().contains("room for 999")
                    && e.getMessage().contains("tiles"), e.getMessage());
            assertEquals(1, tiles.waitingItems(), "not taken");
            ByteBuffer buffer = ByteBuffer.allocate(1100).position(50);
            assertEquals(1000, in.get(1, TimeUnit.SECONDS, buffer));
            assertEquals(1050, buffer.position(), "the position moved past the item");
            assertEquals(1100, buffer.limit(), "the limit kept");
            assertArrayEquals(item(3, 1000), Arrays.copyOfRange(buffer.array(), 50, 1050));
            assertEquals(ticket, in.lastTicket());
            assertEquals(3, in.lastTimestamp());
            in.consume(in.lastTicket());
            assertEquals(0, tiles.waitingItems());
        }
    }

    @Test
    void aMalformedQueueRequestIsAnsweredWithAnErrorAndTheConnectionGoesOn() throws Exception {
        try (Socket socket = new Socket(server.address().getAddress(), server.address().getPort())) {
            socket.setSoTimeout(60_000); // no hang: a missing answer fails the test
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            DataInputStream in = new DataInputStream(socket.getInputStream());
            assertEquals(SpaceTimeWire.OK, request(out, in, SpaceTimeWire.HELLO, new byte[0]).op);
            ByteBuffer join = ByteBuffer.allocate(2 + 3 + 8).putShort((short) 3).put("raw".getBytes(
                    StandardCharsets.UTF_8)).putLong(0);
            long thread = request(out, in, SpaceTimeWire.JOIN, join.array()).value;
            ByteBuffer attach = ByteBuffer.allocate(8 + 2 + 5).putLong(thread).putShort((short) 5)
                    .put("tiles".getBytes(StandardCharsets.UTF_8));
            long input = request(out, in, SpaceTimeWire.ATTACH_QUEUE_INPUT, attach.array()).value;

            Reply truncated = request(out, in, SpaceTimeWire.QUEUE_GET, ByteBuffer.allocate(8).putLong(input).array());
            assertEquals(SpaceTimeWire.E_BAD_REQUEST, truncated.code, truncated.message);
            assertTrue(truncated.message.contains("malformed QUEUE_GET"), truncated.message);
            Reply negative = request(out, in, SpaceTimeWire.QUEUE_GET, ByteBuffer.allocate(8 + 8 + 4).putLong(input)
                    .putLong(0).putInt(-1).array());
            assertEquals(SpaceTimeWire.E_ARGUMENT, negative.code, negative.message);
            assertTrue(negative.message.contains("negative room"), negative.message);
            Reply unknown = request(out, in, SpaceTimeWire.QUEUE_CONSUME, ByteBuffer.allocate(16).putLong(input + 99)
                    .putLong(0).array());
            assertTrue(unknown.message.contains("no queue input connection " + (input + 99)), unknown.message);
            long output = request(out, in, SpaceTimeWire.ATTACH_QUEUE_OUTPUT, attach.array()).value;
            Reply overlong = request(out, in, SpaceTimeWire.QUEUE_PUT, ByteBuffer.allocate(8 + 8 + 4 + 2)
                    .putLong(output).putLong(0).putInt(3).array());
            assertEquals(SpaceTimeWire.E_BAD_REQUEST, overlong.code, overlong.message);
            assertTrue(overlong.message.contains("an item of 3 bytes where 2 remain"), overlong.message);

            Reply put = request(out, in, SpaceTimeWire.QUEUE_PUT, ByteBuffer.allocate(8 + 8 + 4 + 2).putLong(output)
                    .putLong(0).putInt(2).put((byte) 7).put((byte) 8).array());
            assertEquals(SpaceTimeWire.OK, put.op, "the connection still works: " + put.message);
            assertEquals(1, tiles.waitingItems());
        }
        assertEquals(0, server.refusedConnections(), "malformed requests are answered, not refused");
    }

    /** One answer frame's fields. */
    private record Reply(int op, long value, int code, String message) {
    }

    private static Reply request(DataOutputStream out, DataInputStream in, int op, byte[] body) throws Exception {
        out.writeInt(SpaceTimeWire.HEADER_BYTES + body.length);
        out.writeByte(SpaceTimeWire.VERSION);
        out.writeByte(op);
        out.writeLong(42);
        out.write(body);
        out.flush();
        byte[] frame = new byte[in.readInt()];
        in.readFully(frame);
        ByteBuffer b = ByteBuffer.wrap(frame);
        assertEquals(SpaceTimeWire.VERSION, b.get());
        int answer = b.get();
        assertEquals(42, b.getLong(), "the request's number");
        if (answer != SpaceTimeWire.ERROR) {
            return new Reply(answer, b.getLong(), 0, null);
        }
        int code = b.get();
        b.getLong();
        b.getLong();
        byte[] message = new byte[b.getShort()];
        b.get(message);
        return new Reply(answer, 0, code, new String(message, StandardCharsets.UTF_8));
    }

    /** Waits (60 s at most) until {@code n} remote gets wait for a put on {@code tiles}. */
    private void awaitWaitingGets(int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (tiles.waitingGets() != n && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(n, tiles.waitingGets(), "remote gets waiting on tiles");
    }

    @Test
    void twoRemoteConsumersWaitingForOnePutGetItOnce() throws Exception {
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            List<RemoteQueueInput> inputs = List.of(remote.join("a", SpaceTime.INFINITY).attachQueueInput("tiles"),
                    remote.join("b", SpaceTime.INFINITY).attachQueueInput("tiles"));
            List<CompletableFuture<Long>> waiting = new ArrayList<>();
            for (RemoteQueueInput in : inputs) {
                waiting.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        return in.get(2, TimeUnit.SECONDS).ticket();
                    } catch (ItemNotAvailableException e) {
                        return -1L;
                    }
                }));
            }
            awaitWaitingGets(2);
            long ticket = space.join("splitter", 0).attachOutput(tiles).put(1, item(1, 8));
            Set<Long> answers = new HashSet<>();
            for (CompletableFuture<Long> w : waiting) {
                answers.add(w.get(90, TimeUnit.SECONDS));
            }
            assertEquals(Set.of(ticket, -1L), answers, "one got the item, the other missed at its timeout");
        }
    }
}
