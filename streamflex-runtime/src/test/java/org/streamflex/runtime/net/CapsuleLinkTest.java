package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Capsule;
import org.streamflex.fixtures.Soak;
import org.streamflex.runtime.capsule.CapsuleType;

/** Links of capsules over loopback in one JVM: encoded into the sender's queue, decoded into pooled capsules. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CapsuleLinkTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    /** A reading: scalars and arrays, filled from its number so the receiver can check every bit. */
    static final class Reading extends Capsule {
        long number;
        float level;
        final double[] samples = new double[5];
        final short[] flags = new short[3];

        private Reading() {
        }

        void fill(long n) {
            number = n;
            level = Float.intBitsToFloat((int) (0x7fc00000 | n)); // a NaN whose payload is n
            for (int i = 0; i < samples.length; i++) {
                samples[i] = Double.longBitsToDouble(n * 31 + i);
            }
            for (int i = 0; i < flags.length; i++) {
                flags[i] = (short) (n - i);
            }
        }

        boolean is(long n) {
            boolean same = number == n && Float.floatToRawIntBits(level) == (int) (0x7fc00000 | n);
            for (int i = 0; i < samples.length; i++) {
                same &= Double.doubleToRawLongBits(samples[i]) == n * 31 + i;
            }
            for (int i = 0; i < flags.length; i++) {
                same &= flags[i] == (short) (n - i);
            }
            return same;
        }
    }

    /** A reading with a longer array: the same name on the wire would not decode. */
    static final class Wide extends Capsule {
        final long[] values = new long[4096];

        private Wide() {
        }
    }

    private static final CapsuleType<Reading> TYPE = CapsuleType.of(Reading.class);
    private static final CapsuleCodec<Reading> CODEC = CapsuleCodec.of(Reading.class);
    private static final int ITEM_BYTES = CODEC.encodedSize(TYPE.newInstance());

    private static LinkIdentity id(LinkMode mode) {
        return LinkIdentity.ofCapsules("g", "readings", Reading.class.getName(), mode);
    }

    @Test
    void creditModeDeliversEveryCapsuleInOrderBitForBitToASlowConsumer() throws Exception {
        // Bounded by time, not by count: on a loaded machine the sender, the consumer and the link's
        // event loops share two cores. The consumer takes until the sender says how many it offered.
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            CapsuleLinkReceiver<Reading> in = server.capsuleReceiver(id(LinkMode.CREDIT), CODEC, 256, ITEM_BYTES);
            AtomicLong total = new AtomicLong(Long.MAX_VALUE);
            long[] next = {0};
            long[] wrong = {0};
            Thread consumer = new Thread(() -> {
                Reading into = TYPE.newInstance(); // one pooled capsule, reused: decoding allocates nothing
                long polls = 0;
                while (next[0] < total.get()) {
                    if (in.poll(into)) {
                        wrong[0] += into.is(next[0]) ? 0 : 1;
                        next[0]++;
                    }
                    if (++polls % 5000 == 0) {
                        sleep(1); // slow: the sender runs out of credit
                    }
                }
            });
            consumer.start();
            try (NetworkLinkClient out = NetworkLinkClient.connectCapsules(server.address(), id(LinkMode.CREDIT),
                    CODEC, 128, 1 << 16, LinkClientSettings.DEFAULT)) {
                LinkCounters sender = out.counters();
                Reading r = TYPE.newInstance();
                Soak soak = Soak.start();
                long n = 0;
                // Until the sender has been refused at least once too: the consumer is slow by construction,
                // not because the machine happened to be fast; only the hard limit ends a sender never refused.
                while (soak.more(n, 5_000) || (sender.refused() == 0 && soak.more(n, Long.MAX_VALUE))) {
                    r.fill(n);
                    while (!out.offer(r)) {
                        Thread.onSpinWait();
                    }
                    n++;
                }
                total.set(n);
                consumer.join(90_000);
                assertFalse(consumer.isAlive(), "the consumer got " + next[0] + " of " + n);
                assertEquals(n, next[0], "the consumer took every capsule offered");
                assertEquals(0, wrong[0], "every capsule arrives in order, bit for bit");
                assertEquals(n, sender.accepted());
                assertEquals(n, sender.sent());
                assertEquals(0, sender.droppedAtSender());
                assertTrue(sender.refused() > 0, "the sender had to wait for credit: the consumer was slow");
                LinkCounters receiver = in.counters();
                assertEquals(n, receiver.delivered());
                assertEquals(0, receiver.droppedAtReceiver());
            }
        }
    }

    @Test
    void dropModeCountsEveryCapsuleASlowConsumerMisses() throws Exception {
        int n = 100_000;
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            CapsuleLinkReceiver<Reading> in = server.capsuleReceiver(id(LinkMode.DROP), CODEC, 64, ITEM_BYTES);
            NetworkLinkClient out = NetworkLinkClient.connectCapsules(server.address(), id(LinkMode.DROP), CODEC,
                    1024, 1 << 14, LinkClientSettings.DEFAULT);
            Reading r = TYPE.newInstance();
            Reading into = TYPE.newInstance();
            long[] got = {0, -1, 0}; // count, last number, wrong
            for (long i = 0; i < n; i++) {
                r.fill(i);
                out.offer(r);
                if (i % 1000 == 0) {
                    pollAll(in, into, got);
                }
            }
            LinkCounters sender = out.counters();
            LinkCounters receiver = in.counters();
            waitFor(() -> sender.sent() + sender.droppedAtSender() == n, "the sender's queue to empty");
            waitFor(() -> receiver.delivered() + receiver.droppedAtReceiver() == sender.sent(),
                    "the receiver to take every capsule sent");
            pollAll(in, into, got);
            out.close();
            waitFor(() -> !in.isLinked(), "the receiver to see the close");
            assertEquals(n, sender.accepted());
            assertTrue(receiver.droppedAtReceiver() + sender.droppedAtSender() > 0, "a slow consumer misses some");
            assertEquals(receiver.delivered(), got[0]);
            assertEquals(0, got[2], "what is delivered is in order and bit for bit");
            assertEquals(n, receiver.delivered() + receiver.droppedAtReceiver() + receiver.droppedAtSender()
                    + receiver.lostInTransit(), "delivered plus counted drops is what was produced");
        }
    }

    @Test
    void aCapsuleLargerThanAFrameIsRefusedAtOfferAndAnotherTypeAtTheHandshake() {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            server.capsuleReceiver(id(LinkMode.DROP), CODEC, 16, ITEM_BYTES);
            LinkIdentity wideId = LinkIdentity.ofCapsules("g", "readings", Wide.class.getName(), LinkMode.DROP);
            CapsuleCodec<Wide> wide = CapsuleCodec.of(Wide.class);
            LinkRefusedException refused = assertThrows(LinkRefusedException.class, () ->
                    NetworkLinkClient.connectCapsules(server.address(), wideId, wide, 16, 1 << 16,
                            LinkClientSettings.DEFAULT));
            assertTrue(refused.getMessage().contains("capsules of " + Wide.class.getName())
                    && refused.getMessage().contains("expects graph g channel readings of capsules of "
                            + Reading.class.getName()), refused.getMessage());
            server.capsuleReceiver(LinkIdentity.ofCapsules("g", "wide", Wide.class.getName(), LinkMode.DROP), wide,
                    4, 8 * 4096 + 4);
            try (NetworkLinkClient out = NetworkLinkClient.connectCapsules(server.address(),
                    LinkIdentity.ofCapsules("g", "wide", Wide.class.getName(), LinkMode.DROP), wide, 16, 1 << 20,
                    LinkClientSettings.DEFAULT.withMaxFrameLength(FrameFormat.MIN_MAX_FRAME_LENGTH))) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> out.offer(CapsuleType.of(Wide.class).newInstance()));
                assertTrue(e.getMessage().contains("encodes to 32772 bytes")
                        && e.getMessage().contains("maxFrameLength"), e.getMessage());
                assertEquals(0, out.counters().accepted() + out.counters().refused(), "nothing is counted");
                assertThrows(IllegalStateException.class, () -> out.offer(1L));
            }
            assertThrows(IllegalArgumentException.class, () -> NetworkLinkClient.connectCapsules(server.address(),
                    id(LinkMode.DROP), wide, 16, 1 << 16, LinkClientSettings.DEFAULT));
        }
    }

    @Test
    void aServerRestartedMidStreamGetsTheLaterCapsulesAndEveryOneIsCounted() throws Exception {
        LinkClientSettings quick = LinkClientSettings.DEFAULT
                .withReconnect(new ReconnectPolicy(Duration.ofMillis(10), Duration.ofMillis(200), 0.2))
                .withStallTimeout(Duration.ofSeconds(60));
        NetworkLinkServer first = NetworkLinkServer.open(LOOPBACK);
        InetSocketAddress address = first.address();
        CapsuleLinkReceiver<Reading> in1 = first.capsuleReceiver(id(LinkMode.CREDIT), CODEC, 1024, ITEM_BYTES);
        Poller poller1 = Poller.start(in1);
        NetworkLinkClient out = NetworkLinkClient.connectCapsules(address, id(LinkMode.CREDIT), CODEC, 512,
                1 << 16, quick);
        AtomicBoolean producing = new AtomicBoolean(true);
        long[] offered = {0};
        Thread producer = new Thread(() -> {
            Reading r = TYPE.newInstance();
            long i = 0;
            while (producing.get()) {
                r.fill(i);
                if (out.offer(r)) {
                    i++;
                } else {
                    Thread.onSpinWait();
                }
            }
            offered[0] = i;
        });
        producer.start();
        NetworkLinkServer second = null;
        boolean firstOpen = true;
        Poller poller2 = null;
        try {
            LinkCounters sender = out.counters();
            waitFor(() -> in1.counters().delivered() >= 20_000, "20 000 capsules at the first server");
            in1.holdLinkForTest().get(30, TimeUnit.SECONDS);
            first.close();
            firstOpen = false;
            second = NetworkLinkServer.open(address);
            CapsuleLinkReceiver<Reading> in2 = second.capsuleReceiver(id(LinkMode.CREDIT), CODEC, 1024, ITEM_BYTES);
            poller2 = Poller.start(in2);
            waitFor(() -> in2.counters().delivered() >= 20_000, "20 000 capsules at the restarted server");
            producing.set(false);
            producer.join();
            waitFor(() -> out.queued() == 0 && sender.acknowledged() == sender.sent() - sender.lostInFlight(),
                    "the sender's queue to empty and the receiver to acknowledge it");
            out.close();
            waitFor(() -> !in2.isLinked(), "the restarted server to see the close");
            poller1.finish();
            poller2.finish();
            LinkCounters r1 = in1.counters();
            LinkCounters r2 = in2.counters();
            String all = "sender " + sender + "; first " + r1 + "; second " + r2;
            assertEquals(offered[0], sender.accepted(), all);
            assertEquals(sender.accepted(), r1.delivered() + r2.delivered() + sender.lostInFlight()
                    + sender.lostInTransit() + sender.droppedAtSender() + sender.discardedAtClose(), all);
            assertEquals(2, out.connections(), all);
            assertEquals(r1.delivered(), poller1.count, all);
            assertEquals(r2.delivered(), poller2.count, all);
            assertEquals(0, poller1.wrong + poller2.wrong, "each server's capsules are whole and in order: " + all);
            assertTrue(poller1.last < poller2.first, "the restarted server gets later capsules: " + poller1.last
                    + " then " + poller2.first);
        } finally {
            producing.set(false);
            producer.join();
            out.close();
            poller1.finish();
            if (poller2 != null) {
                poller2.finish();
            }
            if (firstOpen) {
                first.close();
            }
            if (second != null) {
                second.close();
            }
        }
    }

    /** A consumer thread polling a receiver into one capsule, checking order and bits. */
    private static final class Poller extends Thread {
        private final CapsuleLinkReceiver<Reading> in;
        private volatile boolean running = true;
        long count;
        long first = -1;
        long last = -1;
        long wrong;

        private Poller(CapsuleLinkReceiver<Reading> in) {
            this.in = in;
        }

        static Poller start(CapsuleLinkReceiver<Reading> in) {
            Poller p = new Poller(in);
            p.start();
            return p;
        }

        @Override
        public void run() {
            Reading into = TYPE.newInstance();
            while (running || in.available() > 0) {
                if (in.poll(into)) {
                    wrong += into.number > last && into.is(into.number) ? 0 : 1;
                    first = first < 0 ? into.number : first;
                    last = into.number;
                    count++;
                } else {
                    Thread.onSpinWait();
                }
            }
        }

        void finish() throws InterruptedException {
            running = false;
            join();
        }
    }

    private static void pollAll(CapsuleLinkReceiver<Reading> in, Reading into, long[] got) {
        while (in.poll(into)) {
            got[2] += into.number > got[1] && into.is(into.number) ? 0 : 1;
            got[1] = into.number;
            got[0]++;
        }
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
