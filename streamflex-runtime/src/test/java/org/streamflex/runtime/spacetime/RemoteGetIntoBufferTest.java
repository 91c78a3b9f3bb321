package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
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
    private final SpaceTimeServer server = SpaceTimeServer.open(space,
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).publish(frames);
    private final OutputConnection out = space.join("camera", 0).attachOutput(frames);

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
}
