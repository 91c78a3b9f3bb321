package org.streamflex.runtime.net;

/**
 * The constants of the link frame format (README, "Network channels"): every frame is a 12-byte
 * header, {@code magic u32, version u8, type u8, flags u16, body length u32}, then the body, all
 * big-endian (network byte order, and Netty's default).
 *
 * <pre>{@code
 * new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH);
 * }</pre>
 */
public final class FrameFormat {
    /** "SFLK": a peer that is not a StreamFlex link is told apart at its first four bytes. */
    public static final int MAGIC = 0x53464C4B;
    /**
     * The protocol version this runtime speaks: 4 added the sender's heartbeat (an ACK frame from the
     * sender, which a version 3 receiver refuses), 3 the HELLO's direction (a receiver may open a
     * link and ask its peer to send on it), 2 ACK and the HELLO's resumption fields.
     */
    public static final int VERSION = 4;
    /** A HELLO's direction byte: the peer that sends the HELLO sends the items. */
    public static final int DIRECTION_SENDS = 0;
    /** A HELLO's direction byte: the peer that sends the HELLO receives the items; it asks the other to send. */
    public static final int DIRECTION_RECEIVES = 1;
    /** Bytes of the header before each body. */
    public static final int HEADER_BYTES = 12;
    /** The default largest body accepted: 1 MiB. */
    public static final int DEFAULT_MAX_FRAME_LENGTH = 1 << 20;
    /** The smallest maximum a decoder may be given: room for any HELLO and REFUSE. */
    public static final int MIN_MAX_FRAME_LENGTH = 4096;
    /** The longest graph, channel or capsule type name, in UTF-8 bytes. */
    public static final int MAX_NAME_BYTES = 256;
    /** The longest REFUSE reason, in UTF-8 bytes. */
    public static final int MAX_REASON_BYTES = 2048;
    /** The largest capacity a HELLO may announce. */
    public static final int MAX_CAPACITY = 1 << 30;
    /** The largest frame type code: ACK. */
    public static final int MAX_TYPE_CODE = 8;
    /** Bytes of a DATA body before its items: first sequence u64, count u32, item size u16. */
    public static final int DATA_PREFIX_BYTES = 14;

    private FrameFormat() {
    }
}
