package org.streamflex.runtime.net;

import org.streamflex.StreamFlexError;

/**
 * A network link server asked to listen on an address other than loopback without saying so
 * explicitly. Links carry no TLS and no authentication yet: anyone who can reach the port could feed
 * a graph, so only the loopback interface is allowed by default.
 *
 * <pre>{@code
 * // Refused: throws InsecureBindException.
 * NetworkLinkServer.open(new InetSocketAddress("0.0.0.0", 7400));
 * // Allowed, on a network you trust:
 * NetworkLinkServer.open(new InetSocketAddress("0.0.0.0", 7400), true, FrameFormat.DEFAULT_MAX_FRAME_LENGTH);
 * }</pre>
 */
public final class InsecureBindException extends StreamFlexError {
    private static final long serialVersionUID = 1L;

    /** A refused bind address, with what to do about it. */
    public InsecureBindException(String message) {
        super(message);
    }
}
