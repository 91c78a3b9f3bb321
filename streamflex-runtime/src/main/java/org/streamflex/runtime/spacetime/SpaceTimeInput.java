package org.streamflex.runtime.spacetime;

import org.streamflex.Stable;

/**
 * A {@link SpaceTimeFilter}'s input connection to a space-time channel: a field of the filter that
 * {@link SpaceTimeFilters#input} binds when the graph is built, as {@code connect} injects a
 * channel. Gets never wait (a filter's thread must not block) and return null on a miss; the item
 * is open on the connection at once. Consumes are made when {@code work()} returns, and dropped
 * if it throws, when its gets are undone too (the items are unseen again).
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
public final class SpaceTimeInput implements Stable {
    private final FilterThread owner;
    private final InputConnection connection;
    private final SpaceTimeChannel channel;

    SpaceTimeInput(FilterThread owner, InputConnection connection, SpaceTimeChannel channel) {
        this.owner = owner;
        this.connection = connection;
        this.channel = channel;
    }

    /**
     * The item at {@code timestamp}, if the channel has one this connection has not consumed, or null.
     *
     * @throws SpaceTimeStateException outside {@code work()}
     */
    public SpaceTimeItem get(long timestamp) {
        return owner.get(connection, channel, timestamp, null);
    }

    /** The item {@code wildcard} selects among those this connection has not consumed, or null. */
    public SpaceTimeItem get(Wildcard wildcard) {
        return owner.get(connection, channel, 0, wildcard);
    }

    /**
     * Consumes the item at {@code timestamp} when {@code work()} returns.
     *
     * @throws SpaceTimeStateException now, if the channel has no item there this connection could consume
     */
    public void consume(long timestamp) {
        owner.consume(connection, channel, timestamp, false);
    }

    /**
     * Consumes every item up to and including {@code timestamp}, and those put there later, when
     * {@code work()} returns.
     */
    public void consumeUntil(long timestamp) {
        owner.consume(connection, channel, timestamp, true);
    }

    /**
     * Whether the channel has an item this connection has neither got nor consumed (one
     * {@link Wildcard#LATEST_UNSEEN} would find): for the filter's {@code trigger()}, which a filter
     * released by a put ({@link SpaceTimeFilters#releaseOnPut}) should return, so that it runs only
     * when a get will find something new.
     */
    public boolean hasUnseen() {
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
        return channel.name();
    }
}
