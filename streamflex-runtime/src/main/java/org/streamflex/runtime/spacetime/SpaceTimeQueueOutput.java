package org.streamflex.runtime.spacetime;

import java.lang.foreign.MemorySegment;
import org.streamflex.Stable;

/**
 * A {@link SpaceTimeFilter}'s output connection to a space-time queue: a field of the filter that
 * {@link SpaceTimeFilters#queueOutput} binds when the graph is built. A put copies the bytes
 * off-heap at once (the source may be reused) and is checked at once (timestamp at or above the
 * filter's visibility), but the item joins the queue only when {@code work()} returns, with the
 * next ticket then (so tickets stay in the order items joined the queue), and never if it throws.
 *
 * <p>Bound to a server's space ({@link RemoteSpaceTimeFilters}) the same handle sends each
 * operation to the server, which stages it for the filter as here; see {@link RemoteFilterThread}.
 *
 * <pre>{@code
 * private SpaceTimeQueueOutput tiles;
 * protected void process() {
 *     for (int i = 0; i < 4; i++) {
 *         tiles.put(frame, tile(i));               // one timestamp, a ticket each, at the commit
 *     }
 * }
 * }</pre>
 */
public final class SpaceTimeQueueOutput extends FilterHandle implements Stable {
    /** The filter's thread in this JVM's space, or null when bound to a server's ({@link RemoteSpaceTimeFilters}). */
    private final FilterThread owner;
    private final QueueOutput connection;
    private final SpaceTimeQueue queue;

    SpaceTimeQueueOutput(FilterThread owner, QueueOutput connection, SpaceTimeQueue queue) {
        super(queue.name());
        this.owner = owner;
        this.connection = connection;
        this.queue = queue;
    }

    SpaceTimeQueueOutput(RemoteFilterThread remote, long connection, String queue) {
        super(remote, connection, queue);
        this.owner = null;
        this.connection = null;
        this.queue = null;
    }

    /** Puts a copy of {@code src} at the queue's tail when {@code work()} returns. */
    public void put(long timestamp, byte[] src) {
        put(timestamp, MemorySegment.ofArray(src));
    }

    /**
     * Puts a copy of {@code src} at the queue's tail when {@code work()} returns.
     *
     * @throws VirtualTimeException if {@code timestamp} is below the filter's visibility, or is INFINITY
     * @throws ItemTooLargeException if {@code src} is larger than the space's item bound
     * @throws SpaceTimeStateException outside {@code work()}
     */
    public void put(long timestamp, MemorySegment src) {
        if (remote != null) {
            remote.queuePut(remoteConnection, name, timestamp, src);
        } else {
            owner.put(connection, queue, timestamp, src);
        }
    }

    /**
     * Sets the filter's virtual time when {@code work()} returns, as {@link SpaceTimeOutput#setVirtualTime} does.
     *
     * @throws VirtualTimeException if it is below the filter's visibility now
     */
    public void setVirtualTime(long virtualTime) {
        if (remote != null) {
            remote.setVirtualTime(virtualTime);
        } else {
            owner.setVirtualTime(virtualTime);
        }
    }

    /** The queue's name. */
    public String queueName() {
        return name;
    }
}
