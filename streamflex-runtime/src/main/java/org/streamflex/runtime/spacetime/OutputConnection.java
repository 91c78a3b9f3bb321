package org.streamflex.runtime.spacetime;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * A thread's output connection to a channel ({@link SpaceTimeThread#attachOutput(SpaceTimeChannel)}):
 * puts copy the caller's bytes into off-heap memory, so the source may be reused at once.
 *
 * <pre>{@code
 * OutputConnection out = producer.attachOutput(channel);
 * out.put(7, bytes);                 // any order of timestamps, one item per timestamp
 * out.put(8, segment, 2);            // freed after two consumes, or when the collector passes it
 * }</pre>
 */
public final class OutputConnection {
    private final SpaceTime space;
    private final SpaceTimeChannel channel;
    private final SpaceTimeThread thread;
    private boolean detached;

    SpaceTimeChannel channel() {
        return channel;
    }

    OutputConnection(SpaceTime space, SpaceTimeChannel channel, SpaceTimeThread thread) {
        this.space = space;
        this.channel = channel;
        this.thread = thread;
    }

    /** Puts a copy of {@code src}, consumer count unknown: see {@link #put(long, MemorySegment, int)}. */
    public void put(long timestamp, MemorySegment src) {
        put(timestamp, src, SpaceTime.UNKNOWN_CONSUMERS);
    }

    public void put(long timestamp, byte[] src) {
        put(timestamp, MemorySegment.ofArray(src), SpaceTime.UNKNOWN_CONSUMERS);
    }

    public void put(long timestamp, byte[] src, int consumers) {
        put(timestamp, MemorySegment.ofArray(src), consumers);
    }

    /** Puts a copy of the bytes between the buffer's position and limit; the buffer's position is unchanged. */
    public void put(long timestamp, ByteBuffer src) {
        put(timestamp, MemorySegment.ofBuffer(src), SpaceTime.UNKNOWN_CONSUMERS);
    }

    /**
     * Puts a got item's bytes without copying them: the new item shares the got item's off-heap
     * slot (items are never written after their put), which returns to the pool once both are
     * freed. A view of another space's item is copied, slot to slot. A relay that passes items on
     * thus copies none. The view stays open (the caller still releases it); consumer count unknown.
     *
     * <pre>{@code
     * try (ItemView frame = in.get(ts, 1, TimeUnit.SECONDS)) {
     *     out.put(ts, frame);
     * }
     * }</pre>
     *
     * @throws ItemReleasedException if the view was released
     */
    public void put(long timestamp, ItemView src) {
        StoredItem source = src.item(space);
        if (source == null) {
            put(timestamp, src.live(), SpaceTime.UNKNOWN_CONSUMERS);
            return;
        }
        checkArguments(channel, timestamp, SpaceTime.UNKNOWN_CONSUMERS);
        StoredItem item = new StoredItem(timestamp, source, SpaceTime.UNKNOWN_CONSUMERS);
        store(timestamp, item, null);
    }

    /**
     * Puts a copy of {@code src} at {@code timestamp}.
     *
     * @param consumers how many consumes (on any connections) free the item, or
     *     {@link SpaceTime#UNKNOWN_CONSUMERS} to leave it to the collector
     * @throws DuplicateTimestampException if the channel has an item at {@code timestamp}
     * @throws VirtualTimeException if {@code timestamp} is below the thread's visibility
     * @throws ItemTooLargeException if {@code src} is larger than {@link SpaceTime#maxItemBytes()}
     */
    public void put(long timestamp, MemorySegment src, int consumers) {
        checkArguments(channel, timestamp, consumers);
        MemorySegment slot = space.copyIn(channel.where, timestamp, src);
        StoredItem item = new StoredItem(timestamp, ItemView.NO_TICKET, slot, src.byteSize(), consumers);
        store(timestamp, item, slot);
    }

    /** Stores {@code item} under the lock; {@code slot}, its own, goes back if the put is refused. */
    private void store(long timestamp, StoredItem item, MemorySegment slot) {
        boolean stored = false;
        AfterPut ready;
        space.lock.lock();
        try {
            space.armAfterPut();
            channel.put(this, thread, timestamp, item);
            stored = true;
            if (item.slotOwner != null) {
                item.slotOwner.sharers++; // the source is held by the caller's view: not freed yet
            }
        } finally {
            ready = space.takeAfterPut();
            if (!stored && slot != null) {
                space.pool.give(slot);
            }
            space.lock.unlock();
        }
        AfterPut.runAll(ready); // gets this put satisfied, on this thread: no wake-up of another
    }

    /** What a put's arguments must be, whoever puts: a plain thread or a filter. */
    static void checkArguments(SpaceTimeChannel channel, long timestamp, int consumers) {
        checkArguments(channel.name(), timestamp, consumers);
    }

    /** As {@link #checkArguments(SpaceTimeChannel, long, int)}, for the channel named {@code channel}. */
    static void checkArguments(String channel, long timestamp, int consumers) {
        if (consumers == 0 || consumers < SpaceTime.UNKNOWN_CONSUMERS) {
            throw new IllegalArgumentException("consumers of the put at " + timestamp + " on channel "
                    + channel + " must be positive or UNKNOWN_CONSUMERS: " + consumers);
        }
        if (timestamp == SpaceTime.INFINITY) {
            throw new VirtualTimeException("INFINITY is a virtual time, not a timestamp: put on channel "
                    + channel + " at a finite timestamp");
        }
    }

    /** Detaches the connection; later puts throw {@link SpaceTimeStateException}. */
    public void detach() {
        space.lock.lock();
        try {
            detachLocked();
        } finally {
            space.lock.unlock();
        }
    }

    void detachLocked() {
        detached = true;
    }

    void checkAttached() {
        if (detached) {
            throw new SpaceTimeStateException("output connection of thread " + thread.name() + " to channel "
                    + channel.name() + " was used after it was detached");
        }
    }
}
