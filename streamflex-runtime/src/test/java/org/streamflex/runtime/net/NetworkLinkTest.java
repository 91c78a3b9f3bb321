package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.fixtures.Soak;

/** Links over loopback in one JVM: a server, its receivers, and clients sending longs. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NetworkLinkTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    @Test
    void creditModeDeliversEveryLongInOrderToASlowConsumer() throws Exception {
        // Bounded by time, not by count: on a loaded machine the sender, the consumer and the link's
        // event loops share two cores. The consumer takes until the sender says how many it offered.
        LinkIdentity id = LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.CREDIT);
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            LongLinkReceiver in = server.longReceiver(id, 1024);
            AtomicLong total = new AtomicLong(Long.MAX_VALUE);
            long[] next = {0};
            boolean[] inOrder = {true};
            Thread consumer = new Thread(() -> {
                long spins = 0;
                while (next[0] < total.get()) {
                    int took = in.drain(v -> {
                        inOrder[0] &= v == next[0];
                        next[0]++;
                    }, 64);
                    if (took == 0 || ++spins % 50 == 0) {
                        // Slow: a pause now and then, so that the sender runs out of credit.
                        Thread.onSpinWait();
                        if (spins % 2000 == 0) {
                            sleep(1);
                        }
                    }
                }
            });
            consumer.start();
            try (NetworkLinkClient out = NetworkLinkClient.connect(server.address(), id, 256)) {
                LinkCounters sender = out.counters();
                Soak soak = Soak.start();
                long n = 0;
                // Until the sender has been refused at least once too: the consumer is slow by construction,
                // not because the machine happened to be fast; only the hard limit ends a sender never refused.
                while (soak.more(n, 10_000) || (sender.refused() == 0 && soak.more(n, Long.MAX_VALUE))) {
                    while (!out.offer(n)) {
                        Thread.onSpinWait();
                    }
                    n++;
                }
                total.set(n);
                consumer.join(60_000);
                assertFalse(consumer.isAlive(), "the consumer got " + next[0] + " of " + n);
                assertTrue(inOrder[0], "items arrive in order");
                assertEquals(n, next[0], "the consumer took every item offered");
                assertEquals(n, sender.accepted());
                assertEquals(n, sender.sent());
                assertEquals(0, sender.droppedAtSender());
                assertTrue(sender.refused() > 0, "the sender had to wait for credit: the consumer was slow");
                LinkCounters receiver = in.counters();
                assertEquals(n, receiver.delivered());
                assertEquals(0, receiver.droppedAtReceiver());
                assertEquals(0, receiver.lostInTransit());
            }
        }
    }

    @Test
    void dropModeCountsWhatASlowConsumerMissesAndKeepsOrder() throws Exception {
        LinkIdentity id = LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.DROP);
        int n = 200_000;
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            LongLinkReceiver in = server.longReceiver(id, 64);
            long[] got = new long[2]; // count, last value
            got[1] = -1;
            boolean[] inOrder = {true};
            NetworkLinkClient out = NetworkLinkClient.connect(server.address(), id, 1024);
            for (long i = 0; i < n; i++) {
                out.offer(i);
                if (i % 1000 == 0) {
                    drainInto(in, got, inOrder);
                }
            }
            LinkCounters sender = out.counters();
            waitFor(() -> sender.sent() + sender.droppedAtSender() == n, "the sender's queue to empty");
            LinkCounters receiver = in.counters();
            waitFor(() -> receiver.delivered() + receiver.droppedAtReceiver() == sender.sent(),
                    "the receiver to take every item sent");
            drainInto(in, got, inOrder);
            assertEquals(n, sender.accepted());
            assertEquals(sender.sent(), receiver.delivered() + receiver.droppedAtReceiver());
            assertTrue(receiver.droppedAtReceiver() > 0, "a 64-item queue drained every 1000 items drops");
            assertEquals(receiver.delivered(), got[0]);
            assertTrue(inOrder[0], "delivered items keep their order");
            out.close();
            waitFor(() -> !in.isLinked(), "the receiver to see the close");
            assertEquals(sender.droppedAtSender() + sender.discardedAtClose(), receiver.droppedAtSender(),
                    "the sender's drops are reported, and with the CLOSE explain every gap");
            assertEquals(0, receiver.lostInTransit());
            assertEquals(0, sender.lostInTransit());
        }
    }

    @Test
    void aClosingServerAcknowledgesWhatArrivedSoNothingIsCountedLostInFlight() throws Exception {
        LinkIdentity id = LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.CREDIT);
        NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK);
        LongLinkReceiver in = server.longReceiver(id, 1024);
        boolean closed = false;
        try (NetworkLinkClient out = NetworkLinkClient.connect(server.address(), id, 256)) {
            for (long i = 0; i < 10; i++) {
                assertTrue(out.offer(i));
            }
            waitFor(() -> in.counters().delivered() == 10, "the receiver to take the ten items");
            // Well within the 50 ms in which an ACK would come by itself: only the ACK that the closing
            // server writes tells the sender.
            server.close();
            closed = true;
            LinkCounters sender = out.counters();
            waitFor(() -> sender.acknowledged() + sender.lostInFlight() == 10, "the sender to learn their fate");
            assertEquals(10, sender.acknowledged(), sender.toString());
            assertEquals(0, sender.lostInFlight(), sender.toString());
            assertEquals(0, sender.lostInTransit(), sender.toString());
        } finally {
            if (!closed) {
                server.close();
            }
        }
    }

    @Test
    void aMismatchedHandshakeIsRefusedOnBothSidesNamingBoth() {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            server.longReceiver(LinkIdentity.of("G", "C", ElementKind.LONG, LinkMode.DROP), 16);
            LinkIdentity offer = LinkIdentity.of("G", "C", ElementKind.DOUBLE, LinkMode.DROP);
            LinkRefusedException e = assertThrows(LinkRefusedException.class,
                    () -> NetworkLinkClient.connect(server.address(), offer, 16));
            String expected = "sender offers graph G channel C of double, DROP mode, protocol version 4, receiver "
                    + "expects graph G channel C of long, DROP mode, protocol version 4";
            assertTrue(e.getMessage().endsWith(expected), e.getMessage());
            assertEquals(expected, server.lastRefusal());
            assertEquals(1, server.refusedLinks());
            LinkIdentity credit = LinkIdentity.of("G", "C", ElementKind.LONG, LinkMode.CREDIT);
            assertThrows(LinkRefusedException.class, () -> NetworkLinkClient.connect(server.address(), credit, 16));
            assertTrue(server.lastRefusal().contains("of long, CREDIT mode") && server.lastRefusal().contains(
                    "expects graph G channel C of long, DROP mode"), server.lastRefusal());
            LinkIdentity other = LinkIdentity.of("G", "D", ElementKind.LONG, LinkMode.DROP);
            assertThrows(LinkRefusedException.class, () -> NetworkLinkClient.connect(server.address(), other, 16));
            assertTrue(server.lastRefusal().contains("receiver has no such channel"), server.lastRefusal());
        }
    }

    @Test
    void aVersionMismatchIsRefusedNamingBothVersions() {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            LinkIdentity id = LinkIdentity.of("G", "C", ElementKind.LONG, LinkMode.DROP);
            server.longReceiver(id, 16);
            for (int older = 1; older < FrameFormat.VERSION; older++) {
                int version = older;
                LinkRefusedException e = assertThrows(LinkRefusedException.class,
                        () -> NetworkLinkClient.connect(server.address(), id.withVersion(version), 16));
                assertTrue(e.getMessage().contains("peer speaks StreamFlex link protocol version " + older
                        + ", this server speaks version " + FrameFormat.VERSION), e.getMessage());
                assertTrue(server.lastRefusal().startsWith("peer speaks StreamFlex link protocol version " + older));
            }
        }
    }

    @Test
    void aReceiverClosingMidStreamLeavesBothSidesUsableAndEveryItemCounted() throws Exception {
        LinkIdentity id = LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.DROP);
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            LongLinkReceiver in = server.longReceiver(id, 4096);
            long[] got = new long[2];
            got[1] = -1;
            boolean[] inOrder = {true};
            NetworkLinkClient out = NetworkLinkClient.connect(server.address(), id, 1024);
            long i = 0;
            while (out.isOpen()) {
                out.offer(i++);
                if (i % 500 == 0) {
                    drainInto(in, got, inOrder);
                }
                if (i == 100_000) {
                    in.disconnect();
                }
            }
            assertTrue(i >= 100_000);
            assertFalse(out.offer(-1), "a closed link refuses offers");
            LinkCounters sender = out.counters();
            LinkCounters receiver = in.counters();
            waitFor(() -> !in.isLinked(), "the receiver to let the link go");
            out.close();
            assertEquals(sender.accepted(), sender.sent() + sender.droppedAtSender() + sender.discardedAtClose());
            assertEquals(sender.sent(), receiver.delivered() + receiver.droppedAtReceiver() + sender.lostInTransit());
            assertEquals(sender.lostInTransit(), receiver.lostInTransit(), () -> "both sides count the same loss: "
                    + "sender "
                    + sender + "; receiver " + receiver + "; " + server.lastProblem());
            assertEquals(sender.droppedAtSender() + sender.discardedAtClose(), receiver.droppedAtSender(),
                    "LOST reports what never left the sender");
            drainInto(in, got, inOrder);
            assertTrue(inOrder[0]);

            // The receiver takes the next sender; the closed client's counts stay as they were.
            long before = receiver.delivered();
            try (NetworkLinkClient again = NetworkLinkClient.connect(server.address(), id, 64)) {
                assertTrue(again.offer(7));
                waitFor(() -> receiver.delivered() == before + 1, "the new link's item");
            }
        }
    }

    @Test
    void aSenderClosingMidStreamIsCountedByTheReceiver() throws Exception {
        LinkIdentity id = LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.DROP);
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            LongLinkReceiver in = server.longReceiver(id, 256);
            NetworkLinkClient out = NetworkLinkClient.connect(server.address(), id, 256);
            for (long i = 0; i < 50_000; i++) {
                out.offer(i);
            }
            out.close();
            LinkCounters sender = out.counters();
            LinkCounters receiver = in.counters();
            waitFor(() -> !in.isLinked(), "the receiver to see the close");
            assertEquals(50_000, sender.sent() + sender.droppedAtSender() + sender.discardedAtClose());
            assertEquals(sender.sent(), receiver.delivered() + receiver.droppedAtReceiver());
            assertEquals(0, sender.lostInTransit());
            assertEquals(sender.droppedAtSender() + sender.discardedAtClose(), receiver.droppedAtSender(),
                    "the final CLOSE's sequence number accounts for what never left the sender");
            assertFalse(out.offer(1));
        }
    }

    @Test
    void aNonLoopbackBindIsRefusedWithoutTlsEvenIfAllowed() {
        InsecureBindException e = assertThrows(InsecureBindException.class,
                () -> NetworkLinkServer.open(new InetSocketAddress(0)));
        assertTrue(e.getMessage().contains("not a loopback address") && e.getMessage().contains("TLS")
                && e.getMessage().contains("allowNonLoopback"), e.getMessage());
        // Allowed, but without TLS: SecureLinkTest binds the wildcard with it.
        InsecureBindException noTls = assertThrows(InsecureBindException.class, () -> NetworkLinkServer.open(
                new InetSocketAddress(0), true, FrameFormat.DEFAULT_MAX_FRAME_LENGTH));
        assertTrue(noTls.getMessage().contains("without TLS"), noTls.getMessage());
    }

    private static void drainInto(LongLinkReceiver in, long[] got, boolean[] inOrder) {
        in.drain(v -> {
            inOrder[0] &= v > got[1];
            got[1] = v;
            got[0]++;
        }, Integer.MAX_VALUE);
    }

    private static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
            Thread.sleep(1);
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
