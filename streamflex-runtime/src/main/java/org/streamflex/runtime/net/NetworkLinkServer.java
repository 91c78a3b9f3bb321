package org.streamflex.runtime.net;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Listens for network links and hosts their receiving ends, on one Netty event-loop thread. It
 * listens on loopback only unless told otherwise: links have no TLS and no authentication yet.
 *
 * <pre>{@code
 * try (NetworkLinkServer server = NetworkLinkServer.open(new InetSocketAddress("127.0.0.1", 0))) {
 *     LongLinkReceiver in = server.longReceiver(LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.DROP), 4096);
 *     // senders connect to server.address()
 * }
 * }</pre>
 */
public final class NetworkLinkServer implements AutoCloseable {
    private final EventLoopGroup group;
    private final Channel listening;
    /** The accepted connections: closed with the server, since stopping the event loop leaves them open. */
    private final ChannelGroup connections;
    private final Map<String, LongLinkReceiver> receivers = new ConcurrentHashMap<>();
    private final AtomicLong refusedLinks = new AtomicLong();
    private volatile String lastRefusal = "";
    private volatile String lastProblem = "";

    private NetworkLinkServer(InetSocketAddress address, int maxFrameLength) {
        new FrameDecoder(maxFrameLength); // checks the length before anything is started
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        connections = new DefaultChannelGroup(group.next());
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                // A restarted receiver binds its port again while the old connections wait out TIME_WAIT.
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        connections.add(ch);
                        ch.pipeline().addLast(new FrameDecoder(maxFrameLength),
                                new ReceiverLinkHandler(NetworkLinkServer.this));
                    }
                });
        try {
            listening = bootstrap.bind(address).syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            var _ = group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** A server on {@code address}, which must be a loopback address, with 1 MiB frames at most. */
    public static NetworkLinkServer open(InetSocketAddress address) {
        return open(address, false, FrameFormat.DEFAULT_MAX_FRAME_LENGTH);
    }

    /**
     * A server on {@code address}; an address other than loopback only with {@code allowNonLoopback}.
     *
     * @throws InsecureBindException for a non-loopback address without {@code allowNonLoopback}
     */
    public static NetworkLinkServer open(InetSocketAddress address, boolean allowNonLoopback, int maxFrameLength) {
        InetAddress ip = address.getAddress();
        if (!allowNonLoopback && (ip == null || !ip.isLoopbackAddress())) {
            throw new InsecureBindException("refusing to listen for network links on " + address
                    + ": it is not a loopback address, and links have no TLS or authentication yet (they are not"
                    + " available in this release), so anyone who reaches the port could feed the graph. Listen on"
                    + " 127.0.0.1, or pass allowNonLoopback = true on a network you trust");
        }
        return new NetworkLinkServer(address, maxFrameLength);
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
        LongLinkReceiver receiver = new LongLinkReceiver(expected, capacity);
        if (receivers.putIfAbsent(key(expected.graph(), expected.channel()), receiver) != null) {
            throw new IllegalArgumentException("this server already has a receiver for graph " + expected.graph()
                    + " channel " + expected.channel());
        }
        return receiver;
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

    LongLinkReceiver receiverFor(String graph, String channel) {
        return receivers.get(key(graph, channel));
    }

    String describeReceivers() {
        if (receivers.isEmpty()) {
            return "no channel at all";
        }
        StringBuilder text = new StringBuilder();
        int listed = 0;
        for (LongLinkReceiver receiver : receivers.values()) {
            if (listed == 8) {
                text.append("; and ").append(receivers.size() - listed).append(" more");
                break;
            }
            text.append(listed++ == 0 ? "" : "; ").append(receiver.identity().describe());
        }
        return text.toString();
    }

    void recordRefusal(String reason) {
        refusedLinks.incrementAndGet();
        lastRefusal = reason;
    }

    void recordProblem(String problem) {
        lastProblem = problem;
    }

    /** Stops listening and closes every link. */
    @Override
    public void close() {
        listening.close().syncUninterruptibly();
        connections.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static String key(String graph, String channel) {
        return graph.length() + ":" + graph + "/" + channel;
    }
}
