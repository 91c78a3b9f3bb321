package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A peer that stops writing without closing (its host froze) is noticed by the side that receives
 * from it, both ways: a server's receiving end notices a silent node, a node's receiving link a
 * silent server. The silent peers are raw sockets that speak the handshake and then hold the
 * connection open without a byte more. Nothing here measures time: each test waits, within a
 * generous bound, for the stall to be counted.
 */
class StallDetectionTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private static final LinkIdentity ID = LinkIdentity.of("g", "n1:A.out->B.in", ElementKind.LONG, LinkMode.DROP);
    private static final Duration STALL = LinkClientSettings.MIN_STALL_TIMEOUT;
    private static final LinkClientSettings FAST = LinkClientSettings.DEFAULT.withReconnect(
            new ReconnectPolicy(Duration.ofMillis(10), Duration.ofMillis(100), 0.2));

    @Test
    void aSenderThatGoesSilentWithoutClosingIsClosedCountedAndItsPlaceFreed() throws Exception {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK).stallTimeout(STALL);
                Socket frozen = new Socket(server.address().getAddress(), server.address().getPort())) {
            LongLinkReceiver in = server.longReceiver(ID, 16);
            OutputStream out = frozen.getOutputStream();
            write(out, FrameEncoder.hello(ByteBufAllocator.DEFAULT, ID, 16, 7, 0, 0));
            ByteBuf data = FrameEncoder.startData(ByteBufAllocator.DEFAULT, 0, 8, 3);
            data.writeLong(11).writeLong(12).writeLong(13);
            write(out, FrameEncoder.finishData(data, 3));
            // From here the peer writes nothing and keeps the connection open, as a frozen host does.
            waitFor(() -> in.counters().stalls() == 1, () -> in.counters() + "; " + server.lastProblem());
            assertEquals(3, in.counters().delivered(), "what arrived before the silence is delivered");
            assertTrue(server.lastProblem().contains("sent nothing, not even a heartbeat, for 1000 ms"),
                    server.lastProblem());
            frozen.setSoTimeout((int) TimeUnit.SECONDS.toMillis(60));
            InputStream answers = frozen.getInputStream();
            while (answers.read() >= 0) {
                // the server's HELLO_OK and ACKs, until it closes the connection
            }
            waitFor(() -> !in.isLinked(), in::toString);
            try (NetworkLinkClient next = NetworkLinkClient.connect(server.address(), ID, 16)) {
                assertTrue(next.offer(14), "the stalled sender's place is free for the next");
                waitFor(() -> in.counters().delivered() == 4, () -> in.counters().toString());
            }
            assertEquals(1, in.counters().stalls(), "a live sender that closes is no stall");
        }
    }

    @Test
    void aPeerThatConnectsAndNeverSendsItsHelloIsClosedAndCountedAsRefused() throws Exception {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK).stallTimeout(STALL)) {
            LongLinkReceiver in = server.longReceiver(ID, 16);
            for (int peer = 1; peer <= 2; peer++) {
                try (Socket silent = new Socket(server.address().getAddress(), server.address().getPort())) {
                    // Connected, and not a byte: the server closes it after the stall timeout.
                    silent.setSoTimeout((int) TimeUnit.SECONDS.toMillis(60));
                    assertEquals(-1, silent.getInputStream().read(), "the server closes, sending nothing");
                }
                long refused = peer;
                waitFor(() -> server.refusedPeers() == refused, () -> "refused peers " + server.refusedPeers());
            }
            assertEquals(0, in.counters().stalls(), "no link was open, so no stall");
            try (NetworkLinkClient next = NetworkLinkClient.connect(server.address(), ID, 16)) {
                assertTrue(next.offer(1), "a sender that says HELLO still links");
                waitFor(() -> in.counters().delivered() == 1, () -> in.counters().toString());
            }
            assertEquals(2, server.refusedPeers(), "a sender that says HELLO is not refused");
        }
    }

    @Test
    void aQuietSenderBeatsSoItsReceiverKeepsTheConnection() throws Exception {
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK).stallTimeout(Duration.ofSeconds(2))) {
            LongLinkReceiver in = server.longReceiver(ID, 16);
            NetworkLinkClient quiet = NetworkLinkClient.connect(server.address(), ID, 16);
            // Its linking shows it was answered; then it sends nothing for 2.5 stall timeouts but its heartbeats.
            waitFor(in::isLinked, in::toString);
            Thread.sleep(5000);
            assertEquals(0, in.counters().stalls(), server::lastProblem);
            assertEquals(1, quiet.connections(), quiet::lastProblem);
            assertTrue(quiet.offer(5));
            waitFor(() -> in.counters().delivered() == 1, () -> in.counters().toString());
            quiet.close();
        }
    }

    @Test
    void aSenderWithNothingToSendBeatsWithAnAckOfWhatItSent() throws Exception {
        try (ServerSocket listening = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            List<long[]> beats = new CopyOnWriteArrayList<>();
            Thread receiver = Thread.ofPlatform().start(() -> {
                try (Socket peer = listening.accept()) {
                    DataInputStream frames = new DataInputStream(peer.getInputStream());
                    readFrame(frames); // its HELLO
                    write(peer.getOutputStream(), FrameEncoder.helloOk(ByteBufAllocator.DEFAULT));
                    while (beats.isEmpty() || beats.getLast()[0] < 5) {
                        byte[] body = readFrame(frames);
                        if (type == FrameType.ACK.code()) {
                            java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(body);
                            beats.add(new long[] {b.getLong(), b.getLong()});
                        }
                    }
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            InetSocketAddress at = new InetSocketAddress(InetAddress.getLoopbackAddress(), listening.getLocalPort());
            try (NetworkLinkClient out = NetworkLinkClient.connect(at, ID, 16, FAST)) {
                for (int i = 0; i < 5; i++) {
                    assertTrue(out.offer(i));
                }
                receiver.join(TimeUnit.SECONDS.toMillis(60));
                assertTrue(!beats.isEmpty() && beats.getLast()[0] == 5, () -> "beats " + beats.size());
                for (long[] beat : beats) {
                    assertTrue(beat[0] <= 5, "items sent on the connection");
                    assertEquals(beat[0], beat[1], "no drops: the next number is the count sent");
                }
                assertEquals(0, out.stalls());
            }
        }
    }

    @Test
    void aServerThatGoesSilentIsClosedCountedAndTheNodeConnectsAgain() throws Exception {
        LinkIdentity toNode = LinkIdentity.of("g", "n1:B.out->A.in", ElementKind.LONG, LinkMode.CREDIT);
        List<Socket> accepted = new CopyOnWriteArrayList<>();
        ServerSocket listening = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
        Thread server = Thread.ofPlatform().daemon().start(() -> {
            try {
                while (true) {
                    Socket peer = listening.accept();
                    accepted.add(peer);
                    // A sending end's HELLO, then silence: the server's host froze after the handshake.
                    write(peer.getOutputStream(), FrameEncoder.hello(ByteBufAllocator.DEFAULT, toNode, 64,
                            accepted.size(), 0, 0));
                }
            } catch (IOException e) {
                // closed by the test
            }
        });
        InetSocketAddress at = new InetSocketAddress(InetAddress.getLoopbackAddress(), listening.getLocalPort());
        try (ReceivingLinkClient node = ReceivingLinkClient.openLongs(at, toNode, 64, FAST.withStallTimeout(STALL))) {
            waitFor(() -> node.stalls() >= 1 && node.connections() >= 2,
                    () -> node.stalls() + " stalls, " + node.connections() + " links; " + node.lastProblem());
            assertTrue(accepted.size() >= 2, "the node connected again after the stall");
            assertTrue(node.receiver().counters().toString().contains("stalls "), node.receiver().counters()::toString);
            listening.close(); // no more connections: the node's close does not wait for a frozen peer's answer
            for (Socket s : accepted) {
                s.close();
            }
        } finally {
            listening.close();
            server.join(TimeUnit.SECONDS.toMillis(10));
        }
    }

    /** The type of the last frame {@link #readFrame} read. */
    private static volatile int type;

    private static byte[] readFrame(DataInputStream in) throws IOException {
        assertEquals(FrameFormat.MAGIC, in.readInt());
        in.readUnsignedByte();
        type = in.readUnsignedByte();
        in.readUnsignedShort();
        byte[] body = new byte[in.readInt()];
        in.readFully(body);
        return body;
    }

    private static void write(OutputStream out, ByteBuf frame) throws IOException {
        byte[] bytes = new byte[frame.readableBytes()];
        frame.readBytes(bytes).release();
        out.write(bytes);
        out.flush();
    }

    private static void waitFor(BooleanSupplier condition, Supplier<String> what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, () -> "timed out waiting: " + what.get());
            Thread.sleep(5);
        }
    }
}
