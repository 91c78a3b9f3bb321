package org.streamflex.runtime.spacetime;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.streamflex.runtime.counter.SingleWriterCounter;

/**
 * Stampede's space-time memory in one JVM: channels of timestamp-indexed items, FIFO queues and
 * full/empty registers, shared by threads that each keep a virtual time, with every item freed
 * once no current or future connection can get it. A space is one garbage-collection domain (the
 * paper's single global virtual time); two spaces are independent "virtual time zones".
 *
 * <pre>{@code
 * try (SpaceTime space = SpaceTime.create(1 << 20)) {
 *     SpaceTimeChannel frames = space.createChannel("frames");
 *     SpaceTimeThread digitizer = space.join("digitizer", 0);
 *     SpaceTimeThread tracker = space.join("tracker", SpaceTime.INFINITY);
 *     InputConnection in = tracker.attachInput(frames);
 *     OutputConnection out = digitizer.attachOutput(frames);
 *     out.put(0, new byte[] {1, 2, 3});
 *     digitizer.setVirtualTime(1);
 *     try (ItemView f = in.get(Wildcard.LATEST_UNSEEN, 1, TimeUnit.SECONDS)) {
 *         in.consumeUntil(f.timestamp());
 *     }
 *     space.reclaimedItems(); // 1
 * }
 * }</pre>
 *
 * <p><b>One lock per space.</b> Every operation on the space's channels, queues, registers and
 * threads changes state under one {@link ReentrantLock}, and each channel, queue and register has
 * its own condition on it for blocking gets. The collector's global minimum is a snapshot of every
 * thread's virtual time and every connection's unconsumed items; read channel by channel under
 * separate locks it could miss an item that moved between two channels while being read (a get on
 * one, a put of the result on another already read, then a consume), and free an item a consumer
 * has not consumed. One lock makes every operation atomic in one serial order, which is the
 * paper's put/get atomicity, and makes the minimum exact. The lock is held only for map updates:
 * a put copies its bytes into off-heap memory before taking it, and a view's reads take no lock.
 *
 * <p><b>Collection.</b> After every operation that can raise it (consume, consumeUntil, a new
 * virtual time, a detach, a thread leaving) the space recomputes the global minimum: the least of
 * every joined thread's virtual time, every queue item's timestamp, and every channel item's
 * timestamp that some input connection has not consumed. Channel items below it die. An item
 * put with a known number of consumers also dies as soon as that many consumes (on any
 * connections) have happened. A dead item's memory returns to the pool when its last view is
 * released; {@link #reclaimedItems()} and {@link #reclaimedBytes()} count it then. A space with
 * no joined thread does not collect: its next thread may join at any virtual time at or above
 * {@link #horizon()}.
 *
 * <p><b>Counters.</b> The reclaimed counts are {@link SingleWriterCounter}s written under the
 * lock (one writer at a time, handed over by the lock) and read by any thread without it.
 */
public final class SpaceTime implements AutoCloseable {
    /** The virtual time of a thread that only puts timestamps it inherits from its gets. */
    public static final long INFINITY = Long.MAX_VALUE;
    /** The consumer count of a put whose producer does not know how many will consume the item. */
    public static final int UNKNOWN_CONSUMERS = -1;

    final ReentrantLock lock = new ReentrantLock();
    final SlotPool pool;
    private final long maxItemBytes;
    private final List<SpaceTimeThread> threads = new ArrayList<>();
    private final List<SpaceTimeChannel> channels = new ArrayList<>();
    private final List<SpaceTimeQueue> queues = new ArrayList<>();
    private final List<SpaceTimeRegister> registers = new ArrayList<>();
    /** Every channel item below it has died; no put, virtual time or join may go below it. */
    private long horizon = Long.MIN_VALUE;
    private final SingleWriterCounter reclaimedItems = new SingleWriterCounter();
    private final SingleWriterCounter reclaimedBytes = new SingleWriterCounter();
    private boolean closed;
    /**
     * Whether the lock's holder is a channel put that will run what it makes ready once it unlocks
     * ({@link #armAfterPut()}): only then may a waiter defer to it rather than hand off.
     */
    private boolean deferring;
    /** What the current put made ready, in order: its first and last entry. */
    private AfterPut readyFirst;
    private AfterPut readyLast;

    private SpaceTime(long maxItemBytes) {
        this.maxItemBytes = maxItemBytes;
        this.pool = new SlotPool(maxItemBytes);
    }

    /**
     * A space whose items hold at most {@code maxItemBytes} bytes each.
     *
     * @throws IllegalArgumentException unless {@code maxItemBytes} is between 0 and 2^40
     */
    public static SpaceTime create(long maxItemBytes) {
        if (maxItemBytes < 0 || maxItemBytes > 1L << 40) {
            throw new IllegalArgumentException("maxItemBytes must be between 0 and 2^40: " + maxItemBytes);
        }
        return new SpaceTime(maxItemBytes);
    }

    public long maxItemBytes() {
        return maxItemBytes;
    }

    /** A new channel; {@code name} appears in every message about it. */
    public SpaceTimeChannel createChannel(String name) {
        lock.lock();
        try {
            checkOpen();
            SpaceTimeChannel c = new SpaceTimeChannel(this, name);
            channels.add(c);
            return c;
        } finally {
            lock.unlock();
        }
    }

    /** A new queue; {@code name} appears in every message about it. */
    public SpaceTimeQueue createQueue(String name) {
        lock.lock();
        try {
            checkOpen();
            SpaceTimeQueue q = new SpaceTimeQueue(this, name);
            queues.add(q);
            return q;
        } finally {
            lock.unlock();
        }
    }

    /** A new register, empty; {@code name} appears in every message about it. */
    public SpaceTimeRegister createRegister(String name) {
        lock.lock();
        try {
            checkOpen();
            SpaceTimeRegister r = new SpaceTimeRegister(this, name);
            registers.add(r);
            return r;
        } finally {
            lock.unlock();
        }
    }

    /**
     * A root thread of the space at {@code virtualTime}: the handle through which one Java thread
     * (at a time) attaches connections and keeps its virtual time. Children are made with
     * {@link SpaceTimeThread#spawn}.
     *
     * @throws VirtualTimeException if {@code virtualTime} is below {@link #horizon()}
     */
    public SpaceTimeThread join(String name, long virtualTime) {
        lock.lock();
        try {
            checkOpen();
            if (virtualTime < horizon) {
                throw new VirtualTimeException("thread " + name + " cannot join space-time at virtual time "
                        + virtualTime + ": everything below " + horizon + " is collected; join at " + horizon
                        + " or later");
            }
            SpaceTimeThread t = new SpaceTimeThread(this, name, virtualTime);
            threads.add(t);
            return t;
        } finally {
            lock.unlock();
        }
    }

    /** The global minimum last computed: every channel item below it has been collected. */
    public long horizon() {
        lock.lock();
        try {
            return horizon;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Items freed: dead and no longer viewed, their memory back in the pool (a slot that puts of
     * views share returns with the last of its items). Any thread, without the lock.
     */
    public long reclaimedItems() {
        return reclaimedItems.get();
    }

    /** The payload bytes of {@link #reclaimedItems()}. Any thread, without the lock. */
    public long reclaimedBytes() {
        return reclaimedBytes.get();
    }

    /** Off-heap bytes the pool has taken from its arena (live items and free slots). */
    public long reservedBytes() {
        return pool.reservedBytes();
    }

    /**
     * Frees all the space's memory and wakes every blocked get, which then throws
     * {@link SpaceTimeStateException}; views still unreleased become invalid. Idempotent. Memory a
     * {@link SpaceTimeServer} is still writing an answer from (an item's slot handed to the socket)
     * is freed when that write is done or dropped, not before.
     */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            channels.forEach(SpaceTimeChannel::wakeAll);
            queues.forEach(SpaceTimeQueue::wakeAll);
            registers.forEach(SpaceTimeRegister::wakeAll);
            pool.close();
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------- called by the package, under the lock

    boolean closedLocked() {
        return closed;
    }

    void checkOpen() {
        if (closed) {
            throw new SpaceTimeStateException("space-time used after it was closed");
        }
    }

    /** Outside the lock: checks the size and copies {@code src} into a new slot. */
    MemorySegment copyIn(String where, long timestamp, MemorySegment src) {
        long bytes = src.byteSize();
        if (bytes > maxItemBytes) {
            throw new ItemTooLargeException(where, timestamp, bytes, maxItemBytes);
        }
        MemorySegment slot = pool.take(bytes);
        MemorySegment.copy(src, 0, slot, 0, bytes);
        return slot;
    }

    /** Under the lock: the item can no longer be got; its memory goes back when no view holds it. */
    void kill(StoredItem item) {
        item.dead = true;
        freeIfUnheld(item);
    }

    private void freeIfUnheld(StoredItem item) {
        if (item.dead && item.holds == 0 && !item.freed) {
            item.freed = true;
            // A slot shared by puts of views returns once its owner and every sharer are freed.
            StoredItem owner = item.slotOwner;
            if (owner == null ? item.sharers == 0 : --owner.sharers == 0 && owner.freed) {
                pool.give(owner == null ? item.slot : owner.slot);
            }
            reclaimedItems.increment();
            reclaimedBytes.add(item.length());
        }
    }

    /** A view was released: frees a dead item's memory if that was its last view. */
    void release(StoredItem item) {
        lock.lock();
        try {
            item.holds--;
            if (!closed) {
                freeIfUnheld(item);
            }
        } finally {
            lock.unlock();
        }
    }

    void removeThread(SpaceTimeThread t) {
        threads.remove(t);
    }

    /** Recomputes the global minimum and collects every channel item below it. */
    void collect() {
        if (threads.isEmpty()) {
            return;
        }
        // Indexed loops: this runs after every consume and new virtual time, and must not allocate.
        long min = INFINITY;
        for (int i = 0; i < threads.size(); i++) {
            min = Math.min(min, threads.get(i).virtualTimeLocked());
        }
        for (int i = 0; i < queues.size(); i++) {
            min = Math.min(min, queues.get(i).minTimestamp());
        }
        for (int i = 0; i < channels.size(); i++) {
            min = Math.min(min, channels.get(i).minUnconsumed());
        }
        if (min > horizon) {
            horizon = min;
            for (int i = 0; i < channels.size(); i++) {
                channels.get(i).collectBelow(min);
            }
        }
    }

    /** A put is about to run under the lock and will run {@link #takeAfterPut()}'s list after it unlocks. */
    void armAfterPut() {
        deferring = true;
    }

    /** Whether a waiter running now may {@link #defer} to the lock's holder. */
    boolean deferring() {
        return deferring;
    }

    /** Appends {@code entry} to what the current put runs after it unlocks; only while {@link #deferring()}. */
    void defer(AfterPut entry) {
        if (readyLast == null) {
            readyFirst = entry;
        } else {
            readyLast.nextAfterPut = entry;
        }
        readyLast = entry;
    }

    /** Ends the put's deferring and hands its list (or null) to the putting thread, still under the lock. */
    AfterPut takeAfterPut() {
        AfterPut first = readyFirst;
        readyFirst = null;
        readyLast = null;
        deferring = false;
        return first;
    }

    long horizonLocked() {
        return horizon;
    }
}
