package org.streamflex.runtime.spacetime;

import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A thread's input connection to a channel ({@link SpaceTimeThread#attachInput(SpaceTimeChannel)}).
 * Each item is, on this connection, <em>unseen</em>, <em>open</em> (gotten, not consumed) or
 * <em>consumed</em>; gets return only unconsumed items, and every item must eventually be
 * consumed here (one by one, or up to a timestamp) for the collector to pass it.
 *
 * <pre>{@code
 * InputConnection in = tracker.attachInput(frames);
 * try (ItemView frame = in.get(Wildcard.LATEST_UNSEEN, 1, TimeUnit.SECONDS)) {
 *     out.put(frame.timestamp(), detect(frame));
 *     in.consumeUntil(frame.timestamp()); // also every older frame, gotten or skipped
 * } catch (ItemNotAvailableException none) {
 *     // nothing new within a second: none.below() and none.above() say what there is
 * }
 * }</pre>
 *
 * <p>Consumed state is a watermark (everything below {@code consumedBelow}, set by
 * {@link #consumeUntil}; later puts below it arrive consumed) plus the single timestamps consumed
 * above it. The watermark also rises to the collector's minimum, below which no item can be put
 * again, and a consume of the watermark's own timestamp moves it on by one: so consuming in
 * timestamp order keeps the set empty. Single timestamps below the minimum are forgotten.
 */
public final class InputConnection {
    private final SpaceTime space;
    private final SpaceTimeChannel channel;
    private final SpaceTimeThread thread;
    private long consumedBelow = Long.MIN_VALUE;
    private final TimestampIndex<Void> consumed = new TimestampIndex<>();
    private final TimestampIndex<Void> open = new TimestampIndex<>();
    private boolean detached;
    /** This connection's get without a thread, made at its first {@link #getAsync}. */
    private AsyncGet asyncGet;

    SpaceTimeChannel channel() {
        return channel;
    }

    InputConnection(SpaceTime space, SpaceTimeChannel channel, SpaceTimeThread thread) {
        this.space = space;
        this.channel = channel;
        this.thread = thread;
    }

    /**
     * The item at {@code timestamp}, without waiting.
     *
     * @throws ItemNotAvailableException if the channel has no item there that this connection has
     *     not consumed; it names the neighbouring timestamps
     */
    public ItemView get(long timestamp) throws ItemNotAvailableException {
        space.lock.lock();
        try {
            checkAttached();
            StoredItem item = find(timestamp, null);
            if (item == null) {
                throw miss(timestamp, null);
            }
            return open(item);
        } finally {
            space.lock.unlock();
        }
    }

    /** The item {@code wildcard} selects, without waiting: see {@link #get(long)}. */
    public ItemView get(Wildcard wildcard) throws ItemNotAvailableException {
        space.lock.lock();
        try {
            checkAttached();
            StoredItem item = find(0, wildcard);
            if (item == null) {
                throw miss(0, wildcard);
            }
            return open(item);
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * The item at {@code timestamp}, waiting up to {@code timeout} for a put of it.
     *
     * @throws ItemNotAvailableException if there is none when the timeout elapses
     * @throws SpaceTimeStateException if the connection is detached or the space closed meanwhile
     */
    public ItemView get(long timestamp, long timeout, TimeUnit unit)
            throws ItemNotAvailableException, InterruptedException {
        return await(timestamp, null, unit.toNanos(timeout));
    }

    /** The item {@code wildcard} selects, waiting up to {@code timeout}: see {@link #get(long, long, TimeUnit)}. */
    public ItemView get(Wildcard wildcard, long timeout, TimeUnit unit)
            throws ItemNotAvailableException, InterruptedException {
        return await(0, wildcard, unit.toNanos(timeout));
    }

    private ItemView await(long timestamp, Wildcard wildcard, long nanos)
            throws ItemNotAvailableException, InterruptedException {
        long left = nanos;
        space.lock.lockInterruptibly();
        try {
            while (true) {
                checkAttached();
                StoredItem item = find(timestamp, wildcard);
                if (item != null) {
                    return open(item);
                }
                if (left <= 0) {
                    throw miss(timestamp, wildcard);
                }
                left = channel.arrived.awaitNanos(left);
            }
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * Gets the item at {@code timestamp} without a thread waiting for it: {@code handler} runs with
     * it at once on this thread if the channel has it, or else on the thread of the put that brings
     * it, once that put has released the space's lock: the producer's own thread for a local put, a
     * {@link SpaceTimeServer}'s event loop for a remote one, so that handing the item on (a relay's
     * put, whose own waiting gets that loop then answers) wakes no other thread. The item is opened
     * on this connection at the put, under the lock, as a get opens it: the collector cannot take it
     * before the handler runs, and the handler releases the view and consumes the item as after any
     * get. The handler must not block ({@link ItemHandler}); it may start this connection's next
     * {@code getAsync}. There is no timeout: {@link #cancelGetAsync()} ends a get still waiting, and
     * so do a detach, the thread's leave and the space's close (the handler then never runs).
     *
     * <pre>{@code
     * ItemHandler relay = new ItemHandler() {
     *     public void onItem(ItemView item) {
     *         try (item) { out.put(item.timestamp(), item); }
     *         in.consume(item.timestamp());
     *         in.getAsync(item.timestamp() + 1, this);   // the next one, on whichever thread puts it
     *     }
     * };
     * in.getAsync(0, relay);
     * }</pre>
     *
     * @throws SpaceTimeStateException if the connection is detached, its thread left, or an
     *     asynchronous get of this connection's is still under way (one at a time)
     */
    public void getAsync(long timestamp, ItemHandler handler) {
        Objects.requireNonNull(handler, "handler");
        ItemView now;
        space.lock.lock();
        try {
            checkAttached();
            if (asyncGet == null) {
                asyncGet = new AsyncGet(space, this);
            }
            now = asyncGet.startLocked(timestamp, handler);
        } finally {
            space.lock.unlock();
        }
        if (now != null) {
            asyncGet.handle(handler, now);
        }
    }

    /** Ends this connection's {@link #getAsync} still waiting for its put; false if none was waiting. */
    public boolean cancelGetAsync() {
        space.lock.lock();
        try {
            return asyncGet != null && asyncGet.cancelLocked();
        } finally {
            space.lock.unlock();
        }
    }

    /** Handlers of {@link #getAsync} that threw (each logged at WARNING, its item's view released). */
    public long asyncHandlerFailures() {
        space.lock.lock();
        try {
            return asyncGet == null ? 0 : asyncGet.handlerFailuresLocked();
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * For a get that waits without a thread: under one hold of the lock, the item, or null with
     * {@code onArrival} (unless null) registered to run at the channel's next put or wake-up
     * (detach, close), so that no put can fall between the miss and the registration. The caller
     * re-checks then.
     *
     * @throws SpaceTimeStateException if the connection is detached or its thread left
     */
    ItemView getOrNotify(long timestamp, Wildcard wildcard, Runnable onArrival) {
        space.lock.lock();
        try {
            checkAttached();
            StoredItem item = find(timestamp, wildcard);
            if (item != null) {
                return open(item);
            }
            if (onArrival != null) {
                channel.addWaiter(onArrival);
            }
            return null;
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * The end of such a wait: forgets {@code onArrival} if it has not run, then gets as
     * {@link #get(long)} or {@link #get(Wildcard)} do, the miss naming the neighbours.
     */
    ItemView stopWaiting(long timestamp, Wildcard wildcard, Runnable onArrival) throws ItemNotAvailableException {
        space.lock.lock();
        try {
            var _ = channel.removeWaiter(onArrival);
            return wildcard == null ? get(timestamp) : get(wildcard); // the lock is reentrant
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * Marks the item at {@code timestamp} consumed on this connection (open or unseen).
     *
     * @throws SpaceTimeStateException if the channel has no such item this connection could consume
     */
    public void consume(long timestamp) {
        space.lock.lock();
        try {
            checkAttached();
            consumeItem(consumable(timestamp));
            space.collect();
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * Marks every item up to and including {@code timestamp} consumed on this connection, gotten
     * or not, and every item put there later.
     */
    public void consumeUntil(long timestamp) {
        space.lock.lock();
        try {
            checkAttached();
            if (timestamp < consumedBelow) {
                return; // already consumed up to there
            }
            TimestampIndex<StoredItem> items = channel.items;
            for (int i = items.ceiling(consumedBelow); i < items.size() && items.keyAt(i) <= timestamp; i++) {
                StoredItem item = items.valueAt(i);
                if (!item.dead && !consumed.contains(item.timestamp)) {
                    countConsume(item);
                }
            }
            long below = timestamp == Long.MAX_VALUE ? Long.MAX_VALUE : timestamp + 1;
            consumedBelow = Math.max(consumedBelow, below);
            consumed.removeBelow(consumedBelow);
            space.collect();
        } finally {
            space.lock.unlock();
        }
    }

    /** Detaches: its unconsumed items no longer hold the collector back; its views stay valid. */
    public void detach() {
        space.lock.lock();
        try {
            detachLocked();
            space.collect();
        } finally {
            space.lock.unlock();
        }
    }

    // ---------------------------------------------------------------- under the lock

    /**
     * The live item at {@code timestamp} this connection has not consumed.
     *
     * @throws SpaceTimeStateException if there is none
     */
    StoredItem consumable(long timestamp) {
        StoredItem item = channel.items.get(timestamp);
        if (item == null || item.dead || isConsumed(item)) {
            throw new SpaceTimeStateException("input connection of thread " + thread.name() + " to channel "
                    + channel.name() + " cannot consume timestamp " + timestamp + ": "
                    + (item == null || item.dead ? "the channel has no item there"
                            : "it is already consumed on this connection"));
        }
        return item;
    }

    private void consumeItem(StoredItem item) {
        if (item.timestamp == consumedBelow) {
            consumedBelow++; // the watermark's next timestamp: no set entry for it
        } else {
            var _ = consumed.put(item.timestamp, null);
        }
        countConsume(item);
    }

    /**
     * A filter's consume, checked when {@code work()} called it and made when it returns: an item
     * that died meanwhile (its declared consumers all consumed it) needs no consume any more.
     */
    void consumeIfLive(long timestamp) {
        StoredItem item = channel.items.get(timestamp);
        if (item != null && !item.dead && !isConsumed(item)) {
            consumeItem(item);
        }
    }

    /** A filter's get: the item, held for a view, or null; {@link #markOpen} then opens it. */
    StoredItem holdForFilter(long timestamp, Wildcard wildcard) {
        checkAttached();
        StoredItem item = find(timestamp, wildcard);
        if (item != null) {
            item.holds++;
        }
        return item;
    }

    /**
     * Whether the connection has an item {@link Wildcard#LATEST_UNSEEN} would find (neither got
     * nor consumed): a filter's trigger, and what releases it. False once detached.
     *
     * @throws SpaceTimeStateException if the space is closed or the thread left
     */
    boolean hasUnseenLocked() {
        thread.checkJoined();
        return !detached && find(0, Wildcard.LATEST_UNSEEN) != null;
    }

    /** Opens {@code item} on this connection; false if it was open already (an earlier get). */
    boolean markOpen(StoredItem item) {
        return open.put(item.timestamp, null);
    }

    /** Undoes the get of a {@code work()} that threw: the item is unseen again, unless consumed. */
    void unopen(StoredItem item) {
        var _ = open.remove(item.timestamp);
    }

    void detachLocked() {
        if (!detached) {
            detached = true;
            open.clear();
            channel.removeInput(this);
            thread.removeInput(this);
            channel.wakeAll(); // a get blocked on this connection must see it detached
        }
    }

    /** Whether a get could be made now: attached, its thread joined, the space open. */
    boolean usableLocked() {
        return !detached && !thread.leftLocked() && !space.closedLocked();
    }

    /** The live item at {@code timestamp} this connection has not consumed, opened, or null. */
    ItemView openIfAvailableLocked(long timestamp) {
        StoredItem item = find(timestamp, null);
        return item == null ? null : open(item);
    }

    /** "thread NAME to channel NAME", for messages. */
    String describe() {
        return "thread " + thread.name() + " to channel " + channel.name();
    }

    private void checkAttached() {
        thread.checkJoined();
        if (detached) {
            throw new SpaceTimeStateException("input connection of thread " + thread.name() + " to channel "
                    + channel.name() + " was used after it was detached");
        }
    }

    private boolean isConsumed(StoredItem item) {
        return item.timestamp < consumedBelow || consumed.contains(item.timestamp);
    }

    private boolean available(StoredItem item) {
        return !item.dead && !isConsumed(item);
    }

    private void countConsume(StoredItem item) {
        var _ = open.remove(item.timestamp);
        if (item.consumersLeft > 0 && --item.consumersLeft == 0) {
            space.kill(item);
        }
    }

    void consumeImplicitly(long timestamp) {
        var _ = consumed.put(timestamp, null);
    }

    private StoredItem find(long timestamp, Wildcard wildcard) {
        if (wildcard == null) {
            StoredItem item = channel.items.get(timestamp);
            return item != null && available(item) ? item : null;
        }
        TimestampIndex<StoredItem> items = channel.items;
        int from = items.ceiling(consumedBelow);
        if (wildcard == Wildcard.OLDEST) {
            for (int i = from; i < items.size(); i++) {
                if (available(items.valueAt(i))) {
                    return items.valueAt(i);
                }
            }
            return null;
        }
        for (int i = items.size() - 1; i >= from; i--) {
            StoredItem item = items.valueAt(i);
            if (available(item) && (wildcard != Wildcard.LATEST_UNSEEN || !open.contains(item.timestamp))) {
                return item;
            }
        }
        return null;
    }

    /**
     * A miss with the paper's timestamp range: for a timestamp, the nearest items around it this
     * connection could get; for a wildcard, the oldest and newest such items (a LATEST_UNSEEN miss
     * may still have open items to report).
     */
    private ItemNotAvailableException miss(long timestamp, Wildcard wildcard) {
        TimestampIndex<StoredItem> items = channel.items;
        // For a timestamp, the nearest below and above it; for a wildcard, the oldest and the newest.
        int down = wildcard == null ? items.ceiling(timestamp) - 1 : items.size() - 1;
        int up = wildcard == null ? items.higher(timestamp) : 0;
        long below = wildcard == null ? firstAvailable(down, -1) : firstAvailable(up, 1);
        long above = wildcard == null ? firstAvailable(up, 1) : firstAvailable(down, -1);
        String what = wildcard == null ? "timestamp " + timestamp : wildcard + " item";
        return new ItemNotAvailableException(what, "input connection of thread " + thread.name() + " to channel "
                + channel.name(), below, above);
    }

    private long firstAvailable(int from, int step) {
        TimestampIndex<StoredItem> items = channel.items;
        for (int i = from; i >= 0 && i < items.size(); i += step) {
            if (available(items.valueAt(i))) {
                return items.keyAt(i);
            }
        }
        return ItemNotAvailableException.NONE;
    }

    private ItemView open(StoredItem item) {
        item.holds++;
        var _ = open.put(item.timestamp, null);
        return new ItemView(space, item, channel.where);
    }

    long minOpen() {
        return open.isEmpty() ? SpaceTime.INFINITY : open.firstKey();
    }

    /**
     * The oldest item this connection has not consumed, walked key by key from the watermark: no map
     * view or iterator, since the collector calls it after every consume.
     */
    long minUnconsumed() {
        TimestampIndex<StoredItem> items = channel.items;
        for (int i = items.ceiling(consumedBelow); i < items.size(); i++) {
            if (available(items.valueAt(i))) {
                return items.keyAt(i);
            }
        }
        return SpaceTime.INFINITY;
    }

    /**
     * The collector passed {@code min}: nothing can be put below it any more, so the watermark may
     * rise to it (which lets a consume in timestamp order move the watermark instead of adding to
     * the set), and the consumed timestamps below it are dropped, oldest first, without a view.
     */
    void forgetBelow(long min) {
        consumedBelow = Math.max(consumedBelow, min);
        consumed.removeBelow(min);
    }
}
