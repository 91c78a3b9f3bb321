package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.streamflex.fixtures.LoopbackPorts;

/** Faults in one JVM: a receiving server stopped and restarted, a stalled receiver, backoff and close. */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class NetworkReconnectTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private static final LinkClientSettings QUICK = LinkClientSettings.DEFAULT
            .withReconnect(new ReconnectPolicy(Duration.ofMillis(10), Duration.ofMillis(200), 0.2))
            .withStallTimeout(Duration.ofSeconds(60));

    @ParameterizedTest
    @EnumSource(LinkMode.class)
    void aServerRestartedOnItsPortMidStreamGetsTheLaterItemsAndEveryItemIsCounted(LinkMode mode) throws Exception {
        LinkIdentity id = LinkIdentity.of("g", "c", ElementKind.LONG, mode);
        // A port no bind of port 0 takes: another test's server must not be on it when this one restarts.
        NetworkLinkServer first = NetworkLinkServer.open(LoopbackPorts.unused());
        InetSocketAddress address = first.address();
        LongLinkReceiver in1 = first.longReceiver(id, 4096);
        Consumer consumer1 = Consumer.start(in1);
        NetworkLinkClient out = NetworkLinkClient.connect(address, id, 1024, QUICK);
        LinkProducer producer = LinkProducer.start(out, mode);
        LinkCounters sender = out.counters();
        NetworkLinkServer second = null;
        boolean firstOpen = true;
        Consumer consumer2 = null;
        try {
            waitFor(() -> in1.counters().delivered() >= 50_000, "50 000 items at the first server",
                    () -> sender + "; " + in1.counters());
            // Everything the first server received is acknowledged before it dies: its counts are then
            // exactly what the sender saw acknowledged, and what the sender wrote since is in flight.
            in1.holdLinkForTest().get(30, TimeUnit.SECONDS);
            long received1 = in1.counters().delivered() + in1.counters().droppedAtReceiver();
            waitFor(() -> sender.acknowledged() == received1, "the sender to see the last ACK",
                    () -> sender + "; " + in1.counters());
            if (mode == LinkMode.DROP) {
                // Items written to the held connection, which its death must count as lost in flight:
                // wait for some, however long a loaded machine keeps the sender's event loop from running.
                waitFor(() -> sender.sent() > received1, "the sender to write to the held connection",
                        () -> sender + "; " + in1.counters());
            }
            long attempts = out.connectAttempts();
            first.close();
            firstOpen = false;
            waitFor(() -> out.connectAttempts() >= attempts + 2, "attempts to connect to the stopped server",
                    () -> out.lastProblem() + "; attempts " + out.connectAttempts() + " from " + attempts
                            + ", connections " + out.connections() + "; " + sender);
            assertTrue(out.isOpen(), "the link stays open between connections");
            second = NetworkLinkServer.open(address);
            LongLinkReceiver in2 = second.longReceiver(id, 4096);
            consumer2 = Consumer.start(in2);
            waitFor(() -> in2.counters().delivered() >= 50_000, "50 000 items at the restarted server",
                    () -> sender + "; " + in2.counters() + "; " + out.lastProblem());
            producer.stop();
            waitFor(() -> out.queued() == 0 && sender.acknowledged() == sender.sent() - sender.lostInFlight(),
                    "the sender's queue to empty and the receiver to acknowledge it", () -> sender.toString());
            out.close();
            waitFor(() -> !in2.isLinked(), "the restarted server to see the close", () -> in2.counters().toString());
            consumer1.stop();
            consumer2.stop();
            LinkCounters r1 = in1.counters();
            LinkCounters r2 = in2.counters();
            String both = "sender " + sender + "; first receiver " + r1 + "; second receiver " + r2;
            assertEquals(producer.offered(), sender.accepted(), both);
            assertEquals(sender.accepted(), sender.sent() + sender.droppedAtSender() + sender.discardedAtClose(),
                    both);
            assertEquals(sender.sent(), sender.acknowledged() + sender.lostInTransit() + sender.lostInFlight(), both);
            assertEquals(r1.delivered() + r1.droppedAtReceiver() + r2.delivered() + r2.droppedAtReceiver(),
                    sender.acknowledged(), "what both receivers took is what the sender saw acknowledged: " + both);
            assertEquals(sender.accepted(), r1.delivered() + r1.droppedAtReceiver() + r2.delivered()
                    + r2.droppedAtReceiver() + sender.lostInFlight() + sender.lostInTransit()
                    + sender.droppedAtSender() + sender.discardedAtClose(), both);
            if (mode == LinkMode.DROP) {
                // In CREDIT mode the sender may have had no credit left when the receiver froze: then it
                // wrote nothing more, and nothing died in flight.
                assertTrue(sender.lostInFlight() > 0, "items written to the held connection died with it: " + both);
            }
            assertEquals(0, r2.lostInTransit(), "the second connection ended with CLOSE: " + both);
            assertEquals(2, out.connections(), both);
            if (mode == LinkMode.CREDIT) {
                assertEquals(0, sender.droppedAtSender() + r1.droppedAtReceiver() + r2.droppedAtReceiver(), both);
            }
            assertEquals(r1.delivered(), consumer1.count, both);
            assertEquals(r2.delivered(), consumer2.count, both);
            assertTrue(consumer1.increasing && consumer2.increasing, "each receiver's items keep their order");
            assertTrue(consumer1.last < consumer2.first, "the restarted server gets later items: "
                    + consumer1.last + " then " + consumer2.first);
        } finally {
            producer.stop();
            out.close();
            consumer1.stop();
            if (consumer2 != null) {
                consumer2.stop();
            }
            if (firstOpen) {
                first.close();
            }
            if (second != null) {
                second.close();
            }
        }
    }

    @Test
    void aStalledReceiverIsReplacedWithoutBlockingTheProducerAndBothSidesAgree() throws Exception {
        LinkIdentity id = LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.DROP);
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            LongLinkReceiver in = server.longReceiver(id, 4096);
            Consumer consumer = Consumer.start(in);
            NetworkLinkClient out = NetworkLinkClient.connect(server.address(), id, 1024,
                    QUICK.withStallTimeout(LinkClientSettings.MIN_STALL_TIMEOUT));
            LinkProducer producer = LinkProducer.start(out, LinkMode.DROP);
            LinkCounters sender = out.counters();
            LinkCounters receiver = in.counters();
            try {
                waitFor(() -> receiver.delivered() >= 20_000, "20 000 items", () -> sender + "; " + receiver);
                in.holdLinkForTest().get(30, TimeUnit.SECONDS);
                long offeredAtHold = producer.offered();
                waitFor(() -> out.stalls() >= 1 && out.connections() >= 2, "the stall to be seen and the link "
                        + "reconnected", () -> sender + "; " + receiver + "; " + out.lastProblem());
                assertTrue(producer.offered() > offeredAtHold, "the producer kept offering through the stall");
                long deliveredAtReconnect = receiver.delivered();
                waitFor(() -> receiver.delivered() >= deliveredAtReconnect + 20_000, "items after the reconnection",
                        () -> sender + "; " + receiver);
                producer.stop();
                waitFor(() -> out.queued() == 0 && sender.acknowledged() == sender.sent() - sender.lostInFlight(),
                        "the receiver to acknowledge every item", () -> sender + "; " + receiver);
                out.close();
                waitFor(() -> !in.isLinked(), "the receiver to see the close", receiver::toString);
            } finally {
                producer.stop();
                out.close();
                consumer.stop();
            }
            String both = "sender " + sender + "; receiver " + receiver + "; " + out.lastProblem();
            assertEquals(sender.accepted(), sender.sent() + sender.droppedAtSender() + sender.discardedAtClose(),
                    both);
            assertEquals(sender.sent(), sender.acknowledged() + sender.lostInTransit() + sender.lostInFlight(), both);
            assertTrue(sender.lostInFlight() > 0, "what the held connection did not read is lost: " + both);
            assertEquals(sender.acknowledged(), receiver.delivered() + receiver.droppedAtReceiver(), both);
            // The receiver saw the whole stream, so it accounts for every sequence number, and it learnt
            // from the second HELLO which of the missing ones the sender dropped and which died in flight.
            assertEquals(sender.accepted(), receiver.delivered() + receiver.droppedAtReceiver()
                    + receiver.droppedAtSender() + receiver.lostInTransit(), both);
            assertEquals(sender.lostInFlight() + sender.lostInTransit(), receiver.lostInTransit(), both);
            assertEquals(sender.droppedAtSender() + sender.discardedAtClose(), receiver.droppedAtSender(), both);
            assertEquals(receiver.delivered(), consumer.count, both);
            assertTrue(consumer.increasing, "items keep their order across the connections");
        }
    }

    @Test
    void backoffRetriesUntilCloseAndCloseStopsIt() throws Exception {
        LinkIdentity id = LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.DROP);
        NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK);
        server.longReceiver(id, 64);
        NetworkLinkClient out = NetworkLinkClient.connect(server.address(), id, 64, LinkClientSettings.DEFAULT
                .withReconnect(new ReconnectPolicy(Duration.ofMillis(5), Duration.ofMillis(80), 0.5)));
        for (long i = 0; i < 100; i++) {
            out.offer(i);
        }
        server.close();
        for (long i = 100; i < 1000; i++) {
            assertTrue(out.offer(i) || out.counters().droppedAtSender() > 0, "offers never wait, never fail");
        }
        waitFor(() -> out.connectAttempts() >= 6, "six attempts to connect", out::lastProblem);
        assertTrue(out.lastProblem().startsWith("cannot connect to " + server.address()), out.lastProblem());
        assertTrue(out.isOpen());
        out.close();
        long attempts = out.connectAttempts();
        assertFalse(out.isOpen());
        assertFalse(out.offer(1), "a closed link refuses offers");
        // Well past the longest backoff: a retry scheduled before close() would have run by now.
        Thread.sleep(500);
        assertEquals(attempts, out.connectAttempts(), "close() stops the retries");
        LinkCounters sender = out.counters();
        assertEquals(1000, sender.accepted(), sender.toString());
        assertEquals(sender.accepted(), sender.sent() + sender.droppedAtSender() + sender.discardedAtClose(),
                sender.toString());
        assertEquals(sender.sent(), sender.acknowledged() + sender.lostInTransit() + sender.lostInFlight(),
                sender.toString());
        assertEquals(0, out.queued());
    }

    @Test
    void backoffDoublesToItsCapAndJitterOnlyShortensIt() {
        ReconnectPolicy policy = ReconnectPolicy.DEFAULT;
        long previous = 0;
        for (int failures = 0; failures < 100; failures++) {
            long base = policy.baseDelayNanos(failures);
            assertTrue(base >= previous, "delays never shrink: " + failures);
            assertTrue(base <= Duration.ofSeconds(2).toNanos());
            previous = base;
        }
        assertEquals(Duration.ofMillis(50).toNanos(), policy.baseDelayNanos(0));
        assertEquals(Duration.ofMillis(100).toNanos(), policy.baseDelayNanos(1));
        assertEquals(Duration.ofMillis(1600).toNanos(), policy.baseDelayNanos(5));
        assertEquals(Duration.ofSeconds(2).toNanos(), policy.baseDelayNanos(6));
        assertEquals(Duration.ofSeconds(2).toNanos(), policy.baseDelayNanos(Integer.MAX_VALUE));
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 1000; i++) {
            long delay = policy.delayNanos(3, random);
            assertTrue(delay <= policy.baseDelayNanos(3) && delay >= policy.baseDelayNanos(3) * 0.8, "" + delay);
        }
    }

    private static void waitFor(BooleanSupplier condition, String what, Supplier<String> state)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after 60 s waiting for " + what + ": " + state.get());
            }
            Thread.sleep(2);
        }
    }

    /** Drains a receiver on a thread of its own, checking order. */
    private static final class Consumer {
        private final LongLinkReceiver in;
        private final Thread thread;
        private volatile boolean running = true;
        private long count;
        private long first = -1;
        private long last = -1;
        private boolean increasing = true;

        private Consumer(LongLinkReceiver in) {
            this.in = in;
            this.thread = new Thread(this::run, "link-consumer");
            thread.setDaemon(true);
        }

        static Consumer start(LongLinkReceiver in) {
            Consumer consumer = new Consumer(in);
            consumer.thread.start();
            return consumer;
        }

        private void run() {
            while (running) {
                if (in.drain(this::take, 1024) == 0) {
                    LockSupport.parkNanos(50_000);
                }
            }
            while (in.drain(this::take, 1024) > 0) {
                // the rest, after the link closed
            }
        }

        private void take(long value) {
            if (first < 0) {
                first = value;
            }
            increasing &= value > last;
            last = value;
            count++;
        }

        /** Stops, takes what is left, and makes the counts visible to the caller (join). */
        void stop() throws InterruptedException {
            running = false;
            thread.join(30_000);
            if (thread.isAlive()) {
                throw new AssertionError("the consumer did not stop within 30 s");
            }
        }
    }
}
