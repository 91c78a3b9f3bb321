package org.streamflex.runtime.channel;

import org.streamflex.ChannelUnderflowException;
import org.streamflex.runtime.flight.Flight;

/**
 * A fixed-size single-producer single-consumer ring with transactional put and take: the storage
 * behind every channel. {@link LongRing} and {@link CapsuleRing} add the slot array; this class
 * owns the indices, which is everything that is ordered between the two threads.
 *
 * <p>The producer writes slots past the published {@code tail} and publishes them all at once
 * when its {@code work()} returns ({@link #publishPuts()}); the consumer reads slots from
 * {@code pendingHead} and frees them all at once when its {@code work()} returns
 * ({@link #publishTakes()}). Until then each side can roll back by resetting its pending index.
 * A put is accepted only if its slot is free against the consumer's published head; since the
 * head only moves forward before the put is published, an accepted put is always published if
 * the {@code work()} completes, and a refused one is dropped and counted then.
 *
 * <p>Indices are positions in the stream (never wrapped); the slot is {@code index & mask}.
 *
 * <p><b>Memory ordering.</b> Every access to a field the other side reads goes through an accessor
 * declared next to the field (in {@code SpscRingProducerFields} or {@code SpscRingConsumerFields}),
 * named as in JCTools: {@code lv} loads with acquire ("load volatile"), {@code lp} loads plain,
 * {@code so} stores with release ("store ordered"). Each of {@code tail}, {@code head} and
 * {@code dropped} has one writer, which reads its own field with {@code lp} and publishes it with
 * {@code so}; any other thread reads it with {@code lv}. So the slots the producer wrote before
 * {@code soTail} are visible to a consumer whose {@code lvTail} sees the new tail, and the
 * consumer's reads of the slots it frees happen before the producer, having seen the new head with
 * {@code lvHead}, overwrites them. A confined ring (both ends on one thread) reads the other side's
 * index with {@code lp}: program order is enough there, and plain loads let the JIT keep the hot
 * loop in registers.
 *
 * <p><b>Layout.</b> The producer's fields, the consumer's fields and the read-only fields are
 * separated by 128 bytes of padding (by class hierarchy, as in JCTools), so a put on one thread
 * never invalidates the cache lines a take on another thread reads. 128 rather than 64 bytes
 * because x86 cores prefetch adjacent cache lines in pairs. Rings that stay on one thread carry the
 * padding too: one class for both keeps every ring call monomorphic.
 */
public abstract class SpscRing extends SpscRingFields {
    /** The channel's fixed capacity, as connected. */
    protected final int capacity;
    /** Slot mask: the storage length is the next power of two at or above the capacity. */
    protected final int mask;
    private final String name;
    /** Both ends run on one thread (one clock reaches both filters): see the class comment. */
    private boolean confined;

    protected SpscRing(int capacity, String name) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
        this.mask = storageLength(capacity) - 1;
        this.name = name;
    }

    /** The storage length for a capacity: the next power of two at or above it. */
    protected static int storageLength(int capacity) {
        return capacity == 1 ? 1 : Integer.highestOneBit(capacity - 1) << 1;
    }

    /** Declares that producer and consumer always run on the same thread. Call before the graph runs. */
    public final void confine() {
        confined = true;
    }

    public final boolean confined() {
        return confined;
    }

    public final String name() {
        return name;
    }

    public final int capacity() {
        return capacity;
    }

    // ---------------------------------------------------------------- producer side

    /**
     * Reserves the next pending slot for a put.
     *
     * @return the stream index to write, or -1 if the ring is full (the put is counted as dropped)
     */
    protected final long reservePut() {
        long index = pendingTail;
        if (index - headCache >= capacity) {
            headCache = confined ? lpHead() : lvHead();
            if (index - headCache >= capacity) {
                pendingDrops++;
                return -1;
            }
        }
        pendingTail = index + 1;
        return index;
    }

    /**
     * Reserves up to {@code count} consecutive slots for puts; the ones that do not fit are
     * counted as dropped, as single puts would be.
     *
     * @return the number reserved, starting at the stream index {@link #pendingTail()} had before
     */
    protected final int reservePuts(int count) {
        long index = pendingTail;
        long free = capacity - (index - headCache);
        if (free < count) {
            headCache = confined ? lpHead() : lvHead();
            free = capacity - (index - headCache);
        }
        int reserved = (int) Math.min(count, free);
        pendingTail = index + reserved;
        pendingDrops += count - reserved;
        return reserved;
    }

    /**
     * Whether the producer can put {@code items} more in its current transaction without a drop:
     * answered from the head it last read when that shows the room, which keeps the consumer's
     * line out of the producer's cache.
     */
    public final boolean hasRoomFor(long items) {
        return capacity - (pendingTail - headCache) >= items || free() >= items;
    }

    /**
     * Items the producer can still put in its current transaction without a drop: what a fused
     * task reads once to know how many runs of a filter the channel has room for.
     */
    public final int free() {
        long head = confined ? lpHead() : lvHead();
        headCache = head;
        return (int) (capacity - (pendingTail - head));
    }

    /** First stream index the current transaction put (published tail). */
    protected final long publishedTail() {
        return lpTail();
    }

    /** One past the last stream index the current transaction put. */
    protected final long pendingTail() {
        return pendingTail;
    }

    /** Makes the current transaction's puts visible to the consumer and counts its drops. */
    public void publishPuts() {
        long pending = pendingTail;
        if (pending != lpTail()) {
            soTail(pending);
        }
        int drops = pendingDrops;
        if (drops != 0) {
            pendingDrops = 0;
            soDropped(lpDropped() + drops);
            Flight.drop(name, capacity, drops, lpDropped());
        }
    }

    /** Forgets the current transaction's puts and drops. */
    public void rollbackPuts() {
        pendingTail = lpTail();
        pendingDrops = 0;
    }

    // ---------------------------------------------------------------- consumer side

    /** The stream index of the next take, advancing past it. */
    protected final long reserveTake() {
        long index = pendingHead;
        if (index >= tailCache) {
            tailCache = confined ? lpTail() : lvTail();
            if (index >= tailCache) {
                throw emptyOnTake();
            }
        }
        pendingHead = index + 1;
        return index;
    }

    /** Takes {@code count} available items at once, returning the stream index of the first. */
    protected final long reserveTakes(int count) {
        long index = pendingHead;
        pendingHead = index + count;
        return index;
    }

    /** Throws the channel's underflow error unless {@code count} items are available. */
    protected final void requireAvailable(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count " + count + " is negative on channel " + name());
        }
        if (count > 0) {
            peekIndex(count - 1);
        }
    }

    /** The stream index of the i-th available item. */
    protected final long peekIndex(int i) {
        if (i < 0 || i >= size()) {
            throw outOfRangeOnPeek(i);
        }
        return pendingHead + i;
    }

    /** Steps back over the last take of this transaction, returning the index to write. */
    protected final long reserveUntake() {
        long index = pendingHead;
        if (index <= lpHead()) {
            throw nothingToUntake();
        }
        pendingHead = index - 1;
        return index - 1;
    }

    /** Items the consumer can still take in its current transaction. */
    public final int size() {
        return (int) ((confined ? lpTail() : lvTail()) - pendingHead);
    }

    /** Items the current transaction has taken and not given back. */
    public final long pendingTakes() {
        return pendingHead - lpHead();
    }

    /** Items the current transaction has put, those dropped because the ring was full included. */
    public final long pendingPuts() {
        return pendingTail - lpTail() + pendingDrops;
    }

    /**
     * Frees the slots taken by the current transaction.
     *
     * @return whether the transaction took anything
     */
    public boolean publishTakes() {
        long pending = pendingHead;
        if (pending == lpHead()) {
            return false;
        }
        forgetUntakes();
        soHead(pending);
        return true;
    }

    /** Undoes the current transaction's takes and untakes. */
    public void rollbackTakes() {
        restoreUntakes();
        pendingHead = lpHead();
    }

    /** Called when takes are published: the slots overwritten by untake need no restoring. */
    protected abstract void forgetUntakes();

    /** Called on rollback: puts back the items that untake overwrote, newest first. */
    protected abstract void restoreUntakes();

    // Failure messages are built out of line so that the hot methods stay small enough to inline.

    private ChannelUnderflowException emptyOnTake() {
        return new ChannelUnderflowException("take() on empty channel " + name
                + ": check size() first or write a trigger() that waits for input");
    }

    private ChannelUnderflowException outOfRangeOnPeek(int i) {
        return new ChannelUnderflowException("peek(" + i + ") on channel " + name + " with " + size()
                + " items available: check size() first");
    }

    private ChannelUnderflowException nothingToUntake() {
        return new ChannelUnderflowException("untake() on channel " + name
                + " without a matching take() in this work(): only items taken in the current work()"
                + " can be given back");
    }

    // ---------------------------------------------------------------- counters, readable from any thread

    /** Items published to the consumer since the graph started. */
    public final long published() {
        return lvTail();
    }

    /** Items the consumer has taken and published since the graph started. */
    public final long consumed() {
        return lvHead();
    }

    /** Items dropped because the ring was full. */
    public final long dropped() {
        return lvDropped();
    }

    @Override
    public String toString() {
        return name;
    }
}
