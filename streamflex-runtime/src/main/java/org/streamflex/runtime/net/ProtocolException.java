package org.streamflex.runtime.net;

import org.streamflex.StreamFlexError;

/**
 * Bytes from a network link that are not a valid StreamFlex link frame, or a valid frame that breaks
 * the link's protocol (DATA before HELLO, more items than the granted credit). The message names the
 * byte offset in the connection's stream, the frame type when it is known, and what was wrong; the
 * link that received it is closed.
 *
 * <pre>{@code
 * channel.pipeline().addLast(new FrameDecoder(1 << 20), new ChannelInboundHandlerAdapter() {
 *     public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
 *         if (cause instanceof ProtocolException e) {
 *             log.warn("peer {} sent a bad frame: {}", ctx.channel().remoteAddress(), e.getMessage());
 *         }
 *         ctx.close();
 *     }
 * });
 * }</pre>
 */
public final class ProtocolException extends StreamFlexError {
    private static final long serialVersionUID = 1L;

    /** A problem in the stream of the link, as a complete sentence naming where. */
    public ProtocolException(String message) {
        super(message);
    }
}
