package org.streamflex.runtime.spacetime;

/**
 * A remote get or read into a caller's buffer whose room is less than the item's size: nothing was
 * copied. Where the item then is depends on what it came from, and the message says so: a queue
 * item stays at the head of the queue (no ticket was taken), a register stays full, and a channel
 * item is open on the connection as after any get (get it again by its timestamp into a larger
 * buffer, or consume it).
 *
 * <pre>{@code
 * try {
 *     int n = work.get(1, TimeUnit.SECONDS, buffer);
 * } catch (BufferTooSmallException e) {
 *     buffer = new byte[Math.toIntExact(e.itemBytes())];   // then get again
 * }
 * }</pre>
 */
public final class BufferTooSmallException extends SpaceTimeException {
    private static final long serialVersionUID = 1L;

    private final long itemBytes;
    private final long bufferBytes;

    BufferTooSmallException(String message, long itemBytes, long bufferBytes) {
        super(message);
        this.itemBytes = itemBytes;
        this.bufferBytes = bufferBytes;
    }

    /** The item's size in bytes: the room a buffer needs. */
    public long itemBytes() {
        return itemBytes;
    }

    /** The room the buffer had. */
    public long bufferBytes() {
        return bufferBytes;
    }
}
