package org.streamflex.runtime.net;

/**
 * The type byte of a link frame (the README's "Network channels" has the body of each).
 *
 * <pre>{@code
 * FrameType.ofCode(buf.getUnsignedByte(5)); // DATA for 4, null for a byte that is no type
 * }</pre>
 */
public enum FrameType {
    /** Sender to receiver, first: who the sender is and what it sends. */
    HELLO(1),
    /** Receiver to sender: the link is open. */
    HELLO_OK(2),
    /** Receiver to sender: the link is refused, with the reason. */
    REFUSE(3),
    /** Sender to receiver: a run of items with consecutive sequence numbers. */
    DATA(4),
    /** Receiver to sender, CREDIT mode: more items may be sent. */
    CREDIT(5),
    /** Sender to receiver: items the sender dropped since its last LOST. */
    LOST(6),
    /** Either way: the link ends; the counts let both sides account for every item. */
    CLOSE(7),
    /** Receiver to sender: what it received so far on this connection (protocol version 2). */
    ACK(8);

    /**
     * The types by code: {@link #values()} clones its array at every call, and a decoder asks once a
     * frame (heap bytes per frame on every event loop that reads).
     */
    private static final FrameType[] BY_CODE = byCode();

    private final int code;

    FrameType(int code) {
        this.code = code;
    }

    /** The type's byte in a frame header. */
    public int code() {
        return code;
    }

    /** The type for a header's byte, or null when no type has that code. */
    public static FrameType ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    private static FrameType[] byCode() {
        FrameType[] all = values();
        int max = 0;
        for (FrameType type : all) {
            max = Math.max(max, type.code);
        }
        FrameType[] byCode = new FrameType[max + 1];
        for (FrameType type : all) {
            byCode[type.code] = type;
        }
        return byCode;
    }
}
