package org.streamflex.runtime.spacetime;

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
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.ssl.SslHandler;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.streamflex.runtime.net.LinkSecurity;
import org.streamflex.runtime.net.ListenPolicy;

/**
 * Serves a {@link SpaceTime}'s channels, queues and registers to threads in other JVMs
 * ({@link RemoteSpaceTime}), over TCP on a Netty event loop: the paper's location transparency. A remote thread joins
 * this space as a thread of its own, so its virtual time and the items it holds open count in this
 * space's global minimum exactly as a local thread's do; when its JVM goes away (the connection
 * closes, for whatever reason) its threads leave, and the minimum moves on.
 *
 * <pre>{@code
 * SpaceTime space = SpaceTime.create(1 << 20);
 * SpaceTimeChannel frames = space.createChannel("frames");
 * SpaceTimeQueue tiles = space.createQueue("tiles");
 * try (SpaceTimeServer server = SpaceTimeServer.open(space, new InetSocketAddress("127.0.0.1", 7500))) {
 *     server.publish(frames).publish(tiles);   // remote threads attach to them by name
 *     ...
 * }
 * }</pre>
 *
 * <p>Threads: every request runs and is answered on the event loop that read it, holding the
 * space's lock as briefly as a local thread's call does; a get whose item is not there yet does
 * not block the loop but registers with the channel, queue or register, and the put or write that
 * brings the item hands the get back to the loop, which answers it (or, at its timeout, answers
 * the miss). A client waits for each answer before sending its thread's next request, so one
 * remote thread's requests run one at a time, in order. A put's bytes go from the pooled receive
 * buffer straight into the space's off-heap slot, and a get's from the slot straight into a pooled
 * send buffer.
 *
 * <p>Listens on loopback only, unless {@code allowNonLoopback} is given together with TLS 1.3 and
 * mutual certificates, as network links do. A frame longer than the space's
 * item bound plus its fields closes the connection; such closes and refused versions are counted
 * ({@link #refusedConnections()}). Queue items a client got and had not consumed when its
 * connection ended are consumed for it, not got again, and counted ({@link #abandonedQueueItems()}).
 */
public final class SpaceTimeServer implements AutoCloseable {
    private final SpaceTime space;
    private final Map<String, SpaceTimeChannel> channels = new ConcurrentHashMap<>();
    private final Map<String, SpaceTimeQueue> queues = new ConcurrentHashMap<>();
    private final Map<String, SpaceTimeRegister> registers = new ConcurrentHashMap<>();
    private final EventLoopGroup group;
    private final ChannelGroup connections;
    private final Channel listening;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong sessionsClosed = new AtomicLong();
    private final AtomicLong abandoned = new AtomicLong();

    private SpaceTimeServer(SpaceTime space, InetSocketAddress address, LinkSecurity security) {
        this.space = space;
        int maxFrame = maxFrameLength(space.maxItemBytes());
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        connections = new DefaultChannelGroup(group.next());
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        connections.add(ch);
                        if (security != null) {
                            SslHandler tls = security.serverContext().newHandler(ch.alloc());
                            ch.pipeline().addLast(tls);
                        }
                        ch.pipeline().addLast(new LengthFieldBasedFrameDecoder(maxFrame, 0, 4, 0, 4),
                                new SpaceTimeSession(SpaceTimeServer.this));
                    }
                });
        try {
            listening = bootstrap.bind(address).syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            var _ = group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** A server of {@code space} on {@code address}, which must be a loopback address. */
    public static SpaceTimeServer open(SpaceTime space, InetSocketAddress address) {
        return open(space, address, false, null);
    }

    /**
     * A server of {@code space} on {@code address} over TLS 1.3 with mutual certificates, from PKCS#12
     * stores as network links take them (runtime README, "Securing a link"); beyond loopback only with
     * {@code allowNonLoopback}.
     *
     * @throws org.streamflex.runtime.net.InsecureBindException for a non-loopback address without
     *     {@code allowNonLoopback}
     */
    public static SpaceTimeServer open(SpaceTime space, InetSocketAddress address, boolean allowNonLoopback,
            Path keyStore, Path trustStore, char[] password) {
        return open(space, address, allowNonLoopback, LinkSecurity.fromPkcs12(keyStore, password, trustStore,
                password));
    }

    private static SpaceTimeServer open(SpaceTime space, InetSocketAddress address, boolean allowNonLoopback,
            LinkSecurity security) {
        Objects.requireNonNull(space, "space");
        ListenPolicy.check(address, allowNonLoopback, security != null, "space-time clients",
                "SpaceTimeServer.open(space, address, allowNonLoopback, keyStore, trustStore, password)");
        return new SpaceTimeServer(space, address, security);
    }

    /**
     * Lets remote threads attach to {@code channel} by its name.
     *
     * @throws IllegalArgumentException if another channel of that name is published, or the channel
     *     belongs to another space
     */
    public SpaceTimeServer publish(SpaceTimeChannel channel) {
        return publish(channels, channel.name(), channel, channel.space, "channel");
    }

    /**
     * Lets remote threads attach to {@code queue} by its name, as producers or consumers: each item
     * is got once over every consumer, local and remote.
     *
     * @throws IllegalArgumentException if another queue of that name is published, or the queue
     *     belongs to another space
     */
    public SpaceTimeServer publish(SpaceTimeQueue queue) {
        return publish(queues, queue.name(), queue, queue.space, "queue");
    }

    /**
     * Lets remote threads attach to {@code register} by its name.
     *
     * @throws IllegalArgumentException if another register of that name is published, or the
     *     register belongs to another space
     */
    public SpaceTimeServer publish(SpaceTimeRegister register) {
        return publish(registers, register.name(), register, register.space, "register");
    }

    private <T> SpaceTimeServer publish(Map<String, T> published, String name, T what, SpaceTime of, String kind) {
        if (of != space) {
            throw new IllegalArgumentException(kind + " " + name + " belongs to another space than this server's");
        }
        T before = published.putIfAbsent(name, what);
        if (before != null && !before.equals(what)) { // channels, queues and registers are equal only to themselves
            throw new IllegalArgumentException("a " + kind + " named " + name + " is already published: remote threads"
                    + " find " + kind + "s by name, so names must differ");
        }
        return this;
    }

    /**
     * Queue items that clients got and had not consumed when their connection ended: consumed for
     * them (a queue item is got once, so none is got again), and logged with their tickets.
     */
    public long abandonedQueueItems() {
        return abandoned.get();
    }

    /** Where it listens (with the port chosen when 0 was asked for). */
    public InetSocketAddress address() {
        return (InetSocketAddress) listening.localAddress();
    }

    /** Requests answered so far, over every connection. */
    public long requests() {
        return requests.get();
    }

    /** Connections closed for a protocol fault: another version, a malformed or oversize frame. */
    public long refusedConnections() {
        return refused.get();
    }

    /** Connections that ended (their threads left the space). */
    public long sessionsClosed() {
        return sessionsClosed.get();
    }

    /** Stops listening and closes every connection; the remote threads leave the space. */
    @Override
    public void close() {
        listening.close().syncUninterruptibly();
        connections.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** The id of the thread of the server's event loop, which runs every request: for tests that count its bytes. */
    long eventLoopThreadId() {
        return group.next().submit(() -> Thread.currentThread().threadId()).syncUninterruptibly().getNow();
    }

    static int maxFrameLength(long maxItemBytes) {
        return (int) Math.min(Integer.MAX_VALUE - 64, maxItemBytes + SpaceTimeWire.ITEM_OVERHEAD + 4); // + the length
    }

    SpaceTime space() {
        return space;
    }

    SpaceTimeChannel channel(String name) {
        return channels.get(name);
    }

    SpaceTimeQueue queue(String name) {
        return queues.get(name);
    }

    SpaceTimeRegister register(String name) {
        return registers.get(name);
    }

    void abandoned(int items) {
        abandoned.addAndGet(items);
    }

    void answered() {
        requests.incrementAndGet();
    }

    void refused() {
        refused.incrementAndGet();
    }

    void sessionClosed() {
        sessionsClosed.incrementAndGet();
    }
}
