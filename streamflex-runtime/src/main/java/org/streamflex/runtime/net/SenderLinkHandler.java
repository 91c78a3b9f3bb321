package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.concurrent.Promise;
import io.netty.util.concurrent.ScheduledFuture;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The sending side of one link, across its connections. The producer thread offers items into a
 * bounded queue ({@link SenderQueue}: primitives or capsules), numbering them; the event loop drains
 * the queue into DATA frames within the channel's
 * writability and, in CREDIT mode, the receiver's credit, reports the producer's drops in LOST frames
 * before the DATA that skips them, counts what the receiver's ACKs confirm, and runs the CLOSE
 * exchange. When a connection dies without CLOSE, what it sent unacknowledged is counted lost in
 * flight, the queue keeps what was not sent, and the client connects again; the next HELLO resumes at
 * the first number not sent. One connection at a time, all on one event loop: hence shareable.
 *
 * <pre>{@code
 * LongSenderQueue queue = new LongSenderQueue(ElementKind.LONG, 4096, maxFrameLength);
 * SenderLinkHandler link = new SenderLinkHandler(offer, queue, loop, handshakePromise, senderId);
 * ch.pipeline().addLast(new FrameDecoder(maxFrameLength), link);
 * try { // producer thread
 *     return link.beginOffer() && link.queued(queue.offer(link.nextSequence(), 42));
 * } finally {
 *     link.endOffer();
 * }
 * }</pre>
 */
@ChannelHandler.Sharable
final class SenderLinkHandler extends SimpleChannelInboundHandler<Frame> {
    private enum State { AWAITING_OK, OPEN, CLOSING, CLOSED }

    /**
     * How long a sender with nothing to send waits before it beats (an ACK frame of what it sent):
     * as often as a receiver beats, so that either side tells a quiet peer from a frozen one with the
     * same stall timeouts, at 28 bytes every 200 ms, nothing beside a link that carries data.
     */
    static final long HEARTBEAT_MILLIS = 200;
    private static final long HEARTBEAT_NANOS = TimeUnit.MILLISECONDS.toNanos(HEARTBEAT_MILLIS);

    /** What the client does when a connection ends. */
    interface Connections {
        /** The connection was answered HELLO_OK. */
        void linked();

        /** A connection of an established link died, and the link is not closed: connect again. */
        void lost(String why);

        /** The receiver refused the link (its reason names both sides): the link is over. */
        default void refused(String why) {
        }
    }

    private static final VarHandle NEXT_SEQUENCE;
    private static final VarHandle OFFERING;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            NEXT_SEQUENCE = lookup.findVarHandle(SenderLinkHandler.class, "nextSequence", long.class);
            OFFERING = lookup.findVarHandle(SenderLinkHandler.class, "offering", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final LinkIdentity offer;
    private final SenderQueue ring;
    private final LinkCounters counters = new LinkCounters();
    private final EventLoop loop;
    private final Promise<Void> handshake;
    private final Promise<Void> ended;
    private final long senderId;
    /** Whether a drain is scheduled or running: the producer schedules one only when none is. */
    private final DrainRequest drainRequest = new DrainRequest();
    private final Runnable drainTask = this::drain;
    private final Runnable closeTask = this::closeFromSender;
    private final Runnable beatTask = this::beatDue;
    private volatile boolean open = true;
    /**
     * Set by the producer around each offer, read by the event loop after it clears {@link #open}:
     * with both volatile, either the producer sees the link closed or the event loop sees it
     * offering and waits for it (Dekker's handshake). Without this, an offer that passed the
     * {@code open} check could drop or queue an item after the event loop had counted what the
     * link holds and sent CLOSE, and the two sides' counts would differ by that item. Cleared with
     * a release store: the event loop that reads it clear sees everything the offer did, and the
     * handshake needs the full fence only where it is set.
     */
    private volatile boolean offering;
    /** Written by the producer only. */
    private long nextSequence;
    /** Producer only: the offer in progress queued its item, so {@link #endOffer()} requests a drain. */
    private boolean queuedInOffer;
    private Connections connections;
    /** The current connection's context; null between connections. Event loop only, as all below. */
    private ChannelHandlerContext ctx;
    private State state = State.CLOSED;
    private boolean everLinked;
    /** The link is over: closed by either side, or its first handshake failed. */
    private boolean finished;
    /**
     * Whether connections that end before the first handshake are retried like later ones: for links
     * a graph opens at start, whose receiver may start after it. Set before the first connection.
     */
    private boolean patient;
    /** The receiver sent REFUSE: no connection will be tried again. */
    private boolean refused;
    /**
     * Hosted by a server, its receivers connecting to it ({@link ServerLinkSender}): a receiver's CLOSE
     * or REFUSE ends that connection, not the link, which waits for the receiver's next connection; and
     * in CREDIT mode an item that finds the queue full while no receiver is linked is dropped and
     * counted, not refused, so that a node that is down never holds up the server's other nodes.
     */
    private boolean hosted;
    /** A receiver is linked now: from its HELLO_OK until its connection ends. Written by the event loop. */
    private volatile boolean linked;
    private long credit;
    /** Drops reported so far (LOST frames of this connection, and the HELLO's count before them). */
    private long reportedDrops;
    private long sentOnConnection;
    private long ackedOnConnection;
    /** Why the current connection is being closed, when this side closes it on a fault. */
    private String failure;
    /**
     * When this side last wrote to the current connection ({@link System#nanoTime()}). The heartbeat
     * timer reads it, rather than Netty's writer-idle events: {@code IdleStateHandler} watching writes
     * adds a promise and a listener to every write (heap bytes per frame on the sending event loop).
     */
    private long lastWriteNanos;
    /** The heartbeat timer of the current connection; null between connections. */
    private ScheduledFuture<?> beat;
    /**
     * A drain is writing frames: an offer on the event loop that a write leads to (a handler of the
     * pipeline) neither sends past the queue nor drains again, but queues, and the drain's own
     * check sends it.
     */
    private boolean sending;

    SenderLinkHandler(LinkIdentity offer, SenderQueue queue, EventLoop loop, Promise<Void> handshake, long senderId) {
        this.offer = offer;
        this.ring = queue;
        this.loop = loop;
        this.handshake = handshake;
        this.ended = loop.newPromise();
        this.senderId = senderId;
    }

    void connections(Connections listener) {
        this.connections = listener;
    }

    /** Retries connections that end before the first handshake; before the first connection. */
    void patient() {
        this.patient = true;
    }

    /** Hosted by a server, which hands it the connections its receivers open; before the first. */
    void hosted() {
        this.patient = true;
        this.hosted = true;
    }

    /** Any thread: whether a receiver is linked now (answered the HELLO of a live connection). */
    boolean isLinked() {
        return linked;
    }

    LinkCounters counters() {
        return counters;
    }

    /** Offers are taken: the link is not closed (it may be between connections). */
    boolean isOpen() {
        return open;
    }

    /** Succeeds at the first HELLO_OK; fails if the first connection ends before it. */
    Promise<Void> handshake() {
        return handshake;
    }

    /** Completed once the link is over and every item it took is counted. */
    Promise<Void> ended() {
        return ended;
    }

    /** Connections closed because the receiver went silent for the stall timeout. */
    long stalls() {
        return counters.stalls();
    }

    /** Items in the queue: accepted, not yet sent or discarded. */
    int queued() {
        return ring.size();
    }

    /**
     * Producer thread only: starts an offer, which {@link #endOffer()} must end (in a finally block).
     * Returns whether the link takes items; if not, the offer is counted refused and the caller keeps
     * the item. Between the two the caller offers the item to its queue at {@link #nextSequence()}
     * and passes the result to {@link #queued(boolean)}.
     */
    boolean beginOffer() {
        offering = true;
        if (!open) {
            counters.addRefused(1);
            return false;
        }
        return true;
    }

    /** Producer thread only, within an offer: the number the item is queued at. */
    long nextSequence() {
        return nextSequence;
    }

    /**
     * Producer thread only, within an offer: counts the item the queue took ({@code true}) or did not
     * take, full (DROP mode: dropped and counted; CREDIT mode: refused, the caller keeps it), and
     * returns whether it was queued.
     */
    boolean queued(boolean taken) {
        return record(taken, offer.mode() == LinkMode.CREDIT);
    }

    /**
     * Producer thread only, within an offer, hosted: as {@link #queued(boolean)}, but in CREDIT mode an
     * item the full queue did not take is refused only while a receiver is linked, and dropped and
     * counted while none is. Returns whether the item is done with: false only when it was refused.
     */
    boolean settled(boolean taken) {
        boolean refuse = offer.mode() == LinkMode.CREDIT && linked; // read once: the count and the answer agree
        record(taken, refuse);
        return taken || !refuse;
    }

    private boolean record(boolean taken, boolean refuseWhenFull) {
        long sequence = nextSequence;
        if (taken) {
            NEXT_SEQUENCE.setRelease(this, sequence + 1);
            counters.addAccepted(1);
            queuedInOffer = true;
            return true;
        }
        if (refuseWhenFull) {
            counters.addRefused(1);
            return false;
        }
        // Counted before the sequence number is used up: the event loop, seeing a later item, sees the drop.
        counters.addDroppedAtSender(1);
        counters.addAccepted(1);
        NEXT_SEQUENCE.setRelease(this, sequence + 1);
        return false;
    }

    /**
     * Producer thread only, within an offer: whether the item may go out now in a DATA frame of its
     * own, past the queue ({@link #sendNow}): only when the producer runs on this link's event loop (a
     * handler there echoing a receiving link's items) and the item would be the next one the drain
     * sends anyway: the link open and linked, nothing queued before it, credit left in CREDIT mode,
     * the socket writable, and no drain running further up the stack.
     */
    boolean maySendNow() {
        return loop.inEventLoop() && state == State.OPEN && !sending && ring.available() == 0
                && (offer.mode() != LinkMode.CREDIT || credit > 0) && ctx.channel().isWritable();
    }

    /** Event loop, after {@link #maySendNow()}: the allocator of the connection's frames. */
    ByteBufAllocator alloc() {
        return ctx.alloc();
    }

    /**
     * Producer on the event loop, within an offer, after {@link #maySendNow()}: writes and flushes
     * {@code frame}, a DATA frame of the one item numbered {@link #nextSequence()}, after a LOST report
     * of drops not yet reported, as {@link #send()} would; counts it accepted and sent, as an item
     * queued and drained at once is. The queue never holds it, so no drain is requested for it.
     */
    void sendNow(ByteBuf frame) {
        long sequence = nextSequence;
        NEXT_SEQUENCE.setRelease(this, sequence + 1);
        counters.addAccepted(1);
        reportDrops();
        var _ = ctx.write(frame, ctx.voidPromise());
        counters.addSent(1);
        sentOnConnection++;
        if (offer.mode() == LinkMode.CREDIT) {
            credit--;
        }
        lastWriteNanos = System.nanoTime();
        ctx.flush();
    }

    /**
     * Producer thread only: ends an offer {@link #beginOffer()} started, and drains the item it queued
     * unless a drain is pending (which sends it: {@link DrainRequest}): at once when the producer runs
     * on the event loop (a handler there), else by a task on the loop.
     */
    void endOffer() {
        OFFERING.setRelease(this, false);
        if (queuedInOffer) {
            queuedInOffer = false;
            if (drainRequest.request()) {
                if (loop.inEventLoop() && !sending) {
                    drain();
                } else {
                    scheduleDrain();
                }
            }
        }
    }

    /** Any thread holding the drain request: runs {@link #drain()} on the event loop. */
    private void scheduleDrain() {
        try {
            loop.execute(drainTask);
        } catch (RejectedExecutionException e) {
            // The client is shut down: close() counted what the ring held.
            drainRequest.cancel();
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext context) {
        begin(context);
    }

    /**
     * Event loop, hosted: a receiver opened {@code context}'s connection and asked for this link; the
     * server put this handler in its pipeline. A connection still current is the same node's earlier
     * one, dead to it (it connected again): what it sent there unacknowledged is counted lost in
     * flight, and it is closed.
     */
    void adopt(ChannelHandlerContext context) {
        ChannelHandlerContext old = ctx;
        if (old != null) {
            ctx = null;
            linked = false;
            counters.addLostInFlight(sentOnConnection - ackedOnConnection);
            sentOnConnection = 0;
            ackedOnConnection = 0;
            state = State.CLOSED;
            stopBeats();
            var _ = old.close();
        }
        begin(context);
    }

    private void begin(ChannelHandlerContext context) {
        if (finished || !open) {
            // A connection completed after close() began: the link no longer wants it.
            var _ = context.close();
            return;
        }
        ctx = context;
        state = State.AWAITING_OK;
        credit = 0;
        sentOnConnection = 0;
        ackedOnConnection = 0;
        // Everything numbered below resumeFrom was sent or dropped; what was not sent is a drop.
        long resumeFrom = ring.available() > 0 ? ring.firstSequence() : (long) NEXT_SEQUENCE.getAcquire(this);
        long droppedBefore = resumeFrom - counters.sent();
        reportedDrops = droppedBefore;
        ByteBuf hello = FrameEncoder.hello(context.alloc(), offer, ring.capacity(), senderId, resumeFrom,
                droppedBefore);
        var _ = context.writeAndFlush(hello, context.voidPromise());
        startBeats(context);
        context.fireChannelActive();
    }

    /** Event loop: (re)starts the heartbeat timer for {@code context}'s connection, just written to. */
    private void startBeats(ChannelHandlerContext context) {
        stopBeats();
        lastWriteNanos = System.nanoTime();
        beat = context.executor().schedule(beatTask, HEARTBEAT_NANOS, TimeUnit.NANOSECONDS);
    }

    private void stopBeats() {
        if (beat != null) {
            var _ = beat.cancel(false);
            beat = null;
        }
    }

    /**
     * Event loop: the heartbeat timer is due. Beats if nothing was written for
     * {@link #HEARTBEAT_MILLIS}, and is due again that long after the last write (one timer task
     * per heartbeat period, not one per write).
     */
    private void beatDue() {
        beat = null;
        ChannelHandlerContext context = ctx;
        if (context == null || state == State.CLOSED) {
            return;
        }
        long idle = System.nanoTime() - lastWriteNanos;
        if (idle >= HEARTBEAT_NANOS) {
            heartbeat(context);
            idle = System.nanoTime() - lastWriteNanos;
        }
        long delay = idle >= HEARTBEAT_NANOS || idle < 0 ? HEARTBEAT_NANOS : HEARTBEAT_NANOS - idle;
        beat = context.executor().schedule(beatTask, delay, TimeUnit.NANOSECONDS);
    }

    /** Whether {@code context} is the current connection's, not one that ended before it. */
    @SuppressWarnings("ReferenceEquality") // the same context object: one per connection
    private boolean isCurrent(ChannelHandlerContext context) {
        return context == ctx;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext context, Frame frame) {
        if (!isCurrent(context)) {
            return;
        }
        switch (frame) {
            case Frame.HelloOk ok when state == State.AWAITING_OK -> {
                state = State.OPEN;
                everLinked = true;
                linked = true;
                handshake.trySuccess(null);
                if (connections != null) {
                    connections.linked();
                }
                drain();
            }
            case Frame.Refuse refuse when state == State.AWAITING_OK -> {
                state = State.CLOSED;
                refused = !hosted; // hosted: the receiver may come back as another one
                String why = "link refused by " + context.channel().remoteAddress() + ": " + refuse.reason();
                handshake.tryFailure(new LinkRefusedException(why));
                if (connections != null) {
                    connections.refused(why);
                }
                var _ = context.close();
            }
            case Frame.Credit grant when state == State.OPEN || state == State.CLOSING -> {
                credit += grant.items();
                if (credit > FrameFormat.MAX_CAPACITY) {
                    throw new ProtocolException("the receiver at " + context.channel().remoteAddress() + " granted "
                            + credit + " items of credit, more than any queue holds ("
                            + FrameFormat.MAX_CAPACITY + ")");
                }
                drain();
            }
            case Frame.Ack ack when state == State.OPEN || state == State.CLOSING -> acknowledge(ack.items(), "ACK");
            case Frame.Close close when state == State.OPEN || state == State.CLOSING -> closed(close);
            default -> throw new ProtocolException(frame.type() + " frame from the receiver at "
                    + context.channel().remoteAddress() + " while the link is " + state
                    + ": a receiver does not send it then");
        }
    }

    private void acknowledge(long items, String frame) {
        if (items < ackedOnConnection || items > sentOnConnection) {
            throw new ProtocolException(frame + " of " + items + " items from the receiver at "
                    + ctx.channel().remoteAddress() + ": this connection sent " + sentOnConnection
                    + " and had " + ackedOnConnection + " acknowledged");
        }
        counters.addAcknowledged(items - ackedOnConnection);
        ackedOnConnection = items;
    }

    private void closed(Frame.Close close) {
        acknowledge(close.items(), "CLOSE");
        counters.addLostInTransit(sentOnConnection - close.items());
        sentOnConnection = ackedOnConnection;
        linked = false;
        if (state == State.OPEN && hosted) {
            receiverLeft();
            return;
        }
        if (state == State.OPEN) {
            open = false;
            awaitOffer();
            discard();
            reportDrops();
            long next = (long) NEXT_SEQUENCE.getAcquire(this);
            var _ = ctx.writeAndFlush(FrameEncoder.close(ctx.alloc(), counters.sent(), next))
                    .addListener(ChannelFutureListener.CLOSE);
        } else {
            var _ = ctx.close();
        }
        state = State.CLOSED;
        finished = true;
    }

    /**
     * Event loop, hosted: the receiver ended its connection (its graph stopped). The link goes on: what
     * is queued waits for the receiver's next connection. The answer says where the items sent end, the
     * first one still queued, after a LOST of the drops numbered below it not yet reported, so that
     * the receiver counts nothing queued here as lost.
     */
    private void receiverLeft() {
        long resume = ring.available() > 0 ? ring.firstSequence() : (long) NEXT_SEQUENCE.getAcquire(this);
        long unreported = resume - counters.sent() - reportedDrops;
        if (unreported > 0) {
            var _ = ctx.write(FrameEncoder.lost(ctx.alloc(), unreported), ctx.voidPromise());
            reportedDrops += unreported;
        }
        var _ = ctx.writeAndFlush(FrameEncoder.close(ctx.alloc(), counters.sent(), resume))
                .addListener(ChannelFutureListener.CLOSE);
        state = State.CLOSED;
        failure = "the receiver at " + ctx.channel().remoteAddress() + " closed its link (" + offer.describe()
                + "); what is queued for it waits for its next connection";
    }

    /**
     * Event loop: sends what the queue holds as far as credit and writability allow, then ends the
     * pending drain request; items queued meanwhile whose producer saw it pending are drained by a
     * task scheduled here (a task, not a loop, so that reads of CREDIT and ACK frames go on).
     */
    private void drain() {
        send();
        drainRequest.done();
        if (state == State.OPEN && ring.available() > 0 && ctx.channel().isWritable()
                && (offer.mode() != LinkMode.CREDIT || credit > 0) && drainRequest.request()) {
            scheduleDrain();
        }
    }

    private void send() {
        if (state != State.OPEN) {
            if (finished) {
                discard();
            }
            return;
        }
        sending = true;
        try {
            sendOpen();
        } finally {
            sending = false;
        }
    }

    private void sendOpen() {
        boolean wrote = false;
        boolean failed = false;
        int available = ring.available();
        while (available > 0 && ctx.channel().isWritable()) {
            wrote |= reportDrops();
            int budget = available;
            if (offer.mode() == LinkMode.CREDIT) {
                budget = (int) Math.min(budget, credit);
                if (budget == 0) {
                    break;
                }
            }
            ByteBuf frame;
            try {
                frame = ring.takeData(ctx.alloc(), budget);
            } catch (EncodeFailedException e) {
                encodeFailed(e);
                failed = true;
                available = ring.available();
                continue;
            }
            int n = FrameEncoder.dataCount(frame);
            var _ = ctx.write(frame, ctx.voidPromise());
            counters.addSent(n);
            sentOnConnection += n;
            if (offer.mode() == LinkMode.CREDIT) {
                credit -= n;
            }
            wrote = true;
            available = ring.available();
        }
        if (failed) {
            wrote |= reportDrops(); // the failed frame's values may have been the last queued
        }
        if (wrote) {
            lastWriteNanos = System.nanoTime();
            ctx.flush();
        }
    }

    /**
     * Counts the values of a frame the codec failed to encode, which the next LOST report tells the
     * receiver of, and logs the first failure of the link: the link goes on with the values after
     * them, since a codec that fails on one value may encode the next (a link that stopped would lose
     * every later value instead of one frame's).
     */
    private void encodeFailed(EncodeFailedException e) {
        if (counters.encodeFailed() == 0) {
            System.getLogger("org.streamflex.runtime.net").log(System.Logger.Level.WARNING, "link "
                    + offer.describe() + ": " + e.getMessage() + " (counted in encodeFailed; later failures of this"
                    + " link are counted, not logged)", e);
        }
        counters.addEncodeFailed(e.items());
    }

    /**
     * Reports the producer's drops, what close discarded and what the codec failed to encode: to the
     * receiver, all three never left the sender.
     */
    private boolean reportDrops() {
        long drops = counters.droppedAtSender() + counters.discardedAtClose() + counters.encodeFailed();
        if (drops <= reportedDrops) {
            return false;
        }
        var _ = ctx.write(FrameEncoder.lost(ctx.alloc(), drops - reportedDrops), ctx.voidPromise());
        reportedDrops = drops;
        return true;
    }

    /**
     * Event loop, after clearing {@link #open}: waits out an offer in progress, a few nanoseconds
     * unless the producer was descheduled inside it; every later offer sees the link closed.
     */
    private void awaitOffer() {
        while (offering) {
            Thread.onSpinWait();
        }
    }

    private void discard() {
        // available() may answer from a stale copy of the tail: ask again until the ring is empty.
        for (int left = ring.discardAvailable(); left > 0; left = ring.discardAvailable()) {
            counters.addDiscardedAtClose(left);
        }
    }

    /** Any thread: end the link from this side. */
    void closeSoon() {
        open = false;
        try {
            loop.execute(closeTask);
        } catch (RejectedExecutionException e) {
            // Already shut down: nothing is left to send.
        }
    }

    private void closeFromSender() {
        if (finished) {
            return;
        }
        if (state != State.OPEN) {
            if (ctx != null) {
                var _ = ctx.close(); // channelInactive ends the link
            } else {
                finish(); // between connections: nothing is in flight
            }
            return;
        }
        awaitOffer(); // closeSoon() cleared open before it queued this task
        drain(); // what the credit and the socket take now is sent, not discarded: a graph's stop queued it last
        state = State.CLOSING;
        discard();
        reportDrops();
        long next = (long) NEXT_SEQUENCE.getAcquire(this);
        var _ = ctx.writeAndFlush(FrameEncoder.close(ctx.alloc(), counters.sent(), next), ctx.voidPromise());
        // A receiver that never answers does not keep the connection.
        ChannelHandlerContext closing = ctx;
        var _ = loop.schedule(() -> {
            var _ = closing.close();
        }, 5, TimeUnit.SECONDS);
    }

    /** Event loop: the link is over; what the ring holds is counted discarded. */
    private void finish() {
        open = false;
        finished = true;
        awaitOffer();
        discard();
        ended.trySuccess(null);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) {
        if (isCurrent(context) && context.channel().isWritable()) {
            drain();
        }
        context.fireChannelWritabilityChanged();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object event) {
        if (!(event instanceof IdleStateEvent idle) || !isCurrent(context) || state == State.CLOSED) {
            context.fireUserEventTriggered(event);
            return;
        }
        if (idle.state() == IdleState.WRITER_IDLE) {
            return; // a pipeline that still watches writes: this handler's own timer beats (beatDue)
        }
        // The receiver acknowledges, or beats, within a fraction of the stall timeout while it reads:
        // silence this long means it stopped reading, or its host did.
        failure = "the receiver at " + context.channel().remoteAddress() + " sent nothing within the stall"
                + " timeout: treated as dead";
        counters.addStalls(1);
        handshake.tryFailure(new LinkRefusedException(failure + ", before answering the HELLO for "
                + offer.describe()));
        var _ = context.close();
    }

    /**
     * Nothing was written for {@link #HEARTBEAT_MILLIS}: an ACK of what this connection sent, so the
     * receiver knows this side is alive (a sender with no items or no credit is otherwise silent). Not
     * while the socket is full: a receiver that does not read needs no heartbeat, and none pile up.
     */
    private void heartbeat(ChannelHandlerContext context) {
        if (state != State.OPEN || !context.channel().isWritable()) {
            return;
        }
        long next = ring.available() > 0 ? ring.firstSequence() : (long) NEXT_SEQUENCE.getAcquire(this);
        lastWriteNanos = System.nanoTime();
        var _ = context.writeAndFlush(FrameEncoder.ack(context.alloc(), sentOnConnection, next),
                context.voidPromise());
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        context.fireChannelInactive();
        if (!isCurrent(context)) {
            return;
        }
        ctx = null;
        linked = false;
        stopBeats();
        boolean wasLinked = state == State.OPEN || state == State.CLOSING;
        state = State.CLOSED;
        counters.addLostInFlight(sentOnConnection - ackedOnConnection);
        sentOnConnection = 0;
        ackedOnConnection = 0;
        handshake.tryFailure(new LinkRefusedException("the receiver at " + context.channel().remoteAddress()
                + " closed the connection before answering the HELLO for " + offer.describe()));
        String why = failure != null ? failure : "the connection to " + context.channel().remoteAddress()
                + " for " + offer.describe() + (wasLinked ? " dropped" : " ended before its handshake");
        failure = null;
        if (finished || !open || refused || (!everLinked && !patient)) {
            finish();
        } else if (connections != null) {
            connections.lost(why);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        handshake.tryFailure(new LinkRefusedException("link to " + context.channel().remoteAddress() + " for "
                + offer.describe() + " failed: " + cause.getMessage()));
        if (isCurrent(context)) {
            failure = "link to " + context.channel().remoteAddress() + " failed: " + cause.getMessage();
        }
        var _ = context.close();
    }
}
