package org.streamflex.runtime.spacetime;

import java.nio.ByteBuffer;

/**
 * A remote thread's output connection to a server's channel: each put is copied into the server
 * space's off-heap slot, under the same rules as a local {@link OutputConnection#put}.
 *
 * <pre>{@code
 * RemoteOutput frames = camera.attachOutput("frames");
 * frames.put(frameNumber, bytes);       // the array may be reused as soon as put returns
 * }</pre>
 */
public final class RemoteOutput {
    private final RemoteSpaceTime space;
    private final long id;
    private final String channel;

    RemoteOutput(RemoteSpaceTime space, long id, String channel) {
        this.space = space;
        this.id = id;
        this.channel = channel;
    }

    /**
     * Puts {@code src} at {@code timestamp}.
     *
     * @throws DuplicateTimestampException if the channel has an item there
     * @throws VirtualTimeException if the timestamp is below the thread's visibility
     * @throws ItemTooLargeException beyond the server space's item bound (checked before sending)
     */
    public void put(long timestamp, byte[] src) {
        put(timestamp, ByteBuffer.wrap(src), 0);
    }

    /** As {@link #put(long, byte[])}, the item freed after {@code consumers} consumes. */
    public void put(long timestamp, byte[] src, int consumers) {
        if (consumers < 1) {
            throw new IllegalArgumentException("consumers must be at least 1, not " + consumers);
        }
        put(timestamp, ByteBuffer.wrap(src), consumers);
    }

    /** As {@link #put(long, byte[])}, from the buffer's remaining bytes (its position is not moved). */
    public void put(long timestamp, ByteBuffer src) {
        put(timestamp, src, 0);
    }

    private void put(long timestamp, ByteBuffer src, int consumers) {
        int length = src.remaining();
        if (length > space.maxItemBytes()) {
            throw new ItemTooLargeException("remote channel " + channel, timestamp, length, space.maxItemBytes());
        }
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.PUT, 0, out -> {
            out.writeLong(id).writeLong(timestamp).writeInt(consumers).writeInt(length);
            out.writeBytes(src.duplicate());
        }), channel);
    }

    /** Detaches from the channel. */
    public void detach() {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.DETACH, 0, out -> out.writeLong(id)), channel);
    }
}
