package org.streamflex;

import org.streamflex.spi.SlotStore;

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
 * <p>Channels are made by the runtime when the graph connects two filters; each delegates to the
 * ring that stores its items.
 */
public abstract sealed class DataChannel
        permits Channel, BooleanChannel, ByteChannel, CharChannel, ShortChannel, IntChannel, LongChannel,
        FloatChannel, DoubleChannel {
    /** The ring behind the channel; read by the runtime through a private lookup. */
    private final SlotStore store;

    DataChannel(SlotStore store) {
        if (store == null) {
            throw new NullPointerException("store");
        }
        this.store = store;
    }

    /**
     * Items the consumer can still take in the current {@code work()}: published items minus the
     * ones it took so far (plus the ones it gave back with {@code untake}).
     */
    public final int size() {
        return store.size();
    }

    /** The fixed number of items the channel holds. */
    public final int capacity() {
        return store.capacity();
    }

    /** Items published to the consumer since the graph started. */
    public final long published() {
        return store.published();
    }

    /** Items dropped because the channel was full, since the graph started. */
    public final long dropped() {
        return store.dropped();
    }

    /**
     * Takes every available item and puts it on {@code target}, exactly as a take() followed by
     * a put() of each item would (so items that do not fit are dropped and counted on
     * {@code target}). Both channels must carry the same kind of item.
     *
     * @return the number of items taken
     * @throws IllegalArgumentException if {@code target} carries another kind of item
     */
    public final int transferTo(DataChannel target) {
        return store.transferTo(sameKind(target), Integer.MAX_VALUE);
    }

    /**
     * As {@link #transferTo(DataChannel)}, for at most {@code max} items: the round-robin
     * splitters and joiners move their weight at a time.
     *
     * @return the number of items taken
     */
    public final int transferTo(DataChannel target, int max) {
        return store.transferTo(sameKind(target), max);
    }

    /**
     * Puts copies of the first {@code count} available items on {@code target} without taking
     * them, as {@code put(peek(i))} for each would: a duplicate splitter's step.
     *
     * @throws ChannelUnderflowException if fewer than {@code count} items are available
     */
    public final void copyTo(DataChannel target, int count) {
        store.copyTo(sameKind(target), count);
    }

    /**
     * Takes and discards {@code count} items.
     *
     * @throws ChannelUnderflowException if fewer than {@code count} items are available
     */
    public final void skip(int count) {
        store.skip(count);
    }

    /** The link this channel stands for, as {@code Producer.field -> Consumer.field}. */
    public final String name() {
        return store.name();
    }

    @Override
    public String toString() {
        return name();
    }

    private SlotStore sameKind(DataChannel target) {
        if (target == null || target.getClass() != getClass()) {
            throw new IllegalArgumentException("transferTo: " + name() + " and "
                    + (target == null ? "null" : target.name()) + " do not carry the same kind of item");
        }
        return target.store;
    }
}
