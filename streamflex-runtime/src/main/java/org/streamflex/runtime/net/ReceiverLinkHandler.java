package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The receiving side of one connection, on its event loop: the handshake against the server's
 * receivers, then DATA into the linked receiver's queue with its gaps and drops counted, CREDIT
 * grants as the consumer frees room, and the CLOSE exchange.
 *
 * <pre>{@code
 * ch.pipeline().addLast(new FrameDecoder(maxFrameLength), new ReceiverLinkHandler(server));
 * }</pre>
 */
final class ReceiverLinkHandler extends SimpleChannelInboundHandler<Frame> {
    private enum State { AWAITING_HELLO, OPEN, CLOSING, CLOSED }

    private final NetworkLinkServer server;
    private final AtomicBoolean grantPending = new AtomicBoolean();
    private final Runnable grantTask = this::grant;
    private final Runnable closeTask = this::closeFromReceiver;
    private ChannelHandlerContext ctx;
    private State state = State.AWAITING_HELLO;
    private LongLinkReceiver receiver;
    private SequenceGaps gaps;
    /** Items of this link delivered or dropped here. */
    private long received;
    private long grantedUpTo;

    ReceiverLinkHandler(NetworkLinkServer server) {
        this.server = server;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext context, Frame frame) {
        switch (state) {
            case AWAITING_HELLO -> handshake(frame);
            case OPEN, CLOSING -> linked(frame);
            case CLOSED -> {
                // The link is over; what its peer still sends has no receiver.
            }
        }
    }

    private void handshake(Frame frame) {
        switch (frame) {
            case Frame.ForeignHello foreign -> refuse("sender speaks StreamFlex link protocol version "
                    + foreign.version() + ", receiver speaks version " + FrameFormat.VERSION
                    + ": run releases with the same protocol version on both sides");
            case Frame.Hello hello -> {
                LinkIdentity offer = hello.identity();
                LongLinkReceiver wanted = server.receiverFor(offer.graph(), offer.channel());
                if (wanted == null) {
                    refuse("sender offers " + offer.describe() + ", receiver has no such channel; it expects "
                            + server.describeReceivers());
                } else if (!wanted.identity().equals(offer)) {
                    refuse("sender offers " + offer.describe() + ", receiver expects " + wanted.identity().describe());
                } else if (!wanted.attach(this)) {
                    refuse("sender offers " + offer.describe() + ", receiver already has a sender linked to it");
                } else {
                    open(wanted);
                }
            }
            default -> throw new ProtocolException(frame.type() + " frame before HELLO from "
                    + ctx.channel().remoteAddress() + ": a link starts with the sender's HELLO");
        }
    }

    private void open(LongLinkReceiver linked) {
        receiver = linked;
        gaps = new SequenceGaps(linked.counters());
        state = State.OPEN;
        var _ = ctx.write(FrameEncoder.helloOk(ctx.alloc()), ctx.voidPromise());
        if (linked.identity().mode() == LinkMode.CREDIT) {
            grantedUpTo = linked.consumed();
            int room = linked.capacity() - linked.ring().size();
            if (room > 0) {
                var _ = ctx.write(FrameEncoder.credit(ctx.alloc(), room), ctx.voidPromise());
            }
        }
        ctx.flush();
    }

    private void refuse(String reason) {
        server.recordRefusal(reason);
        state = State.CLOSED;
        ctx.writeAndFlush(FrameEncoder.refuse(ctx.alloc(), reason)).addListener(ChannelFutureListener.CLOSE);
    }

    private void linked(Frame frame) {
        switch (frame) {
            case Frame.Data data -> data(data);
            case Frame.Lost lost -> gaps.onLost(lost.items());
            case Frame.Close close -> {
                gaps.onClose(close.nextSequence());
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
        SequencedLongRing ring = receiver.ring();
        boolean lossless = receiver.identity().mode() == LinkMode.CREDIT;
        int delivered = 0;
        for (int i = 0; i < count; i++) {
            if (ring.offer(first + i, items.readLong())) {
                delivered++;
            } else if (lossless) {
                throw new ProtocolException("DATA frame from " + ctx.channel().remoteAddress() + " at sequence "
                        + (first + i) + " exceeds the credit granted for channel " + receiver.identity().channel());
            }
        }
        received += count;
        counters.addDelivered(delivered);
        counters.addDroppedAtReceiver(count - delivered);
    }

    /** Any thread: grant the room the consumer freed, on the event loop. */
    void grantSoon() {
        if (!grantPending.get() && grantPending.compareAndSet(false, true)) {
            try {
                ctx.executor().execute(grantTask);
            } catch (RejectedExecutionException e) {
                // The server is closed: the link is gone, and with it the credit.
                grantPending.set(false);
            }
        }
    }

    private void grant() {
        grantPending.set(false);
        if (state != State.OPEN) {
            return;
        }
        long consumed = receiver.consumed();
        long grant = consumed - grantedUpTo;
        if (grant > 0) {
            grantedUpTo = consumed;
            var _ = ctx.writeAndFlush(FrameEncoder.credit(ctx.alloc(), (int) grant), ctx.voidPromise());
        }
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
        var _ = ctx.writeAndFlush(FrameEncoder.close(ctx.alloc(), received, gaps.expected()), ctx.voidPromise());
        // A sender that never answers does not keep the connection.
        var _ = ctx.executor().schedule(() -> {
            var _ = ctx.close();
        }, 5, TimeUnit.SECONDS);
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        state = State.CLOSED;
        if (receiver != null) {
            receiver.detach(this);
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
