package org.streamflex.runtime.channel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.streamflex.ChannelUnderflowException;

/**
 * The indices of a fixed-size single-producer single-consumer ring with transactional put and
 * take. Subclasses add the storage array.
 *
 * <p>The producer writes slots past the published {@code tail} and publishes them all at once
 * when its {@code work()} returns ({@link #publishPuts()}); the consumer reads slots from
 * {@code pendingHead} and frees them all at once when its {@code work()} returns
 * ({@link #publishTakes()}). Until then each side can roll back by resetting its pending index.
 * A put is accepted only if its slot is free against the consumer's published head; since the
 * head only moves forward before the put is published, an accepted put is always published if
 * the {@code work()} completes, and a refused one is dropped and counted then.
 *
 * <p>Indices are positions in the stream (never wrapped); the slot is {@code index & mask}. Each
 * index is written by one side only and published with a release store; the other side reads it
 * with an acquire load, so slot contents written before a publication are visible after it.
 */
public abstract class RingIndex extends RingPad2 {
    private static final VarHandle TAIL;
    private static final VarHandle HEAD;
    private static final VarHandle DROPPED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TAIL = lookup.findVarHandle(RingProducerFields.class, "tail", long.class);
            HEAD = lookup.findVarHandle(RingConsumerFields.class, "head", long.class);
            DROPPED = lookup.findVarHandle(RingProducerFields.class, "dropped", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The channel's fixed capacity, as connected. */
    protected final int capacity;
    /** Slot mask: the storage length is the next power of two at or above the capacity. */
    protected final int mask;
    private final String name;
    /**
     * Both ends run on one thread (one clock reaches both filters): each side reads the other's
     * index with a plain load, which lets the JIT keep the hot loop in registers.
     */
    private boolean confined;

    protected RingIndex(int capacity, String name) {
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

    // ---- producer side ----

    /**
     * Reserves the next pending slot for a put.
     *
     * @return the stream index to write, or -1 if the ring is full (the put is counted as dropped)
     */
    protected final long reservePut() {
        long index = pendingTail;
        if (index - headCache >= capacity) {
            headCache = confined ? head : (long) HEAD.getAcquire(this);
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
            headCache = confined ? head : (long) HEAD.getAcquire(this);
            free = capacity - (index - headCache);
        }
        int reserved = (int) Math.min(count, free);
        pendingTail = index + reserved;
        pendingDrops += count - reserved;
        return reserved;
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

    /** Takes {@code count} available items at once, returning the stream index of the first. */
    protected final long reserveTakes(int count) {
        long index = pendingHead;
        pendingHead = index + count;
        return index;
    }

    /** First stream index the current transaction put (published tail). */
    protected final long publishedTail() {
        return tail;
    }

    /** One past the last stream index the current transaction put. */
    protected final long pendingTail() {
        return pendingTail;
    }

    /** Makes the current transaction's puts visible to the consumer and counts its drops. */
    public void publishPuts() {
        long pending = pendingTail;
        if (pending != tail) {
            TAIL.setRelease(this, pending);
        }
        int drops = pendingDrops;
        if (drops != 0) {
            pendingDrops = 0;
            DROPPED.setOpaque(this, dropped + drops);
        }
    }

    /** Forgets the current transaction's puts and drops. */
    public void rollbackPuts() {
        pendingTail = tail;
        pendingDrops = 0;
    }

    // ---- consumer side ----

    /** The stream index of the next take, advancing past it. */
    protected final long reserveTake() {
        long index = pendingHead;
        if (index >= tailCache) {
            tailCache = confined ? tail : (long) TAIL.getAcquire(this);
            if (index >= tailCache) {
                throw emptyOnTake();
            }
        }
        pendingHead = index + 1;
        return index;
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
        if (index <= head) {
            throw nothingToUntake();
        }
        pendingHead = index - 1;
        return index - 1;
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

    /** Items the consumer can still take in its current transaction. */
    public final int size() {
        return (int) ((confined ? tail : (long) TAIL.getAcquire(this)) - pendingHead);
    }

    /**
     * Frees the slots taken by the current transaction.
     *
     * @return whether the transaction took anything
     */
    public boolean publishTakes() {
        long pending = pendingHead;
        if (pending == head) {
            return false;
        }
        forgetUntakes();
        HEAD.setRelease(this, pending);
        return true;
    }

    /** Undoes the current transaction's takes and untakes. */
    public void rollbackTakes() {
        restoreUntakes();
        pendingHead = head;
    }

    /** Called when takes are published: the slots overwritten by untake need no restoring. */
    protected abstract void forgetUntakes();

    /** Called on rollback: puts back the items that untake overwrote, newest first. */
    protected abstract void restoreUntakes();

    // ---- counters, readable from any thread ----

    /** Items published to the consumer since the graph started. */
    public final long published() {
        return (long) TAIL.getAcquire(this);
    }

    /** Items the consumer has taken and published since the graph started. */
    public final long consumed() {
        return (long) HEAD.getAcquire(this);
    }

    /** Items dropped because the ring was full. */
    public final long dropped() {
        return (long) DROPPED.getOpaque(this);
    }

    @Override
    public String toString() {
        return name;
    }
}

/** Keeps the producer's fields off the cache line of whatever precedes the ring. */
abstract class RingPad0 {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
}

/** Written by the producer's thread only. */
abstract class RingProducerFields extends RingPad0 {
    /** Published end of the stream: every index below it is readable by the consumer. */
    long tail;
    /** End of the stream including the current transaction's puts. */
    long pendingTail;
    /** Last head the producer read; a lower bound of the real one. */
    long headCache;
    /** Items dropped since the graph started. */
    long dropped;
    /** Items the current transaction dropped. */
    int pendingDrops;
}

/** Keeps the producer's and the consumer's fields on separate cache lines. */
abstract class RingPad1 extends RingProducerFields {
    byte p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111, p112, p113, p114, p115;
    byte p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127, p128, p129, p130, p131;
    byte p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143, p144, p145, p146, p147;
    byte p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159, p160, p161, p162, p163;
}

/** Written by the consumer's thread only. */
abstract class RingConsumerFields extends RingPad1 {
    /** Published start of the stream: every index below it is free for the producer. */
    long head;
    /** Next index the current transaction takes. */
    long pendingHead;
    /** Last tail the consumer read; a lower bound of the real one. */
    long tailCache;
}

/** Keeps the consumer's fields off the cache line of the ring's read-only fields. */
abstract class RingPad2 extends RingConsumerFields {
    byte p200, p201, p202, p203, p204, p205, p206, p207, p208, p209, p210, p211, p212, p213, p214, p215;
    byte p216, p217, p218, p219, p220, p221, p222, p223, p224, p225, p226, p227, p228, p229, p230, p231;
    byte p232, p233, p234, p235, p236, p237, p238, p239, p240, p241, p242, p243, p244, p245, p246, p247;
    byte p248, p249, p250, p251, p252, p253, p254, p255, p256, p257, p258, p259, p260, p261, p262, p263;
}
