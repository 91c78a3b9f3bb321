package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.streamflex.runtime.spacetime.RemoteSpaceTimeTest.bytes;
import static org.streamflex.runtime.spacetime.RemoteSpaceTimeTest.loopback;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120) // a guard against a hang only
class RemoteGetIntoBufferTest {
    private static final int ITEM = 8192;

    private final SpaceTime space = SpaceTime.create(16 * 1024);
    private final SpaceTimeChannel frames = space.createChannel("frames");
    private final SpaceTimeServer server = SpaceTimeServer.open(space, loopback()).publish(frames);
    private final OutputConnection out = space.join("camera", 0).attachOutput(frames);

    @AfterEach
    void close() {
        server.close();
        space.close();
    }

    @Test
    void aGetIntoATooSmallBufferNamesBothSizesAndLeavesTheItemOpenForAGetByTimestamp() throws Exception {
        out.put(10, bytes(10, 500));
        out.put(11, bytes(11, 20));
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteInput in = remote.join("tracker", 0).attachInput("frames");
            BufferTooSmallException e = assertThrows(BufferTooSmallException.class,
                    () -> in.get(10, 1, TimeUnit.SECONDS, new byte[499]));
            assertEquals(500, e.itemBytes());
            assertEquals(499, e.bufferBytes());
            assertTrue(e.getMessage().contains("channel frames") && e.getMessage().contains("timestamp 10")
                    && e.getMessage().contains("500 bytes") && e.getMessage().contains("room for 499"), e.getMessage());
            byte[] buffer = new byte[600];
            assertEquals(500, in.get(10, 1, TimeUnit.SECONDS, buffer), "still there: get it again by its timestamp");
            assertArrayEquals(bytes(10, 500), Arrays.copyOf(buffer, 500));
            assertEquals(600, buffer.length);
            ByteBuffer direct = ByteBuffer.allocateDirect(64).position(4);
            assertEquals(20, in.get(Wildcard.LATEST_UNSEEN, 1, TimeUnit.SECONDS, direct));
            assertEquals(11, in.lastTimestamp(), "a wildcard get into a buffer tells which item it copied");
            assertEquals(24, direct.position());
            byte[] got = new byte[20];
            direct.get(4, got);
            assertArrayEquals(bytes(11, 20), got);
            assertThrows(IllegalArgumentException.class,
                    () -> in.get(11, 1, TimeUnit.SECONDS, ByteBuffer.allocate(64).asReadOnlyBuffer()));
            in.consumeUntil(11);
            assertThrows(ItemNotAvailableException.class, () -> in.get(12, 1, TimeUnit.MILLISECONDS, buffer));
        }
    }

    /**
     * A get into the caller's buffer, in steady state, allocates nothing on the caller's thread: its
     * call, request frame and hand-off task are the connection's, used again. A one-off allocation
     * (a deoptimization, a compilation finishing late on a loaded machine) may spoil one window, so
     * windows are tried again for up to 30 s (three at least); one must be clean. An allocation per
     * call would show in every window. The event loops' bytes are printed, not asserted: what is
     * left there is Netty's and the JDK's (runtime README, "Across JVMs").
     */
    @Test
    void aGetIntoACallersBufferAllocatesNothingOnTheCallersThreadInSteadyState() throws Exception {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        out.put(5, bytes(5, ITEM));
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteInput in = remote.join("tracker", 0).attachInput("frames");
            byte[] buffer = new byte[ITEM];
            long clientLoop = remote.eventLoopThreadId();
            long serverLoop = server.eventLoopThreadId();
            int gets = 2000;
            for (int i = 0; i < 20_000; i++) { // warm-up: the JIT compiles the path
                in.get(5, 1, TimeUnit.SECONDS, buffer);
            }
            long caller = -1;
            long giveUpAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            for (int attempt = 0; caller != 0 && (attempt < 3 || System.nanoTime() < giveUpAt); attempt++) {
                long client = threads.getThreadAllocatedBytes(clientLoop);
                long serverBytes = threads.getThreadAllocatedBytes(serverLoop);
                long before = threads.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < gets; i++) {
                    in.get(5, 1, TimeUnit.SECONDS, buffer);
                }
                caller = threads.getCurrentThreadAllocatedBytes() - before;
                client = threads.getThreadAllocatedBytes(clientLoop) - client;
                serverBytes = threads.getThreadAllocatedBytes(serverLoop) - serverBytes;
                System.out.println("heap bytes per remote get into a buffer: caller " + (double) caller / gets
                        + ", client event loop " + client / gets + ", server event loop " + serverBytes / gets);
            }
            assertArrayEquals(bytes(5, ITEM), buffer);
            assertEquals(0, caller, "heap bytes the caller's thread allocated over " + gets + " gets into its buffer");
        }
    }

    /**
     * Heap bytes per remote get of an 8 KiB item, over the whole JVM (the caller, the client's event
     * loop, the server's): a get into the caller's buffer allocates no item array, a copying get does.
     */
    @Test
    void aGetIntoACallersBufferAllocatesNoItemArray() throws Exception {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        out.put(5, bytes(5, ITEM));
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteInput in = remote.join("tracker", 0).attachInput("frames");
            byte[] buffer = new byte[ITEM];
            int gets = 2000;
            long copying = 0;
            long into = 0;
            for (int round = 0; round < 2; round++) { // the first round warms up; the second is measured
                long before = threads.getTotalThreadAllocatedBytes();
                for (int i = 0; i < gets; i++) {
                    assertEquals(ITEM, in.get(5).bytes().length); // open, not consumed: gettable again
                }
                copying = (threads.getTotalThreadAllocatedBytes() - before) / gets;
                before = threads.getTotalThreadAllocatedBytes();
                for (int i = 0; i < gets; i++) {
                    assertEquals(ITEM, in.get(5, 1, TimeUnit.SECONDS, buffer));
                }
                into = (threads.getTotalThreadAllocatedBytes() - before) / gets;
            }
            assertArrayEquals(bytes(5, ITEM), buffer);
            System.out.println("heap bytes per remote get of " + ITEM + " bytes, whole JVM: copying " + copying
                    + ", into the caller's buffer " + into);
            assertTrue(copying >= ITEM, copying + " bytes per copying get: it allocates its item array");
            assertTrue(into < ITEM / 4, into + " bytes per get into a buffer: no item array");
        }
    }

    /**
     * A relay thread of the server's space, as Stampede's measurement has: each item of {@code from}
     * put again on {@code to} at its timestamp, straight from the got item's memory
     * ({@link OutputConnection#put(long, ItemView)}), then consumed; until {@code count} items.
     */
    private Thread relay(SpaceTimeChannel from, SpaceTimeChannel to, int count) {
        SpaceTimeThread echo = space.join("echo", 0);
        InputConnection in = echo.attachInput(from);
        OutputConnection back = echo.attachOutput(to);
        return Thread.ofPlatform().name("relay").start(() -> {
            try {
                for (long ts = 0; ts < count; ts++) {
                    try (ItemView item = in.get(ts, 30, TimeUnit.SECONDS)) {
                        back.put(ts, item);
                    }
                    in.consume(ts);
                    echo.setVirtualTime(ts + 1);
                }
            } catch (ItemNotAvailableException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** Sizes around the buffers' boundaries (Netty's, the slot pool's classes, the frame's first 64 bytes). */
    private static int[] sizesAroundBoundaries() {
        java.util.List<Integer> sizes = new java.util.ArrayList<>(java.util.List.of(0, 1));
        for (int power = 3; power <= 14; power++) {
            for (int delta = -1; delta <= 1; delta++) {
                sizes.add((1 << power) + delta);
            }
        }
        sizes.set(sizes.size() - 1, 16 * 1024 - 30); // the space's bound is 16 KiB: a whole frame near it instead
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void putThenGetIntoACallersBufferCarriesEverySizeAroundBufferBoundariesIntact() throws Exception {
        SpaceTimeChannel ping = space.createChannel("ping");
        SpaceTimeChannel pong = space.createChannel("pong");
        server.publish(ping).publish(pong);
        int[] sizes = sizesAroundBoundaries();
        Thread relay = relay(ping, pong, sizes.length * 3);
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteThread pinger = remote.join("pinger", 0);
            RemoteOutput requests = pinger.attachOutput("ping");
            RemoteInput answers = pinger.attachInput("pong");
            byte[] buffer = new byte[16 * 1024 + 1];
            long ts = 0;
            for (int size : sizes) {
                byte[] sent = bytes(ts, size);
                Arrays.fill(buffer, (byte) 0x5A);
                assertEquals(size, requests.putThenGet(ts, sent, answers, ts, 30, TimeUnit.SECONDS, buffer),
                        "putThenGet into a buffer, " + size + " bytes");
                assertArrayEquals(sent, Arrays.copyOf(buffer, size), size + " bytes into the caller's buffer");
                assertEquals((byte) 0x5A, buffer[size], "nothing written past the item's " + size + " bytes");
                assertEquals(ts, answers.lastTimestamp());
                ts++;
                sent = bytes(ts, size);
                assertArrayEquals(sent, requests.putThenGet(ts, sent, answers, ts, 30, TimeUnit.SECONDS).bytes(),
                        "copying putThenGet, " + size + " bytes");
                ts++;
                sent = bytes(ts, size);
                requests.put(ts, sent);
                assertEquals(size, answers.get(ts, 30, TimeUnit.SECONDS, buffer), "put, then get, " + size + " bytes");
                assertArrayEquals(sent, Arrays.copyOf(buffer, size), "put, then get into a buffer, " + size + " bytes");
                answers.consumeUntil(ts);
                pinger.setVirtualTime(ts + 1);
                ts++;
            }
        }
        relay.join(TimeUnit.SECONDS.toMillis(30));
        assertTrue(!relay.isAlive(), "the relay passed every item on");
    }

    @Test
    void putThenGetIntoATooSmallBufferNamesTheInputsChannelAndBothSizesAndMakesThePut() throws Exception {
        SpaceTimeChannel answers = space.createChannel("answers");
        server.publish(answers);
        OutputConnection local = space.join("answerer", 0).attachOutput(answers);
        local.put(3, bytes(3, 700));
        InputConnection check = space.join("check", 0).attachInput(frames);
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteThread caller = remote.join("caller", 0);
            RemoteOutput requests = caller.attachOutput("frames");
            RemoteInput in = caller.attachInput("answers");
            BufferTooSmallException e = assertThrows(BufferTooSmallException.class,
                    () -> requests.putThenGet(3, bytes(3, 40), in, 3, 1, TimeUnit.SECONDS, new byte[699]));
            assertEquals(700, e.itemBytes());
            assertEquals(699, e.bufferBytes());
            assertTrue(e.getMessage().contains("channel answers"), e.getMessage());
            try (ItemView put = check.get(3)) {
                assertArrayEquals(bytes(3, 40), put.toByteArray(), "the put was made");
            }
            byte[] buffer = new byte[700];
            assertEquals(700, in.get(3, 1, TimeUnit.SECONDS, buffer), "the item is open: got again by timestamp");
            assertArrayEquals(bytes(3, 700), buffer);
        }
    }

    /**
     * As {@link #aGetIntoACallersBufferAllocatesNothingOnTheCallersThreadInSteadyState}, for a
     * {@code putThenGet} into the caller's buffer and a put of an array: neither allocates on the
     * caller's thread in steady state (no wrapper of the array, no lambda, no item array).
     */
    @Test
    void putThenGetIntoACallersBufferAndAPutAllocateNothingOnTheCallersThreadInSteadyState() throws Exception {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        SpaceTimeChannel answers = space.createChannel("answers");
        server.publish(answers);
        space.join("answerer", 0).attachOutput(answers).put(5, bytes(5, ITEM));
        try (RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address())) {
            RemoteThread thread = remote.join("caller", 0);
            RemoteOutput requests = thread.attachOutput("frames");
            RemoteInput in = thread.attachInput("answers");
            byte[] item = bytes(9, 64); // small: the puts pile up (the space's threads hold them), 64 B slots each
            byte[] buffer = new byte[ITEM];
            int calls = 2000;
            long ts = 0;
            for (int i = 0; i < 20_000; i++) { // warm-up: the JIT compiles the path
                requests.put(ts++, item);
                requests.putThenGet(ts++, item, in, 5, 1, TimeUnit.SECONDS, buffer);
            }
            long caller = -1;
            long giveUpAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            for (int attempt = 0; caller != 0 && (attempt < 3 || System.nanoTime() < giveUpAt); attempt++) {
                long before = threads.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < calls; i++) {
                    requests.put(ts++, item);
                    requests.putThenGet(ts++, item, in, 5, 1, TimeUnit.SECONDS, buffer);
                }
                caller = threads.getCurrentThreadAllocatedBytes() - before;
                System.out.println("heap bytes per remote put and putThenGet into a buffer on the caller's thread: "
                        + (double) caller / calls);
            }
            assertArrayEquals(bytes(5, ITEM), buffer);
            assertEquals(0, caller, "heap bytes the caller's thread allocated over " + calls
                    + " puts and putThenGets into its buffer");
        }
    }
}
