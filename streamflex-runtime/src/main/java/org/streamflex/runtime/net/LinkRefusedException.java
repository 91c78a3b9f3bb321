package org.streamflex.runtime.net;

import org.streamflex.StreamFlexError;

/**
 * A link the receiver refused at the handshake, or that could not be set up at all. The message is
 * the receiver's reason, naming both sides ({@code sender offers graph G channel C of long, receiver
 * expects graph G channel C of double}), or the address and the connection's error.
 *
 * <pre>{@code
 * try (NetworkLinkClient out = NetworkLinkClient.connect(address, offer, 4096)) {
 *     ...
 * } catch (LinkRefusedException e) {
 *     System.err.println(e.getMessage()); // fix the graph, channel, element type or mode named there
 * }
 * }</pre>
 */
public final class LinkRefusedException extends StreamFlexError {
    private static final long serialVersionUID = 1L;

    /** A refusal, with the reason the receiver gave or the cause of the failed connection. */
    public LinkRefusedException(String message) {
        super(message);
    }
}
