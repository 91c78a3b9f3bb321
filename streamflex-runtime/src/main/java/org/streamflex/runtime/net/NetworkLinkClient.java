package org.streamflex.runtime.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.Promise;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The sending end of a network link of longs: one producer thread offers items, which a Netty
 * event-loop thread sends. In DROP mode an offer never waits (a full queue drops and counts the
 * item); in CREDIT mode an offer to a full queue is refused and the caller keeps the item.
 *
 * <pre>{@code
 * LinkIdentity offer = LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.CREDIT);
 * try (NetworkLinkClient out = NetworkLinkClient.connect(server.address(), offer, 4096)) {
 *     for (long i = 0; i < n; i++) {
 *         while (!out.offer(i)) {
 *             Thread.onSpinWait(); // CREDIT mode: the receiver has no room yet
 *         }
 *     }
 * }
 * }</pre>
 */
public final class NetworkLinkClient implements AutoCloseable {
    private static final long HANDSHAKE_SECONDS = 10;

    private final EventLoopGroup group;
    private final Channel channel;
    private final SenderLinkHandler link;

    private NetworkLinkClient(EventLoopGroup group, Channel channel, SenderLinkHandler link) {
        this.group = group;
        this.channel = channel;
        this.link = link;
    }

    /** A link with 1 MiB frames at most; see {@link #connect(InetSocketAddress, LinkIdentity, int, int)}. */
    public static NetworkLinkClient connect(InetSocketAddress receiver, LinkIdentity offer, int queueCapacity) {
        return connect(receiver, offer, queueCapacity, FrameFormat.DEFAULT_MAX_FRAME_LENGTH);
    }

    /**
     * Connects to the server at {@code receiver} and offers {@code offer}; returns once the receiver
     * accepted the link.
     *
     * @param queueCapacity the sender's queue, rounded up to a power of two
     * @throws LinkRefusedException when the receiver refused (its reason names both sides), or the
     *     connection failed or was not answered within 10 s
     */
    public static NetworkLinkClient connect(InetSocketAddress receiver, LinkIdentity offer, int queueCapacity,
            int maxFrameLength) {
        return open(receiver, offer, queueCapacity, maxFrameLength, null);
    }

    /**
     * As {@link #connect(InetSocketAddress, LinkIdentity, int, int)}, over TLS 1.3: the client presents
     * the certificate of {@code security}'s key store, and accepts the server only if its certificate
     * chains to {@code security}'s trust store and names the host or IP address of {@code receiver}.
     *
     * <pre>{@code
     * LinkSecurity tls = LinkSecurity.fromPkcs12(clientP12, password, trustP12, password);
     * NetworkLinkClient out = NetworkLinkClient.connect(new InetSocketAddress("127.0.0.1", 7400), offer, 4096,
     *         FrameFormat.DEFAULT_MAX_FRAME_LENGTH, tls);
     * }</pre>
     *
     * @throws LinkRefusedException also when the TLS handshake fails, with its reason
     */
    public static NetworkLinkClient connect(InetSocketAddress receiver, LinkIdentity offer, int queueCapacity,
            int maxFrameLength, LinkSecurity security) {
        return open(receiver, offer, queueCapacity, maxFrameLength, Objects.requireNonNull(security, "security"));
    }

    private static NetworkLinkClient open(InetSocketAddress receiver, LinkIdentity offer, int queueCapacity,
            int maxFrameLength, LinkSecurity security) {
        new FrameDecoder(maxFrameLength); // checks the length before anything is started
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        Promise<Void> handshake = group.next().newPromise();
        SenderLinkHandler link = new SenderLinkHandler(offer, queueCapacity, maxFrameLength, handshake);
        Bootstrap bootstrap = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (security != null) {
                            secure(ch, security, receiver, offer, handshake);
                        }
                        ch.pipeline().addLast(new FrameDecoder(maxFrameLength), link);
                    }
                });
        ChannelFuture connected = bootstrap.connect(receiver).awaitUninterruptibly();
        if (!connected.isSuccess()) {
            var _ = group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new LinkRefusedException("cannot connect to " + receiver + " for " + offer.describe() + ": "
                    + connected.cause().getMessage());
        }
        if (!handshake.awaitUninterruptibly(HANDSHAKE_SECONDS, TimeUnit.SECONDS) || !handshake.isSuccess()) {
            connected.channel().close().awaitUninterruptibly();
            var _ = group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            if (handshake.cause() instanceof LinkRefusedException refused) {
                throw refused;
            }
            throw new LinkRefusedException("the receiver at " + receiver + " did not answer the HELLO for "
                    + offer.describe() + " within " + HANDSHAKE_SECONDS + " s");
        }
        return new NetworkLinkClient(group, connected.channel(), link);
    }

    private static void secure(SocketChannel ch, LinkSecurity security, InetSocketAddress receiver,
            LinkIdentity offer, Promise<Void> handshake) {
        // The receiver's host name or IP literal, as given: what the server's certificate must name.
        SslHandler tls = security.clientContext().newHandler(ch.alloc(), receiver.getHostString(), receiver.getPort());
        ch.pipeline().addLast(tls);
        tls.handshakeFuture().addListener(done -> {
            if (!done.isSuccess()) {
                handshake.tryFailure(new LinkRefusedException("TLS handshake with " + receiver + " for "
                        + offer.describe() + " failed: " + done.cause()));
            }
        });
    }

    /** The connection, for tests that look at its pipeline (the TLS session). */
    Channel channel() {
        return channel;
    }

    /**
     * Producer thread only: sends {@code value}. Returns false when it was not queued: in DROP mode
     * it was dropped and counted; in CREDIT mode, or once the link is closed, it was refused and the
     * caller keeps it.
     */
    public boolean offer(long value) {
        return link.offer(value);
    }

    /** Whether the link is open: offers can be queued. False once either side closed it. */
    public boolean isOpen() {
        return link.isOpen();
    }

    /** This end's counts: accepted, refused, droppedAtSender, sent, discardedAtClose, lostInTransit. */
    public LinkCounters counters() {
        return link.counters();
    }

    /**
     * Ends the link: what is still queued is discarded and counted, the receiver is told what was sent
     * and answers with what it received (waiting at most 5 s), then the event loop stops.
     */
    @Override
    public void close() {
        link.closeSoon();
        channel.closeFuture().awaitUninterruptibly(6, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
