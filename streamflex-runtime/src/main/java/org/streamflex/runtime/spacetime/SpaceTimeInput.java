package org.streamflex.runtime.spacetime;

import org.streamflex.Stable;

/**
 * A {@link SpaceTimeFilter}'s input connection to a space-time channel: a field of the filter that
 * {@link SpaceTimeFilters#input} binds when the graph is built, as {@code connect} injects a
 * channel. Gets never wait (a filter's thread must not block) and return null on a miss; the item
 * is open on the connection at once. Consumes are made when {@code work()} returns, and dropped
 * if it throws, when its gets are undone too (the items are unseen again).
 *
 * <p>Bound to a server's space ({@link RemoteSpaceTimeFilters}) the same handle sends each
 * operation to the server, which stages it for the filter as here; see {@link RemoteFilterThread}.
 *
 * <pre>{@code
 * private SpaceTimeInput frames;
 * protected void process() {
 *     SpaceTimeItem frame = frames.get(Wildcard.LATEST_UNSEEN);
 *     if (frame != null) {
 *         detect(frame);
 *         frames.consumeUntil(frame.timestamp());   // every older frame too, gotten or skipped
 *     }
 * }
 * }</pre>
 */
public final class SpaceTimeInput extends FilterHandle implements Stable {
    /** The filter's thread in this JVM's space, or null when bound to a server's ({@link RemoteSpaceTimeFilters}). */
    private final FilterThread owner;
    private final InputConnection connection;
    private final SpaceTimeChannel channel;

    SpaceTimeInput(FilterThread owner, InputConnection connection, SpaceTimeChannel channel) {
        super(channel.name());
        this.owner = owner;
        this.connection = connection;
        this.channel = channel;
    }

    SpaceTimeInput(RemoteFilterThread remote, long connection, String channel) {
        super(remote, connection, channel);
        this.owner = null;
        this.connection = null;
        this.channel = null;
    }

    /**
     * The item at {@code timestamp}, if the channel has one this connection has not consumed, or null.
     *
     * @throws SpaceTimeStateException outside {@code work()}
     */
    public SpaceTimeItem get(long timestamp) {
        if (remote != null) {
            return remote.get(remoteConnection, name, SpaceTimeWire.BY_TIMESTAMP, timestamp);
        }
        return owner.get(connection, channel, timestamp, null);
    }

    /** The item {@code wildcard} selects among those this connection has not consumed, or null. */
    public SpaceTimeItem get(Wildcard wildcard) {
        if (remote != null) {
            return remote.get(remoteConnection, name, SpaceTimeWire.selector(wildcard), 0);
        }
        return owner.get(connection, channel, 0, wildcard);
    }

    /**
     * Consumes the item at {@code timestamp} when {@code work()} returns.
     *
     * @throws SpaceTimeStateException now, if the channel has no item there this connection could consume
     */
    public void consume(long timestamp) {
        if (remote != null) {
            remote.consume(remoteConnection, name, timestamp, false);
        } else {
            owner.consume(connection, channel, timestamp, false);
        }
    }

    /**
     * Consumes every item up to and including {@code timestamp}, and those put there later, when
     * {@code work()} returns.
     */
    public void consumeUntil(long timestamp) {
        if (remote != null) {
            remote.consume(remoteConnection, name, timestamp, true);
        } else {
            owner.consume(connection, channel, timestamp, true);
        }
    }

    /**
     * Whether the channel has an item this connection has neither got nor consumed (one
     * {@link Wildcard#LATEST_UNSEEN} would find): for the filter's {@code trigger()}, which a filter
     * released by a put ({@link SpaceTimeFilters#releaseOnPut}) should return, so that it runs only
     * when a get will find something new.
     */
    public boolean hasUnseen() {
        if (remote != null) {
            throw notBuiltRemotely("hasUnseen()", name);
        }
        owner.space.lock.lock();
        try {
            return connection.hasUnseenLocked();
        } finally {
            owner.space.lock.unlock();
        }
    }

    InputConnection connection() {
        return connection;
    }

    SpaceTimeChannel channel() {
        return channel;
    }

    /** The channel's name. */
    public String channelName() {
        return name;
    }

    /** Whether the handle is bound to a server's space. */
    boolean isRemote() {
        return remote != null;
    }

    /** What a filter of a remote space cannot do yet: a put-released filter's wait and trigger. */
    static SpaceTimeStateException notBuiltRemotely(String what, String name) {
        return new SpaceTimeStateException(what + " of " + name + " is not built for a remote space: a filter bound"
                + " to a server's space is released by its clock's period; give it a periodic clock and let its"
                + " get return null when there is nothing new");
    }
}
