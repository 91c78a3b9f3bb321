package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.util.concurrent.Promise;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The sending side of one link. The producer thread offers items into a bounded ring, numbering
 * them; the event loop drains the ring into DATA frames within the channel's writability and, in
 * CREDIT mode, the receiver's credit, reports the producer's drops in LOST frames before the DATA
 * that skips them, and runs the CLOSE exchange.
 *
 * <pre>{@code
 * SenderLinkHandler link = new SenderLinkHandler(offer, 4096, maxFrameLength, handshakePromise);
 * ch.pipeline().addLast(new FrameDecoder(maxFrameLength), link);
 * link.offer(42); // producer thread
 * }</pre>
 */
final class SenderLinkHandler extends SimpleChannelInboundHandler<Frame> {
    private enum State { AWAITING_OK, OPEN, CLOSING, CLOSED }

    private static final VarHandle NEXT_SEQUENCE;

    static {
        try {
            NEXT_SEQUENCE = MethodHandles.lookup().findVarHandle(SenderLinkHandler.class, "nextSequence", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final LinkIdentity offer;
    private final SequencedLongRing ring;
    private final LinkCounters counters = new LinkCounters();
    private final int maxItemsPerFrame;
    private final Promise<Void> handshake;
    private final AtomicBoolean drainPending = new AtomicBoolean();
    private final Runnable drainTask = this::drain;
    private final Runnable closeTask = this::closeFromSender;
    private volatile boolean open;
    /**
     * Set by the producer around each offer, read by the event loop after it clears {@link #open}:
     * with both volatile, either the producer sees the link closed or the event loop sees it
     * offering and waits for it (Dekker's handshake). Without this, an offer that passed the
     * {@code open} check could drop or queue an item after the event loop had counted what the
     * link holds and sent CLOSE, and the two sides' counts would differ by that item.
     */
    private volatile boolean offering;
    /** Written by the producer only. */
    private long nextSequence;
    private ChannelHandlerContext ctx;
    private State state = State.AWAITING_OK;
    private long credit;
    private long reportedDrops;

    SenderLinkHandler(LinkIdentity offer, int capacity, int maxFrameLength, Promise<Void> handshake) {
        this.offer = offer;
        this.ring = new SequencedLongRing(capacity);
        this.maxItemsPerFrame = Math.min(4096, (maxFrameLength - FrameFormat.DATA_PREFIX_BYTES) / Long.BYTES);
        this.handshake = handshake;
    }

    LinkCounters counters() {
        return counters;
    }

    boolean isOpen() {
        return open;
    }

    /** Producer thread only. */
    boolean offer(long value) {
        offering = true;
        try {
            return offerWhileOffering(value);
        } finally {
            offering = false;
        }
    }

    private boolean offerWhileOffering(long value) {
        if (!open) {
            counters.addRefused(1);
            return false;
        }
        long sequence = nextSequence;
        if (ring.offer(sequence, value)) {
            NEXT_SEQUENCE.setRelease(this, sequence + 1);
            counters.addAccepted(1);
            drainSoon();
            return true;
        }
        if (offer.mode() == LinkMode.CREDIT) {
            counters.addRefused(1);
            return false;
        }
        // Counted before the sequence number is used up: the event loop, seeing a later item, sees the drop.
        counters.addDroppedAtSender(1);
        counters.addAccepted(1);
        NEXT_SEQUENCE.setRelease(this, sequence + 1);
        return false;
    }

    private void drainSoon() {
        if (!drainPending.get() && drainPending.compareAndSet(false, true)) {
            try {
                ctx.executor().execute(drainTask);
            } catch (RejectedExecutionException e) {
                // The client is shut down: close() counted what the ring held.
                drainPending.set(false);
            }
        }
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
    }

    @Override
    public void channelActive(ChannelHandlerContext context) {
        ByteBuf hello = FrameEncoder.hello(context.alloc(), offer, ring.capacity());
        var _ = context.writeAndFlush(hello, context.voidPromise());
        context.fireChannelActive();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext context, Frame frame) {
        switch (frame) {
            case Frame.HelloOk ok when state == State.AWAITING_OK -> {
                state = State.OPEN;
                open = true;
                handshake.trySuccess(null);
                drain();
            }
            case Frame.Refuse refuse when state == State.AWAITING_OK -> {
                state = State.CLOSED;
                handshake.tryFailure(new LinkRefusedException("link refused by " + context.channel().remoteAddress()
                        + ": " + refuse.reason()));
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
            case Frame.Close close when state == State.OPEN || state == State.CLOSING -> closed(close);
            default -> throw new ProtocolException(frame.type() + " frame from the receiver at "
                    + context.channel().remoteAddress() + " while the link is " + state
                    + ": a receiver does not send it then");
        }
    }

    private void closed(Frame.Close close) {
        counters.addLostInTransit(counters.sent() - close.items());
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
    }

    private void drain() {
        drainPending.set(false);
        if (state != State.OPEN) {
            if (state != State.AWAITING_OK) {
                discard();
            }
            return;
        }
        boolean wrote = false;
        int available = ring.available();
        while (available > 0 && ctx.channel().isWritable()) {
            wrote |= reportDrops();
            int budget = Math.min(available, maxItemsPerFrame);
            if (offer.mode() == LinkMode.CREDIT) {
                budget = (int) Math.min(budget, credit);
                if (budget == 0) {
                    break;
                }
            }
            long first = ring.sequenceAt(0);
            ByteBuf frame = FrameEncoder.startData(ctx.alloc(), first, Long.BYTES, budget);
            int n = 0;
            // A DATA frame holds consecutive numbers: a drop ends it.
            while (n < budget && ring.sequenceAt(n) == first + n) {
                frame.writeLong(ring.valueAt(n));
                n++;
            }
            ring.advance(n);
            FrameEncoder.finishData(frame, n);
            var _ = ctx.write(frame, ctx.voidPromise());
            counters.addSent(n);
            if (offer.mode() == LinkMode.CREDIT) {
                credit -= n;
            }
            wrote = true;
            available = ring.available();
        }
        if (wrote) {
            ctx.flush();
        }
    }

    /** Reports the producer's drops and what close discarded: to the receiver, both never left the sender. */
    private boolean reportDrops() {
        long drops = counters.droppedAtSender() + counters.discardedAtClose();
        if (drops == reportedDrops) {
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
        int left = ring.available();
        ring.advance(left);
        counters.addDiscardedAtClose(left);
    }

    /** Any thread: end the link from this side. */
    void closeSoon() {
        open = false;
        try {
            ctx.executor().execute(closeTask);
        } catch (RejectedExecutionException e) {
            // Already shut down: nothing is left to send.
        }
    }

    private void closeFromSender() {
        if (state != State.OPEN) {
            if (state == State.AWAITING_OK) {
                var _ = ctx.close();
            }
            return;
        }
        state = State.CLOSING;
        awaitOffer(); // closeSoon() cleared open before it queued this task
        discard();
        reportDrops();
        long next = (long) NEXT_SEQUENCE.getAcquire(this);
        var _ = ctx.writeAndFlush(FrameEncoder.close(ctx.alloc(), counters.sent(), next), ctx.voidPromise());
        // A receiver that never answers does not keep the connection.
        var _ = ctx.executor().schedule(() -> {
            var _ = ctx.close();
        }, 5, TimeUnit.SECONDS);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) {
        if (context.channel().isWritable()) {
            drain();
        }
        context.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        open = false;
        state = State.CLOSED;
        awaitOffer();
        discard();
        handshake.tryFailure(new LinkRefusedException("the receiver at " + context.channel().remoteAddress()
                + " closed the connection before answering the HELLO for " + offer.describe()));
        context.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        handshake.tryFailure(new LinkRefusedException("link to " + context.channel().remoteAddress() + " for "
                + offer.describe() + " failed: " + cause.getMessage()));
        open = false;
        state = State.CLOSED;
        var _ = context.close();
    }
}
