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
 */
public record LinkClientSettings(int maxFrameLength, ReconnectPolicy reconnect, Duration stallTimeout,
        LinkSecurity security) {
    /** The shortest stall timeout: several of the receiver's 200 ms heartbeats. */
    public static final Duration MIN_STALL_TIMEOUT = Duration.ofSeconds(1);

    /** 1 MiB frames, {@link ReconnectPolicy#DEFAULT}, a 10 s stall timeout, no TLS. */
    public static final LinkClientSettings DEFAULT = new LinkClientSettings(FrameFormat.DEFAULT_MAX_FRAME_LENGTH,
            ReconnectPolicy.DEFAULT, Duration.ofSeconds(10), null);

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

    /** A copy with another maximum frame length. */
    public LinkClientSettings withMaxFrameLength(int length) {
        return new LinkClientSettings(length, reconnect, stallTimeout, security);
    }

    /** A copy with another reconnection backoff. */
    public LinkClientSettings withReconnect(ReconnectPolicy policy) {
        return new LinkClientSettings(maxFrameLength, policy, stallTimeout, security);
    }

    /** A copy with another stall timeout. */
    public LinkClientSettings withStallTimeout(Duration timeout) {
        return new LinkClientSettings(maxFrameLength, reconnect, timeout, security);
    }

    /** A copy whose connections use TLS 1.3 with {@code tls}'s certificates ({@link LinkSecurity}). */
    public LinkClientSettings withSecurity(LinkSecurity tls) {
        return new LinkClientSettings(maxFrameLength, reconnect, stallTimeout, Objects.requireNonNull(tls, "tls"));
    }
}
