package org.streamflex.runtime.spacetime;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.TooLongFrameException;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

/**
 * One client connection of a {@link SpaceTimeServer}: its threads and connections, by the numbers
 * the client was given, and the requests it sends ({@link SpaceTimeWire}). Every request is decoded,
 * run and answered on the event loop, with no hand-off to another thread: a get whose item is not
 * there yet waits without a thread ({@link WaitingGet}), so it holds up nothing else. When the
 * connection closes, every thread it joined leaves the space, and the queue items its threads got
 * and had not consumed are consumed for them ({@link SpaceTimeServer#abandonedQueueItems()}).
 */
final class SpaceTimeSession extends ChannelInboundHandlerAdapter {
    private static final System.Logger LOG = System.getLogger("org.streamflex.runtime");

    private final SpaceTimeServer server;
    private final Map<Long, SpaceTimeThread> threads = new ConcurrentHashMap<>();
    private final Map<Long, InputConnection> inputs = new ConcurrentHashMap<>();
    private final Map<Long, OutputConnection> outputs = new ConcurrentHashMap<>();
    private final Map<Long, QueueInput> queueInputs = new ConcurrentHashMap<>();
    private final Map<Long, QueueOutput> queueOutputs = new ConcurrentHashMap<>();
    private final Map<Long, RegisterConnection> registers = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final SessionFilters filters;
    private volatile boolean greeted;
    private volatile boolean closed;
    private ChannelHandlerContext ctx;

    SpaceTimeSession(SpaceTimeServer server) {
        this.server = server;
        this.filters = new SessionFilters(this, server.space());
    }

    /** The space this session's requests run on. */
    SpaceTime space() {
        return server.space();
    }

    @Override
    public void channelActive(ChannelHandlerContext context) {
        this.ctx = context;
        context.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object msg) {
        ByteBuf frame = (ByteBuf) msg;
        if (frame.readableBytes() < SpaceTimeWire.HEADER_BYTES) {
            frame.release();
            refuse("a frame of " + frame.readableBytes() + " bytes, shorter than a header");
            return;
        }
        int version = frame.readUnsignedByte();
        int op = frame.readUnsignedByte();
        long request = frame.readLong();
        if (version != SpaceTimeWire.VERSION) {
            frame.release();
            error(request, SpaceTimeWire.E_BAD_REQUEST, 0, 0, "this space-time server speaks protocol version "
                    + SpaceTimeWire.VERSION + ", the client " + version + ": use the same StreamFlex release on both");
            refuse("protocol version " + version + " (this server: " + SpaceTimeWire.VERSION + ")");
            return;
        }
        if (op == SpaceTimeWire.HELLO) {
            frame.release();
            greeted = true;
            ok(request, server.space().maxItemBytes());
            return;
        }
        if (!greeted) {
            frame.release();
            refuse(SpaceTimeWire.opName(op) + " before HELLO");
            return;
        }
        // Every request runs here, on the event loop: each holds the space's lock only briefly, and a
        // get that must wait does so without a thread (WaitingGet), so nothing blocks the loop.
        try {
            answer(op, request, frame);
        } catch (ItemNotAvailableException | RuntimeException e) {
            failed(op, request, e);
        } finally {
            frame.release();
        }
    }

    /** Answers {@code e}, thrown by request {@code request} ({@code op}), as the ERROR the client maps back. */
    void failed(int op, long request, Exception e) {
        switch (e) {
            case ItemNotAvailableException miss ->
                    error(request, SpaceTimeWire.E_NOT_AVAILABLE, miss.below(), miss.above(), miss.getMessage());
            case DuplicateTimestampException d -> error(request, SpaceTimeWire.E_DUPLICATE, d.timestamp(), 0,
                    d.getMessage());
            case VirtualTimeException v -> error(request, SpaceTimeWire.E_VIRTUAL_TIME, 0, 0, v.getMessage());
            case ItemTooLargeException t -> error(request, SpaceTimeWire.E_TOO_LARGE, 0, 0, t.getMessage());
            case BufferTooSmallException t -> error(request, SpaceTimeWire.E_TOO_SMALL, t.itemBytes(),
                    t.bufferBytes(), t.getMessage());
            case SpaceTimeException s -> error(request, SpaceTimeWire.E_STATE, 0, 0, s.getMessage());
            case IllegalStateException s -> error(request, SpaceTimeWire.E_STATE, 0, 0, s.getMessage());
            case BadRequest b -> error(request, SpaceTimeWire.E_BAD_REQUEST, 0, 0, "malformed "
                    + SpaceTimeWire.opName(op) + ": " + b.getMessage());
            case IndexOutOfBoundsException b -> error(request, SpaceTimeWire.E_BAD_REQUEST, 0, 0, "malformed "
                    + SpaceTimeWire.opName(op) + ": " + b.getMessage());
            case IllegalArgumentException a -> error(request, SpaceTimeWire.E_ARGUMENT, 0, 0, a.getMessage());
            default -> {
                LOG.log(System.Logger.Level.WARNING, "space-time request " + SpaceTimeWire.opName(op) + " failed", e);
                error(request, SpaceTimeWire.E_FAILED, 0, 0, e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
    }

    private void answer(int op, long request, ByteBuf in) throws ItemNotAvailableException {
        switch (op) {
            case SpaceTimeWire.JOIN, SpaceTimeWire.JOIN_FILTER -> {
                String name = SpaceTimeWire.readString(in);
                long virtualTime = in.readLong();
                long id = ids.incrementAndGet();
                SpaceTimeThread joined = server.space().join(name, virtualTime);
                if (op == SpaceTimeWire.JOIN_FILTER) {
                    filters.joined(id, joined);
                }
                threads.put(id, joined);
                if (closed) {
                    joined.leave(); // the connection closed while it joined: nobody will ever leave it
                }
                ok(request, id);
            }
            case SpaceTimeWire.SET_VIRTUAL_TIME -> {
                SpaceTimeThread thread = thread(in.readLong());
                thread.setVirtualTime(in.readLong());
                ok(request, 0);
            }
            case SpaceTimeWire.LEAVE -> {
                long id = in.readLong();
                SpaceTimeThread thread = thread(id);
                if (filters.filter(id) != null) {
                    filters.leave(id); // its staged work dropped, its open queue items consumed and counted
                } else {
                    thread.leave();
                }
                threads.remove(id);
                ok(request, 0);
            }
            case SpaceTimeWire.ATTACH_INPUT, SpaceTimeWire.ATTACH_OUTPUT -> {
                SpaceTimeThread thread = thread(in.readLong());
                String name = SpaceTimeWire.readString(in);
                SpaceTimeChannel channel = server.channel(name);
                if (channel == null) {
                    throw new IllegalArgumentException("no channel named " + name + " is published by the space-time"
                            + " server at " + server.address() + " (SpaceTimeServer.publish)");
                }
                long id = ids.incrementAndGet();
                if (op == SpaceTimeWire.ATTACH_INPUT) {
                    inputs.put(id, thread.attachInput(channel));
                } else {
                    outputs.put(id, thread.attachOutput(channel));
                }
                ok(request, id);
            }
            case SpaceTimeWire.PUT -> {
                put(in);
                ok(request, 0);
            }
            case SpaceTimeWire.PUT_GET -> {
                // The get's fields come first, so that the put's bytes end the frame as a PUT's do.
                InputConnection input = input(in.readLong());
                int selector = in.readUnsignedByte();
                long timestamp = in.readLong();
                long timeoutNanos = in.readLong();
                int room = SpaceTimeWire.readRoom(in);
                Wildcard wildcard = SpaceTimeWire.wildcard(selector);
                put(in); // a refused put answers its ERROR: the get is not made
                get(request, input, timestamp, wildcard, timeoutNanos, room);
            }
            case SpaceTimeWire.GET -> {
                InputConnection input = input(in.readLong());
                int selector = in.readUnsignedByte();
                long timestamp = in.readLong();
                long timeoutNanos = in.readLong();
                int room = SpaceTimeWire.readRoom(in);
                get(request, input, timestamp, SpaceTimeWire.wildcard(selector), timeoutNanos, room);
            }
            case SpaceTimeWire.CONSUME -> {
                input(in.readLong()).consume(in.readLong());
                ok(request, 0);
            }
            case SpaceTimeWire.CONSUME_UNTIL -> {
                input(in.readLong()).consumeUntil(in.readLong());
                ok(request, 0);
            }
            case SpaceTimeWire.DETACH -> {
                long id = in.readLong();
                detach(id);
                ok(request, 0);
            }
            case SpaceTimeWire.ATTACH_QUEUE_INPUT, SpaceTimeWire.ATTACH_QUEUE_OUTPUT -> {
                long threadId = in.readLong();
                SpaceTimeThread thread = thread(threadId);
                String name = SpaceTimeWire.readString(in);
                SpaceTimeQueue queue = server.queue(name);
                if (queue == null) {
                    throw new IllegalArgumentException("no queue named " + name + " is published by the space-time"
                            + " server at " + server.address() + " (SpaceTimeServer.publish)");
                }
                long id = ids.incrementAndGet();
                if (op == SpaceTimeWire.ATTACH_QUEUE_INPUT) {
                    QueueInput input = thread.attachInput(queue);
                    FilterThread filter = filters.filter(threadId);
                    if (filter != null) {
                        filter.addQueueInput(input);
                    }
                    queueInputs.put(id, input);
                } else {
                    queueOutputs.put(id, thread.attachOutput(queue));
                }
                ok(request, id);
            }
            case SpaceTimeWire.ATTACH_REGISTER -> {
                long threadId = in.readLong();
                SpaceTimeThread thread = thread(threadId);
                String name = SpaceTimeWire.readString(in);
                SpaceTimeRegister register = server.register(name);
                if (register == null) {
                    throw new IllegalArgumentException("no register named " + name + " is published by the"
                            + " space-time server at " + server.address() + " (SpaceTimeServer.publish)");
                }
                long id = ids.incrementAndGet();
                FilterThread filter = filters.filter(threadId);
                if (filter != null) {
                    filters.attachRegister(id, filter, register);
                } else {
                    registers.put(id, thread.attach(register));
                }
                ok(request, id);
            }
            case SpaceTimeWire.QUEUE_PUT -> {
                QueueOutput out = queueOutput(in.readLong());
                long timestamp = in.readLong();
                ok(request, out.put(timestamp, bytes(in)));
            }
            case SpaceTimeWire.QUEUE_GET -> {
                QueueInput input = queueInput(in.readLong());
                long timeoutNanos = in.readLong();
                int room = SpaceTimeWire.readRoom(in);
                ItemView now = input.getOrNotify(room, null);
                if (now != null) {
                    item(request, now, room);
                } else if (timeoutNanos <= 0) {
                    item(request, input.stopWaiting(room, null), room); // throws the queue's miss
                } else {
                    new WaitingQueueGet(this, ctx.executor(), request, input, room).start(timeoutNanos);
                }
            }
            case SpaceTimeWire.QUEUE_CONSUME -> {
                queueInput(in.readLong()).consume(in.readLong());
                ok(request, 0);
            }
            case SpaceTimeWire.REGISTER_WRITE -> {
                registerConnection(in.readLong()).write(bytes(in));
                ok(request, 0);
            }
            case SpaceTimeWire.REGISTER_READ -> {
                RegisterConnection connection = registerConnection(in.readLong());
                long timeoutNanos = in.readLong();
                int room = SpaceTimeWire.readRoom(in);
                if (!registerValue(request, connection, room, null)) {
                    if (timeoutNanos <= 0) {
                        lastRegisterValue(request, connection, room, null); // throws the empty register's miss
                    } else {
                        new WaitingRegisterRead(this, ctx.executor(), request, connection, room).start(timeoutNanos);
                    }
                }
            }
            case SpaceTimeWire.REGISTER_FULL -> ok(request, registerConnection(in.readLong()).isFull() ? 1 : 0);
            default -> {
                if (!filters.answer(op, request, in)) {
                    throw new BadRequest("unknown request " + op);
                }
            }
        }
    }

    /** A PUT's fields and bytes: the bytes go from the receive buffer straight into the space's slot. */
    private void put(ByteBuf in) {
        OutputConnection out = output(in.readLong());
        long timestamp = in.readLong();
        int consumers = in.readInt();
        MemorySegment bytes = bytes(in);
        if (consumers > 0) {
            out.put(timestamp, bytes, consumers);
        } else {
            out.put(timestamp, bytes);
        }
    }

    /** An item's u32 length and bytes, as a segment over the receive buffer (the put copies them out). */
    static MemorySegment bytes(ByteBuf in) {
        int length = in.readInt();
        if (length < 0 || length > in.readableBytes()) {
            throw new BadRequest("an item of " + length + " bytes where " + in.readableBytes() + " remain");
        }
        return MemorySegment.ofBuffer(in.nioBuffer(in.readerIndex(), length));
    }

    private void detach(long id) {
        InputConnection input = inputs.remove(id);
        OutputConnection output = outputs.remove(id);
        QueueInput queueInput = queueInputs.get(id);
        QueueOutput queueOutput = queueOutputs.remove(id);
        if (input != null) {
            input.detach();
        } else if (output != null) {
            output.detach();
        } else if (queueInput != null) {
            queueInput.detach(); // refused while it holds tickets open: it stays on the session then
            queueInputs.remove(id);
        } else if (queueOutput != null) {
            queueOutput.detach();
        } else if (filters.hasRegister(id)) {
            filters.detachRegister(id);
        } else if (registers.remove(id) == null) { // a register connection has nothing to detach locally
            throw new BadRequest("no connection " + id + " on this session");
        }
    }

    /**
     * A get: answered now if the item is there or the get does not wait (a miss then throws);
     * otherwise it waits on the event loop, registered with the channel ({@link WaitingGet}).
     */
    private void get(long request, InputConnection input, long timestamp, Wildcard wildcard, long timeoutNanos,
            int room) throws ItemNotAvailableException {
        if (timeoutNanos <= 0) {
            item(request, wildcard == null ? input.get(timestamp) : input.get(wildcard), room);
            return;
        }
        ItemView now = input.getOrNotify(timestamp, wildcard, null);
        if (now != null) {
            item(request, now, room);
        } else {
            new WaitingChannelGet(this, ctx.executor(), request, input, timestamp, wildcard, room).start(timeoutNanos);
        }
    }

    /**
     * Answers an ITEM with {@code view}'s bytes, or, beyond the getter's {@code room}, the
     * too-small error. The item stays open on the connection (until the client consumes it); the
     * view is only this copy's, so it is released once the bytes are in the send buffer. (A queue
     * item larger than the room never gets here: {@link QueueInput#getOrNotify} leaves it queued.)
     */
    void item(long request, ItemView view, int room) {
        boolean handedOver = false;
        try {
            int length = Math.toIntExact(view.byteSize());
            if (length > room) {
                error(request, SpaceTimeWire.E_TOO_SMALL, length, room, "the item at timestamp " + view.timestamp()
                        + " is " + length + " bytes; the buffer has room for " + room
                        + " (the item is open on the connection, as after any get: get it again by its timestamp"
                        + " into a buffer of at least " + length + " bytes, or consume it)");
                return;
            }
            if (length >= SlotWrite.MIN_BYTES) {
                // Written from the slot itself: one copy of the item fewer, the view released by Netty.
                ByteBuf head = ctx.alloc().directBuffer(SpaceTimeWire.itemFrameBytes(0));
                var _ = SpaceTimeWire.start(head, SpaceTimeWire.ITEM, request);
                head.writeLong(view.timestamp()).writeLong(view.ticket()).writeInt(length);
                head.setInt(0, head.writerIndex() - 4 + length);
                SlotWrite body;
                try {
                    body = SlotWrite.of(space(), view);
                } catch (RuntimeException e) {
                    head.release();
                    throw e;
                }
                handedOver = true;
                server.answered();
                var _ = ctx.write(head, ctx.voidPromise());
                var _ = ctx.writeAndFlush(body, ctx.voidPromise());
                return;
            }
            ByteBuf out = itemFrame(request, view.timestamp(), view.ticket(), length);
            view.copyTo(0, MemorySegment.ofBuffer(out.nioBuffer(out.writerIndex(), length)), 0, length);
            out.writerIndex(out.writerIndex() + length);
            sendItem(out);
        } finally {
            if (!handedOver) {
                view.close();
            }
        }
    }

    /**
     * An ITEM answer's buffer with room for {@code length} bytes, its fields written, the writer
     * index where the bytes go (the length field is the last four bytes before it); sent by
     * {@link #sendItem}.
     */
    ByteBuf itemFrame(long request, long timestamp, long ticket, int length) {
        ByteBuf out = ctx.alloc().directBuffer(SpaceTimeWire.itemFrameBytes(length));
        var _ = SpaceTimeWire.start(out, SpaceTimeWire.ITEM, request);
        out.writeLong(timestamp).writeLong(ticket).writeInt(length);
        return out;
    }

    /** Sends an ITEM answer {@link #itemFrame} began, its bytes written. */
    void sendItem(ByteBuf out) {
        send(SpaceTimeWire.finish(out, 0));
    }

    void abandoned(long items) {
        if (items > 0) {
            server.abandoned((int) items);
        }
    }

    /**
     * Reads a full register into an ITEM answer and sends it (true), or registers {@code onArrival}
     * (unless null) and answers nothing (false).
     */
    boolean registerValue(long request, RegisterConnection connection, int room, Runnable onArrival) {
        RegisterAnswer answer = new RegisterAnswer(request);
        try {
            long length = connection.readNewOrNotify(room, answer, onArrival);
            return length >= 0 && answer.send(length);
        } finally {
            answer.releaseUnsent();
        }
    }

    /** The last read of a waiting register read: answers the value, or throws the empty register's miss. */
    void lastRegisterValue(long request, RegisterConnection connection, int room, Runnable onArrival)
            throws ItemNotAvailableException {
        RegisterAnswer answer = new RegisterAnswer(request);
        try {
            var _ = answer.send(connection.stopWaiting(room, answer, onArrival));
        } finally {
            answer.releaseUnsent();
        }
    }

    private SpaceTimeThread thread(long id) {
        return find(threads, id, "thread", " (it left, or was never joined)");
    }

    InputConnection input(long id) {
        return find(inputs, id, "input connection", "");
    }

    OutputConnection output(long id) {
        return find(outputs, id, "output connection", "");
    }

    QueueInput queueInput(long id) {
        return find(queueInputs, id, "queue input connection", "");
    }

    QueueOutput queueOutput(long id) {
        return find(queueOutputs, id, "queue output connection", "");
    }

    private RegisterConnection registerConnection(long id) {
        return find(registers, id, "register connection", "");
    }

    /** What a request names by its number, or the bad request naming what this session lacks. */
    static <T> T find(Map<Long, T> of, long id, String what, String why) {
        T found = of.get(id);
        if (found == null) {
            throw new BadRequest("no " + what + " " + id + " on this session" + why);
        }
        return found;
    }

    void ok(long request, long value) {
        ByteBuf out = ctx.alloc().directBuffer(SpaceTimeWire.HEADER_BYTES + 12);
        int start = SpaceTimeWire.start(out, SpaceTimeWire.OK, request);
        out.writeLong(value);
        send(SpaceTimeWire.finish(out, start));
    }

    /**
     * Writes an answer, from the event loop: no task hand-off. Each request is answered once, and
     * counted before it is written, so that a client holding its answer finds it counted.
     */
    private void send(ByteBuf answer) {
        server.answered();
        var _ = ctx.writeAndFlush(answer, ctx.voidPromise());
    }

    void error(long request, int code, long first, long second, String message) {
        ByteBuf out = ctx.alloc().directBuffer(SpaceTimeWire.HEADER_BYTES + 32 + 64);
        int start = SpaceTimeWire.start(out, SpaceTimeWire.ERROR, request);
        out.writeByte(code).writeLong(first).writeLong(second);
        SpaceTimeWire.writeString(out, message == null ? "" : message);
        send(SpaceTimeWire.finish(out, start));
    }

    private void refuse(String why) {
        server.refused();
        LOG.log(System.Logger.Level.WARNING, "space-time server at " + server.address() + " closed the connection of "
                + ctx.channel().remoteAddress() + ": " + why);
        var _ = ctx.close();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        if (cause instanceof TooLongFrameException) {
            refuse("a frame longer than the space's item bound allows: " + cause.getMessage());
        } else {
            LOG.log(System.Logger.Level.DEBUG, "space-time connection of " + context.channel().remoteAddress()
                    + " failed: " + cause);
            var _ = context.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        closed = true;
        filters.closed(); // a filter's work() cut off by the close is undone, as if it threw
        abandonOpenQueueItems();
        // A dead client's virtual time must not hold the space's minimum back: its threads leave.
        for (SpaceTimeThread t : threads.values()) {
            try {
                t.leave();
            } catch (SpaceTimeException | IllegalStateException e) {
                LOG.log(System.Logger.Level.DEBUG, "thread " + t.name() + " of a closed space-time session: " + e);
            }
        }
        threads.clear();
        inputs.clear();
        outputs.clear();
        queueInputs.clear();
        queueOutputs.clear();
        registers.clear();
        // Counted once the session's threads have left: a caller that sees the count sees the space without them.
        server.sessionClosed();
        context.fireChannelInactive();
    }

    /**
     * Consumes the queue items this session's threads got and had not consumed: the local rule is
     * that no queue item is got twice, so they are not put back for another consumer (a client that
     * died after acting on an item would otherwise have it acted on twice); they are counted and
     * logged with their tickets, so that none is lost unseen. Without this, a queue input holding
     * tickets could not leave, and its items would hold the space's minimum back for ever.
     */
    private void abandonOpenQueueItems() {
        for (QueueInput input : queueInputs.values()) {
            try {
                long[] tickets = input.consumeAllOpen();
                if (tickets.length > 0) {
                    server.abandoned(tickets.length);
                    LOG.log(System.Logger.Level.WARNING, "space-time client " + ctx.channel().remoteAddress()
                            + " went away holding " + tickets.length + " item(s) of " + input + " open (tickets "
                            + java.util.Arrays.toString(tickets) + "): consumed for it, not got again");
                }
            } catch (SpaceTimeException | IllegalStateException e) {
                LOG.log(System.Logger.Level.DEBUG, "queue input of a closed space-time session: " + e);
            }
        }
    }

    /**
     * A register value's ITEM answer, built in a pooled buffer whose size the value's length sets:
     * the register copies the value in under its lock ({@link RegisterConnection#readNewOrNotify}).
     */
    private final class RegisterAnswer implements LongFunction<MemorySegment> {
        private final long request;
        private ByteBuf out;
        private int start;

        RegisterAnswer(long request) {
            this.request = request;
        }

        @Override
        public MemorySegment apply(long length) {
            int n = Math.toIntExact(length);
            out = ctx.alloc().directBuffer(SpaceTimeWire.itemFrameBytes(n));
            start = SpaceTimeWire.start(out, SpaceTimeWire.ITEM, request);
            out.writeLong(0).writeLong(ItemView.NO_TICKET).writeInt(n);
            return MemorySegment.ofBuffer(out.nioBuffer(out.writerIndex(), n));
        }

        /** Sends the answer the read filled in; true. */
        boolean send(long length) {
            ByteBuf filled = out;
            out = null;
            filled.writerIndex(filled.writerIndex() + Math.toIntExact(length));
            SpaceTimeSession.this.send(SpaceTimeWire.finish(filled, start));
            return true;
        }

        /** Releases a buffer a failed read took. */
        void releaseUnsent() {
            if (out != null) {
                out.release();
                out = null;
            }
        }
    }

    /** A request naming something this session does not have, or with fields out of range. */
    private static final class BadRequest extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadRequest(String message) {
            super(message, null, false, false);
        }
    }
}
