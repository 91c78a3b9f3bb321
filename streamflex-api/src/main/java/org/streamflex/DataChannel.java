package org.streamflex;

/**
 * What every fixed-size data channel offers: {@link Channel} for capsules and the primitive
 * channels such as {@link IntChannel}.
 *
 * <p>A channel links one output field of a producer filter to one input field of a consumer
 * filter. Everything a {@code work()} does to its channels is transactional: takes and puts are
 * buffered and published when {@code work()} returns; if it throws, nothing is published and the
 * takes are undone. A put on a full channel drops the item and counts it in {@link #dropped()}.
 *
 * <p>Java code reads the counters through the graph:
 * <pre>{@code
 * DataChannel link = graph.channel(mid, "out");
 * System.out.println(link.published() + " published, " + link.dropped() + " dropped");
 * }</pre>
 *
 * <p>The runtime makes channels when the graph connects two filters: each channel class has one
 * implementation there, on the ring that stores its items, so the JIT binds every call directly.
 */
public abstract class DataChannel {
    /** For the runtime's implementations only. */
    protected DataChannel() {
    }

    /**
     * Items the consumer can still take in the current {@code work()}: published items minus the
     * ones it took so far (plus the ones it gave back with {@code untake}).
     */
    public abstract int size();

    /** The fixed number of items the channel holds. */
    public abstract int capacity();

    /** Items published to the consumer since the graph started. */
    public abstract long published();

    /** Items dropped because the channel was full, since the graph started. */
    public abstract long dropped();

    /**
     * Takes every available item and puts it on {@code target}, exactly as a take() followed by
     * a put() of each item would (so items that do not fit are dropped and counted on
     * {@code target}). Both channels must carry the same kind of item.
     *
     * @return the number of items taken
     */
    public abstract int transferTo(DataChannel target);

    /**
     * As {@link #transferTo(DataChannel)}, for at most {@code max} items: the round-robin
     * splitters and joiners move their weight at a time.
     *
     * @return the number of items taken
     */
    public abstract int transferTo(DataChannel target, int max);

    /**
     * Puts copies of the first {@code count} available items on {@code target} without taking
     * them, as {@code put(peek(i))} for each would: a duplicate splitter's step.
     *
     * @throws ChannelUnderflowException if fewer than {@code count} items are available
     */
    public abstract void copyTo(DataChannel target, int count);

    /**
     * Takes and discards {@code count} items.
     *
     * @throws ChannelUnderflowException if fewer than {@code count} items are available
     */
    public abstract void skip(int count);

    /** The link this channel stands for, as {@code Producer.field -> Consumer.field}. */
    public abstract String name();

    @Override
    public String toString() {
        return name();
    }
}
