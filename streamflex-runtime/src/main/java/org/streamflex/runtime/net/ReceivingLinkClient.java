package org.streamflex.runtime.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslHandler;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.streamflex.Capsule;
import org.streamflex.Shared;
import org.streamflex.runtime.counter.SingleWriterCounter;

/**
 * The receiving end of a link that connects to its sender: a node receiving a channel from the
 * server. The node opens the connection, as it does for the channels it sends, so that it needs
 * no listening port (nodes may sit behind NAT or a firewall), and asks for the link with a
 * receiver's HELLO ({@link Frame.Request}); the server's {@link ServerLinkSender} answers on the
 * same connection with its HELLO, and from there the link runs as any other: this side grants
 * credit, acknowledges, beats and counts gaps ({@link LinkReceiver}), the server sends.
 *
 * <p>It connects in the background and, whenever a connection fails or ends (the server is not
 * listening yet, restarted, closed the link, or refused it), again after {@link ReconnectPolicy}
 * delays, until {@link #close()}: a receiver has nothing to lose by trying again, and the server
 * may come back. A server that sends nothing, not even its heartbeat, for the settings' stall timeout
 * (its host froze) has its connection closed, counted ({@link #stalls()}), and is connected to again
 * the same way. A REFUSE is recorded ({@link #lastProblem()}, {@link #refusals()}) and logged at
 * WARNING when its reason changes. The consumer takes what arrived from {@link #receiver()}.
 *
 * <pre>{@code
 * LinkIdentity id = LinkIdentity.of("g", "n1:Tally.out->Peaks.in", ElementKind.INT, LinkMode.CREDIT);
 * try (ReceivingLinkClient in = ReceivingLinkClient.openLongs(server, id, 4096, LinkClientSettings.DEFAULT)) {
 *     in.receiver().drain(value -> use(value), 64);  // the consumer thread
 * }
 * }</pre>
 */
public final class ReceivingLinkClient implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("org.streamflex.runtime.net");
    /** How long close waits for the sender's answer to its CLOSE: the sender closes after 5 s anyway. */
    private static final long CLOSE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(6);

    private final InetSocketAddress sender;
    private final LinkReceiver receiver;
    private final LinkClientSettings settings;
    private final EventLoopGroup group;
    /** Whether {@link #group} is this link's own, stopped with it; false on a shared {@link LinkEventLoop}. */
    private final boolean ownsGroup;
    /** The latest connection, set as it opens; closed by {@link #close()} on a shared loop. */
    private volatile Channel current;
    private final EventLoop loop;
    private final Bootstrap bootstrap;
    private final ConnectionLog log = new ConnectionLog();
    private final SingleWriterCounter refusals = new SingleWriterCounter();
    /** Event loop only: the last refusal logged, so that a server refusing in a loop is logged once. */
    private String loggedRefusal = "";
    private volatile boolean open = true;

    private ReceivingLinkClient(InetSocketAddress sender, LinkReceiver receiver, LinkClientSettings settings) {
        this.sender = sender;
        this.receiver = receiver;
        this.settings = settings;
        this.ownsGroup = settings.eventLoop() == null;
        this.group = ownsGroup ? new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory())
                : settings.eventLoop().group();
        this.loop = group.next();
        Frame.Request request = new Frame.Request(receiver.identity(), receiver.capacity(),
                ThreadLocalRandom.current().nextLong());
        ReceiverHost host = new Host();
        this.bootstrap = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.RECVBUF_ALLOCATOR, ReceiverLinkHandler.READS)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        current = ch;
                        if (settings.security() != null) {
                            secure(ch);
                        }
                        ch.pipeline().addLast(new FrameDecoder(settings.maxFrameLength()),
                                new ReceiverLinkHandler(host, request));
                        // The one place a retry is scheduled: a connection that failed is closed too.
                        ch.closeFuture().addListener(closed -> retryLater());
                    }
                });
    }

    /**
     * Opens a link of primitives from the server at {@code sender}, received into a queue of
     * {@code capacity} items (rounded up to a power of two); returns at once, connecting in the
     * background.
     */
    public static ReceivingLinkClient openLongs(InetSocketAddress sender, LinkIdentity expected, int capacity,
            LinkClientSettings settings) {
        if (expected.kind() == ElementKind.CAPSULE || expected.kind() == ElementKind.SHARED) {
            throw new IllegalArgumentException("channel " + expected.channel() + " carries "
                    + expected.kind().javaName() + " values: open it with openCapsules or openShared and its codec");
        }
        return started(sender, new LongLinkReceiver(expected, capacity), settings);
    }

    /** As {@link #openLongs}, for capsules that {@code codec} decodes, each at most {@code itemBytes} bytes. */
    public static <C extends Capsule> ReceivingLinkClient openCapsules(InetSocketAddress sender,
            LinkIdentity expected, CapsuleCodec<C> codec, int capacity, int itemBytes, LinkClientSettings settings) {
        return started(sender, new CapsuleLinkReceiver<>(expected, codec, capacity, itemBytes), settings);
    }

    /** As {@link #openLongs}, for shared values that {@code codec} decodes, each at most {@code maxItemBytes}. */
    public static <T extends Shared> ReceivingLinkClient openShared(InetSocketAddress sender, LinkIdentity expected,
            SharedCodec<T> codec, int capacity, int maxItemBytes, LinkClientSettings settings) {
        return started(sender, new SharedLinkReceiver<>(expected, codec, capacity, maxItemBytes), settings);
    }

    private static ReceivingLinkClient started(InetSocketAddress sender, LinkReceiver receiver,
            LinkClientSettings settings) {
        ReceivingLinkClient client = new ReceivingLinkClient(sender, receiver, settings);
        client.loop.execute(client::attempt);
        return client;
    }

    /** The receiving end: its queue, for the consumer, and its counts. */
    public LinkReceiver receiver() {
        return receiver;
    }

    /** Whether it still connects: until {@link #close()}. */
    public boolean isOpen() {
        return open;
    }

    /** Connections tried. */
    public long connectAttempts() {
        return log.attempts();
    }

    /** Links opened: the sender's HELLO answered HELLO_OK, once per connection. */
    public long connections() {
        return log.connections();
    }

    /** Connections the sender refused (or this side refused, the sender's HELLO differing). */
    public long refusals() {
        return refusals.get();
    }

    /**
     * Connections closed because the server sent nothing, not even its heartbeat, for the stall
     * timeout ({@link LinkClientSettings#stallTimeout()}).
     */
    public long stalls() {
        return receiver.counters().stalls();
    }

    /** Why the last connection failed, ended or was refused; empty if none did. */
    public String lastProblem() {
        return log.lastProblem();
    }

    private void attempt() {
        if (!open) {
            return;
        }
        log.attempted();
        ChannelFuture connecting = bootstrap.connect(sender);
        connecting.addListener(done -> {
            if (!done.isSuccess()) {
                log.problem("cannot connect to " + sender + " for " + receiver.identity().describe() + ": "
                        + done.cause().getMessage());
                var _ = connecting.channel().close(); // closed already, as a rule: its close schedules the retry
            }
        });
    }

    /** Event loop: the next attempt after the backoff, unless closed meanwhile. */
    private void retryLater() {
        if (!open) {
            return;
        }
        log.retryLater(loop, settings.reconnect(), this::attempt);
    }

    private void secure(SocketChannel ch) {
        // The server's host name or IP literal, as given: what its certificate must name.
        SslHandler tls = settings.security().clientContext().newHandler(ch.alloc(), sender.getHostString(),
                sender.getPort());
        ch.pipeline().addLast(tls);
        tls.handshakeFuture().addListener(done -> {
            if (!done.isSuccess()) {
                log.problem("TLS handshake with " + sender + " for " + receiver.identity().describe() + " failed: "
                        + done.cause());
            }
        });
    }

    /**
     * Ends the link from this side and stops connecting: a linked sender is sent CLOSE with what
     * arrived, and answers with what it sent (waiting at most 6 s), so both sides' counts agree; the
     * sender keeps what it had queued for this receiver's next connection. Values still queued
     * here stay, for the caller to take or release. Its event loop stops too, unless it is a shared
     * {@link LinkEventLoop}, which runs on for its other ends.
     */
    @Override
    public void close() {
        open = false;
        receiver.disconnect();
        long deadline = System.nanoTime() + CLOSE_WAIT_NANOS;
        while (receiver.isLinked() && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
        if (ownsGroup) {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            return;
        }
        Channel last = current;
        if (last != null && !group.isShuttingDown()) {
            last.close().awaitUninterruptibly(2, TimeUnit.SECONDS); // what stopping its own loop would do
        }
    }

    /** This client as its connections' receiving handler sees it. */
    private final class Host implements ReceiverHost {
        @Override
        public LinkReceiver receiverFor(String graph, String channel) {
            LinkIdentity mine = receiver.identity();
            return mine.graph().equals(graph) && mine.channel().equals(channel) ? receiver : null;
        }

        @Override
        public String describeReceivers() {
            return receiver.identity().describe();
        }

        @Override
        public void recordRefusal(String reason) {
            refusals.increment();
            log.problem(reason);
            if (!reason.equals(loggedRefusal)) {
                loggedRefusal = reason;
                LOG.log(System.Logger.Level.WARNING, "link " + receiver.identity().describe() + " from " + sender
                        + " refused (retrying with backoff): " + reason);
            }
        }

        @Override
        public void recordProblem(String problem) {
            log.problem(problem);
        }

        @Override
        public Duration stallTimeout() {
            return settings.stallTimeout();
        }

        @Override
        public void linked() {
            log.linked();
        }

        @Override
        public String serve(Frame.Request request, ChannelHandlerContext context) {
            return "receiver asks for " + request.identity().describe() + ", but its peer is a receiver too ("
                    + receiver.identity().describe() + "): a node sends only on links it opens";
        }
    }
}
