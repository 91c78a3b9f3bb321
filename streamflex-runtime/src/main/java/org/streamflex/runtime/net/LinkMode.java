package org.streamflex.runtime.net;

/**
 * What a link does when its receiver cannot keep up, chosen per link and agreed at the handshake.
 *
 * <pre>{@code
 * LinkIdentity lossy = LinkIdentity.of("ids", "alerts", ElementKind.LONG, LinkMode.DROP);
 * LinkIdentity lossless = LinkIdentity.of("ids", "alerts", ElementKind.LONG, LinkMode.CREDIT);
 * }</pre>
 */
public enum LinkMode {
    /**
     * A channel's contract: fixed capacity, the receiver drops and counts what does not fit in its
     * queue, and a sender whose own queue is full drops and counts too. Nothing waits for the peer.
     */
    DROP(0),
    /**
     * Lossless: the receiver grants credits for the free room in its queue and the sender sends only
     * within them; an offer to a full sender queue is refused and the caller keeps the item.
     */
    CREDIT(1);

    private final int code;

    LinkMode(int code) {
        this.code = code;
    }

    /** The mode's byte in a HELLO frame. */
    public int code() {
        return code;
    }

    /** The mode for a HELLO frame's byte, or null when no mode has that code. */
    static LinkMode ofCode(int code) {
        for (LinkMode mode : values()) {
            if (mode.code == code) {
                return mode;
            }
        }
        return null;
    }
}
