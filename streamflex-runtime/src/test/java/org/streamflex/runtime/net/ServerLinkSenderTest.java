package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.DataInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.Shared;
import org.streamflex.fixtures.LoopbackPorts;
import org.streamflex.fixtures.Soak;

/**
 * Links a server sends on, opened by their receivers ({@link ServerLinkSender},
 * {@link ReceivingLinkClient}): items flow over TLS as over plain TCP, a receiver asking for
 * another link is refused naming both and tries again, a peer of an older protocol version is
 * refused in a REFUSE it can read, naming both versions, and a node that closes leaves the link
 * waiting for its next connection, which resumes with every item counted.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ServerLinkSenderTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private static final LinkIdentity ID = LinkIdentity.of("g", "n1:A.out->B.in", ElementKind.LONG, LinkMode.CREDIT);
    private static final LinkClientSettings FAST = LinkClientSettings.DEFAULT.withReconnect(
            new ReconnectPolicy(Duration.ofMillis(10), Duration.ofMillis(100), 0.2));

    @TempDir
    static Path certificates;

    @Test
    void itemsFlowFromTheServerToANodeThatOpenedTheLinkOverTls13() throws Exception {
        DevCertificates trusted = DevCertificates.makeIn(certificates);
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK, false, FrameFormat.DEFAULT_MAX_FRAME_LENGTH,
                trusted.server())) {
            ServerLinkSender out = server.longSender(ID, 1024);
            long n;
            try (ReceivingLinkClient in = ReceivingLinkClient.openLongs(server.address(), ID, 1024,
                    FAST.withSecurity(trusted.client()))) {
                waitFor(out::isLinked, () -> "linked: " + in.lastProblem());
                // Bounded by time, not by count: TLS on both ends of a loopback link shares two cores with
                // whatever else the machine runs.
                Soak soak = Soak.start();
                n = sendAndReceive(out, (LongLinkReceiver) in.receiver(), 0, sent -> soak.more(sent, 2_000));
                assertEquals(1, in.connections());
                assertEquals(n, out.counters().accepted());
            }
            assertFalse(out.isLinked(), "the node's close ended its connection");
            assertEquals(n, out.counters().acknowledged(), "the CLOSE exchange acknowledged everything");
            assertTrue(out.isOpen(), "the link waits for the node's next connection");
            assertEquals(0, server.refusedPeers());
        }
    }

    @Test
    void aNodeThatClosesAndComesBackResumesWithEveryItemCounted() throws Exception {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            ServerLinkSender out = server.longSender(ID, 1024);
            LongLinkReceiver firstEnd;
            try (ReceivingLinkClient first = ReceivingLinkClient.openLongs(server.address(), ID, 1024, FAST)) {
                waitFor(out::isLinked, first::lastProblem);
                firstEnd = (LongLinkReceiver) first.receiver();
                sendAndReceive(out, firstEnd, 0, 3000);
            }
            waitFor(() -> !out.isLinked(), out::lastProblem);
            int whileAway = 5000;
            for (long i = 3000; i < 3000 + whileAway; i++) {
                assertTrue(out.offer(i), "no receiver linked: queued, or dropped and counted, never refused");
            }
            assertEquals(1024, out.queued(), "the queue holds its bound");
            assertEquals(whileAway - 1024, out.counters().droppedAtSender());
            try (ReceivingLinkClient second = ReceivingLinkClient.openLongs(server.address(), ID, 1024, FAST)) {
                LongLinkReceiver secondEnd = (LongLinkReceiver) second.receiver();
                long[] got = new long[1024];
                int[] count = {0};
                waitFor(() -> {
                    secondEnd.drain(v -> got[count[0]++] = v, 1024 - count[0]);
                    return count[0] == 1024;
                }, () -> "resumed: " + secondEnd.counters());
                for (int i = 0; i < 1024; i++) {
                    assertEquals(3000 + i, got[i], "what was queued comes first, in order");
                }
                sendAndReceive(out, secondEnd, 3000 + whileAway, 1000);
                assertEquals(whileAway - 1024, secondEnd.counters().droppedAtSender(),
                        "the node learns what was dropped for it while it was away");
            }
            LinkCounters c = out.counters();
            assertEquals(c.accepted(), c.sent() + c.droppedAtSender() + c.discardedAtClose(), c.toString());
            assertEquals(c.sent(), c.acknowledged() + c.lostInTransit() + c.lostInFlight(), c.toString());
            assertEquals(3000 + 1024 + 1000, c.acknowledged(), c.toString());
            assertEquals(2, out.connections());
        }
    }

    /** A shared value of some bytes, counting how often it was freed. */
    static final class Bytes extends Shared {
        final byte[] bytes;
        int freedTimes;

        Bytes(byte[] bytes) {
            this.bytes = bytes;
            revive(); // the maker's reference
        }

        @Override
        protected void freed() {
            freedTimes++;
        }
    }

    /** Encodes a value as its bytes, and decodes them into a new one. */
    static final class BytesCodec implements SharedCodec<Bytes> {
        @Override
        public Class<Bytes> type() {
            return Bytes.class;
        }

        @Override
        public int encodedSize(Bytes value) {
            return value.bytes.length;
        }

        @Override
        public void encode(Bytes value, MemorySegment target, long offset) {
            MemorySegment.copy(value.bytes, 0, target, ValueLayout.JAVA_BYTE, offset, value.bytes.length);
        }

        @Override
        public Bytes decode(MemorySegment source, long offset, int length) {
            byte[] bytes = new byte[length];
            MemorySegment.copy(source, ValueLayout.JAVA_BYTE, offset, bytes, 0, length);
            return new Bytes(bytes);
        }

        @Override
        public BytesCodec copy() {
            return new BytesCodec();
        }
    }

    @Test
    void sharedValuesReachTheNodeBitForBitAndEachReferenceTheLinkTookIsReleasedOnce() throws Exception {
        LinkIdentity id = LinkIdentity.ofShared("g", "n1:A.out->B.in", Bytes.class.getName(), LinkMode.CREDIT);
        int n = 2000;
        Bytes[] sent = new Bytes[n];
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            ServerLinkSender out = server.sharedSender(id, new BytesCodec(), 64, 1 << 20, 4096);
            try (ReceivingLinkClient in = ReceivingLinkClient.openShared(server.address(), id, new BytesCodec(), 64,
                    4096, FAST)) {
                waitFor(out::isLinked, in::lastProblem);
                @SuppressWarnings("unchecked")
                SharedLinkReceiver<Bytes> end = (SharedLinkReceiver<Bytes>) in.receiver();
                int received = 0;
                for (int i = 0; i < n; i++) {
                    byte[] bytes = new byte[1 + i % 3000];
                    for (int b = 0; b < bytes.length; b++) {
                        bytes[b] = (byte) (i * 7 + b * 13);
                    }
                    sent[i] = new Bytes(bytes);
                    while (!out.offer(sent[i])) {
                        received = take(end, sent, received);
                    }
                    sent[i].release(); // the maker's: the link holds one of its own until its frame is written
                }
                int[] got = {received};
                waitFor(() -> (got[0] = take(end, sent, got[0])) == n, () -> "received " + got[0]);
            }
            assertEquals(n, out.counters().acknowledged());
        }
        for (Bytes value : sent) {
            assertEquals(1, value.freedTimes, "each value freed once, when the link let go of it");
        }
    }

    /** Takes what arrived, checking each against the value sent with its number; returns the count so far. */
    private static int take(SharedLinkReceiver<Bytes> end, Bytes[] sent, int from) {
        int count = from;
        for (Bytes value = end.poll(); value != null; value = end.poll()) {
            assertArrayEquals(sent[count].bytes, value.bytes, "value " + count);
            value.release();
            count++;
        }
        return count;
    }

    @Test
    void aNodeThatStopsReadingIsTreatedAsDownAfterTheStallTimeoutAndItsItemsCounted() throws Exception {
        // 3 s, not the default 10: still 15 of a live node's heartbeats, and the test waits it out.
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK).stallTimeout(Duration.ofSeconds(3))) {
            ServerLinkSender out = server.longSender(ID, 1024);
            try (ReceivingLinkClient in = ReceivingLinkClient.openLongs(server.address(), ID, 1024, FAST)) {
                waitFor(out::isLinked, in::lastProblem);
                LongLinkReceiver end = (LongLinkReceiver) in.receiver();
                sendAndReceive(out, end, 0, 2000);
                end.holdLinkForTest().get(10, TimeUnit.SECONDS); // acknowledges all, then reads and beats no more
                long next = 2000;
                long refused = 0;
                while (out.isLinked()) { // its credit runs out: a linked node with no room holds the item
                    if (out.offer(next)) {
                        next++;
                    } else {
                        refused++;
                        Thread.sleep(1);
                    }
                }
                assertTrue(refused > 0, "the held node's credit ran out before the stall timeout");
                assertEquals(1, out.stalls(), out.lastProblem());
                waitFor(() -> out.lastProblem().contains("sent nothing within the stall timeout"), out::lastProblem);
                for (int i = 0; i < 5000; i++) {
                    assertTrue(out.offer(next++), "a node treated as down holds nothing up");
                }
                LinkCounters c = out.counters();
                assertEquals(2000, c.acknowledged(), c.toString());
                assertEquals(c.sent() - 2000, c.lostInFlight(), "what it sent after the hold: " + c);
                assertEquals(c.accepted(), c.sent() + c.droppedAtSender() + out.queued(), c.toString());
                assertTrue(c.droppedAtSender() > 0, c.toString());
            }
        }
    }

    @Test
    void aNodeStartedBeforeItsServerRetriesWithBackoffAndLinksOnceTheServerListens() throws Exception {
        int port = LoopbackPorts.unused().getPort(); // the server listens on it later
        InetSocketAddress at = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        try (ReceivingLinkClient in = ReceivingLinkClient.openLongs(at, ID, 1024, FAST)) {
            long start = System.nanoTime();
            waitFor(() -> in.connectAttempts() >= 5, in::lastProblem);
            Thread.sleep(1000);
            double seconds = (System.nanoTime() - start) / 1e9;
            // One chain of attempts, each at least 8 ms after the last and soon 80 ms: never more than one
            // attempt per 8 ms, however slow the machine (a failure scheduling two retries would double them).
            assertTrue(in.connectAttempts() <= seconds * 1000 / 8 + 1, in.connectAttempts() + " attempts in "
                    + seconds + " s");
            assertTrue(in.lastProblem().startsWith("cannot connect to"), in.lastProblem());
            try (NetworkLinkServer server = NetworkLinkServer.open(at)) {
                ServerLinkSender out = server.longSender(ID, 1024);
                waitFor(out::isLinked, in::lastProblem);
                sendAndReceive(out, (LongLinkReceiver) in.receiver(), 0, 500);
            }
        }
    }

    @Test
    void aNodeAskingForAnotherLinkIsRefusedNamingBothAndKeepsTrying() throws Exception {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            ServerLinkSender out = server.longSender(ID, 1024);
            LinkIdentity dropping = LinkIdentity.of("g", "n1:A.out->B.in", ElementKind.LONG, LinkMode.DROP);
            try (ReceivingLinkClient in = ReceivingLinkClient.openLongs(server.address(), dropping, 1024, FAST)) {
                waitFor(() -> in.refusals() >= 2, in::lastProblem);
                assertTrue(in.lastProblem().contains("receiver expects graph g channel n1:A.out->B.in of long, DROP"
                        + " mode, protocol version 4, sender sends graph g channel n1:A.out->B.in of long, CREDIT"
                        + " mode"), in.lastProblem());
                assertTrue(in.isOpen(), "a receiver keeps trying: the server may be fixed and restarted");
                assertEquals(0, in.connections());
            }
            assertFalse(out.isLinked());
            assertTrue(server.lastRefusal().contains("receiver expects"), server.lastRefusal());
            try (ReceivingLinkClient stranger = ReceivingLinkClient.openLongs(server.address(),
                    LinkIdentity.of("g", "n9:A.out->B.in", ElementKind.LONG, LinkMode.CREDIT), 1024, FAST)) {
                waitFor(() -> stranger.refusals() >= 1, stranger::lastProblem);
                assertTrue(stranger.lastProblem().contains("sender has no such channel; it sends graph g channel"
                        + " n1:A.out->B.in"), stranger.lastProblem());
            }
        }
    }

    @Test
    void aPeerOfTheOlderVersionIsRefusedInAFrameOfItsVersionNamingBothVersions() throws Exception {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK);
                Socket old = new Socket(server.address().getAddress(), server.address().getPort())) {
            server.longSender(ID, 1024);
            ByteBuf hello = FrameEncoder.hello(ByteBufAllocator.DEFAULT, ID.withVersion(2), 1024, 1, 0, 0);
            byte[] bytes = new byte[hello.readableBytes()];
            hello.readBytes(bytes).release();
            old.getOutputStream().write(bytes);
            DataInputStream answer = new DataInputStream(old.getInputStream());
            assertEquals(FrameFormat.MAGIC, answer.readInt());
            assertEquals(2, answer.readUnsignedByte(), "written at the peer's version, so that it reads the reason");
            assertEquals(FrameType.REFUSE.code(), answer.readUnsignedByte());
            answer.readUnsignedShort();
            answer.readInt();
            byte[] reason = new byte[answer.readUnsignedShort()];
            answer.readFully(reason);
            assertTrue(new String(reason, StandardCharsets.UTF_8).startsWith("peer speaks StreamFlex link protocol"
                    + " version 2, this server speaks version " + FrameFormat.VERSION),
                    new String(reason, StandardCharsets.UTF_8));
        }
    }

    @Test
    void aNodeFacingAServerOfTheOlderVersionReportsItsRefusalNamingBothVersions() throws Exception {
        String reason = "sender speaks StreamFlex link protocol version " + FrameFormat.VERSION
                + ", receiver speaks version 2";
        try (ServerSocket old = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            Thread server = Thread.ofPlatform().start(() -> {
                try (Socket peer = old.accept()) {
                    InputStream in = peer.getInputStream();
                    byte[] header = in.readNBytes(FrameFormat.HEADER_BYTES);
                    in.readNBytes((int) (((header[8] & 0xffL) << 24) | ((header[9] & 0xff) << 16)
                            | ((header[10] & 0xff) << 8) | (header[11] & 0xff)));
                    ByteBuf refuse = FrameEncoder.refuse(ByteBufAllocator.DEFAULT, reason, 2);
                    byte[] bytes = new byte[refuse.readableBytes()];
                    refuse.readBytes(bytes).release();
                    OutputStream out = peer.getOutputStream();
                    out.write(bytes);
                    out.flush();
                    in.read(); // until the node closes
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            InetSocketAddress at = new InetSocketAddress(InetAddress.getLoopbackAddress(), old.getLocalPort());
            try (ReceivingLinkClient in = ReceivingLinkClient.openLongs(at, ID, 1024, FAST)) {
                waitFor(() -> in.refusals() >= 1, in::lastProblem);
                assertTrue(in.lastProblem().endsWith(reason), in.lastProblem());
            }
            server.join(10_000);
        }
    }

    private static void sendAndReceive(ServerLinkSender out, LongLinkReceiver in, long from, int n)
            throws Exception {
        sendAndReceive(out, in, from, sent -> sent < n);
    }

    /** Sends items from {@code from} on while {@code more} says so of the count sent, and takes them all, in order. */
    private static long sendAndReceive(ServerLinkSender out, LongLinkReceiver in, long from, LongPredicate more)
            throws Exception {
        long[] next = {from};
        boolean[] inOrder = {true};
        long n = 0;
        for (; more.test(n); n++) {
            long i = from + n;
            while (!out.offer(i)) {
                in.drain(v -> {
                    inOrder[0] &= v == next[0];
                    next[0]++;
                }, Integer.MAX_VALUE);
            }
        }
        long sent = n;
        waitFor(() -> {
            in.drain(v -> {
                inOrder[0] &= v == next[0];
                next[0]++;
            }, Integer.MAX_VALUE);
            return next[0] == from + sent;
        }, () -> sent + " items: " + in.counters());
        assertTrue(inOrder[0], "items arrive in order");
        return sent;
    }

    private static void waitFor(BooleanSupplier condition, java.util.function.Supplier<String> what)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, () -> "timed out waiting: " + what.get());
            Thread.sleep(2);
        }
    }
}
