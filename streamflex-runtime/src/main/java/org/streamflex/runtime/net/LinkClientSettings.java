package org.streamflex.runtime.net;

import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link NetworkLinkClient} behaves beyond its identity and queue: the largest frame, how it
 * reconnects after a fault, and how long a silent receiver is trusted. Immutable; each {@code with}
 * returns a copy, so options added later compose with these.
 *
 * <pre>{@code
 * LinkClientSettings settings = LinkClientSettings.DEFAULT
 *         .withReconnect(new ReconnectPolicy(Duration.ofMillis(10), Duration.ofMillis(500), 0.2))
 *         .withStallTimeout(Duration.ofSeconds(3));
 * NetworkLinkClient out = NetworkLinkClient.connect(server.address(), id, 4096, settings);
 * }</pre>
 *
 * @param maxFrameLength the largest frame body read or written, {@link FrameFormat#MIN_MAX_FRAME_LENGTH}
 *     to {@link FrameFormat#MAX_CAPACITY} bytes
 * @param reconnect the backoff between attempts to connect again after an established link's
 *     connection dropped
 * @param stallTimeout how long the peer may send nothing before the connection is treated as dead
 *     and replaced: the receiver of a {@link NetworkLinkClient} (no ACK, CREDIT or heartbeat), the
 *     sender of a {@link ReceivingLinkClient} (no DATA, LOST or heartbeat); at least 1 s, since both
 *     sides beat every 200 ms while they have nothing else to send. The default, 10 s, outlasts a
 *     long garbage collection or a few TCP retransmissions on a loaded host, and is still far below
 *     what the OS takes to notice a frozen peer (minutes; hours with TCP keep-alive)
 * @param security TLS 1.3 with mutual certificates on every connection, or null for plain TCP (loopback)
 * @param eventLoop the event loop the link runs on, shared with other link ends
 *     ({@link #withEventLoop(LinkEventLoop)}), or null for a thread of its own, stopped when it closes
 */
public record LinkClientSettings(int maxFrameLength, ReconnectPolicy reconnect, Duration stallTimeout,
        LinkSecurity security, LinkEventLoop eventLoop) {
    /** The shortest stall timeout: several of the receiver's 200 ms heartbeats. */
    public static final Duration MIN_STALL_TIMEOUT = Duration.ofSeconds(1);

    /** 1 MiB frames, {@link ReconnectPolicy#DEFAULT}, a 10 s stall timeout, no TLS. */
    public static final LinkClientSettings DEFAULT = new LinkClientSettings(FrameFormat.DEFAULT_MAX_FRAME_LENGTH,
            ReconnectPolicy.DEFAULT, Duration.ofSeconds(10), null, null);

    /** Checks every field. */
    public LinkClientSettings {
        new FrameDecoder(maxFrameLength); // checks the length
        Objects.requireNonNull(reconnect, "reconnect");
        Objects.requireNonNull(stallTimeout, "stallTimeout");
        if (stallTimeout.compareTo(MIN_STALL_TIMEOUT) < 0) {
            throw new IllegalArgumentException("stall timeout " + stallTimeout + " is shorter than "
                    + MIN_STALL_TIMEOUT + ": a live peer beats only every 200 ms");
        }
    }

    /** Settings whose link runs on an event loop of its own (no {@code eventLoop}). */
    public LinkClientSettings(int maxFrameLength, ReconnectPolicy reconnect, Duration stallTimeout,
            LinkSecurity security) {
        this(maxFrameLength, reconnect, stallTimeout, security, null);
    }

    /** A copy with another maximum frame length. */
    public LinkClientSettings withMaxFrameLength(int length) {
        return new LinkClientSettings(length, reconnect, stallTimeout, security, eventLoop);
    }

    /** A copy with another reconnection backoff. */
    public LinkClientSettings withReconnect(ReconnectPolicy policy) {
        return new LinkClientSettings(maxFrameLength, policy, stallTimeout, security, eventLoop);
    }

    /** A copy with another stall timeout. */
    public LinkClientSettings withStallTimeout(Duration timeout) {
        return new LinkClientSettings(maxFrameLength, reconnect, timeout, security, eventLoop);
    }

    /** A copy whose connections use TLS 1.3 with {@code tls}'s certificates ({@link LinkSecurity}). */
    public LinkClientSettings withSecurity(LinkSecurity tls) {
        return new LinkClientSettings(maxFrameLength, reconnect, stallTimeout, Objects.requireNonNull(tls, "tls"),
                eventLoop);
    }

    /**
     * A copy whose link runs on {@code loop}, shared with other link ends, instead of a thread of its
     * own: closing the link leaves the loop running ({@link LinkEventLoop}).
     *
     * <pre>{@code
     * NetworkLinkClient back = NetworkLinkClient.connectCapsules(peer, pong, codec, 64, 1 << 16,
     *         LinkClientSettings.DEFAULT.withEventLoop(loop));
     * }</pre>
     */
    public LinkClientSettings withEventLoop(LinkEventLoop loop) {
        return new LinkClientSettings(maxFrameLength, reconnect, stallTimeout, security,
                Objects.requireNonNull(loop, "loop"));
    }
}
