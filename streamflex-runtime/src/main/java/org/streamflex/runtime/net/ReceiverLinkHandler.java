package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.util.concurrent.EventExecutor;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The receiving side of one connection, on its event loop: the handshake against the server's
 * receivers, then DATA into the linked receiver's queue with its gaps and drops counted, CREDIT
 * grants as the consumer frees room, ACKs of what it received (every quarter of the queue, written by a
 * task queued after the read, so that what a handler on this loop sent in answer goes out first; and
 * within 50 ms of any item; a heartbeat ACK every 200 ms while nothing arrives, so a sender tells a silent
 * link from a dead one), and the CLOSE exchange. The sender beats too (an ACK of what it sent,
 * when it wrote nothing for 200 ms), so a sender that sends nothing at all for the host's stall
 * timeout froze or lost its network without closing: its connection is closed, counted
 * ({@link LinkCounters#stalls()}) and the first of each receiving end logged. A HELLO from the
 * sending link already linked (it reconnected, while this side had not noticed its old connection
 * die) replaces the old connection.
 *
 * <p>On a server's connection it may instead receive a receiver's HELLO ({@link Frame.Request}): the
 * server then hands the connection to its sending end, and this handler leaves the pipeline. On a
 * connection a receiver opened ({@link ReceivingLinkClient}), it sends that HELLO itself when the
 * connection opens, and then waits for the sender's HELLO, or its REFUSE, as a server's would.
 *
 * <pre>{@code
 * ch.pipeline().addLast(new FrameDecoder(maxFrameLength), new ReceiverLinkHandler(host, null));
 * }</pre>
 */
final class ReceiverLinkHandler extends SimpleChannelInboundHandler<Frame> {
    private enum State { AWAITING_HELLO, OPEN, CLOSING, CLOSED }

    private static final VarHandle CREDIT_LEFT;

    static {
        try {
            CREDIT_LEFT = MethodHandles.lookup().findVarHandle(ReceiverLinkHandler.class, "creditLeft", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * How a receiving connection's reads are sized: from 16 KiB, growing while reads fill their
     * buffer up to 1 MiB (Netty's default stops at 64 KiB). {@link FrameDecoder} copies only a frame
     * split between two reads, so the larger the reads, the fewer bytes are copied: at most one
     * frame of each read, and fewer reads and wake-ups when the consumer falls behind.
     */
    static final AdaptiveRecvByteBufAllocator READS = new AdaptiveRecvByteBufAllocator(512, 16 << 10, 1 << 20);

    private static final long ACK_TICK_MILLIS = 50;
    /** Ticks without an ACK before a heartbeat: 200 ms. */
    private static final int HEARTBEAT_TICKS = 4;
    private static final System.Logger LOG = System.getLogger("org.streamflex.runtime.net");

    private final ReceiverHost server;
    /** The receiver's HELLO this side sends first, on a connection it opened; null on a server's. */
    private final Frame.Request request;
    /**
     * Whether a grant is scheduled: the consumer schedules one only when none is, after publishing
     * what it consumed; the grant clears it before it reads that count ({@link DrainRequest}'s
     * handshake, so that room the consumer freed is never left ungranted).
     */
    private final DrainRequest grantRequest = new DrainRequest();
    private final Runnable grantTask = this::grant;
    private final Runnable closeTask = this::closeFromReceiver;
    private final Runnable acknowledgeAndDropTask = this::acknowledgeAndDrop;
    private final Runnable ackTask = this::ackDue;
    /** Event loop only: {@link #ackTask} is queued. */
    private boolean ackQueued;
    private ChannelHandlerContext ctx;
    private State state = State.AWAITING_HELLO;
    private LinkReceiver receiver;
    private SequenceGaps gaps;
    /** Items of this link delivered or dropped here. */
    private long received;
    private long grantedUpTo;
    /**
     * CREDIT mode: items the sender may still send on this connection, as granted here less what
     * arrived. Written by the event loop with a release store followed by a full fence, before it
     * reads what the consumer consumed ({@link #data}); read by a consumer thread after its own
     * publication of that count and a full fence ({@link #grantSoon}): Dekker's handshake, as in
     * {@link DrainRequest}, so that either the consumer sees this much credit left and leaves the grant
     * to the next DATA frame, or that frame's read sees what it consumed and grants it.
     */
    private long creditLeft;
    /** CREDIT mode: the consumed items that {@link #data} grants at once, a quarter of the queue. */
    private int grantEvery = 1;
    /** Items received when the last ACK was written. */
    private long ackedItems;
    private int ackEvery;
    private int ticksSinceAck;
    /** Ticks since the last frame read: the sender's silence. */
    private long ticksSilent;
    /** Ticks of silence after which the sender is taken for stalled. */
    private long stallTicks;
    /** Held by {@link #hold()}: neither reading nor beating. */
    private boolean held;
    private ScheduledFuture<?> ackTimer;

    ReceiverLinkHandler(ReceiverHost host, Frame.Request request) {
        this.server = host;
        this.request = request;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
    }

    @Override
    public void channelActive(ChannelHandlerContext context) {
        // A peer that connects and never sends its HELLO (or, to a connecting side, never answers) would hold the
        // connection until the OS closes it: the stall timeout bounds a silent handshake as it bounds a silent link.
        long wait = server.stallTimeout().toMillis();
        var _ = context.executor().schedule(this::handshakeTimedOut, wait, TimeUnit.MILLISECONDS);
        if (request != null) {
            var _ = context.writeAndFlush(FrameEncoder.request(context.alloc(), request.identity(),
                    request.capacity(), request.receiverId()), context.voidPromise());
        }
        context.fireChannelActive();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext context, Frame frame) {
        ticksSilent = 0;
        switch (state) {
            case AWAITING_HELLO -> handshake(frame);
            case OPEN, CLOSING -> linked(frame);
            case CLOSED -> {
                // The link is over; what its peer still sends has no receiver.
            }
        }
    }

    /** The stall timeout after the connection opened: closes it if its peer has sent no handshake frame yet. */
    private void handshakeTimedOut() {
        if (state != State.AWAITING_HELLO || !ctx.channel().isActive()) {
            return;
        }
        state = State.CLOSED;
        server.silentPeer(ctx, server.stallTimeout().toMillis());
        var _ = ctx.close();
    }

    private void handshake(Frame frame) {
        switch (frame) {
            case Frame.ForeignHello foreign -> refuse("peer speaks StreamFlex link protocol version "
                    + foreign.version() + ", this " + (request == null ? "server" : "node") + " speaks version "
                    + FrameFormat.VERSION + ": run releases with the same protocol version on both sides",
                    foreign.version());
            case Frame.Refuse refused when request != null -> {
                state = State.CLOSED;
                server.recordRefusal("link refused by " + ctx.channel().remoteAddress() + ": " + refused.reason());
                var _ = ctx.close();
            }
            case Frame.Request asked when request == null -> {
                String why = server.serve(asked, ctx);
                if (why != null) {
                    refuse(why);
                } else {
                    state = State.CLOSED; // the connection is the sending end's now
                }
            }
            case Frame.Hello hello -> {
                LinkIdentity offer = hello.identity();
                LinkReceiver wanted = server.receiverFor(offer.graph(), offer.channel());
                if (wanted == null) {
                    refuse("sender offers " + offer.describe() + ", receiver has no such channel; it expects "
                            + server.describeReceivers());
                } else if (!wanted.identity().equals(offer)) {
                    refuse("sender offers " + offer.describe() + ", receiver expects " + wanted.identity().describe());
                } else if (!wanted.attach(this) && !takeOver(wanted, hello)) {
                    refuse("sender offers " + offer.describe() + ", receiver already has a sender linked to it");
                } else {
                    open(wanted, hello);
                }
            }
            default -> throw new ProtocolException(frame.type() + " frame before HELLO from "
                    + ctx.channel().remoteAddress() + ": a link starts with the sender's HELLO"
                    + (request == null ? "" : ", or its REFUSE"));
        }
    }

    /**
     * The sending link already linked reconnected: its old connection is dead to it, whatever this
     * side saw, so it is closed here and its place given to this one. All connections share this
     * event loop, so the old one's counts are final.
     */
    private boolean takeOver(LinkReceiver wanted, Frame.Hello hello) {
        ReceiverLinkHandler old = wanted.linkOf(hello.senderId());
        if (old == null || old == this) {
            return false;
        }
        old.superseded();
        return wanted.attach(this);
    }

    private void superseded() {
        state = State.CLOSED;
        stopAcks();
        receiver.detach(this);
        var _ = ctx.close();
    }

    private void open(LinkReceiver linked, Frame.Hello hello) {
        receiver = linked;
        gaps = linked.gapsFor(hello);
        state = State.OPEN;
        ackEvery = Math.max(1, Math.min(linked.capacity() / 4, 4096));
        stallTicks = Math.max(1, server.stallTimeout().toMillis() / ACK_TICK_MILLIS);
        ticksSilent = 0;
        ackTimer = ctx.executor().scheduleAtFixedRate(this::tick, ACK_TICK_MILLIS, ACK_TICK_MILLIS,
                TimeUnit.MILLISECONDS);
        var _ = ctx.write(FrameEncoder.helloOk(ctx.alloc()), ctx.voidPromise());
        server.linked();
        if (linked.identity().mode() == LinkMode.CREDIT) {
            grantedUpTo = linked.consumed();
            int room = linked.capacity() - linked.queued();
            CREDIT_LEFT.setRelease(this, (long) Math.max(room, 0));
            grantEvery = Math.max(1, linked.capacity() / 4);
            if (room > 0) {
                var _ = ctx.write(FrameEncoder.credit(ctx.alloc(), room), ctx.voidPromise());
            }
        }
        ctx.flush();
    }

    private void refuse(String reason) {
        refuse(reason, FrameFormat.VERSION);
    }

    /** Refuses at the peer's protocol {@code version}: a REFUSE reads the same in every version. */
    private void refuse(String reason, int version) {
        server.recordRefusal(reason);
        state = State.CLOSED;
        ctx.writeAndFlush(FrameEncoder.refuse(ctx.alloc(), reason, version)).addListener(ChannelFutureListener.CLOSE);
    }

    private void linked(Frame frame) {
        switch (frame) {
            case Frame.Data data -> data(data);
            case Frame.Lost lost -> gaps.onLost(lost.items());
            case Frame.Ack beat -> {
                // The sender's heartbeat: it is alive, and had nothing to send. Reading it reset the silence.
            }
            case Frame.Close close -> {
                gaps.onClose(close.nextSequence());
                stopAcks();
                if (state == State.OPEN) {
                    var _ = ctx.writeAndFlush(FrameEncoder.close(ctx.alloc(), received, gaps.expected()))
                            .addListener(ChannelFutureListener.CLOSE);
                } else {
                    var _ = ctx.close();
                }
                state = State.CLOSED;
            }
            default -> throw new ProtocolException(frame.type() + " frame from the sender at "
                    + ctx.channel().remoteAddress() + ": only a receiver sends it");
        }
    }

    private void data(Frame.Data data) {
        int size = receiver.identity().kind().size();
        if (data.itemSize() != size) {
            throw new ProtocolException("DATA frame from " + ctx.channel().remoteAddress() + " carries items of "
                    + data.itemSize() + " bytes; channel " + receiver.identity().channel() + " carries "
                    + receiver.identity().kind().javaName() + " (" + size + " bytes)");
        }
        long first = data.firstSequence();
        int count = data.count();
        gaps.onData(first, count);
        LinkCounters counters = receiver.counters();
        if (state == State.CLOSING) {
            counters.addLostInTransit(count);
            return;
        }
        ByteBuf items = data.items();
        boolean lossless = receiver.identity().mode() == LinkMode.CREDIT;
        int delivered = 0;
        int taken = 0;
        receiver.frameStarts(items);
        try {
            for (int i = 0; i < count; i++) {
                boolean queued = receiver.accept(first + i, items);
                taken++;
                if (queued) {
                    delivered++;
                } else if (lossless) {
                    throw new ProtocolException("DATA frame from " + ctx.channel().remoteAddress() + " at sequence "
                            + (first + i) + " exceeds the credit granted for channel "
                            + receiver.identity().channel());
                }
            }
        } finally {
            // Counted also when an item is refused midway: those queued before it reach the consumer.
            receiver.frameEnds();
            received += taken;
            counters.addDelivered(delivered);
            counters.addDroppedAtReceiver(taken - delivered);
        }
        if (lossless) {
            CREDIT_LEFT.setRelease(this, creditLeft - count);
            VarHandle.fullFence();
            if (receiver.consumed() - grantedUpTo >= grantEvery) {
                grantConsumed(); // what a consumer thread left to this read: no wake-up of this loop for it
            }
        }
        // A consumer on this loop takes them now, counted delivered first; it asks for its grant by a task,
        // queued after the drain of what it offered to a sending link of this loop (an echo goes out first).
        receiver.handOn();
        if (received - ackedItems >= ackEvery && !ackQueued) {
            // After the tasks queued so far: a handler's offer on a sending link of this loop queued its drain,
            // and the echo goes out before the ACK's write.
            ackQueued = true;
            ctx.executor().execute(ackTask);
        }
    }

    /** The ACK {@link #data} queued: written unless a later ACK, or the link's end, came first. */
    private void ackDue() {
        ackQueued = false;
        if (state == State.OPEN && !held && received != ackedItems) {
            ack();
        }
    }

    private void ack() {
        ackedItems = received;
        ticksSinceAck = 0;
        var _ = ctx.writeAndFlush(FrameEncoder.ack(ctx.alloc(), received, gaps.expected()), ctx.voidPromise());
    }

    private void tick() {
        if (state != State.OPEN || held) {
            return;
        }
        receiver.handOn(); // a handler on this loop that kept an item is offered it again
        if (receiver.identity().mode() == LinkMode.CREDIT) {
            grantConsumed(); // what a consumer thread left to a DATA frame that did not come
        }
        if (++ticksSilent >= stallTicks) {
            stalled();
            return;
        }
        if (received != ackedItems || ++ticksSinceAck >= HEARTBEAT_TICKS) {
            ack();
        }
    }

    /**
     * The sender sent nothing, not even a heartbeat, for the stall timeout: its host froze, or its
     * network went, without the connection ending. Closing it lets the link go on: a node's receiving
     * link connects again with backoff, and a server's receiving end takes the sender's next
     * connection. Items still on the way are the sender's to count (lost in flight).
     */
    private void stalled() {
        LinkCounters counters = receiver.counters();
        String why = "the sender at " + ctx.channel().remoteAddress() + " sent nothing, not even a heartbeat, for "
                + server.stallTimeout().toMillis() + " ms: connection of " + receiver.identity().describe()
                + " closed as stalled";
        if (counters.stalls() == 0) {
            LOG.log(System.Logger.Level.WARNING, why + " (later stalls of this link are counted, not logged)");
        }
        counters.addStalls(1);
        server.recordProblem(why);
        state = State.CLOSED;
        stopAcks();
        var _ = ctx.close();
    }

    private void stopAcks() {
        if (ackTimer != null) {
            var _ = ackTimer.cancel(false);
            ackTimer = null;
        }
    }

    /** The event loop of this connection. */
    EventExecutor executor() {
        return ctx.executor();
    }

    /** Any thread: see {@link LinkReceiver#holdLinkForTest()}. */
    CompletableFuture<Void> hold() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        try {
            ctx.executor().execute(() -> {
                if (state != State.OPEN) {
                    done.completeExceptionally(new IllegalStateException("the link is " + state + ", not OPEN"));
                    return;
                }
                held = true;
                ctx.channel().config().setAutoRead(false);
                ackedItems = received;
                ctx.writeAndFlush(FrameEncoder.ack(ctx.alloc(), received, gaps.expected())).addListener(written -> {
                    if (written.isSuccess()) {
                        done.complete(null);
                    } else {
                        done.completeExceptionally(written.cause());
                    }
                });
            });
        } catch (RejectedExecutionException e) {
            done.completeExceptionally(e);
        }
        return done;
    }

    /**
     * Any thread: grant the room the consumer freed, on the event loop. A consumer thread does not wake
     * the loop for it while the sender still holds a quarter of the queue's credit: the read of the
     * sender's next DATA frame grants it ({@link #creditLeft}), and the 50 ms tick at the latest; a
     * wake-up of the loop from another thread is a system call, and the loop's thread then competes for
     * a core with the consumer and the peer (on two vCPUs, every 16th round trip of a ping-pong took
     * twice the others' time while the consumer woke it).
     */
    void grantSoon() {
        if (!ctx.executor().inEventLoop()) {
            VarHandle.fullFence(); // the consumer published its count before: see creditLeft
            if ((long) CREDIT_LEFT.getAcquire(this) >= grantEvery) {
                return;
            }
        }
        if (grantRequest.request()) {
            try {
                ctx.executor().execute(grantTask);
            } catch (RejectedExecutionException e) {
                // The server is closed: the link is gone, and with it the credit.
                grantRequest.cancel();
            }
        }
    }

    private void grant() {
        grantRequest.done(); // before reading what was consumed: a later ask schedules another grant
        grantConsumed();
    }

    /** Event loop: grants what the consumer consumed since the last grant, if anything. */
    private void grantConsumed() {
        if (state != State.OPEN) {
            return;
        }
        long consumed = receiver.consumed();
        long grant = consumed - grantedUpTo;
        if (grant > 0) {
            grantedUpTo = consumed;
            CREDIT_LEFT.setRelease(this, creditLeft + grant);
            var _ = ctx.writeAndFlush(FrameEncoder.credit(ctx.alloc(), (int) grant), ctx.voidPromise());
        }
    }

    /**
     * Any thread: the server is closing. Acknowledges what arrived, then drops the connection without
     * ending the link: its sender counts nothing it delivered as lost in flight, and connects again to
     * a server restarted on the same address.
     */
    void acknowledgeAndDropSoon() {
        try {
            ctx.executor().execute(acknowledgeAndDropTask);
        } catch (RejectedExecutionException e) {
            // The server is closed, and the link with it.
        }
    }

    private void acknowledgeAndDrop() {
        if (state != State.OPEN) {
            return;
        }
        // What arrives after this ACK is neither delivered nor acknowledged: the sender counts it lost in flight.
        state = State.CLOSED;
        stopAcks();
        var _ = ctx.writeAndFlush(FrameEncoder.ack(ctx.alloc(), received, gaps.expected()))
                .addListener(ChannelFutureListener.CLOSE);
    }

    /** Any thread: end the link from this side. */
    void closeSoon() {
        try {
            ctx.executor().execute(closeTask);
        } catch (RejectedExecutionException e) {
            // The server is closed, and the link with it.
        }
    }

    private void closeFromReceiver() {
        if (state != State.OPEN) {
            return;
        }
        state = State.CLOSING;
        stopAcks();
        var _ = ctx.writeAndFlush(FrameEncoder.close(ctx.alloc(), received, gaps.expected()), ctx.voidPromise());
        // A sender that never answers does not keep the connection.
        var _ = ctx.executor().schedule(() -> {
            var _ = ctx.close();
        }, 5, TimeUnit.SECONDS);
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        state = State.CLOSED;
        stopAcks();
        if (receiver != null) {
            receiver.detach(this);
            receiver.handOn(); // what a frame refused midway queued before it
        }
        context.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        server.recordProblem(context.channel().remoteAddress() + ": " + cause.getMessage());
        state = State.CLOSED;
        var _ = context.close();
    }
}
