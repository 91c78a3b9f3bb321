package org.streamflex.runtime.net;

import org.streamflex.StreamFlexError;

/**
 * A network link server asked to listen on an address other than loopback without both an explicit
 * {@code allowNonLoopback} and TLS with mutual authentication ({@link LinkSecurity}): anyone who can
 * reach the port could otherwise feed a graph. The message says which is missing.
 *
 * <pre>{@code
 * // Refused: throws InsecureBindException (not loopback; and allowed, but without TLS).
 * NetworkLinkServer.open(new InetSocketAddress("0.0.0.0", 7400));
 * NetworkLinkServer.open(new InetSocketAddress("0.0.0.0", 7400), true, FrameFormat.DEFAULT_MAX_FRAME_LENGTH);
 * // Allowed: every peer must present a certificate the trust store accepts.
 * NetworkLinkServer.open(new InetSocketAddress("0.0.0.0", 7400), true, FrameFormat.DEFAULT_MAX_FRAME_LENGTH,
 *         LinkSecurity.fromPkcs12(serverP12, password, trustP12, password));
 * }</pre>
 */
public final class InsecureBindException extends StreamFlexError {
    private static final long serialVersionUID = 1L;

    /** A refused bind address, with what to do about it. */
    public InsecureBindException(String message) {
        super(message);
    }
}
