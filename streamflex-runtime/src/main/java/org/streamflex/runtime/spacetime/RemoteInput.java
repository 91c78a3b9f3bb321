package org.streamflex.runtime.spacetime;

import java.util.concurrent.TimeUnit;

/**
 * A remote thread's input connection to a server's channel, with the gets and consumes of a local
 * {@link InputConnection}: a get returns a copy of the item's bytes ({@link RemoteItem}), and the
 * item stays open on the connection until it is consumed.
 *
 * <pre>{@code
 * RemoteInput frames = tracker.attachInput("frames");
 * try {
 *     RemoteItem frame = frames.get(Wildcard.LATEST_UNSEEN, 1, TimeUnit.SECONDS);
 *     frames.consumeUntil(frame.timestamp());
 * } catch (ItemNotAvailableException none) {
 *     // none.below() and none.above(), as for a local get
 * }
 * }</pre>
 */
public final class RemoteInput {
    private final RemoteSpaceTime space;
    private final long id;
    private final String channel;

    RemoteInput(RemoteSpaceTime space, long id, String channel) {
        this.space = space;
        this.id = id;
        this.channel = channel;
    }

    /** The item at {@code timestamp}, without waiting; see {@link InputConnection#get(long)}. */
    public RemoteItem get(long timestamp) throws ItemNotAvailableException {
        return get(SpaceTimeWire.BY_TIMESTAMP, timestamp, -1);
    }

    /** The item a wildcard names, without waiting; see {@link InputConnection#get(Wildcard)}. */
    public RemoteItem get(Wildcard wildcard) throws ItemNotAvailableException {
        return get(SpaceTimeWire.selector(wildcard), 0, -1);
    }

    /** The item at {@code timestamp}, waiting up to the timeout for it to be put. */
    public RemoteItem get(long timestamp, long timeout, TimeUnit unit) throws ItemNotAvailableException {
        return get(SpaceTimeWire.BY_TIMESTAMP, timestamp, Math.max(0, unit.toNanos(timeout)));
    }

    /** The item a wildcard names, waiting up to the timeout for one. */
    public RemoteItem get(Wildcard wildcard, long timeout, TimeUnit unit) throws ItemNotAvailableException {
        return get(SpaceTimeWire.selector(wildcard), 0, Math.max(0, unit.toNanos(timeout)));
    }

    private RemoteItem get(int selector, long timestamp, long timeoutNanos) throws ItemNotAvailableException {
        return item(space.call(SpaceTimeWire.GET, timeoutNanos, out -> out.writeLong(id)
                .writeByte(selector).writeLong(timestamp).writeLong(timeoutNanos)));
    }

    /** The item of a GET's (or PUT_GET's) answer; its miss, or the error it carries, thrown. */
    RemoteItem item(RemoteSpaceTime.Answer answer) throws ItemNotAvailableException {
        if (answer.isError() && answer.code == SpaceTimeWire.E_NOT_AVAILABLE) {
            throw new ItemNotAvailableException(answer.message, answer.first, answer.second);
        }
        RemoteSpaceTime.raise(answer, channel);
        return new RemoteItem(answer.value, answer.bytes);
    }

    RemoteSpaceTime space() {
        return space;
    }

    long id() {
        return id;
    }

    /** Marks the item at {@code timestamp} consumed; see {@link InputConnection#consume(long)}. */
    public void consume(long timestamp) {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.CONSUME, 0, out -> out.writeLong(id).writeLong(timestamp)),
                channel);
    }

    /** Marks every item up to {@code timestamp} consumed; see {@link InputConnection#consumeUntil(long)}. */
    public void consumeUntil(long timestamp) {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.CONSUME_UNTIL, 0, out -> out.writeLong(id)
                .writeLong(timestamp)), channel);
    }

    /** Detaches from the channel. */
    public void detach() {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.DETACH, 0, out -> out.writeLong(id)), channel);
    }
}
