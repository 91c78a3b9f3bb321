package org.streamflex.runtime.spacetime;

import java.lang.foreign.MemorySegment;
import org.streamflex.Stable;

/**
 * A {@link SpaceTimeFilter}'s output connection to a space-time channel: a field of the filter that
 * {@link SpaceTimeFilters#output} binds when the graph is built. A put copies the bytes off-heap at
 * once (the source may be reused) and is checked at once (timestamp at or above the filter's
 * visibility, no item there yet), but the item is published only when {@code work()} returns, and
 * never if it throws. The filter's virtual time is set here too, also when {@code work()} returns.
 *
 * <p>Bound to a server's space ({@link RemoteSpaceTimeFilters}) the same handle sends each
 * operation to the server, which stages it for the filter as here; see {@link RemoteFilterThread}.
 *
 * <pre>{@code
 * private TimeChannel timer;                       // a clock of PERIOD microseconds
 * private SpaceTimeOutput frames;
 * protected void process() {
 *     long frame = timer.getTime() / PERIOD;       // the release's boundary number
 *     frames.put(frame, grab());
 *     frames.setVirtualTime(frame + 1);            // frame and below may be collected once consumed
 * }
 * }</pre>
 */
public final class SpaceTimeOutput extends FilterHandle implements Stable {
    /** The filter's thread in this JVM's space, or null when bound to a server's ({@link RemoteSpaceTimeFilters}). */
    private final FilterThread owner;
    private final OutputConnection connection;
    private final SpaceTimeChannel channel;

    SpaceTimeOutput(FilterThread owner, OutputConnection connection, SpaceTimeChannel channel) {
        super(channel.name());
        this.owner = owner;
        this.connection = connection;
        this.channel = channel;
    }

    SpaceTimeOutput(RemoteFilterThread remote, long connection, String channel) {
        super(remote, connection, channel);
        this.owner = null;
        this.connection = null;
        this.channel = null;
    }

    /** Puts a copy of {@code src} at {@code timestamp}, published when {@code work()} returns. */
    public void put(long timestamp, byte[] src) {
        put(timestamp, MemorySegment.ofArray(src), SpaceTime.UNKNOWN_CONSUMERS);
    }

    /**
     * Puts a copy of {@code src} at {@code timestamp}, published when {@code work()} returns.
     *
     * @param consumers how many consumes free the item, or {@link SpaceTime#UNKNOWN_CONSUMERS}
     * @throws DuplicateTimestampException if the channel, or this work(), has an item at {@code timestamp}
     * @throws VirtualTimeException if {@code timestamp} is below the filter's visibility
     * @throws ItemTooLargeException if {@code src} is larger than the space's item bound
     * @throws SpaceTimeStateException outside {@code work()}
     */
    public void put(long timestamp, MemorySegment src, int consumers) {
        if (remote != null) {
            remote.put(remoteConnection, name, timestamp, src, consumers);
        } else {
            owner.put(connection, channel, timestamp, src, consumers);
        }
    }

    /**
     * Sets the filter's virtual time when {@code work()} returns; puts later in this {@code work()}
     * are checked against it.
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

    /** The filter's virtual time, as this {@code work()} has set it. */
    public long virtualTime() {
        return remote != null ? remote.virtualTime() : owner.virtualTime();
    }

    /** The channel's name. */
    public String channelName() {
        return name;
    }
}
