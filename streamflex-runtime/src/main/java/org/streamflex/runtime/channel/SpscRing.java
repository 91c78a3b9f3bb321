package org.streamflex.runtime.channel;

import java.util.Arrays;
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
 * {@code so} stores with release ("store ordered"). Each of {@code tail}, {@code head},
 * {@code dropped} and {@code spilled} has one writer, which reads its own field with {@code lp}
 * and publishes it with {@code so}; any other thread reads it with {@code lv}. So the slots the producer wrote before
 * {@code soTail} are visible to a consumer whose {@code lvTail} sees the new tail, and the
 * consumer's reads of the slots it frees happen before the producer, having seen the new head with
 * {@code lvHead}, overwrites them. A confined ring (both ends on one thread) reads the other side's
 * index with {@code lp}: program order is enough there, and plain loads let the JIT keep the hot
 * loop in registers.
 *
 * <p><b>Lossless rings.</b> A ring made {@link #lossless(int) lossless} does not drop a put that
 * finds it full: the put goes to a <em>spill</em>, an array of the subclass that only the producer
 * touches, and moves into the ring when the producer next publishes ({@link #publishPuts()}) or
 * drains ({@link #drainSpill()}) and the consumer has freed room. While the spill holds anything,
 * every put goes to the spill, so items reach the consumer in put order: the producer's
 * {@code putLimit} is then pinned far behind ({@link #PINNED}), which sends every put to the slow
 * path, where the spill is checked before the head. The consumer's side never sees the spill,
 * which keeps take, peek and untake exactly as fast as on a ring that drops. Spill positions, like
 * stream indices, are never wrapped; the spill slot is {@code position & (spillLength - 1)}. While
 * the spill holds committed items the ring holds no pending put (every put since that commit
 * went to the spill), which is what lets a drain publish in the middle of a transaction.
 *
 * <p><b>Layout.</b> The producer's fields, the consumer's fields and the read-only fields are
 * separated by 128 bytes of padding (by class hierarchy, as in JCTools), so a put on one thread
 * never invalidates the cache lines a take on another thread reads. 128 rather than 64 bytes
 * because x86 cores prefetch adjacent cache lines in pairs. Rings that stay on one thread carry the
 * padding too: one class for both keeps every ring call monomorphic.
 */
public abstract class SpscRing extends SpscRingFields {
    /** What {@link #reservePut()} returns when the put is dropped (and counted). */
    protected static final long DROP = -1;
    /** What {@link #reservePut()} returns when the put goes to the spill: see {@link #reserveSpill()}. */
    protected static final long SPILL = -2;
    /** The largest {@code maxSpill}: its spill array length, a power of two, must be an int. */
    public static final int MAX_SPILL = 1 << 30;
    /**
     * The put limit of a producer whose spill holds items: so far behind any real one that every
     * put finds the ring full on the fast path and takes the slow path, which looks at the spill
     * first. Still a lower bound of the real limit, as the cached limit must be; far enough from
     * {@code Long.MIN_VALUE} that index arithmetic with it cannot overflow.
     */
    private static final long PINNED = Long.MIN_VALUE / 2;

    /** The channel's fixed capacity, as connected. */
    protected final int capacity;
    /** Slot mask: the storage length is the next power of two at or above the capacity. */
    protected final int mask;
    private final String name;
    /** Both ends run on one thread (one clock reaches both filters): see the class comment. */
    private boolean confined;
    /** Spilled items the producer may hold beyond the ring; 0 for a ring that drops when full. */
    private int maxSpill;

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

    /**
     * Declares that producer and consumer may run on different threads after all: a graph's
     * workers, when they take over a confined ring's ends. Call before the graph runs.
     */
    public final void unconfine() {
        confined = false;
    }

    public final boolean confined() {
        return confined;
    }

    public final String name() {
        return name;
    }

    /**
     * Makes the ring lossless: a put that finds it full goes to the producer's spill instead of
     * being dropped, up to {@code maxSpill} items; only puts beyond that are dropped and counted.
     * The link then holds up to {@link #capacity()} + {@code maxSpill} items. Call before the graph
     * runs, as {@link #confine()}.
     *
     * @throws IllegalArgumentException unless {@code maxSpill} is between 1 and {@link #MAX_SPILL}
     */
    public final void lossless(int maxSpill) {
        if (maxSpill <= 0 || maxSpill > MAX_SPILL) {
            throw new IllegalArgumentException("maxSpill of channel " + name + " must be between 1 and "
                    + MAX_SPILL + " items: " + maxSpill);
        }
        this.maxSpill = maxSpill;
    }

    /** Whether a put on a full ring is spilled rather than dropped: see {@link #lossless(int)}. */
    public final boolean lossless() {
        return maxSpill != 0;
    }

    /** Items a lossless ring may spill beyond its capacity; 0 for a ring that drops when full. */
    public final int maxSpill() {
        return maxSpill;
    }

    /**
     * The ring's capacity, as connected: a lossless ring holds up to {@link #maxSpill()} more
     * items in its spill.
     */
    public final int capacity() {
        return capacity;
    }

    // ---------------------------------------------------------------- producer side

    /**
     * Reserves the next pending slot for a put.
     *
     * @return the stream index to write; {@link #DROP} if the ring is full (the put is counted as
     *     dropped); {@link #SPILL} if the ring is lossless and the put must go to the spill
     */
    protected final long reservePut() {
        long index = pendingTail;
        if (index >= putLimit) {
            if (spillPendingTail != spillHead) {
                return SPILL; // behind spilled items; the limit stays pinned
            }
            // As before lossless rings, so that C2 lays out this path as it did (measured: a head
            // read into a local first, or the spill compare after it, cost PASSCHAIN 17%).
            putLimit = (confined ? lpHead() : lvHead()) + capacity;
            if (index >= putLimit) {
                return refusePut();
            }
        }
        pendingTail = index + 1;
        return index;
    }

    /** A put the ring cannot take now: spilled on a lossless ring, else dropped and counted. */
    private long refusePut() {
        if (maxSpill == 0) {
            pendingDrops++;
            return DROP;
        }
        return SPILL;
    }

    /**
     * Reserves up to {@code count} consecutive slots of the ring for puts. The caller hands the
     * ones that do not fit to {@link #reserveSpills(int)}, which spills or drops them.
     *
     * @return the number reserved, starting at the stream index {@link #pendingTail()} had before
     */
    protected final int reservePuts(int count) {
        long index = pendingTail;
        long free = putLimit - index;
        if (free < count) {
            if (spillPendingTail == spillHead) {
                putLimit = (confined ? lpHead() : lvHead()) + capacity;
                free = putLimit - index;
            } else {
                free = 0; // the spill holds items: these go after them
            }
        }
        int reserved = (int) Math.min(count, free);
        pendingTail = index + reserved;
        return reserved;
    }

    /**
     * Reserves the next spill position for a put that {@link #reservePut()} sent to the spill,
     * growing the spill if it is full.
     *
     * @return the spill position to write, or {@link #DROP} if {@link #maxSpill()} items are spilled
     *     already (the put is counted as dropped)
     */
    protected final long reserveSpill() {
        long position = spillPendingTail;
        long held = position - spillHead;
        if (held >= maxSpill) {
            pendingDrops++;
            return DROP;
        }
        if (held == spillLength) {
            growSpill(held + 1);
        }
        spillPendingTail = position + 1;
        putLimit = PINNED;
        return position;
    }

    /**
     * Reserves {@code count} consecutive spill positions for puts that did not fit in the ring,
     * starting at {@link #pendingSpillEnd()}; those beyond {@link #maxSpill()} (all of them on a ring
     * that drops) are counted as dropped.
     *
     * @return the number reserved
     */
    protected final int reserveSpills(int count) {
        long position = spillPendingTail;
        long held = position - spillHead;
        int reserved = (int) Math.min(count, maxSpill - held);
        pendingDrops += count - reserved;
        if (reserved > 0) {
            if (held + reserved > spillLength) {
                growSpill(held + reserved);
            }
            spillPendingTail = position + reserved;
            putLimit = PINNED;
        }
        return reserved;
    }

    /** Doubles the spill until it holds {@code needed} items, never beyond {@link #maxSpill()}. */
    private void growSpill(long needed) {
        int length = Math.max(spillLength, 8);
        while (length < needed) {
            length <<= 1;
        }
        length = Math.min(length, storageLength(maxSpill));
        // Allocation only here: a spill never shrinks, so a steady state reuses its array.
        resizeSpill(length);
        spillLength = length;
    }

    /**
     * Whether the producer can put {@code items} more in its current transaction without a drop:
     * answered from the head it last read when that shows the room, which keeps the consumer's
     * line out of the producer's cache.
     */
    public final boolean hasRoomFor(long items) {
        return putLimit - pendingTail >= items || free() >= items;
    }

    /**
     * Items the producer can still put in its current transaction without a drop: what a fused
     * task reads once to know how many runs of a filter the channel has room for. On a lossless
     * ring this includes the spill's allowance; it first moves committed spilled items into the
     * ring, so that the room the consumer freed counts.
     */
    public final int free() {
        if (maxSpill != 0) {
            return freeLossless();
        }
        long head = confined ? lpHead() : lvHead();
        putLimit = head + capacity;
        return (int) (capacity - (pendingTail - head));
    }

    private int freeLossless() {
        if (spillTail != spillHead) {
            moveSpilledIn();
        }
        long spilling = spillPendingTail - spillHead;
        long room = maxSpill - spilling;
        if (spilling == 0) {
            long head = confined ? lpHead() : lvHead();
            putLimit = head + capacity;
            room += capacity - (pendingTail - head);
        }
        return (int) Math.min(Integer.MAX_VALUE, room);
    }

    /**
     * Brings the producer's cached put limit up to date with one read of the consumer's head, unless
     * spilled items pin it ({@link #PINNED}): what a worker calls on the producer's thread before a
     * batch, so that the batch's puts that fit take the fast path and none reads the consumer's line.
     */
    public final void refreshPutLimit() {
        if (spillPendingTail == spillHead) {
            putLimit = (confined ? lpHead() : lvHead()) + capacity;
        }
    }

    /** First stream index the current transaction put (published tail). */
    protected final long publishedTail() {
        return lpTail();
    }

    /** One past the last stream index the current transaction put. */
    protected final long pendingTail() {
        return pendingTail;
    }

    /** Start of the current transaction's spilled puts (end of the committed spilled items). */
    protected final long pendingSpillStart() {
        return spillTail;
    }

    /** One past the last spill position the current transaction put. */
    protected final long pendingSpillEnd() {
        return spillPendingTail;
    }

    /** The spill slot of a spill position. */
    protected final int spillSlot(long position) {
        return (int) position & (spillLength - 1);
    }

    /**
     * Makes the current transaction's puts visible to the consumer and counts its drops. On a
     * lossless ring its spilled puts are committed, and as many committed spilled items as now fit
     * move into the ring and are published with the ring's puts, by the same store of the tail.
     */
    public void publishPuts() {
        long pending = pendingTail;
        if (spillPendingTail != spillHead) {
            spillTail = spillPendingTail;
            pending = moveSpilled(pending);
        }
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

    /** Forgets the current transaction's puts, spilled ones included, and drops. */
    public void rollbackPuts() {
        pendingTail = lpTail();
        pendingDrops = 0;
        spillPendingTail = spillTail;
    }

    /**
     * Moves committed spilled items into the ring as far as the consumer has freed room, and
     * publishes them: what the scheduler calls on the producer's thread, on every turn, for each
     * lossless link its tasks produce into, so that spilled items reach the consumer even when the
     * producer stops putting. Safe in the middle of a transaction of the producer too (the ring
     * then holds none of its puts: see the class comment); that transaction's spilled puts stay.
     *
     * @return whether committed items remain in the spill
     */
    public final boolean drainSpill() {
        if (spillTail == spillHead) {
            return false;
        }
        moveSpilledIn();
        return spillTail != spillHead;
    }

    /** Moves and publishes committed spilled items; the ring holds no pending put. */
    private void moveSpilledIn() {
        long pending = moveSpilled(pendingTail);
        if (pending != lpTail()) {
            soTail(pending);
        }
    }

    /**
     * Moves committed spilled items into the ring from stream index {@code index} (the end of the
     * ring's puts) while it has room, without publishing them.
     *
     * @return the new end of the ring's puts
     */
    private long moveSpilled(long index) {
        long committed = spillTail - spillHead;
        long head = confined ? lpHead() : lvHead();
        int moved = (int) Math.min(committed, capacity - (index - head));
        if (moved > 0) {
            moveFromSpill(spillHead, index, moved);
            spillHead += moved;
            index += moved;
            pendingTail = index;
        }
        if (spillTail - spillHead != lpSpilled()) {
            soSpilled(spillTail - spillHead);
        }
        if (spillPendingTail == spillHead) {
            putLimit = head + capacity; // unpinned: puts go to the ring again
        }
        return index;
    }

    /**
     * Replaces the spill by an array of {@code length} (a power of two) holding the items at the
     * same positions, from the oldest spilled item to {@link #pendingSpillEnd()}: see
     * {@link #copySpill(Object, Object, int)}.
     */
    protected abstract void resizeSpill(int length);

    /**
     * Copies {@code count} spilled items from spill position {@code position} to the ring's slots
     * from stream index {@code index}; a spill of references also clears the spill slots, so that
     * the spill holds nothing the consumer may have released.
     */
    protected abstract void moveFromSpill(long position, long index, int count);

    /** Copies the spilled items, at their positions, from the current spill array to a grown one. */
    protected final void copySpill(Object spill, Object grown, int grownLength) {
        long from = spillHead;
        copyRuns(spill, spillLength, from, grown, grownLength, from, (int) (spillPendingTail - from));
    }

    /**
     * Copies {@code count} items at consecutive positions between two arrays used as rings
     * (power-of-two lengths), one {@code System.arraycopy} per run that wraps at neither end.
     */
    protected static void copyRuns(Object source, int sourceLength, long from, Object sink, int sinkLength,
            long to, int count) {
        int remaining = count;
        while (remaining > 0) {
            int s = (int) from & (sourceLength - 1);
            int d = (int) to & (sinkLength - 1);
            int run = Math.min(remaining, Math.min(sourceLength - s, sinkLength - d));
            System.arraycopy(source, s, sink, d, run);
            from += run;
            to += run;
            remaining -= run;
        }
    }

    /** Clears {@code count} slots at consecutive positions of an array used as a ring. */
    protected static void clearRuns(Object[] ring, long from, int count) {
        int remaining = count;
        while (remaining > 0) {
            int s = (int) from & (ring.length - 1);
            int run = Math.min(remaining, ring.length - s);
            Arrays.fill(ring, s, s + run, null);
            from += run;
            remaining -= run;
        }
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

    /**
     * As {@link #size()}, and the consumer's cached tail brought up to date: what a fused task reads
     * before a batch of takes it has sized by this, so that none of them takes the slow path.
     */
    public final int sizeForBatch() {
        long tail = confined ? lpTail() : lvTail();
        tailCache = tail;
        return (int) (tail - pendingHead);
    }

    /**
     * The end of a batch of at most {@code max} takes: the stream index below which the consumer may
     * take without reading the producer's tail again, capped at {@code max} items past its next take.
     * Reads the tail once (as {@link #sizeForBatch()}, whose cached tail it brings up to date), so a
     * worker's batch then compares {@link #takePosition()} with this one number after each work():
     * items published during the batch wait for the next.
     */
    public final long batchEnd(int max) {
        long tail = confined ? lpTail() : lvTail();
        tailCache = tail;
        return Math.min(tail, pendingHead + max);
    }

    /**
     * The stream index of the consumer's next take, which each take advances and each untake steps
     * back: a worker's batch compares it before and after a work() to see whether the call took
     * anything, and with its {@link #batchEnd(int)}, reading only the consumer's own field.
     */
    public final long takePosition() {
        return pendingHead;
    }

    /** Items the current transaction has taken and not given back. */
    public final long pendingTakes() {
        return pendingHead - lpHead();
    }

    /**
     * Items the current transaction has put, those spilled and those dropped because the ring was
     * full included.
     */
    public final long pendingPuts() {
        return pendingTail - lpTail() + (spillPendingTail - spillTail) + pendingDrops;
    }

    /**
     * Frees the slots taken by the current transaction.
     *
     * @return whether the transaction took anything
     */
    public boolean publishTakes() {
        long pending = pendingHead;
        // Forgotten even when the head stays: a take and an untake of another value net to no take,
        // and a later rollback must not put back the item the committed untake replaced.
        forgetUntakes();
        if (pending == lpHead()) {
            return false;
        }
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

    // ---------------------------------------------------------------- a fused depth-first chain's edges

    /**
     * Counts {@code count} items as put, published, taken and freed without storing them: what an
     * edge inside a fused chain run depth first did, where each item went from its producer to its
     * consumer through a one-slot channel ({@code SlotDoubleChannel} and kin), so that the ring's
     * counters read as they would after the same work() calls unfused. Both ends are on the
     * calling thread (the ring is confined) and the ring holds nothing, pending or published.
     *
     * @throws IllegalStateException if the ring is not confined or holds an item
     */
    public final void countPassedThrough(long count) {
        long tail = lpTail();
        if (!confined || pendingTail != tail || pendingHead != tail || lpHead() != tail) {
            throw new IllegalStateException("channel " + name + " must be confined and empty to count items that"
                    + " passed it through a one-slot channel");
        }
        if (count == 0) {
            return;
        }
        long end = tail + count;
        pendingTail = end;
        soTail(end);
        pendingHead = end;
        tailCache = end;
        soHead(end);
        putLimit = end + capacity;
    }

    /**
     * Gives back every take of the current transaction after its first {@code count}, as
     * {@link #rollbackTakes()} gives back all: how a depth-first chain undoes only the failed
     * work() of its first filter, whose earlier work() calls stay committed. The slots untake
     * overwrote are restored, which is harmless for the items kept: their slots are freed.
     */
    public final void rollbackTakesAfter(long count) {
        restoreUntakes();
        pendingHead = Math.min(pendingHead, lpHead() + count);
    }

    /**
     * Drops every put of the current transaction after its first {@code count}, as
     * {@link #rollbackPuts()} drops all. Only for a transaction that neither spilled nor dropped:
     * a depth-first chain's last filter, whose puts fit the room read before the chain ran.
     *
     * @throws IllegalStateException if the transaction spilled or dropped a put
     */
    public final void rollbackPutsAfter(long count) {
        if (spillPendingTail != spillTail || pendingDrops != 0) {
            throw new IllegalStateException("channel " + name + ": a transaction that spilled or dropped a put"
                    + " cannot be partly rolled back");
        }
        pendingTail = Math.min(pendingTail, lpTail() + count);
    }

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

    /** Items dropped because the ring was full (and, on a lossless ring, its spill too). */
    public final long dropped() {
        return lvDropped();
    }

    /**
     * Committed items in a lossless ring's spill: in the channel, but not yet visible to the
     * consumer until the producer's next publication or drain moves them into the ring.
     */
    public final long spilled() {
        return lvSpilled();
    }

    @Override
    public String toString() {
        return name;
    }
}
