package org.streamflex.runtime.spacetime;

import java.lang.foreign.MemorySegment;

/**
 * A thread's output connection to a queue ({@link SpaceTimeThread#attachOutput(SpaceTimeQueue)}).
 *
 * <pre>{@code
 * QueueOutput work = splitter.attachOutput(tiles);
 * for (byte[] tile : tilesOf(frame)) {
 *     work.put(frameNumber, tile); // one timestamp, a ticket each
 * }
 * }</pre>
 */
public final class QueueOutput {
    private final SpaceTime space;
    private final SpaceTimeQueue queue;
    private final SpaceTimeThread thread;
    private boolean detached;

    SpaceTimeQueue queue() {
        return queue;
    }

    QueueOutput(SpaceTime space, SpaceTimeQueue queue, SpaceTimeThread thread) {
        this.space = space;
        this.queue = queue;
        this.thread = thread;
    }

    public long put(long timestamp, byte[] src) {
        return put(timestamp, MemorySegment.ofArray(src));
    }

    /**
     * Puts a copy of {@code src} at the tail of the queue.
     *
     * @return the item's ticket
     * @throws VirtualTimeException if {@code timestamp} is below the thread's visibility
     * @throws ItemTooLargeException if {@code src} is larger than {@link SpaceTime#maxItemBytes()}
     */
    public long put(long timestamp, MemorySegment src) {
        if (timestamp == SpaceTime.INFINITY) {
            throw new VirtualTimeException("INFINITY is a virtual time, not a timestamp: put on queue "
                    + queue.name() + " at a finite timestamp");
        }
        MemorySegment slot = space.copyIn(queue.where, timestamp, src);
        boolean stored = false;
        space.lock.lock();
        try {
            thread.checkJoined();
            if (detached) {
                throw new SpaceTimeStateException("output connection of thread " + thread.name() + " to queue "
                        + queue.name() + " was used after it was detached");
            }
            long v = thread.visibilityLocked();
            if (timestamp < v) {
                throw new VirtualTimeException("thread " + thread.name() + " cannot put at timestamp " + timestamp
                        + " on queue " + queue.name() + ": a put's timestamp must be at least the thread's visibility, "
                        + v + " (its virtual time, or the oldest item it holds open)");
            }
            long ticket = queue.nextTicket();
            queue.add(new StoredItem(timestamp, ticket, slot, src.byteSize(), 1));
            stored = true;
            return ticket;
        } finally {
            if (!stored) {
                space.pool.give(slot);
            }
            space.lock.unlock();
        }
    }

    /**
     * A filter's put, checked at the call: the thread joined, this connection attached.
     *
     * @throws SpaceTimeStateException if not
     */
    void checkUsable() {
        thread.checkJoined();
        if (detached) {
            throw new SpaceTimeStateException("output connection of thread " + thread.name() + " to queue "
                    + queue.name() + " was used after it was detached");
        }
    }

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
}
