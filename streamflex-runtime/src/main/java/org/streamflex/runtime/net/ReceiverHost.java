package org.streamflex.runtime.net;

import io.netty.channel.ChannelHandlerContext;
import java.time.Duration;

/**
 * What a {@link ReceiverLinkHandler} asks of the side that hosts its receiving ends: a
 * {@link NetworkLinkServer}, whose senders connect to it, or a {@link ReceivingLinkClient}, which
 * connects to its sender (a node receiving a channel from the server). Event loop only.
 *
 * <pre>{@code
 * ch.pipeline().addLast(new FrameDecoder(maxFrameLength), new ReceiverLinkHandler(host, null));
 * }</pre>
 */
interface ReceiverHost {
    /** The receiving end for {@code graph}'s {@code channel}, or null if there is none here. */
    LinkReceiver receiverFor(String graph, String channel);

    /** The receiving ends here, for a refusal's reason. */
    String describeReceivers();

    /** A HELLO was refused (by this side, or by the peer this side connected to), for {@code reason}. */
    void recordRefusal(String reason);

    /** A protocol error or failure of a connection. */
    void recordProblem(String problem);

    /**
     * How long a linked sender may send nothing, not even its heartbeat, before its connection is
     * closed as stalled (counted in {@link LinkCounters#stalls()}).
     */
    Duration stallTimeout();

    /**
     * The peer of {@code context} sent no handshake frame within {@code waitedMillis} (the stall
     * timeout) of the connection opening; the connection is closed after this. A server counts and
     * logs it as a refused peer (a connection that never identifies itself would otherwise hold a
     * socket until the OS closes it); a connecting side records it as a refusal, and reconnects.
     */
    default void silentPeer(ChannelHandlerContext context, long waitedMillis) {
        recordRefusal("the peer at " + context.channel().remoteAddress() + " sent nothing within " + waitedMillis
                + " ms of connecting (connection closed)");
    }

    /** A link was opened: the sender's HELLO was answered HELLO_OK. */
    default void linked() {
    }

    /**
     * A receiver asks this side to send it {@code request}'s channel on the connection of
     * {@code context}: hands the connection to that sending end, or returns why not (the reason of
     * the REFUSE, naming both sides).
     */
    String serve(Frame.Request request, ChannelHandlerContext context);
}
