package org.streamflex.runtime.spacetime;

import java.util.ArrayList;
import java.util.List;

/**
 * The one-shot callbacks of remote gets and reads that wait without a thread on a queue or a
 * register (a {@link SpaceTimeServer}'s, on its event loop): each runs, under the space's lock, at
 * the next put, write or wake-up, and is then dropped. A callback only hands work to another thread
 * (it must not register again from {@code run()}): the retry re-checks and registers again on a miss,
 * as a condition's waiter does. Guarded by the space's lock.
 *
 * <pre>{@code
 * queue.waiters.add(waitingGet);     // under the lock, after a miss
 * queue.waiters.runAll();            // under the lock, at the next put
 * }</pre>
 */
final class Waiters {
    private final List<Runnable> waiting = new ArrayList<>();

    void add(Runnable waiter) {
        waiting.add(waiter);
    }

    /** Forgets a waiter that has not run (its wait timed out); false if it ran. */
    boolean remove(Runnable waiter) {
        return waiting.remove(waiter);
    }

    int size() {
        return waiting.size();
    }

    /** Runs every waiter and forgets them, by index and then clear: nothing allocated per put. */
    void runAll() {
        int n = waiting.size();
        for (int i = 0; i < n; i++) {
            waiting.get(i).run();
        }
        waiting.subList(0, n).clear();
    }
}
