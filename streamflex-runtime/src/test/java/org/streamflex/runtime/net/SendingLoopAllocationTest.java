package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.runtime.capsule.CapsuleType;

/**
 * A sending link's event loop makes no heap objects per item once warm: its frames' buffers and
 * their NIO buffers are reused, no promise or listener goes with a write, and the receiver's ACK and
 * CREDIT frames it reads are parsed in place. Items go one a frame (each waits for the one before to
 * come through), where anything made per frame is made per item.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SendingLoopAllocationTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private static final CapsuleType<CapsuleLinkTest.Reading> TYPE = CapsuleType.of(CapsuleLinkTest.Reading.class);
    private static final CapsuleCodec<CapsuleLinkTest.Reading> CODEC = CapsuleCodec.of(CapsuleLinkTest.Reading.class);
    /** Large enough that the receiver's ACKs and grants come every 1024 items, or every 50 ms. */
    private static final int QUEUE = 4096;
    private static final long WARM_UP_NANOS = TimeUnit.SECONDS.toNanos(3);
    private static final long MEASURED_NANOS = TimeUnit.SECONDS.toNanos(2);
    /**
     * Heap bytes the loop may allocate over the window whatever the items: its timers (the
     * heartbeat's and the stall detector's, a task each per period) and the ACKs of the receiver's
     * 50 ms tick, a record each. Before the loop reused its frames, it made about 150 bytes per frame.
     */
    private static final long SLACK_BYTES = 64 << 10;

    @Test
    void theSendingEventLoopAllocatesNoHeapBytesPerItemOnceWarm() throws Exception {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        LinkIdentity id = LinkIdentity.ofCapsules("g", "readings", CapsuleLinkTest.Reading.class.getName(),
                LinkMode.CREDIT);
        int itemBytes = CODEC.encodedSize(TYPE.newInstance());
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            CapsuleLinkReceiver<CapsuleLinkTest.Reading> in = server.capsuleReceiver(id, CODEC, QUEUE, itemBytes);
            try (NetworkLinkClient out = NetworkLinkClient.connectCapsules(server.address(), id, CODEC, QUEUE,
                    QUEUE * (itemBytes + 12) * 2, LinkClientSettings.DEFAULT)) {
                long loop = out.channel().eventLoop().submit(() -> Thread.currentThread().threadId()).get();
                CapsuleLinkTest.Reading item = TYPE.newInstance();
                CapsuleLinkTest.Reading back = TYPE.newInstance();
                long sent = oneAtATime(out, in, item, back, 0, WARM_UP_NANOS);
                long before = threads.getThreadAllocatedBytes(loop);
                long measuredFrom = sent;
                sent = oneAtATime(out, in, item, back, sent, MEASURED_NANOS);
                long allocated = threads.getThreadAllocatedBytes(loop) - before;
                long items = sent - measuredFrom;
                assertTrue(before >= 0 && allocated >= 0, "this JVM measures a thread's allocation");
                assertTrue(allocated <= items + SLACK_BYTES, "the sending event loop allocated " + allocated
                        + " heap bytes over " + items + " items sent one a frame: "
                        + String.format("%.1f", (allocated - SLACK_BYTES) / (double) Math.max(1, items))
                        + " bytes per item beyond its timers'; at most 1 was expected");
                assertEquals(sent, out.counters().sent(), "every item offered was sent");
                assertEquals(sent, in.counters().delivered(), "and delivered");
            }
        }
    }

    /** Offers items numbered from {@code next} one at a time, each polled back before the next, for {@code nanos}. */
    private static long oneAtATime(NetworkLinkClient out, CapsuleLinkReceiver<CapsuleLinkTest.Reading> in,
            CapsuleLinkTest.Reading item, CapsuleLinkTest.Reading back, long next, long nanos) {
        long n = next;
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            item.fill(n);
            while (!out.offer(item)) {
                Thread.onSpinWait();
            }
            while (!in.poll(back)) {
                Thread.onSpinWait();
            }
            assertTrue(back.is(n), "item " + n + " came through whole");
            n++;
        }
        return n;
    }
}
