package org.streamflex.runtime.spacetime;

/**
 * A put at a timestamp the channel already holds (or held and collected by reference count): a
 * channel has at most one item per timestamp. Use a queue for several items of one timestamp.
 */
public final class DuplicateTimestampException extends SpaceTimeException {
    private static final long serialVersionUID = 1L;
    private final String channel;
    private final long timestamp;

    DuplicateTimestampException(String channel, long timestamp) {
        super("channel " + channel + " already has an item at timestamp " + timestamp
                + ": a channel holds at most one item per timestamp; put at another timestamp or use a queue");
        this.channel = channel;
        this.timestamp = timestamp;
    }

    public String channel() {
        return channel;
    }

    public long timestamp() {
        return timestamp;
    }
}
