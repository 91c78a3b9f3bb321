package org.streamflex.runtime.spacetime;

import java.util.ArrayDeque;
import java.util.TreeMap;
import java.util.concurrent.locks.Condition;

/**
 * A space-time queue (section IV-B): items got in FIFO order whatever their timestamps, each by
 * exactly one get on one connection, several items may share a timestamp and a <em>ticket</em>
 * (a number in put order) tells them apart. A gotten item must be consumed by its ticket
 * ({@link QueueInput#consume(long)}), which frees it: a queue item has an implicit reference
 * count of one. Until then its timestamp holds the collector's minimum. State guarded by the
 * space's lock; blocked gets wait on the queue's own condition.
 */
public final class SpaceTimeQueue {
    final SpaceTime space;
    private final String name;
    /** "queue NAME", for views and size errors: made once, not at every put and get. */
    final String where;
    final ArrayDeque<StoredItem> waiting = new ArrayDeque<>();
    /** How many unconsumed items (waiting or gotten) each timestamp has: the collector reads the least. */
    private final TreeMap<Long, Integer> unconsumed = new TreeMap<>();
    private long nextTicket;
    final Condition arrived;
    /** Remote gets waiting without a thread for the next put (a server's, on its event loop). */
    final Waiters waiters = new Waiters();

    SpaceTimeQueue(SpaceTime space, String name) {
        this.space = space;
        this.name = name;
        this.where = "queue " + name;
        this.arrived = space.lock.newCondition();
    }

    public String name() {
        return name;
    }

    /** Items put and not yet gotten. */
    public int waitingItems() {
        space.lock.lock();
        try {
            return waiting.size();
        } finally {
            space.lock.unlock();
        }
    }

    /** Remote gets waiting without a thread for this queue's next put: for tests. */
    int waitingGets() {
        space.lock.lock();
        try {
            return waiters.size();
        } finally {
            space.lock.unlock();
        }
    }

    // ---------------------------------------------------------------- under the lock

    long nextTicket() {
        return nextTicket++;
    }

    void add(StoredItem item) {
        waiting.addLast(item);
        unconsumed.merge(item.timestamp, 1, Integer::sum);
        arrived.signalAll(); // not signal(): the one woken could be a get that must throw (detached)
        waiters.runAll();
    }

    void consumed(StoredItem item) {
        unconsumed.compute(item.timestamp, (ts, n) -> n == 1 ? null : n - 1);
    }

    long minTimestamp() {
        return unconsumed.isEmpty() ? SpaceTime.INFINITY : unconsumed.firstKey();
    }

    void wakeAll() {
        arrived.signalAll();
        waiters.runAll();
    }

    @Override
    public String toString() {
        return name;
    }
}
