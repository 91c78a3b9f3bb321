package org.streamflex.runtime.net;

import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * Where a StreamFlex server may listen: on loopback unless told otherwise, and beyond loopback only
 * with TLS. One rule for every listener of the runtime (network links, the space-time server), so
 * that none can be opened to the network by a forgotten setting.
 *
 * <pre>{@code
 * ListenPolicy.check(address, allowNonLoopback, security != null, "network links",
 *         "open(address, allowNonLoopback, maxFrameLength, security)");
 * }</pre>
 */
public final class ListenPolicy {
    private ListenPolicy() {
    }

    /**
     * Refuses {@code address} unless it is a loopback address, or {@code allowNonLoopback} is set and
     * the listener is {@code secured}.
     *
     * @param what what would listen, as the message names it ("network links")
     * @param secureCall the call that takes a {@link LinkSecurity}, as the message tells the user
     * @throws InsecureBindException naming the address and what to do
     */
    public static void check(InetSocketAddress address, boolean allowNonLoopback, boolean secured, String what,
            String secureCall) {
        InetAddress ip = address.getAddress();
        if (ip != null && ip.isLoopbackAddress()) {
            return;
        }
        if (!allowNonLoopback) {
            throw new InsecureBindException("refusing to listen for " + what + " on " + address
                    + ": it is not a loopback address. Listen on 127.0.0.1, or pass allowNonLoopback = true"
                    + " together with a LinkSecurity (TLS 1.3, mutual certificates: README, Securing a link)");
        }
        if (!secured) {
            throw new InsecureBindException("refusing to listen for " + what + " on " + address
                    + " without TLS: allowNonLoopback is set, but beyond loopback anyone who reaches the port"
                    + " could feed the graph. Pass a LinkSecurity (TLS 1.3, mutual certificates: README,"
                    + " Securing a link) to " + secureCall);
        }
    }
}
