package org.streamflex.spi;

/**
 * The storage behind one channel of the API: a transactional single-producer single-consumer
 * ring of the runtime. {@link org.streamflex.DataChannel} delegates its counters and bulk moves
 * here; {@link LongSlots} and {@link CapsuleSlots} add the element operations.
 *
 * <pre>{@code
 * IntChannel out = ...;       // the API object a filter's field holds
 * out.put(7);                 // LongSlots.put(7L) on the ring behind it
 * }</pre>
 */
public interface SlotStore {
    /** Items the consumer can still take in its current transaction. */
    int size();

    int capacity();

    /** Items published to the consumer since the graph started. */
    long published();

    /** Items dropped because the ring was full, since the graph started. */
    long dropped();

    /** The link, as {@code Producer.field -> Consumer.field}. */
    String name();

    /**
     * Moves up to {@code max} available items to {@code target}, a store of the same kind, as
     * take/put pairs would.
     *
     * @return how many were taken
     */
    int transferTo(SlotStore target, int max);

    /** Puts the first {@code count} available items on {@code target} without taking them. */
    void copyTo(SlotStore target, int count);

    /** Takes and discards {@code count} items. */
    void skip(int count);
}
