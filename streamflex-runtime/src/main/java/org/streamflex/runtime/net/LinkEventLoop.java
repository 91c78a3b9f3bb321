package org.streamflex.runtime.net;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.util.concurrent.TimeUnit;

/**
 * One Netty event-loop thread that several link ends share: a {@link NetworkLinkServer}
 * ({@link NetworkLinkServer#open(java.net.InetSocketAddress, LinkEventLoop)}), a
 * {@link NetworkLinkClient} and a {@link ReceivingLinkClient}
 * ({@link LinkClientSettings#withEventLoop(LinkEventLoop)}). Each end otherwise runs on a thread of its
 * own. On one thread, a handler that consumes a receiving link's items on its event loop
 * ({@link CapsuleLinkReceiver#consumeOnLoop}) and offers them on a sending link of the same loop hands
 * them on without waking another thread: the offer's drain runs on that loop right after the read.
 *
 * <p>The ends borrow the loop: closing one of them closes its connections and leaves the loop running
 * for the others; {@link #close()} stops it, once every end on it is closed (an end closed after it
 * cannot run its CLOSE exchange, and waits out its timeouts). No end may be opened or closed from the
 * loop's own thread (both wait for the loop).
 *
 * <pre>{@code
 * try (LinkEventLoop loop = LinkEventLoop.create()) {
 *     try (NetworkLinkServer server = NetworkLinkServer.open(address, loop);
 *             NetworkLinkClient back = NetworkLinkClient.connectCapsules(peer, pong, codec, 64, 1 << 16,
 *                     LinkClientSettings.DEFAULT.withEventLoop(loop))) {
 *         CapsuleLinkReceiver<Reading> in = server.capsuleReceiver(ping, codec, 64, itemBytes);
 *         in.consumeOnLoop(CapsuleType.of(Reading.class).newInstance(), (sequence, r) -> back.offer(r));
 *         ...
 *     }
 * }
 * }</pre>
 */
public final class LinkEventLoop implements AutoCloseable {
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());

    private LinkEventLoop() {
    }

    /** A new event-loop thread, started with the first end that uses it. */
    public static LinkEventLoop create() {
        return new LinkEventLoop();
    }

    /** The group of one thread the ends run on. */
    EventLoopGroup group() {
        return group;
    }

    /** Whether the caller runs on this loop's thread (a handler on it, say). */
    public boolean inEventLoop() {
        return group.next().inEventLoop();
    }

    /** Whether {@link #close()} was called. */
    public boolean isClosed() {
        return group.isShuttingDown();
    }

    /**
     * Stops the thread, waiting at most 2 s for the tasks queued on it; close every end on it first.
     * Idempotent.
     *
     * @throws IllegalStateException if called from the loop's own thread, which cannot wait for itself
     */
    @Override
    public void close() {
        if (inEventLoop()) {
            throw new IllegalStateException("a LinkEventLoop cannot be closed from its own thread: close it from"
                    + " the thread that created it, after the link ends on it");
        }
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
