package org.streamflex.runtime.spacetime;

/**
 * An item a remote get returned: its timestamp, its ticket (a queue item's), and a copy of its
 * bytes. On the server the item
 * stays open on the connection, holding the space's minimum, until the remote thread consumes it,
 * exactly as after a local get; only the bytes are already the caller's.
 *
 * <pre>{@code
 * RemoteItem frame = in.get(Wildcard.LATEST_UNSEEN, 1, TimeUnit.SECONDS);
 * detect(frame.bytes());
 * in.consumeUntil(frame.timestamp());
 * }</pre>
 */
public final class RemoteItem {
    private final long timestamp;
    private final long ticket;
    private final byte[] bytes;

    RemoteItem(long timestamp, long ticket, byte[] bytes) {
        this.timestamp = timestamp;
        this.ticket = ticket;
        this.bytes = bytes;
    }

    /** The item's timestamp. */
    public long timestamp() {
        return timestamp;
    }

    /** A queue item's ticket, which consumes it; {@link ItemView#NO_TICKET} for a channel item. */
    public long ticket() {
        return ticket;
    }

    /** Its bytes, copied off the server's slot: the caller's own array, not shared with anyone. */
    public byte[] bytes() {
        return bytes;
    }

    @Override
    public String toString() {
        return "item at " + timestamp + " (" + bytes.length + " bytes)";
    }
}
