package org.streamflex.runtime.spacetime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;

/**
 * A space-time channel: items indexed by timestamp, at most one per timestamp, put in any order
 * through {@link OutputConnection}s and got by timestamp or {@link Wildcard} through
 * {@link InputConnection}s, each of which consumes items on its own. Made by
 * {@link SpaceTime#createChannel}; its state is guarded by the space's lock (see
 * {@link SpaceTime} for why one lock), its blocked gets wait on its own condition.
 *
 * <p>Items stay in the index after they die by reference count (memory freed, no longer got), so a
 * second put at their timestamp is still refused; the collector removes everything below the
 * global minimum.
 */
public final class SpaceTimeChannel {
    final SpaceTime space;
    private final String name;
    /** "channel NAME", for views and size errors: made once, not at every put and get. */
    final String where;
    /** By timestamp: a primitive-keyed ring, so that a put in order and the collection allocate nothing. */
    final TimestampIndex<StoredItem> items = new TimestampIndex<>();
    private final List<InputConnection> inputs = new ArrayList<>();
    final Condition arrived;
    /**
     * One-shot callbacks of gets that wait without a thread (a {@link SpaceTimeServer}'s, on its
     * event loop): run, under the lock, at the next put or wake-up, then dropped.
     */
    private final List<Runnable> waiters = new ArrayList<>();

    SpaceTimeChannel(SpaceTime space, String name) {
        this.space = space;
        this.name = name;
        this.where = "channel " + name;
        this.arrived = space.lock.newCondition();
    }

    public String name() {
        return name;
    }

    /** Items any connection may still get (alive, not yet collected). */
    public int liveItems() {
        space.lock.lock();
        try {
            int n = 0;
            for (int i = 0; i < items.size(); i++) {
                n += items.valueAt(i).dead ? 0 : 1;
            }
            return n;
        } finally {
            space.lock.unlock();
        }
    }

    /** Gets waiting without a thread for this channel's next put (a server's remote gets): for tests. */
    int waitingGets() {
        space.lock.lock();
        try {
            return waiters.size();
        } finally {
            space.lock.unlock();
        }
    }

    // ---------------------------------------------------------------- under the lock

    InputConnection attachInput(SpaceTimeThread thread, long visibility) {
        InputConnection c = new InputConnection(space, this, thread);
        for (int i = 0; i < items.size() && items.keyAt(i) < visibility; i++) {
            c.consumeImplicitly(items.keyAt(i));
        }
        inputs.add(c);
        return c;
    }

    void removeInput(InputConnection c) {
        inputs.remove(c);
    }

    void put(OutputConnection out, SpaceTimeThread thread, long timestamp, StoredItem item) {
        checkPut(out, thread, timestamp, thread.visibilityLocked());
        var _ = items.put(timestamp, item); // checkPut refused a duplicate
        arrived.signalAll(); // waiters want different timestamps: each checks its own
        notifyWaiters();
    }

    /**
     * Whether a put at {@code timestamp} by {@code thread} at visibility {@code v} may be made now.
     *
     * @throws VirtualTimeException if {@code timestamp} is below {@code v} or the horizon
     * @throws DuplicateTimestampException if the channel has an item at {@code timestamp}
     */
    void checkPut(OutputConnection out, SpaceTimeThread thread, long timestamp, long v) {
        thread.checkJoined();
        out.checkAttached();
        if (timestamp < v || timestamp < space.horizonLocked()) {
            throw new VirtualTimeException("thread " + thread.name() + " cannot put at timestamp " + timestamp
                    + " on channel " + name + ": a put's timestamp must be at least the thread's visibility, "
                    + Math.max(v, space.horizonLocked()) + " (its virtual time, or the oldest item it holds open)");
        }
        if (items.contains(timestamp)) {
            throw new DuplicateTimestampException(name, timestamp);
        }
    }

    /**
     * Runs {@code waiter} at the next put or wake-up, once, under the lock: it must only hand work
     * on (to another thread, or to the putting thread once unlocked: {@link AfterPut}), or register
     * again.
     */
    void addWaiter(Runnable waiter) {
        waiters.add(waiter);
    }

    /** Forgets a waiter that has not run (its get timed out or its session ended); false if it ran. */
    boolean removeWaiter(Runnable waiter) {
        return waiters.remove(waiter);
    }

    /**
     * Runs every waiter and forgets them, by index and then clear, allocating nothing: each re-checks
     * its own get (as a condition's waiters do) and registers again on a miss, either later from
     * its own thread or from {@code run()} itself ({@link AsyncGet}): that registration is added
     * after the {@code n} being run, so the clear keeps it.
     */
    private void notifyWaiters() {
        int n = waiters.size();
        for (int i = 0; i < n; i++) {
            waiters.get(i).run();
        }
        waiters.subList(0, n).clear();
    }

    long minUnconsumed() {
        long min = SpaceTime.INFINITY;
        for (int i = 0; i < inputs.size(); i++) {
            min = Math.min(min, inputs.get(i).minUnconsumed());
        }
        return min;
    }

    /**
     * Removes every item below {@code min}, oldest first: a step of the index's head each, so that
     * the collection after every consume allocates nothing.
     */
    void collectBelow(long min) {
        while (!items.isEmpty() && items.firstKey() < min) {
            StoredItem item = items.removeFirst();
            if (!item.dead) {
                space.kill(item);
            }
        }
        for (int i = 0; i < inputs.size(); i++) {
            inputs.get(i).forgetBelow(min);
        }
    }

    void wakeAll() {
        arrived.signalAll();
        notifyWaiters();
    }

    @Override
    public String toString() {
        return name;
    }
}
