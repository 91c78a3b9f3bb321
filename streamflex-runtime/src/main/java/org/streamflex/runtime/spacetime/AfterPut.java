package org.streamflex.runtime.spacetime;

/**
 * Work a channel put makes ready under the space's lock that the putting thread runs itself once
 * it has released the lock: a get waiting without a thread whose item the put brought
 * ({@link AsyncGet}, or a {@link WaitingGet} when the put runs on that get's event loop). Run on
 * the put's own thread, it needs no wake-up of another thread; run after the unlock, it may take
 * the lock again (put, consume) and holds up no other thread's operation.
 *
 * <pre>{@code
 * // under the lock, in a channel's waiter:
 * if (space.deferring()) { space.defer(this); }
 * // the put, once unlocked:
 * AfterPut.runAll(ready);
 * }</pre>
 *
 * <p>Entries link through {@link #nextAfterPut}, written only under the lock while the entry is in
 * {@link SpaceTime}'s list and by the one thread that took the list: a put makes no list node.
 */
abstract class AfterPut {
    /** The next entry of the list this one is in, or null. */
    AfterPut nextAfterPut;

    /** Runs on the putting thread, outside the space's lock; must not block. */
    abstract void afterPut();

    /** Runs every entry of a list {@link SpaceTime#takeAfterPut()} gave, in the order they were made ready. */
    static void runAll(AfterPut first) {
        AfterPut next = first;
        while (next != null) {
            AfterPut entry = next;
            next = entry.nextAfterPut;
            entry.nextAfterPut = null;
            entry.afterPut();
        }
    }
}
