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
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
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
 * ({@link RemoteItem}), or copies them into the caller's buffer. Each connection and thread has
 * one {@link RemoteCall}, used again for each of its requests (its answer, its request frame, the
 * task that hands the frame to the event loop), so that a get into the caller's buffer allocates
 * nothing on the caller's thread in steady state; what the event loops allocate is Netty's and the
 * JDK's (runtime README, "Across JVMs"). Calls whose fields a lambda writes allocate the lambda.
 */
public final class RemoteSpaceTime implements AutoCloseable {
    /** How long a call waits for an answer beyond the time the server may itself wait. */
    public static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(30);
    /** A request number's low bits: its count, which tells one call's requests apart. */
    private static final int REQUEST_BITS = 40;
    private static final long REQUEST_MASK = (1L << REQUEST_BITS) - 1;

    private final InetSocketAddress server;
    private final EventLoopGroup group;
    private final Channel channel;
    /** The calls by slot, copied on write under {@link #callsLock}; read by the event loop without it. */
    private volatile RemoteCall[] calls = new RemoteCall[16];
    private final Object callsLock = new Object();
    private int nextSlot;
    private int[] free = new int[16];
    private int freeSlots;
    private final AtomicLong requests = new AtomicLong();
    private final long maxItemBytes;
    private volatile String closedBecause;

    private RemoteSpaceTime(InetSocketAddress server, LinkSecurity security) {
        this.server = server;
        int maxFrame = SpaceTimeServer.maxFrameLength(Integer.MAX_VALUE);
        group = SpaceTimeEventLoop.group();
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

    /** The id of the thread of this client's event loop, which reads the answers: for tests that count its bytes. */
    long eventLoopThreadId() {
        return group.next().submit(() -> Thread.currentThread().threadId()).syncUninterruptibly().getNow();
    }

    /** Closes the connection: the server makes its threads leave the space. */
    @Override
    public void close() {
        if (closedBecause == null) {
            closedBecause = "closed by the client";
        }
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        for (RemoteCall call : calls) {
            if (call != null) {
                call.close();
            }
        }
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
        RemoteCall once = newCall();
        try {
            return call(op, waitNanos, once.copying(), body);
        } finally {
            dropCall(once);
        }
    }

    /**
     * As {@link #call(int, long, Consumer)}, on {@code call} (an {@code ITEM}'s bytes going where it
     * says; its {@link Answer#length} then tells how many).
     */
    Answer call(int op, long waitNanos, RemoteCall call, Consumer<ByteBuf> body) {
        return callWithin(op, Math.max(0, waitNanos) + ANSWER_TIMEOUT.toNanos(), call, body);
    }

    /**
     * As {@link #call(int, long, RemoteCall, Consumer)}, waiting at most {@code boundNanos} for the
     * answer in all; beyond it the connection is closed, since what the server did is then unknown.
     */
    Answer callWithin(int op, long boundNanos, RemoteCall call, Consumer<ByteBuf> body) {
        ByteBuf out = request(call, op);
        try {
            body.accept(out);
        } catch (RuntimeException e) {
            call.finish(); // the frame stays the call's, emptied at its next request
            throw e;
        }
        return await(call, out, op, boundNanos);
    }

    /** As {@link #call(int, long, RemoteCall, Consumer)}'s bound: the get's own wait plus {@link #ANSWER_TIMEOUT}. */
    static long bound(long waitNanos) {
        return Math.max(0, waitNanos) + ANSWER_TIMEOUT.toNanos();
    }

    /**
     * A call used again for every request of one connection or thread ({@link RemoteCall}): its
     * steady-state requests allocate nothing.
     */
    RemoteCall newCall() {
        synchronized (callsLock) {
            int slot = freeSlots > 0 ? free[--freeSlots] : nextSlot++;
            RemoteCall[] table = calls;
            if (slot >= table.length) {
                table = Arrays.copyOf(table, Math.max(slot + 1, table.length * 2));
            } else {
                table = table.clone(); // copied on write: the event loop reads the table without the lock
            }
            RemoteCall call = new RemoteCall(slot, channel);
            table[slot] = call;
            calls = table;
            return call;
        }
    }

    /** Frees a call's slot: its answers, late ones too, are skipped from now on. */
    void dropCall(RemoteCall call) {
        synchronized (callsLock) {
            RemoteCall[] table = calls.clone();
            table[call.slot] = null;
            calls = table;
            if (freeSlots == free.length) {
                free = Arrays.copyOf(free, free.length * 2);
            }
            free[freeSlots++] = call.slot;
        }
        call.close();
    }

    /**
     * Starts a request of kind {@code op} on {@code call}: a pooled buffer with its header, for the
     * caller to write the fields into and pass to {@link #await}.
     *
     * @throws SpaceTimeRemoteException if the connection is closed
     */
    ByteBuf request(RemoteCall call, int op) {
        String closed = closedBecause;
        if (closed != null) {
            throw new SpaceTimeRemoteException("the connection to the space-time server " + server + " is closed ("
                    + closed + "); join again on a new RemoteSpaceTime");
        }
        // The slot in the high bits finds the call; the count in the low ones tells its requests apart.
        long number = ((long) call.slot << REQUEST_BITS) | (requests.incrementAndGet() & REQUEST_MASK);
        call.start(number);
        ByteBuf out = call.frame(channel.alloc());
        var _ = SpaceTimeWire.start(out, op, number);
        return out;
    }

    /**
     * Sends the request {@link #request} began and waits up to {@code boundNanos} for its answer,
     * which may be an error ({@link #raise}); it stays valid until the call's next request.
     *
     * @throws SpaceTimeRemoteException if the connection broke or no answer came in time (the
     *     connection is then closed: what the server did is unknown)
     */
    Answer await(RemoteCall call, ByteBuf out, int op, long boundNanos) {
        try {
            // A void promise: a failed write fires exceptionCaught, which closes the connection and
            // fails every waiting call, so nothing is lost by not having a promise per request.
            var _ = SpaceTimeWire.finish(out, 0);
            call.send(channel.eventLoop());
            if (!call.await(boundNanos)) {
                fail("no answer to " + SpaceTimeWire.opName(op) + " within "
                        + TimeUnit.NANOSECONDS.toMillis(boundNanos) + " ms");
                throw new SpaceTimeRemoteException("the space-time server " + server + " did not answer "
                        + SpaceTimeWire.opName(op) + " within " + TimeUnit.NANOSECONDS.toMillis(boundNanos)
                        + " ms; the connection is closed");
            }
            RuntimeException failure = call.failure();
            if (failure != null) {
                throw failure;
            }
            return call.answer;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted while waiting for " + SpaceTimeWire.opName(op));
            throw new SpaceTimeRemoteException("interrupted while waiting for the space-time server " + server
                    + " to answer " + SpaceTimeWire.opName(op) + "; the connection is closed");
        } finally {
            call.finish(); // an answer after this (none is owed once it failed) is skipped
        }
    }

    private void fail(String why) {
        if (closedBecause == null) {
            closedBecause = why;
        }
        var _ = channel.close();
    }

    /**
     * One answer, filled in place by the event loop ({@link RemoteCall}): the value of an
     * {@code OK}; or the timestamp, ticket and length of an {@code ITEM}, with its bytes unless they
     * went into the caller's buffer; or an error's fields.
     */
    static final class Answer {
        /** An ITEM's code: no error's. */
        private static final int ITEM_CODE = -1;

        long value;
        long ticket;
        int length;
        byte[] bytes;
        int code;
        long first;
        long second;
        String message;

        void ok(long v) {
            set(v, 0, 0, null, 0, 0, 0, null);
        }

        void item(long timestamp, long t, int n, byte[] b) {
            set(timestamp, t, n, b, ITEM_CODE, 0, 0, null);
        }

        void error(int c, long f, long s, String m) {
            set(0, 0, 0, null, c, f, s, m);
        }

        private void set(long v, long t, int n, byte[] b, int c, long f, long s, String m) {
            value = v;
            ticket = t;
            length = n;
            bytes = b;
            code = c;
            first = f;
            second = s;
            message = m;
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
                RemoteCall[] table = calls;
                int slot = (int) (request >>> REQUEST_BITS);
                RemoteCall waiting = slot >= 0 && slot < table.length ? table[slot] : null;
                if (waiting != null) {
                    waiting.answer(request, op, in);
                } else if (op != SpaceTimeWire.OK && op != SpaceTimeWire.ITEM && op != SpaceTimeWire.ERROR) {
                    fail("the server sent " + SpaceTimeWire.opName(op));
                }
            } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
                fail("a malformed answer: " + e.getMessage());
            } finally {
                in.release();
            }
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
            for (RemoteCall call : calls) {
                if (call != null) {
                    call.fail(lost);
                }
            }
        }
    }
}
