package org.streamflex.runtime.spacetime;

import java.nio.ByteBuffer;

/**
 * A remote thread's output connection to a server's queue: each put is copied into the server
 * space's off-heap slot at the tail of the queue, under the same rules as a local
 * {@link QueueOutput#put}, and returns the item's ticket.
 *
 * <pre>{@code
 * RemoteQueueOutput work = splitter.attachQueueOutput("tiles");
 * for (byte[] tile : tilesOf(frame)) {
 *     work.put(frameNumber, tile);      // one timestamp, a ticket each; the array may be reused
 * }
 * }</pre>
 */
public final class RemoteQueueOutput {
    private final RemoteSpaceTime space;
    /** Every request of this connection's, one at a time: used again, so that none allocates a call. */
    private final RemoteCall call;
    private final long id;
    private final String queue;

    RemoteQueueOutput(RemoteSpaceTime space, long id, String queue) {
        this.call = space.newCall();
        this.space = space;
        this.id = id;
        this.queue = queue;
    }

    /**
     * Puts a copy of {@code src} at the tail of the queue.
     *
     * @return the item's ticket
     * @throws VirtualTimeException if {@code timestamp} is below the thread's visibility
     * @throws ItemTooLargeException beyond the server space's item bound (checked before sending)
     */
    public long put(long timestamp, byte[] src) {
        return put(timestamp, ByteBuffer.wrap(src));
    }

    /** As {@link #put(long, byte[])}, from the buffer's remaining bytes (its position is not moved). */
    public long put(long timestamp, ByteBuffer src) {
        int length = src.remaining();
        if (length > space.maxItemBytes()) {
            throw new ItemTooLargeException("remote queue " + queue, timestamp, length, space.maxItemBytes());
        }
        return RemoteSpaceTime.raise(space.call(SpaceTimeWire.QUEUE_PUT, 0, call.copying(), out -> {
            out.writeLong(id).writeLong(timestamp).writeInt(length);
            out.writeBytes(src.duplicate());
        }), null).value;
    }

    /** Detaches from the queue. */
    public void detach() {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.DETACH, 0, call.copying(), out -> out.writeLong(id)), null);
    }

    @Override
    public String toString() {
        return "remote output connection to queue " + queue + " of " + space;
    }
}
