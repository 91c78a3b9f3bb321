package org.streamflex.runtime.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.Promise;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.streamflex.Capsule;
import org.streamflex.Shared;

/**
 * The sending end of a network link of primitives ({@link #offer(long)}, each item the 64-bit slot
 * its channel keeps it in) or of capsules ({@link #offer(Capsule)}, each encoded by the link's
 * {@link CapsuleCodec} as it is queued): one producer thread offers items, which a Netty
 * event-loop thread sends. In DROP mode an offer never waits (a full queue drops and counts the
 * item); in CREDIT mode an offer to a full queue is refused and the caller keeps the item.
 *
 * <p>Once linked, the client outlives its connections: when one dies (the receiver was killed or
 * restarted, the connection was reset, or the receiver went silent for the stall timeout), the
 * items it sent unacknowledged are counted lost in flight, and the client connects again with
 * exponential backoff ({@link ReconnectPolicy}) and resumes at the first item not sent. Meanwhile
 * offers go on as always, into the queue: DROP mode drops and counts what does not fit, CREDIT mode
 * refuses it. Only {@link #close()}, or a CLOSE from the receiver, ends the link.
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
 *
 * <p>A link of capsules is opened with {@link #openCapsules} or {@link #connectCapsules}, one of shared
 * values (signal segments) with {@link #openShared} or {@link #connectShared}; their queues are
 * bounded in items and in bytes:
 *
 * <pre>{@code
 * LinkIdentity offer = LinkIdentity.ofCapsules("g", "c", Reading.class.getName(), LinkMode.CREDIT);
 * NetworkLinkClient out = NetworkLinkClient.connectCapsules(server.address(), offer, CapsuleCodec.of(Reading.class),
 *         4096, 1 << 20, LinkClientSettings.DEFAULT);
 * out.offer(reading); // encoded into the queue: the capsule may go back to its pool at once
 * }</pre>
 */
public final class NetworkLinkClient implements AutoCloseable {
    private static final long HANDSHAKE_SECONDS = 10;

    private final EventLoopGroup group;
    /** Whether {@link #group} is this link's own, stopped with it; false on a shared {@link LinkEventLoop}. */
    private final boolean ownsGroup;
    private final EventLoop loop;
    private final InetSocketAddress receiver;
    private final LinkClientSettings settings;
    private final SenderLinkHandler link;
    private final LinkOffers offers;
    private final Bootstrap bootstrap;
    private final ConnectionLog log = new ConnectionLog();
    /** The latest connection, set by the event loop as it opens one; for tests. */
    private volatile Channel current;

    private NetworkLinkClient(InetSocketAddress receiver, LinkIdentity offer, SenderQueue queue,
            LinkClientSettings settings) {
        this.receiver = receiver;
        this.settings = settings;
        this.ownsGroup = settings.eventLoop() == null;
        this.group = ownsGroup ? new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory())
                : settings.eventLoop().group();
        this.loop = group.next();
        Promise<Void> handshake = loop.newPromise();
        long senderId = ThreadLocalRandom.current().nextLong();
        this.link = new SenderLinkHandler(offer, queue, loop, handshake, senderId);
        this.offers = new LinkOffers(link, offer, queue, false);
        long stallMillis = settings.stallTimeout().toMillis();
        this.bootstrap = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        current = ch;
                        if (settings.security() != null) {
                            secure(ch, settings.security(), receiver, offer, handshake);
                        }
                        // Reads only: the link beats on its own timer, as a handler watching writes
                        // would put a promise and a listener on every write.
                        ch.pipeline().addLast(new IdleStateHandler(stallMillis, 0, 0, TimeUnit.MILLISECONDS),
                                new FrameDecoder(settings.maxFrameLength()), link);
                    }
                });
        link.connections(new SenderLinkHandler.Connections() {
            @Override
            public void linked() {
                log.linked();
            }

            @Override
            public void lost(String why) {
                log.problem(why);
                retryLater();
            }

            @Override
            public void refused(String why) {
                log.problem(why);
            }
        });
    }

    /** A link with 1 MiB frames at most; see {@link #connect(InetSocketAddress, LinkIdentity, int, int)}. */
    public static NetworkLinkClient connect(InetSocketAddress receiver, LinkIdentity offer, int queueCapacity) {
        return connect(receiver, offer, queueCapacity, LinkClientSettings.DEFAULT);
    }

    /** A link with the default settings but {@code maxFrameLength}; see {@link LinkClientSettings}. */
    public static NetworkLinkClient connect(InetSocketAddress receiver, LinkIdentity offer, int queueCapacity,
            int maxFrameLength) {
        return connect(receiver, offer, queueCapacity, LinkClientSettings.DEFAULT.withMaxFrameLength(maxFrameLength));
    }

    /**
     * As {@link #connect(InetSocketAddress, LinkIdentity, int, int)}, over TLS 1.3: the client presents
     * the certificate of {@code security}'s key store, and accepts the server only if its certificate
     * chains to {@code security}'s trust store and names the host or IP address of {@code receiver}.
     * Reconnections use TLS too.
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
        return connect(receiver, offer, queueCapacity, LinkClientSettings.DEFAULT.withMaxFrameLength(maxFrameLength)
                .withSecurity(Objects.requireNonNull(security, "security")));
    }

    /**
     * Connects to the server at {@code receiver} and offers {@code offer}; returns once the receiver
     * accepted the link. Later faults are retried as {@code settings} say; this first handshake is not.
     *
     * @param queueCapacity the sender's queue, rounded up to a power of two
     * @throws LinkRefusedException when the receiver refused (its reason names both sides), or the
     *     connection failed or was not answered within 10 s
     */
    public static NetworkLinkClient connect(InetSocketAddress receiver, LinkIdentity offer, int queueCapacity,
            LinkClientSettings settings) {
        NetworkLinkClient client = new NetworkLinkClient(receiver, offer, longQueue(offer, queueCapacity, settings),
                settings);
        client.firstHandshake(offer);
        return client;
    }

    /**
     * Like {@link #connect(InetSocketAddress, LinkIdentity, int, LinkClientSettings)}, but returns at
     * once and never throws for the receiver: the first connection is tried in the background and,
     * while the receiver is not there yet (not listening, or gone before answering), again as after
     * a fault, with backoff. Offers queue meanwhile (DROP mode drops what does not fit; CREDIT mode
     * refuses until the receiver grants credit). A REFUSE ends the link: {@link #isOpen()} turns
     * false and {@link #lastProblem()} gives the receiver's reason. Graphs open their cut channels
     * this way, so that nodes and server may start in any order.
     *
     * <pre>{@code
     * NetworkLinkClient out = NetworkLinkClient.open(server, offer, 4096, LinkClientSettings.DEFAULT);
     * out.offer(42);           // queued now, sent once the server answers
     * }</pre>
     */
    public static NetworkLinkClient open(InetSocketAddress receiver, LinkIdentity offer, int queueCapacity,
            LinkClientSettings settings) {
        NetworkLinkClient client = new NetworkLinkClient(receiver, offer, longQueue(offer, queueCapacity, settings),
                settings);
        client.link.patient();
        client.loop.execute(client::attempt);
        return client;
    }

    /**
     * As {@link #connect(InetSocketAddress, LinkIdentity, int, LinkClientSettings)}, for a link of
     * capsules that {@code codec} encodes; the queue holds at most {@code queueCapacity} capsules and
     * {@code queueBytes} bytes (rounded up to a power of two; each capsule takes its encoded size and
     * 12 bytes).
     *
     * @throws IllegalArgumentException if {@code offer} is not a link of capsules of {@code codec}'s type
     * @throws LinkRefusedException as {@code connect} does
     */
    public static NetworkLinkClient connectCapsules(InetSocketAddress receiver, LinkIdentity offer,
            CapsuleCodec<?> codec, int queueCapacity, int queueBytes, LinkClientSettings settings) {
        NetworkLinkClient client = new NetworkLinkClient(receiver, offer,
                capsuleQueue(offer, codec, queueCapacity, queueBytes, settings), settings);
        client.firstHandshake(offer);
        return client;
    }

    /**
     * As {@link #open(InetSocketAddress, LinkIdentity, int, LinkClientSettings)}, for a link of
     * capsules; see {@link #connectCapsules}.
     */
    public static NetworkLinkClient openCapsules(InetSocketAddress receiver, LinkIdentity offer,
            CapsuleCodec<?> codec, int queueCapacity, int queueBytes, LinkClientSettings settings) {
        NetworkLinkClient client = new NetworkLinkClient(receiver, offer,
                capsuleQueue(offer, codec, queueCapacity, queueBytes, settings), settings);
        client.link.patient();
        client.loop.execute(client::attempt);
        return client;
    }

    /**
     * As {@link #connect(InetSocketAddress, LinkIdentity, int, LinkClientSettings)}, for a link of
     * shared values (signal segments) that {@code codec} encodes; the queue holds at most
     * {@code queueCapacity} values and {@code queueBytes} bytes (rounded up to a power of two; each
     * value counts its encoded size and 12 bytes), and takes values of at most {@code maxItemBytes}
     * encoded bytes (and at most what a frame and half the queue hold). The queue holds references:
     * each value is encoded once, on the event loop, straight into the frame that carries it.
     *
     * <pre>{@code
     * LinkIdentity offer = LinkIdentity.ofShared("g", "mics", FloatSeg.class.getName(), LinkMode.CREDIT);
     * NetworkLinkClient out = NetworkLinkClient.connectShared(server.address(), offer, SharedCodec.of(FloatSeg.class),
     *         1024, 1 << 24, 1 << 16, LinkClientSettings.DEFAULT);
     * out.offer(segment); // the link holds a reference of its own until the segment is in a frame
     * }</pre>
     *
     * @throws IllegalArgumentException if {@code offer} is not a link of shared values of {@code codec}'s type
     * @throws LinkRefusedException as {@code connect} does
     */
    public static NetworkLinkClient connectShared(InetSocketAddress receiver, LinkIdentity offer,
            SharedCodec<?> codec, int queueCapacity, int queueBytes, int maxItemBytes, LinkClientSettings settings) {
        NetworkLinkClient client = new NetworkLinkClient(receiver, offer,
                sharedQueue(offer, codec, queueCapacity, queueBytes, maxItemBytes, settings), settings);
        client.firstHandshake(offer);
        return client;
    }

    /**
     * As {@link #open(InetSocketAddress, LinkIdentity, int, LinkClientSettings)}, for a link of
     * shared values; see {@link #connectShared}.
     */
    public static NetworkLinkClient openShared(InetSocketAddress receiver, LinkIdentity offer,
            SharedCodec<?> codec, int queueCapacity, int queueBytes, int maxItemBytes, LinkClientSettings settings) {
        NetworkLinkClient client = new NetworkLinkClient(receiver, offer,
                sharedQueue(offer, codec, queueCapacity, queueBytes, maxItemBytes, settings), settings);
        client.link.patient();
        client.loop.execute(client::attempt);
        return client;
    }

    private static SharedSenderQueue sharedQueue(LinkIdentity offer, SharedCodec<?> codec, int queueCapacity,
            int queueBytes, int maxItemBytes, LinkClientSettings settings) {
        return LinkOffers.sharedQueue(offer, codec, queueCapacity, queueBytes, settings.maxFrameLength(), maxItemBytes);
    }

    private static LongSenderQueue longQueue(LinkIdentity offer, int queueCapacity, LinkClientSettings settings) {
        return LinkOffers.longQueue(offer, queueCapacity, settings.maxFrameLength(), offer.kind() == ElementKind.CAPSULE
                ? "connectCapsules or openCapsules" : "connectShared or openShared");
    }

    private static CapsuleSenderQueue capsuleQueue(LinkIdentity offer, CapsuleCodec<?> codec, int queueCapacity,
            int queueBytes, LinkClientSettings settings) {
        return LinkOffers.capsuleQueue(offer, codec, queueCapacity, queueBytes, settings.maxFrameLength());
    }

    private void firstHandshake(LinkIdentity offer) {
        Promise<Void> handshake = link.handshake();
        log.attempted();
        ChannelFuture connected = bootstrap.connect(receiver).awaitUninterruptibly();
        if (!connected.isSuccess()) {
            stopOwnLoop();
            throw new LinkRefusedException("cannot connect to " + receiver + " for " + offer.describe() + ": "
                    + connected.cause().getMessage());
        }
        if (!handshake.awaitUninterruptibly(HANDSHAKE_SECONDS, TimeUnit.SECONDS) || !handshake.isSuccess()) {
            link.closeSoon();
            connected.channel().close().awaitUninterruptibly();
            stopOwnLoop();
            if (handshake.cause() instanceof LinkRefusedException refused) {
                throw refused;
            }
            throw new LinkRefusedException("the receiver at " + receiver + " did not answer the HELLO for "
                    + offer.describe() + " within " + HANDSHAKE_SECONDS + " s");
        }
    }

    /** The first handshake failed: the link's own loop stops; a shared one runs on for its other ends. */
    private void stopOwnLoop() {
        if (ownsGroup) {
            var _ = group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    /** Event loop: the next attempt after the backoff, unless the link was closed meanwhile. */
    private void retryLater() {
        if (!link.isOpen()) {
            return;
        }
        log.retryLater(loop, settings.reconnect(), this::attempt);
    }

    private void attempt() {
        if (!link.isOpen()) {
            return;
        }
        log.attempted();
        ChannelFuture connecting = bootstrap.connect(receiver);
        connecting.addListener(done -> {
            if (!done.isSuccess()) {
                log.problem("cannot connect to " + receiver + ": " + done.cause().getMessage());
                retryLater();
            }
        });
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

    /** The latest connection, for tests that look at its pipeline (the TLS session). */
    Channel channel() {
        return current;
    }

    /**
     * Producer thread only: sends {@code value}. Returns false when it was not queued: in DROP mode
     * it was dropped and counted; in CREDIT mode, or once the link is closed, it was refused and the
     * caller keeps it. Between connections items are queued as usual, and sent after the reconnection.
     */
    public boolean offer(long value) {
        return offers.offer(value);
    }

    /**
     * Producer thread only, on a link of capsules: encodes {@code capsule} into the queue, to be sent.
     * Returns as {@link #offer(long)} does; either way the link keeps no reference to the capsule.
     *
     * @throws IllegalArgumentException if it encodes to more bytes than an item may have (a DATA
     *     frame's length, or half the queue's bytes); nothing is counted
     */
    public boolean offer(Capsule capsule) {
        return offers.offer(capsule);
    }

    /**
     * Producer thread only, on a link of shared values: queues {@code value}, to be sent. Returns as
     * {@link #offer(long)} does. A queued value is retained by the link until its event loop has
     * encoded it into a frame (or discarded it at close), then released there: shared values are
     * immutable, so the frame carries what the value held when offered. The caller keeps its own
     * reference and releases it as usual; a value not queued is not retained.
     *
     * @throws ItemTooLargeException if it encodes to more bytes than an item may have; counted in
     *     {@link LinkCounters#tooLarge()}, given no sequence number
     */
    public boolean offer(Shared value) {
        return offers.offer(value);
    }

    /** Whether the link is open: offers can be queued, connected or not. False once either side closed it. */
    public boolean isOpen() {
        return link.isOpen();
    }

    /** The settings it was opened with: frame length, reconnection, stall timeout, TLS. */
    public LinkClientSettings settings() {
        return settings;
    }

    /**
     * This end's counts: accepted, refused, droppedAtSender, sent, discardedAtClose, acknowledged,
     * lostInTransit and lostInFlight.
     */
    public LinkCounters counters() {
        return link.counters();
    }

    /** Items accepted and neither sent nor dropped yet: in the queue. Exact when the producer is quiet. */
    public int queued() {
        return link.queued();
    }

    /** Connections tried, the first included; each retry after a fault adds one. */
    public long connectAttempts() {
        return log.attempts();
    }

    /** Handshakes that succeeded: 1 plus the reconnections. */
    public long connections() {
        return log.connections();
    }

    /** Connections closed because the receiver sent nothing for the stall timeout. */
    public long stalls() {
        return link.stalls();
    }

    /** Why the last connection ended or the last attempt failed; empty if none did. */
    public String lastProblem() {
        return log.lastProblem();
    }

    /**
     * Ends the link and stops reconnecting: if connected, what is queued is sent as far as the
     * receiver's credit (CREDIT mode) and the socket's buffer allow, the rest is discarded and
     * counted, and the receiver is told what was sent and answers with what it received (waiting at
     * most 5 s); then the event loop stops, unless it is a shared {@link LinkEventLoop}: then its
     * connection is closed, and the loop runs on for the other ends.
     */
    @Override
    public void close() {
        link.closeSoon();
        link.ended().awaitUninterruptibly(7, TimeUnit.SECONDS);
        if (ownsGroup) {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            return;
        }
        Channel last = current;
        if (last != null && !group.isShuttingDown()) {
            // Stopping its own loop would close it: on a shared one, a receiver that never answered CLOSE
            // would otherwise keep it until the CLOSE exchange's own timeout.
            last.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
    }
}
