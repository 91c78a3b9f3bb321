package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.fixtures.Soak;
import org.streamflex.runtime.capsule.CapsuleType;
import org.streamflex.runtime.net.CapsuleLinkTest.Reading;

/**
 * A capsule link's items consumed by a handler on the receiving event loop
 * ({@link CapsuleLinkReceiver#consumeOnLoop}), over loopback in one JVM: order, the thread, credit
 * as the handler consumes, failures counted, and an echo onto a sending link of the same loop.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ConsumeOnLoopTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private static final CapsuleType<Reading> TYPE = CapsuleType.of(Reading.class);
    private static final CapsuleCodec<Reading> CODEC = CapsuleCodec.of(Reading.class);
    private static final int ITEM_BYTES = CODEC.encodedSize(TYPE.newInstance());

    private static LinkIdentity id(String channel, LinkMode mode) {
        return LinkIdentity.ofCapsules("g", channel, Reading.class.getName(), mode);
    }

    private static NetworkLinkClient connect(InetSocketAddress to, String channel, LinkClientSettings settings) {
        return NetworkLinkClient.connectCapsules(to, id(channel, LinkMode.CREDIT), CODEC, 64, 1 << 16, settings);
    }

    /** Offers readings 0, 1, ... until the soak ends and at least {@code atLeast}; returns how many. */
    private static long sendUntilSoaked(NetworkLinkClient out, long atLeast) {
        Reading r = TYPE.newInstance();
        Soak soak = Soak.start();
        long n = 0;
        while (soak.more(n, atLeast)) {
            r.fill(n);
            while (!out.offer(r)) {
                Thread.onSpinWait();
            }
            n++;
        }
        return n;
    }

    /** Checks each item is the next in order, bit for bit, and on the loop's thread. */
    private static final class InOrder implements CapsuleHandler<Reading> {
        private final LinkEventLoop loop;
        final AtomicLong next = new AtomicLong();
        final AtomicLong wrong = new AtomicLong();
        final AtomicLong offLoop = new AtomicLong();

        InOrder(LinkEventLoop loop) {
            this.loop = loop;
        }

        @Override
        public boolean onItem(long sequence, Reading item) {
            long n = next.get();
            wrong.addAndGet(sequence == n && item.is(n) ? 0 : 1);
            offLoop.addAndGet(loop.inEventLoop() ? 0 : 1);
            next.set(n + 1);
            return true;
        }
    }

    @Test
    void aHandlerReceivesEveryItemInOrderOnTheEventLoopThread() throws InterruptedException {
        try (LinkEventLoop loop = LinkEventLoop.create()) {
            try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK, loop)) {
                CapsuleLinkReceiver<Reading> in = server.capsuleReceiver(id("r", LinkMode.CREDIT), CODEC, 64,
                        ITEM_BYTES);
                InOrder handler = new InOrder(loop);
                in.consumeOnLoop(TYPE.newInstance(), handler);
                long n;
                try (NetworkLinkClient out = connect(server.address(), "r", LinkClientSettings.DEFAULT)) {
                    n = sendUntilSoaked(out, 20_000);
                    Soak.awaitCondition(() -> handler.next.get() == n, "the handler takes all " + n + " items");
                    assertEquals(n, out.counters().sent());
                }
                assertEquals(0, handler.wrong.get(), "every item in order, bit for bit, with its sequence number");
                assertEquals(0, handler.offLoop.get(), "every item handed on the receiving event loop");
                LinkCounters counters = in.counters();
                assertEquals(n, counters.delivered());
                assertEquals(0, counters.droppedAtReceiver() + counters.lostInTransit() + counters.consumeFailed());
                assertEquals(0, in.available(), "nothing left queued: the handler consumed it all");
                IllegalStateException poll = assertThrows(IllegalStateException.class,
                        () -> in.poll(TYPE.newInstance()));
                assertTrue(poll.getMessage().contains("consumeOnLoop") && poll.getMessage().contains("InOrder"),
                        poll.getMessage());
                IllegalStateException twice = assertThrows(IllegalStateException.class,
                        () -> in.consumeOnLoop(TYPE.newInstance(), (s, r) -> true));
                assertTrue(twice.getMessage().contains("already hands its items"), twice.getMessage());
            }
        }
    }

    @Test
    void aLosslessLinkWhoseHandlerPausesLosesNothingAndHoldsTheSenderBack() throws Exception {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            CapsuleLinkReceiver<Reading> in = server.capsuleReceiver(id("r", LinkMode.CREDIT), CODEC, 16, ITEM_BYTES);
            AtomicBoolean open = new AtomicBoolean(false);
            AtomicLong next = new AtomicLong();
            AtomicLong wrong = new AtomicLong();
            AtomicLong kept = new AtomicLong();
            in.consumeOnLoop(TYPE.newInstance(), (sequence, r) -> {
                if (!open.get()) {
                    kept.incrementAndGet();
                    return false; // paused: the item stays queued, and so does every one after it
                }
                long n = next.get();
                wrong.addAndGet(sequence == n && r.is(n) ? 0 : 1);
                next.set(n + 1);
                return true;
            });
            AtomicBoolean done = new AtomicBoolean();
            Thread gate = new Thread(() -> { // opens the handler for a moment now and then, as a consumer would
                while (!done.get()) {
                    sleepMillis(3);
                    open.set(true);
                    in.resume();
                    sleepMillis(1);
                    open.set(false);
                }
                open.set(true);
                in.resume();
            });
            gate.start();
            long n;
            LinkCounters sender;
            try (NetworkLinkClient out = connect(server.address(), "r", LinkClientSettings.DEFAULT)) {
                sender = out.counters();
                Reading r = TYPE.newInstance();
                Soak soak = Soak.start();
                long sent = 0;
                // Until refused at least once: the paused handler held the sender back, not the machine's speed.
                while (soak.more(sent, 2_000) || (sender.refused() == 0 && soak.more(sent, Long.MAX_VALUE))) {
                    r.fill(sent);
                    while (!out.offer(r)) {
                        Thread.onSpinWait();
                    }
                    sent++;
                }
                n = sent;
                done.set(true);
                gate.join();
                Soak.awaitCondition(() -> next.get() == n, "the handler takes all " + n + " items");
            }
            assertTrue(kept.get() > 0 && sender.refused() > 0, "the handler paused (" + kept.get()
                    + " items kept) and the sender was refused for credit (" + sender.refused() + ")");
            assertEquals(0, wrong.get(), "in order, bit for bit, across the pauses");
            LinkCounters counters = in.counters();
            assertEquals(n, counters.delivered());
            assertEquals(0, counters.droppedAtReceiver() + counters.lostInTransit(), counters.toString());
            assertEquals(n, sender.sent());
            assertEquals("", server.lastProblem(), "credit never exceeded: granted only as the handler consumed");
        }
    }

    @Test
    void aThrowingHandlerIsCountedAndNamedAndTheLinkGoesOn() throws InterruptedException {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            CapsuleLinkReceiver<Reading> in = server.capsuleReceiver(id("r", LinkMode.CREDIT), CODEC, 64, ITEM_BYTES);
            AtomicLong handled = new AtomicLong();
            AtomicLong good = new AtomicLong();
            in.consumeOnLoop(TYPE.newInstance(), new FailsOnEveryTenthFrom3(handled, good));
            long n;
            try (NetworkLinkClient out = connect(server.address(), "r", LinkClientSettings.DEFAULT)) {
                n = sendUntilSoaked(out, 1_000);
                Soak.awaitCondition(() -> handled.get() == n, "the handler is handed all " + n + " items");
            }
            long failing = (n + 6) / 10; // sequences 3, 13, 23, ... below n
            assertEquals(failing, in.counters().consumeFailed());
            assertEquals(n - failing, good.get(), "every other item handled, the link going on past each failure");
            assertEquals(n, in.counters().delivered());
            String named = in.lastHandlerFailure();
            assertTrue(named.contains("FailsOnEveryTenthFrom3") && named.contains("sequence 3")
                    && named.contains("item 3 is bad") && named.contains(in.identity().describe()), named);
        }
    }

    /** Throws on the items numbered 3, 13, 23, ...; counts the others. */
    private record FailsOnEveryTenthFrom3(AtomicLong handled, AtomicLong good) implements CapsuleHandler<Reading> {
        @Override
        public boolean onItem(long sequence, Reading item) {
            handled.incrementAndGet();
            if (sequence % 10 == 3) {
                throw new IllegalArgumentException("item " + sequence + " is bad");
            }
            good.addAndGet(item.is(sequence) ? 1 : 0);
            return true;
        }
    }

    @Test
    void anEchoOnTheLoopHandsEveryItemBackThroughASendingLinkOfTheSameLoop() {
        try (NetworkLinkServer here = NetworkLinkServer.open(LOOPBACK)) {
            CapsuleLinkReceiver<Reading> pong = here.capsuleReceiver(id("pong", LinkMode.CREDIT), CODEC, 64,
                    ITEM_BYTES);
            try (LinkEventLoop loop = LinkEventLoop.create()) {
                AtomicLong offLoop = new AtomicLong();
                long n;
                long got = 0;
                long wrong = 0;
                try (NetworkLinkServer peer = NetworkLinkServer.open(LOOPBACK, loop);
                        NetworkLinkClient back = connect(here.address(), "pong",
                                LinkClientSettings.DEFAULT.withEventLoop(loop))) {
                    CapsuleLinkReceiver<Reading> ping = peer.capsuleReceiver(id("ping", LinkMode.CREDIT), CODEC, 64,
                            ITEM_BYTES);
                    ping.consumeOnLoop(TYPE.newInstance(), (sequence, r) -> {
                        offLoop.addAndGet(loop.inEventLoop() ? 0 : 1);
                        return back.offer(r); // false, no credit: kept and handed again
                    });
                    try (NetworkLinkClient out = connect(peer.address(), "ping", LinkClientSettings.DEFAULT)) {
                        Reading r = TYPE.newInstance();
                        Reading into = TYPE.newInstance();
                        Soak soak = Soak.start();
                        long sent = 0;
                        while (soak.more(sent, 5_000) || got < sent) {
                            if (soak.more(sent, 5_000) && sent - got < 32) {
                                r.fill(sent);
                                sent += out.offer(r) ? 1 : 0;
                            }
                            if (pong.poll(into)) {
                                wrong += into.is(got) ? 0 : 1;
                                got++;
                            }
                        }
                        n = sent;
                    }
                    assertEquals(n, ping.counters().delivered());
                    assertEquals(n, back.counters().accepted(), "the echo offered every item once, none refused"
                            + " for good");
                    assertEquals(n, back.counters().sent(),
                            "straight into a frame or through the queue, each sent once");
                }
                assertEquals(n, got, "every item came back");
                assertEquals(0, wrong, "in order, bit for bit");
                assertEquals(0, offLoop.get(), "the echo ran on the shared loop");
                assertEquals(0, pong.counters().droppedAtReceiver() + pong.counters().lostInTransit());
            }
        }
    }

    @Test
    void anEchoOnTheLoopWithNothingQueuedIsSentBeforeItsOfferReturns() {
        try (NetworkLinkServer here = NetworkLinkServer.open(LOOPBACK)) {
            CapsuleLinkReceiver<Reading> pong = here.capsuleReceiver(id("pong", LinkMode.CREDIT), CODEC, 64,
                    ITEM_BYTES);
            try (LinkEventLoop loop = LinkEventLoop.create()) {
                AtomicLong sentInOffer = new AtomicLong();
                AtomicLong handed = new AtomicLong();
                int n = 2_000;
                long wrong = 0;
                try (NetworkLinkServer peer = NetworkLinkServer.open(LOOPBACK, loop);
                        NetworkLinkClient back = connect(here.address(), "pong",
                                LinkClientSettings.DEFAULT.withEventLoop(loop))) {
                    CapsuleLinkReceiver<Reading> ping = peer.capsuleReceiver(id("ping", LinkMode.CREDIT), CODEC, 64,
                            ITEM_BYTES);
                    ping.consumeOnLoop(TYPE.newInstance(), (sequence, r) -> {
                        handed.incrementAndGet();
                        long before = back.counters().sent();
                        boolean taken = back.offer(r);
                        // Sent (written and flushed) within the offer, not by a drain task after this handler.
                        sentInOffer.addAndGet(taken && back.counters().sent() == before + 1 ? 1 : 0);
                        return taken;
                    });
                    try (NetworkLinkClient out = connect(peer.address(), "ping", LinkClientSettings.DEFAULT)) {
                        Reading r = TYPE.newInstance();
                        Reading into = TYPE.newInstance();
                        for (long v = 0; v < n; v++) { // one item in flight: the echo's queue is always empty
                            r.fill(v);
                            while (!out.offer(r)) {
                                Thread.onSpinWait();
                            }
                            while (!pong.poll(into)) {
                                Thread.onSpinWait();
                            }
                            wrong += into.is(v) ? 0 : 1;
                        }
                    }
                    assertEquals(n, back.counters().accepted());
                    assertEquals(n, back.counters().sent(), "every item accepted was counted sent");
                    assertEquals(0, back.queued());
                }
                assertEquals(0, wrong, "in order, bit for bit");
                assertEquals(n, handed.get(), "each item handed once: none kept");
                assertEquals(n, sentInOffer.get(), "with nothing queued and credit left, every echo went out within"
                        + " its offer");
                assertEquals(n, pong.counters().delivered());
                assertEquals(0, pong.counters().droppedAtReceiver() + pong.counters().lostInTransit());
            }
        }
    }

    @Test
    void handingItemsToAHandlerAllocatesNoHeapBytesPerItem() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        CapsuleLinkReceiver<Reading> in = new CapsuleLinkReceiver<>(id("r", LinkMode.CREDIT), CODEC, 64, ITEM_BYTES);
        long[] right = {0};
        in.consumeOnLoop(TYPE.newInstance(), (sequence, r) -> {
            right[0] += r.is(sequence) ? 1 : 0;
            return true;
        });
        Reading r = TYPE.newInstance();
        byte[] wire = new byte[ITEM_BYTES];
        ByteBuf item = Unpooled.buffer(Integer.BYTES + ITEM_BYTES);
        long n = handOn(in, r, wire, item, 0, 200_000); // warm: compiled, as an event loop's path is
        long before = threads.getCurrentThreadAllocatedBytes();
        n = handOn(in, r, wire, item, n, 200_000);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(n, right[0], "every item handed on, in order, bit for bit");
        assertEquals(0, in.available());
        assertTrue(allocated <= 16 << 10, "handing 200,000 items to a handler allocated " + allocated
                + " heap bytes; nothing per item was expected");
    }

    /** As the event loop does per DATA frame of one item: queues it, then hands it on; returns the next number. */
    private static long handOn(CapsuleLinkReceiver<Reading> in, Reading r, byte[] wire, ByteBuf item, long from,
            int count) {
        for (long v = from; v < from + count; v++) {
            r.fill(v);
            CODEC.encode(r, wire, 0);
            item.clear().writeInt(ITEM_BYTES).writeBytes(wire);
            assertTrue(in.accept(v, item));
            in.handOn();
        }
        return from + count;
    }

    @Test
    void closingOneEndOnASharedLoopLeavesTheOthersWorking() {
        try (LinkEventLoop loop = LinkEventLoop.create();
                NetworkLinkServer outside = NetworkLinkServer.open(LOOPBACK)) {
            CapsuleLinkReceiver<Reading> toOutside = outside.capsuleReceiver(id("c", LinkMode.CREDIT), CODEC, 64,
                    ITEM_BYTES);
            NetworkLinkServer shared = NetworkLinkServer.open(LOOPBACK, loop);
            CapsuleLinkReceiver<Reading> toShared = shared.capsuleReceiver(id("s", LinkMode.CREDIT), CODEC, 64,
                    ITEM_BYTES);
            NetworkLinkClient sharedClient = connect(outside.address(), "c",
                    LinkClientSettings.DEFAULT.withEventLoop(loop));
            try (NetworkLinkClient outsideClient = connect(shared.address(), "s", LinkClientSettings.DEFAULT)) {
                assertEquals(1_000, sendAndReceive(sharedClient, toOutside, 0, 1_000));
                assertEquals(1_000, sendAndReceive(outsideClient, toShared, 0, 1_000));

                sharedClient.close(); // the client's end goes; the server on the same loop takes more
                assertTrue(!loop.isClosed() && !sharedClient.isOpen());
                assertEquals(1_000, sendAndReceive(outsideClient, toShared, 1_000, 1_000));
            }
            shared.close(); // and with both gone, the loop still runs a new end
            try (NetworkLinkClient again = connect(outside.address(), "c",
                    LinkClientSettings.DEFAULT.withEventLoop(loop))) {
                assertEquals(1_000, sendAndReceive(again, toOutside, 1_000, 1_000));
            }
            assertTrue(!loop.isClosed());
        }
    }

    /** Offers {@code count} readings from {@code first}, polls them; returns how many came whole and in order. */
    private static long sendAndReceive(NetworkLinkClient out, CapsuleLinkReceiver<Reading> in, long first, int count) {
        Reading r = TYPE.newInstance();
        Reading into = TYPE.newInstance();
        long sent = first;
        long expected = first;
        long right = 0;
        while (expected < first + count) {
            if (sent < first + count) {
                r.fill(sent);
                sent += out.offer(r) ? 1 : 0;
            }
            if (in.poll(into)) {
                right += into.is(expected) ? 1 : 0;
                expected++;
            } else {
                Thread.onSpinWait();
            }
        }
        return right;
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
