package org.streamflex.runtime.spacetime;

import java.util.concurrent.locks.Condition;
import java.util.function.BooleanSupplier;
import org.streamflex.runtime.clock.ClockBackend;

/**
 * The backend of a free-running clock that releases a {@link SpaceTimeFilter} when an item
 * arrives on a channel or queue it reads, instead of back to back ({@link SpaceTimeFilters#releaseOnPut}).
 * Before each release the clock's thread waits on the channel's or queue's condition, the one
 * blocked gets wait on, until the filter's connection has an item to get.
 *
 * <p><b>No lost wake-up.</b> The check and the wait are one hold of the space's lock, and every
 * put signals the condition under that lock: a put cannot fall between the check that found
 * nothing and the wait, because it needs the lock the waiter releases only by starting to wait. A
 * stop wakes the thread the same way ({@link #wake}: the condition signalled under the lock, after
 * the graph's running flag turned false), since a parked condition wait ignores a bare unpark.
 *
 * <pre>{@code
 * ClockBackend backend = new SpaceTimeRelease(space, channel.arrived, () -> in.hasUnseenLocked(), "channel frames");
 * }</pre>
 */
final class SpaceTimeRelease implements ClockBackend {
    private final SpaceTime space;
    private final Condition arrived;
    /** Under the space's lock: whether the filter's connection has an item to get. */
    private final BooleanSupplier available;
    private final String what;
    /** A test's look at the moment between the check that found nothing and the wait; null otherwise. */
    private final Runnable beforeWait;

    SpaceTimeRelease(SpaceTime space, Condition arrived, BooleanSupplier available, String what,
            Runnable beforeWait) {
        this.space = space;
        this.arrived = arrived;
        this.available = available;
        this.what = what;
        this.beforeWait = beforeWait;
    }

    @Override
    public Thread newThread(String name, Runnable body) {
        return new Thread(body, name);
    }

    @Override
    public Entered enter() {
        return Entered.applied("space-time: normal thread, released by a put on " + what);
    }

    /** Never called for a free-running clock; a deadline means nothing here. */
    @Override
    public boolean awaitNanos(long deadline, BooleanSupplier running) {
        return running.getAsBoolean();
    }

    /**
     * Waits until the filter's connection has an item to get, or the graph stops.
     *
     * @return false if the graph stopped; true at once if the space is closed (the release's get
     *     then throws, and the filter's failure policy decides)
     */
    @Override
    public boolean awaitRelease(BooleanSupplier running) {
        space.lock.lock();
        try {
            while (running.getAsBoolean()) {
                if (space.closedLocked() || available.getAsBoolean()) {
                    return true;
                }
                if (beforeWait != null) {
                    beforeWait.run();
                }
                arrived.awaitUninterruptibly();
            }
            return false;
        } finally {
            space.lock.unlock();
        }
    }

    @Override
    public void wake(Thread thread) {
        space.lock.lock();
        try {
            arrived.signalAll();
        } finally {
            space.lock.unlock();
        }
    }

    @Override
    public String toString() {
        return "released by a put on " + what;
    }
}
