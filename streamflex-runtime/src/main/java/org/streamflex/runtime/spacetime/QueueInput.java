package org.streamflex.runtime.spacetime;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A thread's input connection to a queue ({@link SpaceTimeThread#attachInput(SpaceTimeQueue)}):
 * each get takes the oldest waiting item, which no other get returns; the item is open until
 * {@link #consume(long)} with its ticket, which frees it once its view is released too.
 *
 * <pre>{@code
 * try (ItemView tile = work.get(1, TimeUnit.SECONDS)) {
 *     process(tile);
 *     work.consume(tile.ticket());
 * }
 * }</pre>
 */
public final class QueueInput {
    private final SpaceTime space;
    private final SpaceTimeQueue queue;
    private final SpaceTimeThread thread;
    private final Map<Long, StoredItem> open = new HashMap<>();
    private boolean detached;

    SpaceTimeQueue queue() {
        return queue;
    }

    QueueInput(SpaceTime space, SpaceTimeQueue queue, SpaceTimeThread thread) {
        this.space = space;
        this.queue = queue;
        this.thread = thread;
    }

    /**
     * The oldest waiting item, without waiting.
     *
     * @throws ItemNotAvailableException if the queue has none (no neighbours: a queue has no range)
     */
    public ItemView get() throws ItemNotAvailableException {
        space.lock.lock();
        try {
            checkAttached();
            StoredItem item = queue.waiting.pollFirst();
            if (item == null) {
                throw miss();
            }
            return open(item);
        } finally {
            space.lock.unlock();
        }
    }

    /** The oldest waiting item, waiting up to {@code timeout} for a put. */
    public ItemView get(long timeout, TimeUnit unit) throws ItemNotAvailableException, InterruptedException {
        long left = unit.toNanos(timeout);
        space.lock.lockInterruptibly();
        try {
            while (true) {
                checkAttached();
                StoredItem item = queue.waiting.pollFirst();
                if (item != null) {
                    return open(item);
                }
                if (left <= 0) {
                    throw miss();
                }
                left = queue.arrived.awaitNanos(left);
            }
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * Consumes the item this connection got with {@code ticket}: it is freed (its memory once its
     * view is released).
     *
     * @throws SpaceTimeStateException if this connection holds no item with that ticket open
     */
    public void consume(long ticket) {
        space.lock.lock();
        try {
            checkAttached();
            StoredItem item = open.remove(ticket);
            if (item == null) {
                throw new SpaceTimeStateException("input connection of thread " + thread.name() + " to queue "
                        + queue.name() + " holds no item with ticket " + ticket
                        + " open: consume only a ticket this connection got, once");
            }
            queue.consumed(item);
            space.kill(item);
            space.collect();
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * Detaches the connection.
     *
     * @throws SpaceTimeStateException if it holds items open: a queue item is consumed exactly once
     */
    public void detach() {
        space.lock.lock();
        try {
            checkNothingOpen();
            detachLocked();
            space.collect();
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * For a get that waits without a thread (a {@link SpaceTimeServer}'s): under one hold of the
     * lock, the oldest waiting item, or null with {@code onArrival} (unless null) registered for the
     * queue's next put or wake-up, so that no put falls between the miss and the registration.
     *
     * @param maxBytes the getter's room: a larger head item is not taken, and stays at the head
     * @throws BufferTooSmallException if the head item is larger than {@code maxBytes}
     */
    ItemView getOrNotify(long maxBytes, Runnable onArrival) {
        space.lock.lock();
        try {
            checkAttached();
            StoredItem item = queue.waiting.peekFirst();
            if (item == null) {
                if (onArrival != null) {
                    queue.waiters.add(onArrival);
                }
                return null;
            }
            if (item.length() > maxBytes) {
                throw new BufferTooSmallException("the next item of queue " + queue.name() + " (timestamp "
                        + item.timestamp + ", ticket " + item.ticket + ") is " + item.length() + " bytes; the buffer"
                        + " has room for " + maxBytes + " (the item stays at the head of the queue: get again into a"
                        + " buffer of at least " + item.length() + " bytes)", item.length(), maxBytes);
            }
            return open(queue.waiting.pollFirst());
        } finally {
            space.lock.unlock();
        }
    }

    /** The end of such a wait: forgets {@code onArrival} if it has not run, then gets a last time. */
    ItemView stopWaiting(long maxBytes, Runnable onArrival) throws ItemNotAvailableException {
        space.lock.lock();
        try {
            var _ = queue.waiters.remove(onArrival);
            ItemView view = getOrNotify(maxBytes, null); // the lock is reentrant
            if (view == null) {
                throw miss();
            }
            return view;
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * Consumes every item this connection holds open, for a client whose connection ended
     * ({@link SpaceTimeServer#abandonedQueueItems()}): a queue item is got once, so it is not put
     * back for another get.
     *
     * @return the tickets consumed, in ticket order (empty if none)
     */
    long[] consumeAllOpen() {
        space.lock.lock();
        try {
            long[] tickets = open.keySet().stream().mapToLong(Long::longValue).sorted().toArray();
            for (long ticket : tickets) {
                StoredItem item = open.remove(ticket);
                queue.consumed(item);
                space.kill(item);
            }
            space.collect();
            return tickets;
        } finally {
            space.lock.unlock();
        }
    }

    // ---------------------------------------------------------------- a filter's queue gets, under the lock

    /** A filter's get: the head item, taken and opened on this connection (held for its view), or null. */
    StoredItem takeForFilter() {
        checkAttached();
        StoredItem item = queue.waiting.pollFirst();
        if (item != null) {
            item.holds++;
            open.put(item.ticket, item);
        }
        return item;
    }

    /**
     * Undoes a filter's get of a {@code work()} that threw: the item goes back to the head of the
     * queue, not consumed. The caller puts a work()'s items back newest first, so they keep their order.
     */
    void untake(StoredItem item) {
        open.remove(item.ticket);
        queue.waiting.addFirst(item);
    }

    /**
     * The item this connection holds open with {@code ticket}, for a filter's consume checked at the call.
     *
     * @throws SpaceTimeStateException if it holds none
     */
    StoredItem openItem(long ticket) {
        checkAttached();
        StoredItem item = open.get(ticket);
        if (item == null) {
            throw new SpaceTimeStateException("input connection of thread " + thread.name() + " to queue "
                    + queue.name() + " holds no item with ticket " + ticket
                    + " open: consume only a ticket this connection got, once");
        }
        return item;
    }

    /** A filter's consume, made when its work() returns: checked then ({@link #openItem}), so it cannot fail. */
    void consumeOpen(long ticket) {
        StoredItem item = open.remove(ticket);
        queue.consumed(item);
        space.kill(item);
    }

    /** Items went back to the head: a blocked get, a waiting remote one or a filter's release may take them. */
    void queueWakeAll() {
        queue.wakeAll();
    }

    /** Whether a get would find an item now: a filter's trigger, and what releases it. */
    boolean hasWaitingLocked() {
        thread.checkJoined();
        return !detached && !queue.waiting.isEmpty();
    }

    // ---------------------------------------------------------------- under the lock

    void checkNothingOpen() {
        if (!open.isEmpty()) {
            throw new SpaceTimeStateException("input connection of thread " + thread.name() + " to queue "
                    + queue.name() + " still holds tickets " + open.keySet() + " open; consume them before detaching");
        }
    }

    void detachLocked() {
        if (!detached) {
            detached = true;
            thread.removeInput(this);
            queue.wakeAll();
        }
    }

    private void checkAttached() {
        thread.checkJoined();
        if (detached) {
            throw new SpaceTimeStateException("input connection of thread " + thread.name() + " to queue "
                    + queue.name() + " was used after it was detached");
        }
    }

    private ItemNotAvailableException miss() {
        return new ItemNotAvailableException("queue item", "input connection of thread " + thread.name()
                + " to queue " + queue.name() + " (the queue is empty)", ItemNotAvailableException.NONE,
                ItemNotAvailableException.NONE);
    }

    private ItemView open(StoredItem item) {
        item.holds++;
        open.put(item.ticket, item);
        return new ItemView(space, item, queue.where);
    }

    long minOpen() {
        long min = SpaceTime.INFINITY;
        for (StoredItem item : open.values()) {
            min = Math.min(min, item.timestamp);
        }
        return min;
    }

    @Override
    public String toString() {
        return "input connection of thread " + thread.name() + " to queue " + queue.name();
    }
}
