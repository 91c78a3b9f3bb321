package org.streamflex.runtime.net;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslHandler;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.streamflex.Capsule;
import org.streamflex.Shared;

/**
 * Listens for network links and hosts their receiving ends, and the sending ends of links whose
 * receivers connect to it ({@link ServerLinkSender}: a server sending a channel to its nodes), on
 * one Netty event-loop thread. It
 * listens on loopback only unless told otherwise, and beyond loopback only with TLS and mutual
 * authentication ({@link LinkSecurity}); on loopback TLS is optional.
 *
 * <pre>{@code
 * try (NetworkLinkServer server = NetworkLinkServer.open(new InetSocketAddress("127.0.0.1", 0))) {
 *     LongLinkReceiver in = server.longReceiver(LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.DROP), 4096);
 *     // senders connect to server.address()
 * }
 * }</pre>
 */
public final class NetworkLinkServer implements AutoCloseable {
    /** How long {@link #close()} waits for its last ACKs to be written: a live connection takes them at once. */
    static final long CLOSE_GRACE_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** The name of the frame decoder in every accepted connection's pipeline. */
    static final String DECODER = "frames";
    /** How long a hosted sending end waits for its receiver's answer to CLOSE when the server closes. */
    private static final long SENDER_CLOSE_SECONDS = 7;
    private final EventLoopGroup group;
    /** Whether {@link #group} is this server's own, stopped with it; false on a shared {@link LinkEventLoop}. */
    private final boolean ownsGroup;
    private final Channel listening;
    /** The accepted connections: closed with the server, since stopping the event loop leaves them open. */
    private final ChannelGroup connections;
    private final Map<String, LinkReceiver> receivers = new ConcurrentHashMap<>();
    private final Map<String, ServerLinkSender> senders = new ConcurrentHashMap<>();
    private final int maxFrameLength;
    private final ReceiverHost host = new Host();
    private final AtomicLong refusedLinks = new AtomicLong();
    private volatile String lastRefusal = "";
    private volatile String lastProblem = "";
    private final RefusedPeers refusedPeers = new RefusedPeers();
    private boolean closed;
    /** See {@link #stallTimeout(Duration)}. */
    private volatile Duration stallTimeout = LinkClientSettings.DEFAULT.stallTimeout();

    private NetworkLinkServer(InetSocketAddress address, int maxFrameLength, LinkSecurity security,
            LinkEventLoop shared) {
        new FrameDecoder(maxFrameLength); // checks the length before anything is started
        this.maxFrameLength = maxFrameLength;
        ownsGroup = shared == null;
        group = ownsGroup ? new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory()) : shared.group();
        connections = new DefaultChannelGroup(group.next());
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                // A restarted receiver binds its port again while the old connections wait out TIME_WAIT.
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.RECVBUF_ALLOCATOR, ReceiverLinkHandler.READS)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        connections.add(ch);
                        if (security != null) {
                            secure(ch, security);
                        }
                        ch.pipeline().addLast(DECODER, new FrameDecoder(maxFrameLength));
                        ch.pipeline().addLast(new ReceiverLinkHandler(host, null));
                    }
                });
        try {
            listening = bootstrap.bind(address).syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            if (ownsGroup) {
                var _ = group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            }
            throw e;
        }
    }

    /** A server on {@code address}, which must be a loopback address, with 1 MiB frames at most. */
    public static NetworkLinkServer open(InetSocketAddress address) {
        return open(address, false, FrameFormat.DEFAULT_MAX_FRAME_LENGTH);
    }

    /**
     * A server on {@code address}, which must be a loopback address, with 1 MiB frames at most, running
     * on {@code loop}, which other link ends may share ({@link LinkEventLoop}): closing the server
     * leaves the loop running. A receiving end's handler on the loop
     * ({@link CapsuleLinkReceiver#consumeOnLoop}) may then offer to a {@link NetworkLinkClient} on the
     * same loop without waking another thread.
     *
     * <pre>{@code
     * try (LinkEventLoop loop = LinkEventLoop.create();
     *         NetworkLinkServer server = NetworkLinkServer.open(new InetSocketAddress("127.0.0.1", 0), loop)) {
     *     // receivers, senders ...
     * }
     * }</pre>
     */
    public static NetworkLinkServer open(InetSocketAddress address, LinkEventLoop loop) {
        ListenPolicy.check(address, false, false, "network links",
                "open(address, allowNonLoopback, maxFrameLength, security, loop)");
        return new NetworkLinkServer(address, FrameFormat.DEFAULT_MAX_FRAME_LENGTH, null,
                Objects.requireNonNull(loop, "loop"));
    }

    /**
     * As {@link #open(InetSocketAddress, boolean, int, LinkSecurity)} ({@code security} null: without
     * TLS, loopback only), on the shared {@code loop}; see {@link #open(InetSocketAddress, LinkEventLoop)}.
     *
     * @throws InsecureBindException for a non-loopback address without {@code allowNonLoopback} and {@code security}
     */
    public static NetworkLinkServer open(InetSocketAddress address, boolean allowNonLoopback, int maxFrameLength,
            LinkSecurity security, LinkEventLoop loop) {
        ListenPolicy.check(address, allowNonLoopback, security != null, "network links",
                "open(address, allowNonLoopback, maxFrameLength, security, loop)");
        return new NetworkLinkServer(address, maxFrameLength, security, Objects.requireNonNull(loop, "loop"));
    }

    /**
     * A server on {@code address}, without TLS: {@code address} must be a loopback address, whatever
     * {@code allowNonLoopback} says; see {@link #open(InetSocketAddress, boolean, int, LinkSecurity)}.
     *
     * @throws InsecureBindException for a non-loopback address
     */
    public static NetworkLinkServer open(InetSocketAddress address, boolean allowNonLoopback, int maxFrameLength) {
        return checkedOpen(address, allowNonLoopback, maxFrameLength, null);
    }

    /**
     * A server on {@code address} whose links all use TLS 1.3 and present a certificate {@code security}
     * trusts; a peer that does not is refused at the TLS handshake, counted ({@link #refusedPeers()}) and
     * logged once per address. An address other than loopback only with {@code allowNonLoopback}.
     *
     * <pre>{@code
     * NetworkLinkServer.open(new InetSocketAddress("0.0.0.0", 7400), true, FrameFormat.DEFAULT_MAX_FRAME_LENGTH,
     *         LinkSecurity.fromPkcs12(serverP12, password, trustP12, password));
     * }</pre>
     *
     * @throws InsecureBindException for a non-loopback address without {@code allowNonLoopback}
     */
    public static NetworkLinkServer open(InetSocketAddress address, boolean allowNonLoopback, int maxFrameLength,
            LinkSecurity security) {
        return checkedOpen(address, allowNonLoopback, maxFrameLength, Objects.requireNonNull(security, "security"));
    }

    private static NetworkLinkServer checkedOpen(InetSocketAddress address, boolean allowNonLoopback,
            int maxFrameLength, LinkSecurity security) {
        ListenPolicy.check(address, allowNonLoopback, security != null, "network links",
                "open(address, allowNonLoopback, maxFrameLength, security)");
        return new NetworkLinkServer(address, maxFrameLength, security, null);
    }

    /**
     * Sets how long a peer of a link may send nothing, not even its heartbeat (every 200 ms), before
     * its connection is closed as stalled and counted ({@link LinkCounters#stalls()}): a sender to one
     * of its receiving ends, whose next connection is then awaited, and a receiver of one of its
     * sending ends (made after this call), whose items then stay queued for its next connection. The
     * default, {@link LinkClientSettings#DEFAULT}'s 10 s, outlasts a long garbage collection or a few
     * TCP retransmissions on a loaded host, and is still far below what the OS takes to notice a
     * frozen peer (minutes, or hours with keep-alive). At least {@link LinkClientSettings#MIN_STALL_TIMEOUT}.
     *
     * <pre>{@code
     * NetworkLinkServer server = NetworkLinkServer.open(address).stallTimeout(Duration.ofSeconds(3));
     * }</pre>
     *
     * @return this server
     */
    public NetworkLinkServer stallTimeout(Duration timeout) {
        this.stallTimeout = LinkClientSettings.DEFAULT.withStallTimeout(timeout).stallTimeout(); // checks it
        return this;
    }

    /** How long a peer may be silent; see {@link #stallTimeout(Duration)}. */
    public Duration stallTimeout() {
        return stallTimeout;
    }

    /** Where it listens (with the port chosen when 0 was asked for). */
    public InetSocketAddress address() {
        return (InetSocketAddress) listening.localAddress();
    }

    /**
     * A receiving end for senders offering exactly {@code expected}, with a queue of
     * {@code capacity} items (rounded up to a power of two).
     */
    public LongLinkReceiver longReceiver(LinkIdentity expected, int capacity) {
        return register(new LongLinkReceiver(expected, capacity));
    }

    /**
     * A receiving end for senders offering exactly {@code expected}, a link of capsules that
     * {@code codec} decodes, with a queue of {@code capacity} items of at most {@code itemBytes} bytes
     * each: the size a capsule of the type encodes to ({@link CapsuleCodec#encodedSize}).
     *
     * <pre>{@code
     * CapsuleLinkReceiver<Reading> in = server.capsuleReceiver(offer, codec, 4096, codec.encodedSize(sample));
     * }</pre>
     */
    public <C extends Capsule> CapsuleLinkReceiver<C> capsuleReceiver(LinkIdentity expected, CapsuleCodec<C> codec,
            int capacity, int itemBytes) {
        return register(new CapsuleLinkReceiver<>(expected, codec, capacity, itemBytes));
    }

    /**
     * A receiving end for senders offering exactly {@code expected}, a link of shared values (signal
     * segments) that {@code codec} decodes, with a queue of {@code capacity} items of at most
     * {@code maxItemBytes} encoded bytes each (its bytes are sized so that {@code capacity} items
     * always fit).
     *
     * <pre>{@code
     * SharedLinkReceiver<FloatSeg> in = server.sharedReceiver(offer, SharedCodec.of(FloatSeg.class), 1024, 1 << 16);
     * }</pre>
     */
    public <T extends Shared> SharedLinkReceiver<T> sharedReceiver(LinkIdentity expected, SharedCodec<T> codec,
            int capacity, int maxItemBytes) {
        return register(new SharedLinkReceiver<>(expected, codec, capacity, maxItemBytes));
    }

    /**
     * A sending end of primitives for the receiver that connects to this server and asks for exactly
     * {@code identity}, with a queue of {@code queueCapacity} items (rounded up to a power of two), and
     * the server's stall timeout ({@link #stallTimeout(Duration)}); see {@link ServerLinkSender}.
     *
     * <pre>{@code
     * ServerLinkSender out = server.longSender(LinkIdentity.of("g", "n1:A.out->B.in", ElementKind.INT,
     *         LinkMode.CREDIT), 4096);
     * }</pre>
     */
    public ServerLinkSender longSender(LinkIdentity identity, int queueCapacity) {
        return register(new ServerLinkSender(identity, LinkOffers.longQueue(identity, queueCapacity, maxFrameLength,
                "capsuleSender or sharedSender"), group.next(), stallTimeout));
    }

    /**
     * A sending end of capsules that {@code codec} encodes, its queue bounded by {@code queueCapacity}
     * items and {@code queueBytes} bytes; see {@link #longSender}.
     */
    public ServerLinkSender capsuleSender(LinkIdentity identity, CapsuleCodec<?> codec, int queueCapacity,
            int queueBytes) {
        return register(new ServerLinkSender(identity, LinkOffers.capsuleQueue(identity, codec, queueCapacity,
                queueBytes, maxFrameLength), group.next(), stallTimeout));
    }

    /**
     * A sending end of shared values (signal segments) that {@code codec} encodes, its queue bounded
     * by {@code queueCapacity} values and {@code queueBytes} bytes of encoded sizes, each at most
     * {@code maxItemBytes}; see {@link #longSender}.
     */
    public ServerLinkSender sharedSender(LinkIdentity identity, SharedCodec<?> codec, int queueCapacity,
            int queueBytes, int maxItemBytes) {
        return register(new ServerLinkSender(identity, LinkOffers.sharedQueue(identity, codec, queueCapacity,
                queueBytes, maxFrameLength, maxItemBytes), group.next(), stallTimeout));
    }

    private ServerLinkSender register(ServerLinkSender sender) {
        LinkIdentity expected = sender.identity();
        if (senders.putIfAbsent(key(expected.graph(), expected.channel()), sender) != null) {
            throw new IllegalArgumentException("this server already has a sender for graph " + expected.graph()
                    + " channel " + expected.channel());
        }
        return sender;
    }

    private <R extends LinkReceiver> R register(R receiver) {
        LinkIdentity expected = receiver.identity();
        if (receivers.putIfAbsent(key(expected.graph(), expected.channel()), receiver) != null) {
            throw new IllegalArgumentException("this server already has a receiver for graph " + expected.graph()
                    + " channel " + expected.channel());
        }
        return receiver;
    }

    /**
     * Connections refused at the TLS handshake: no client certificate, one no trusted CA signed,
     * another protocol, or a connection closed before the handshake ended. Always 0 without TLS.
     */
    public long refusedPeers() {
        return refusedPeers.count();
    }

    /** Links refused at the handshake. */
    public long refusedLinks() {
        return refusedLinks.get();
    }

    /** The reason of the last refusal, as the sender was told; empty if none. */
    public String lastRefusal() {
        return lastRefusal;
    }

    /** The last protocol error or connection failure of a link, with the peer's address; empty if none. */
    public String lastProblem() {
        return lastProblem;
    }

    LinkReceiver receiverFor(String graph, String channel) {
        return receivers.get(key(graph, channel));
    }

    String describeReceivers() {
        return describe(receivers.values().stream().map(LinkReceiver::identity).toList());
    }

    private static String describe(java.util.List<LinkIdentity> ends) {
        if (ends.isEmpty()) {
            return "no channel at all";
        }
        StringBuilder text = new StringBuilder();
        int listed = 0;
        for (LinkIdentity end : ends) {
            if (listed == 8) {
                text.append("; and ").append(ends.size() - listed).append(" more");
                break;
            }
            text.append(listed++ == 0 ? "" : "; ").append(end.describe());
        }
        return text.toString();
    }

    /** Event loop: a receiver asks for a channel this server sends; see {@link ReceiverHost#serve}. */
    private String serve(Frame.Request request, ChannelHandlerContext context) {
        LinkIdentity asked = request.identity();
        ServerLinkSender sender = senders.get(key(asked.graph(), asked.channel()));
        if (sender == null) {
            return "receiver asks for " + asked.describe() + ", sender has no such channel; it sends "
                    + describe(senders.values().stream().map(ServerLinkSender::identity).toList());
        }
        if (!sender.identity().equals(asked)) {
            return "receiver expects " + asked.describe() + ", sender sends " + sender.identity().describe();
        }
        sender.adopt(context);
        return null;
    }

    /** The server as its connections' receiving handlers see it. */
    private final class Host implements ReceiverHost {
        @Override
        public LinkReceiver receiverFor(String graph, String channel) {
            return NetworkLinkServer.this.receiverFor(graph, channel);
        }

        @Override
        public String describeReceivers() {
            return NetworkLinkServer.this.describeReceivers();
        }

        @Override
        public void recordRefusal(String reason) {
            NetworkLinkServer.this.recordRefusal(reason);
        }

        @Override
        public void recordProblem(String problem) {
            NetworkLinkServer.this.recordProblem(problem);
        }

        @Override
        public void silentPeer(ChannelHandlerContext context, long waitedMillis) {
            refusedPeers.refused(context.channel().localAddress(), context.channel().remoteAddress(),
                    "that sent no HELLO within " + waitedMillis + " ms of connecting (connection closed)");
        }

        @Override
        public String serve(Frame.Request request, ChannelHandlerContext context) {
            return NetworkLinkServer.this.serve(request, context);
        }

        @Override
        public Duration stallTimeout() {
            return stallTimeout;
        }
    }

    void recordRefusal(String reason) {
        refusedLinks.incrementAndGet();
        lastRefusal = reason;
    }

    void recordProblem(String problem) {
        lastProblem = problem;
    }

    /**
     * Stops listening, ends the links it sends (a CLOSE exchange with each linked receiver, waiting
     * at most 7 s for the answers, so that both sides' counts agree), and closes every connection of
     * the links it receives, each after an ACK of what it delivered (waiting at
     * most {@link #CLOSE_GRACE_NANOS} for those to be written). Without that ACK, a sender whose last
     * items arrived after the last periodic one would count them lost in flight, and would never learn
     * that they were delivered. The links are not ended: their senders connect again to a server
     * restarted at the same address. Then its event loop stops, unless it is a shared {@link LinkEventLoop},
     * which runs on for its other ends. Idempotent.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        listening.close().syncUninterruptibly();
        senders.values().forEach(ServerLinkSender::closeSoon);
        long senderDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SENDER_CLOSE_SECONDS);
        for (ServerLinkSender sender : senders.values()) {
            var _ = sender.ended().awaitUninterruptibly(Math.max(0, senderDeadline - System.nanoTime()),
                    TimeUnit.NANOSECONDS);
        }
        for (LinkReceiver receiver : receivers.values()) {
            receiver.acknowledgeAndDrop();
        }
        long deadline = System.nanoTime() + CLOSE_GRACE_NANOS;
        while (anyLinked() && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
        connections.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        if (ownsGroup) {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    private boolean anyLinked() {
        for (LinkReceiver receiver : receivers.values()) {
            if (receiver.isLinked()) {
                return true;
            }
        }
        return false;
    }

    private void secure(SocketChannel ch, LinkSecurity security) {
        SslHandler tls = security.serverContext().newHandler(ch.alloc());
        ch.pipeline().addLast(tls);
        tls.handshakeFuture().addListener(done -> {
            if (!done.isSuccess()) {
                refusedPeers.refused(ch.localAddress(), ch.remoteAddress(), done.cause());
                var _ = ch.close();
            }
        });
    }

    private static String key(String graph, String channel) {
        return graph.length() + ":" + graph + "/" + channel;
    }
}
