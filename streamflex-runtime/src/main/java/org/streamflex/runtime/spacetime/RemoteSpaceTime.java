package org.streamflex.runtime.spacetime;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.streamflex.runtime.net.LinkSecurity;

/**
 * A {@link SpaceTime} in another JVM, served by a {@link SpaceTimeServer}: threads join it and
 * attach to its published channels, queues and registers by name, and every operation runs in the server's space, with
 * its semantics, its virtual-time rules and its collector. Each call is one request and its answer
 * over one TCP connection (TLS 1.3 with mutual certificates where the server asks for it).
 *
 * <pre>{@code
 * try (RemoteSpaceTime space = RemoteSpaceTime.connect(new InetSocketAddress("127.0.0.1", 7500))) {
 *     RemoteThread camera = space.join("camera", 0);
 *     RemoteOutput frames = camera.attachOutput("frames");
 *     frames.put(0, frameBytes);
 *     camera.setVirtualTime(1);
 * }
 * }</pre>
 *
 * <p>Each remote thread is used by one Java thread at a time, as a local {@link SpaceTimeThread}
 * is; several remote threads may share one {@code RemoteSpaceTime} from several Java threads. A
 * call waits for its answer at most {@link #ANSWER_TIMEOUT} beyond the get's own timeout; a call
 * that gets no answer, or whose connection breaks, throws {@link SpaceTimeRemoteException} and
 * closes this connection, since what the server did is then unknown: the server makes the
 * connection's threads leave its space, and the caller joins again on a new connection.
 *
 * <p>A caller waits for its answer spinning, then yielding, for up to 100 us, and then parks. A put
 * followed by a get of another channel (a producer handing an item to a relay and awaiting its
 * answer) can go as one request, {@link RemoteOutput#putThenGet}: one round trip instead of two.
 *
 * <p>Not carried: {@code spawn}. A remote get returns a copy of the item's bytes
 * ({@link RemoteItem}), or copies them into the caller's buffer; each call allocates its request's
 * small objects (the waiting call, its answer) on the heap, but no item array when the bytes go
 * into the caller's buffer.
 */
public final class RemoteSpaceTime implements AutoCloseable {
    /** How long a call waits for an answer beyond the time the server may itself wait. */
    public static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(30);
    /** How long a caller waits for an answer before it parks: a loopback round trip, with room. */
    private static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    /** Spins before the waiting caller starts yielding its core instead. */
    private static final int SPINS = 100;

    private final InetSocketAddress server;
    private final EventLoopGroup group;
    private final Channel channel;
    private final Map<Long, RemoteCall> pending = new ConcurrentHashMap<>();
    private final AtomicLong requests = new AtomicLong();
    private final long maxItemBytes;
    private volatile String closedBecause;

    private RemoteSpaceTime(InetSocketAddress server, LinkSecurity security) {
        this.server = server;
        int maxFrame = SpaceTimeServer.maxFrameLength(Integer.MAX_VALUE);
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        Bootstrap bootstrap = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (security != null) {
                            ch.pipeline().addLast(security.clientContext().newHandler(ch.alloc(),
                                    server.getHostString(), server.getPort()));
                        }
                        ch.pipeline().addLast(new LengthFieldBasedFrameDecoder(maxFrame, 0, 4, 0, 4),
                                new Answers());
                    }
                });
        try {
            channel = bootstrap.connect(server).syncUninterruptibly().channel();
            maxItemBytes = raise(call(SpaceTimeWire.HELLO, 0, out -> { }), null).value;
        } catch (RuntimeException e) {
            var _ = group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** Connects to the space-time server at {@code server}, without TLS. */
    public static RemoteSpaceTime connect(InetSocketAddress server) {
        return new RemoteSpaceTime(server, null);
    }

    /**
     * Connects to the space-time server at {@code server} over TLS 1.3 with mutual certificates, from
     * PKCS#12 stores (runtime README, "Securing a link"); the server's certificate must name the
     * host or address connected to.
     */
    public static RemoteSpaceTime connect(InetSocketAddress server, Path keyStore, Path trustStore, char[] password) {
        return new RemoteSpaceTime(server, LinkSecurity.fromPkcs12(keyStore, password, trustStore, password));
    }

    /** The server space's item bound: a larger put is refused here, before it is sent. */
    public long maxItemBytes() {
        return maxItemBytes;
    }

    /**
     * Joins the server's space as a new thread at {@code virtualTime}.
     *
     * @throws VirtualTimeException if the time is below the space's horizon
     */
    public RemoteThread join(String name, long virtualTime) {
        long id = raise(call(SpaceTimeWire.JOIN, 0, out -> {
            SpaceTimeWire.writeString(out, name);
            out.writeLong(virtualTime);
        }), null).value;
        return new RemoteThread(this, id, name, virtualTime);
    }

    /**
     * Joins the server's space as a filter's thread at {@code virtualTime}: its operations are
     * staged there until its {@code work()} commits ({@link RemoteSpaceTimeFilters}).
     */
    RemoteFilterThread joinFilter(String name, long virtualTime, long boundNanos) {
        long id = raise(call(SpaceTimeWire.JOIN_FILTER, 0, out -> {
            SpaceTimeWire.writeString(out, name);
            out.writeLong(virtualTime);
        }), null).value;
        return new RemoteFilterThread(this, id, name, virtualTime, boundNanos);
    }

    /** Attaches thread {@code thread} by {@code op} to what the server publishes as {@code name}; its number. */
    long attach(long thread, int op, String name) {
        return raise(call(op, 0, out -> {
            out.writeLong(thread);
            SpaceTimeWire.writeString(out, name);
        }), name).value;
    }

    /** Closes the connection: the server makes its threads leave the space. */
    @Override
    public void close() {
        if (closedBecause == null) {
            closedBecause = "closed by the client";
        }
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Override
    public String toString() {
        return "space-time server " + server;
    }

    /**
     * Throws an {@code ERROR} answer as the exception the server's space threw (a miss is the
     * caller's to handle before), else returns it.
     *
     * @param channel the channel the call was about, for a duplicate timestamp, or null
     */
    static Answer raise(Answer answer, String channel) {
        if (!answer.isError()) {
            return answer;
        }
        throw switch (answer.code) {
            case SpaceTimeWire.E_DUPLICATE -> new DuplicateTimestampException(channel, answer.first);
            case SpaceTimeWire.E_VIRTUAL_TIME -> new VirtualTimeException(answer.message);
            case SpaceTimeWire.E_STATE, SpaceTimeWire.E_NOT_AVAILABLE -> new SpaceTimeStateException(answer.message);
            case SpaceTimeWire.E_ARGUMENT -> new IllegalArgumentException(answer.message);
            case SpaceTimeWire.E_TOO_SMALL -> new BufferTooSmallException((channel == null ? "" : "channel " + channel
                    + ": ") + answer.message, answer.first, answer.second);
            default -> new SpaceTimeRemoteException(answer.message);
        };
    }

    /** As {@link #raise}, for the answer of a get: a miss is thrown as the {@link ItemNotAvailableException}. */
    static Answer raiseItem(Answer answer, String channel) throws ItemNotAvailableException {
        if (answer.isError() && answer.code == SpaceTimeWire.E_NOT_AVAILABLE) {
            throw new ItemNotAvailableException(answer.message, answer.first, answer.second);
        }
        return raise(answer, channel);
    }

    /** Sends one request and waits for its answer, which may be an error ({@link #raise}). */
    Answer call(int op, long waitNanos, Consumer<ByteBuf> body) {
        return call(op, waitNanos, RemoteCall.copying(), body);
    }

    /**
     * As {@link #call(int, long, Consumer)}, an {@code ITEM}'s bytes going where {@code answer}
     * says (its {@link Answer#length} then tells how many).
     */
    Answer call(int op, long waitNanos, RemoteCall answer, Consumer<ByteBuf> body) {
        return callWithin(op, Math.max(0, waitNanos) + ANSWER_TIMEOUT.toNanos(), answer, body);
    }

    /**
     * As {@link #call(int, long, RemoteCall, Consumer)}, waiting at most {@code boundNanos} for the
     * answer in all; beyond it the connection is closed, since what the server did is then unknown.
     */
    Answer callWithin(int op, long boundNanos, RemoteCall answer, Consumer<ByteBuf> body) {
        String closed = closedBecause;
        if (closed != null) {
            throw new SpaceTimeRemoteException("the connection to the space-time server " + server + " is closed ("
                    + closed + "); join again on a new RemoteSpaceTime");
        }
        long request = requests.incrementAndGet();
        pending.put(request, answer);
        ByteBuf out = channel.alloc().directBuffer();
        int start = SpaceTimeWire.start(out, op, request);
        try {
            body.accept(out);
        } catch (RuntimeException e) {
            pending.remove(request);
            out.release();
            throw e;
        }
        var _ = channel.writeAndFlush(SpaceTimeWire.finish(out, start));
        long wait = boundNanos;
        try {
            awaitBriefly(answer);
            return answer.get(wait, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            fail("no answer to " + SpaceTimeWire.opName(op) + " within " + TimeUnit.NANOSECONDS.toMillis(wait) + " ms");
            throw new SpaceTimeRemoteException("the space-time server " + server + " did not answer "
                    + SpaceTimeWire.opName(op) + " within " + TimeUnit.NANOSECONDS.toMillis(wait)
                    + " ms; the connection is closed");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted while waiting for " + SpaceTimeWire.opName(op));
            throw new SpaceTimeRemoteException("interrupted while waiting for the space-time server " + server
                    + " to answer " + SpaceTimeWire.opName(op) + "; the connection is closed");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new SpaceTimeRemoteException(String.valueOf(e.getCause()));
        } finally {
            pending.remove(request);
            answer.abandon(); // an answer after this (none is owed once it failed) copies nowhere
        }
    }

    /**
     * Waits up to {@link #SPIN_NANOS} for the answer without parking: spinning, then yielding the
     * core (on a machine of few cores the event loops that bring the answer need it). An answer on
     * a fast network comes within that time, and then the caller is spared the wake-up of a parked
     * thread, which on a loaded machine costs as much as the round trip itself.
     */
    @SuppressWarnings("ThreadPriorityCheck") // a waiting caller gives its core to the event loops it waits for
    private static void awaitBriefly(RemoteCall answer) {
        long until = System.nanoTime() + SPIN_NANOS;
        for (int spins = 0; !answer.isDone() && System.nanoTime() - until < 0; spins++) {
            if (spins < SPINS) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    private void fail(String why) {
        if (closedBecause == null) {
            closedBecause = why;
        }
        var _ = channel.close();
    }

    /**
     * One answer: the value of an {@code OK}; or the timestamp, ticket and length of an {@code ITEM},
     * with its bytes unless they went into the caller's buffer; or an error's fields.
     */
    static final class Answer {
        /** An ITEM's code: no error's. */
        private static final int ITEM_CODE = -1;
        final long value;
        final long ticket;
        final int length;
        final byte[] bytes;
        final int code;
        final long first;
        final long second;
        final String message;

        private Answer(long value, long ticket, int length, byte[] bytes, int code, long first, long second,
                String message) {
            this.value = value;
            this.ticket = ticket;
            this.length = length;
            this.bytes = bytes;
            this.code = code;
            this.first = first;
            this.second = second;
            this.message = message;
        }

        static Answer ok(long value) {
            return new Answer(value, 0, 0, null, 0, 0, 0, null);
        }

        static Answer item(long timestamp, long ticket, int length, byte[] bytes) {
            return new Answer(timestamp, ticket, length, bytes, ITEM_CODE, 0, 0, null);
        }

        static Answer error(int code, long first, long second, String message) {
            return new Answer(0, 0, 0, null, code, first, second, message);
        }

        boolean isError() {
            return message != null;
        }

        /** Whether an {@code ITEM} answered (a filter's get answers {@code OK} when there is none). */
        boolean isItem() {
            return code == ITEM_CODE;
        }
    }

    /** Decodes answers on the event loop and completes the waiting calls. */
    private final class Answers extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf in = (ByteBuf) msg;
            try {
                int version = in.readUnsignedByte();
                int op = in.readUnsignedByte();
                long request = in.readLong();
                if (version != SpaceTimeWire.VERSION) {
                    fail("the server speaks protocol version " + version + ", this client " + SpaceTimeWire.VERSION);
                    return;
                }
                RemoteCall waiting = pending.get(request);
                Answer answer = switch (op) {
                    case SpaceTimeWire.OK -> Answer.ok(in.readLong());
                    case SpaceTimeWire.ITEM -> item(in, waiting);
                    case SpaceTimeWire.ERROR -> Answer.error(in.readUnsignedByte(), in.readLong(), in.readLong(),
                            SpaceTimeWire.readString(in));
                    default -> null;
                };
                if (answer == null) {
                    fail("the server sent " + SpaceTimeWire.opName(op));
                } else if (waiting != null) {
                    waiting.complete(answer);
                }
            } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
                fail("a malformed answer: " + e.getMessage());
            } finally {
                in.release();
            }
        }

        /** An ITEM's fields, its bytes copied into the waiting caller's buffer, or into a new array. */
        private Answer item(ByteBuf in, RemoteCall waiting) {
            long timestamp = in.readLong();
            long ticket = in.readLong();
            int length = in.readInt();
            if (length < 0 || length > in.readableBytes()) {
                throw new IllegalArgumentException("an item of " + length + " bytes where " + in.readableBytes()
                        + " remain");
            }
            if (waiting != null && waiting.copiesIntoCaller()) {
                waiting.copyIn(in, length);
                return Answer.item(timestamp, ticket, length, null);
            }
            byte[] bytes = new byte[length];
            in.readBytes(bytes);
            return Answer.item(timestamp, ticket, length, bytes);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            fail("the connection failed: " + cause);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (closedBecause == null) {
                closedBecause = "the server closed it";
            }
            SpaceTimeRemoteException lost = new SpaceTimeRemoteException("the connection to the space-time server "
                    + server + " closed (" + closedBecause + ") before it answered");
            pending.values().forEach(p -> p.completeExceptionally(lost));
        }
    }
}
