package org.streamflex.runtime.spacetime;

/**
 * An item a remote get returned: its timestamp and a copy of its bytes. On the server the item
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
    private final byte[] bytes;

    RemoteItem(long timestamp, byte[] bytes) {
        this.timestamp = timestamp;
        this.bytes = bytes;
    }

    /** The item's timestamp. */
    public long timestamp() {
        return timestamp;
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
