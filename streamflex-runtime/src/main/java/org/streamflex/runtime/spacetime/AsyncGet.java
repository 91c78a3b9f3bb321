package org.streamflex.runtime.spacetime;

/**
 * An input connection's get without a thread ({@link InputConnection#getAsync}): registered with
 * the channel until the put of its timestamp, whose thread opens the item under the space's lock
 * (so that nothing collects it meanwhile) and, once unlocked, runs the handler with it
 * ({@link AfterPut}). One per connection, made once and used again, so a relay that gets every
 * item this way allocates no more than a blocking get does (the view).
 *
 * <pre>{@code
 * ItemView now = asyncGet.startLocked(ts, handler); // under the lock; null: registered for the put
 * // unlocked: if (now != null) asyncGet.handle(handler, now);
 * }</pre>
 *
 * <p>Its fields are read and written under the space's lock only; {@link #afterPut()} takes the
 * lock to take the item and handler over.
 */
final class AsyncGet extends AfterPut implements Runnable {
    private static final System.Logger LOG = System.getLogger("org.streamflex.runtime");

    private final SpaceTime space;
    private final InputConnection input;
    private long timestamp;
    private ItemHandler handler;
    /** Registered with the channel: waiting for the put. */
    private boolean registered;
    /** Deferred to a put's thread, which has not yet taken the item and handler over. */
    private boolean deferred;
    private ItemView ready;
    private long handlerFailures;

    AsyncGet(SpaceTime space, InputConnection input) {
        this.space = space;
        this.input = input;
    }

    /**
     * Starts a get of {@code ts}: the item's view if it is there (the caller runs the handler), or
     * null with the get registered for its put.
     *
     * @throws SpaceTimeStateException if a get of this connection's is under way
     */
    ItemView startLocked(long ts, ItemHandler h) {
        if (registered || deferred) {
            throw new SpaceTimeStateException("input connection of " + input.describe() + " already has an"
                    + " asynchronous get of timestamp " + timestamp + " under way: one at a time (cancel it with"
                    + " cancelGetAsync(), or start the next from its handler)");
        }
        ItemView now = input.getOrNotify(ts, null, this);
        if (now == null) {
            timestamp = ts;
            handler = h;
            registered = true;
        }
        return now;
    }

    /** Forgets a get still waiting for its put; false if there is none. */
    boolean cancelLocked() {
        if (!registered) {
            return false;
        }
        var _ = input.channel().removeWaiter(this);
        registered = false;
        handler = null;
        return true;
    }

    long handlerFailuresLocked() {
        return handlerFailures;
    }

    /**
     * The channel's waiter, run under the lock at a put or wake-up (it was removed from the
     * channel's list): a put of its timestamp opens the item and defers the handler to the put's
     * thread; anything else registers again, unless the connection can no longer get (detached,
     * its thread gone, the space closed), which ends the get without the handler.
     */
    @Override
    public void run() {
        registered = false;
        if (!input.usableLocked()) {
            handler = null;
            return;
        }
        ItemView view = space.deferring() ? input.openIfAvailableLocked(timestamp) : null;
        if (view == null) {
            // Not this timestamp, or a wake-up: registering again from here is kept (added after the
            // waiters being run). A wake-up cannot bring the item: only a put does, and puts defer.
            input.channel().addWaiter(this);
            registered = true;
            return;
        }
        ready = view;
        deferred = true;
        space.defer(this);
    }

    @Override
    void afterPut() {
        ItemView view;
        ItemHandler h;
        space.lock.lock();
        try {
            view = ready;
            h = handler;
            ready = null;
            handler = null;
            deferred = false; // from here the handler may start the connection's next get
        } finally {
            space.lock.unlock();
        }
        handle(h, view);
    }

    /** Runs {@code h} with {@code view}: a handler that throws has its view released and is counted. */
    void handle(ItemHandler h, ItemView view) {
        try {
            h.onItem(view);
        } catch (RuntimeException e) {
            view.close();
            space.lock.lock();
            try {
                handlerFailures++;
            } finally {
                space.lock.unlock();
            }
            LOG.log(System.Logger.Level.WARNING, "the handler of the asynchronous get of timestamp "
                    + view.timestamp() + " by " + input.describe() + " threw; its item was released", e);
        }
    }
}
