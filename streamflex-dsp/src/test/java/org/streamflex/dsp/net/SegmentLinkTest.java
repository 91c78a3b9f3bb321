package org.streamflex.dsp.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.dsp.DoubleSeg;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Timebase;
import org.streamflex.runtime.net.ItemTooLargeException;
import org.streamflex.runtime.net.LinkClientSettings;
import org.streamflex.runtime.net.LinkCounters;
import org.streamflex.runtime.net.LinkIdentity;
import org.streamflex.runtime.net.LinkMode;
import org.streamflex.runtime.net.LinkRefusedException;
import org.streamflex.runtime.net.NetworkLinkClient;
import org.streamflex.runtime.net.NetworkLinkServer;
import org.streamflex.runtime.net.SharedCodec;
import org.streamflex.runtime.net.SharedLinkReceiver;

/**
 * Links of signal segments over loopback in one JVM: the runtime's link protocol with the codec
 * {@code streamflex-dsp} provides, found by {@code SharedCodec.of}. Segments arrive in order with
 * their timebase, start sample and samples bit for bit, and every one is counted.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SegmentLinkTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private static final Timebase MIC = Timebase.of("mic-1", 48_000, 5_000);
    private static final int SAMPLES = 2048;

    private static LinkIdentity id(Class<?> type) {
        return LinkIdentity.ofShared("g", "mics", type.getName(), LinkMode.CREDIT);
    }

    @Test
    void creditModeDeliversEverySegmentInOrderBitForBit() throws Exception {
        int n = 3000;
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            SharedLinkReceiver<FloatSeg> in = server.sharedReceiver(id(FloatSeg.class), SharedCodec.of(FloatSeg.class),
                    64, 1 << 14);
            long[] next = {0};
            long[] wrong = {0};
            Thread consumer = new Thread(() -> {
                long polls = 0;
                while (next[0] < n) {
                    FloatSeg s = in.poll();
                    if (s != null) {
                        wrong[0] += SegmentBits.is(s, MIC, next[0] * SAMPLES, SAMPLES) ? 0 : 1;
                        s.release(); // outside a graph the caller owns what poll made
                        next[0]++;
                    }
                    if (++polls % 2000 == 0) {
                        sleep(1); // slow now and then: the sender waits for credit
                    }
                }
            });
            consumer.start();
            try (NetworkLinkClient out = NetworkLinkClient.connectShared(server.address(), id(FloatSeg.class),
                    SharedCodec.of(FloatSeg.class), 32, 1 << 20, 1 << 14, LinkClientSettings.DEFAULT)) {
                for (long i = 0; i < n; i++) {
                    FloatSeg s = SegmentBits.make(MIC, i * SAMPLES, SAMPLES);
                    while (!out.offer(s)) {
                        Thread.onSpinWait();
                    }
                    int held = s.references();
                    assertTrue(held == 1 || held == 2, "the caller's reference, and the link's until it is sent: "
                            + held);
                    s.release(); // the link's reference keeps it until its event loop has encoded it
                }
                consumer.join(90_000);
                assertFalse(consumer.isAlive(), "the consumer got " + next[0] + " of " + n);
                assertEquals(0, wrong[0], "every segment arrives in order, bit for bit");
                LinkCounters sender = out.counters();
                assertEquals(n, sender.accepted());
                assertEquals(n, sender.sent());
                assertEquals(0, sender.droppedAtSender());
                assertEquals(0, sender.tooLarge());
                LinkCounters receiver = in.counters();
                assertEquals(n, receiver.delivered());
                assertEquals(0, receiver.droppedAtReceiver() + receiver.lostInTransit());
            }
        }
    }

    @Test
    void theLinkReleasesEverySegmentOnceWhetherSentDroppedDiscardedOrCutOffWithItsConnection() throws Exception {
        LinkIdentity drop = LinkIdentity.ofShared("g", "mics", FloatSeg.class.getName(), LinkMode.DROP);
        List<FloatSeg> kept = new ArrayList<>();
        NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK);
        SharedLinkReceiver<FloatSeg> in = server.sharedReceiver(drop, SharedCodec.of(FloatSeg.class), 64, 1 << 14);
        LinkCounters counts;
        try (NetworkLinkClient out = NetworkLinkClient.connectShared(server.address(), drop,
                SharedCodec.of(FloatSeg.class), 32, 1 << 20, 1 << 14, LinkClientSettings.DEFAULT)) {
            // Nobody polls: the receiver drops what its queue has no room for, the sender what its queue has none for.
            for (int i = 0; i < 2000; i++) {
                FloatSeg s = SegmentBits.make(MIC, (long) i * SAMPLES, SAMPLES);
                out.offer(s);
                kept.add(s);
            }
            server.close(); // the connection goes while frames are on their way
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (out.lastProblem().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(1); // until the sender saw it go: what follows is queued for a reconnection
            }
            assertFalse(out.lastProblem().isEmpty(), "the sender saw its connection end");
            for (int i = 2000; i < 2100; i++) { // queued for a reconnection that never comes: discarded at close
                FloatSeg s = SegmentBits.make(MIC, (long) i * SAMPLES, SAMPLES);
                out.offer(s);
                kept.add(s);
            }
            counts = out.counters();
        }
        for (int i = 0; i < kept.size(); i++) {
            assertEquals(1, kept.get(i).references(), "segment " + i + ": the caller's reference alone is left");
        }
        assertEquals(2100, counts.accepted());
        assertEquals(counts.accepted(), counts.sent() + counts.droppedAtSender() + counts.discardedAtClose(),
                "every segment accepted is sent, dropped or discarded: " + counts);
        assertTrue(counts.discardedAtClose() > 0, "some were queued when the link closed: " + counts);
        int queued = in.available();
        assertEquals(queued, in.releaseQueued(), "what the receiver had queued goes back to the pools");
        assertEquals(0, in.available());
        kept.forEach(FloatSeg::release);
    }

    @Test
    void aSenderOfAnotherSegmentClassIsRefusedNamingBoth() throws Exception {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            server.sharedReceiver(id(DoubleSeg.class), SharedCodec.of(DoubleSeg.class), 64, 1 << 14);
            LinkRefusedException refused = assertThrows(LinkRefusedException.class,
                    () -> NetworkLinkClient.connectShared(server.address(), id(FloatSeg.class),
                            SharedCodec.of(FloatSeg.class), 32, 1 << 20, 1 << 14, LinkClientSettings.DEFAULT));
            assertTrue(refused.getMessage().contains("shared values of org.streamflex.dsp.FloatSeg"),
                    refused.getMessage());
            assertTrue(refused.getMessage().contains("shared values of org.streamflex.dsp.DoubleSeg"),
                    refused.getMessage());
        }
    }

    @Test
    void aSegmentLargerThanTheLinkTakesIsRefusedNamingTheSizesAndCounted() throws Exception {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            SharedLinkReceiver<FloatSeg> in = server.sharedReceiver(id(FloatSeg.class), SharedCodec.of(FloatSeg.class),
                    64, 4096);
            try (NetworkLinkClient out = NetworkLinkClient.connectShared(server.address(), id(FloatSeg.class),
                    SharedCodec.of(FloatSeg.class), 32, 1 << 20, 4096, LinkClientSettings.DEFAULT)) {
                FloatSeg big = SegmentBits.make(MIC, 0, SAMPLES);
                ItemTooLargeException e = assertThrows(ItemTooLargeException.class, () -> out.offer(big));
                assertTrue(e.getMessage().contains("encodes to " + (SAMPLES * 4 + 35) + " bytes; this link carries at"
                        + " most 4096 bytes per item"), e.getMessage());
                assertEquals(1, big.references(), "the caller still holds it");
                big.release();
                FloatSeg small = SegmentBits.make(MIC, SAMPLES, 256);
                assertTrue(out.offer(small));
                small.release();
                assertEquals(1, out.counters().tooLarge());
                assertEquals(1, out.counters().accepted(), "the refused one took no sequence number");
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (in.available() == 0 && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
                FloatSeg got = in.poll();
                assertTrue(SegmentBits.is(got, MIC, SAMPLES, 256), String.valueOf(got));
                got.release();
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
