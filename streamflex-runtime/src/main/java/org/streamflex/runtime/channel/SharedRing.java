package org.streamflex.runtime.channel;

import org.streamflex.Shared;
import org.streamflex.UseAfterReleaseError;

/**
 * Transactional ring of {@link Shared} references: values travel by reference and a value put on
 * several channels is shared, never copied. Each slot holding a value holds one reference to it.
 *
 * <p>Reference discipline: a put retains at once (so a value the producer drops from a queue in the
 * same {@code work()} stays alive), and a rolled-back or dropped put releases. A put spilled by a
 * lossless ring keeps its reference in the spill and takes it along into the ring. A take hands the consumer the
 * slot's reference to use until its {@code work()} commits, when it is released; a rolled-back take
 * keeps it in the slot. An untake of a different value retains that value and releases, at commit,
 * the one it replaced. Retain and release are atomic read-modify-writes on the value: producer and
 * consumer may be on different threads, and the final release frees it on whichever thread that is.
 */
public final class SharedRing extends ReferenceRing<Shared> {
    /** {@link #slotArray()}, of its own type: a take reads it with no cast. */
    private final Shared[] slots;

    public SharedRing(int capacity, String name, Class<? extends Shared> elementType) {
        super(capacity, name, elementType, new Shared[0]);
        this.slots = slotArray();
    }

    @Override
    public boolean put(Shared value) {
        requirePutAllowed(value);
        // Retained before a slot is reserved: a freed value must not leave a reserved slot without
        // a reference, which a rollback would release.
        retainFor(value, "put");
        long index = reservePut();
        if (index < 0) {
            // Spilled, its reference kept in the spill and taken along into the ring; or dropped.
            return spillRefused(index, value) || dropped(value);
        }
        slots[(int) index & mask] = value;
        return true;
    }

    /** A dropped put gives back the reference it took; the producer still holds its own. */
    private static boolean dropped(Shared value) {
        value.release();
        return false;
    }

    @Override
    public Shared take() {
        return slots[(int) reserveTake() & mask];
    }

    @Override
    public Shared peek(int i) {
        return slots[(int) peekIndex(i) & mask];
    }

    @SuppressWarnings("ReferenceEquality") // the same instance back in its slot, not an equal one
    public void untake(Shared value) {
        requireUntakeAllowed(value);
        int slot = (int) reserveUntake() & mask;
        Shared previous = slots[slot];
        if (previous != value) {
            retainFor(value, "untake");
            remember(slot, previous);
            slots[slot] = value;
        }
    }

    @Override
    public void rollbackPuts() {
        for (long i = publishedTail(), end = pendingTail(); i < end; i++) {
            release(slots, (int) i & mask);
        }
        for (long i = pendingSpillStart(), end = pendingSpillEnd(); i < end; i++) {
            Shared value = spilled(i);
            replaceSpilled(i, null);
            value.release();
        }
        super.rollbackPuts();
    }

    private static void release(Shared[] array, int slot) {
        Shared value = array[slot];
        array[slot] = null;
        value.release();
    }

    /**
     * Releases the slots' references to what the transaction took, before the slots become free
     * for the producer (which may overwrite them as soon as the head moves).
     */
    @Override
    public boolean publishTakes() {
        for (int i = 0, n = untakeCount(); i < n; i++) {
            replacedByUntake(i).release();
        }
        for (long i = lpHead(), end = lpHead() + pendingTakes(); i < end; i++) {
            release(slots, (int) i & mask);
        }
        return super.publishTakes();
    }

    private void retainFor(Shared value, String what) {
        try {
            value.retain();
        } catch (UseAfterReleaseError e) {
            throw new UseAfterReleaseError(what + " on channel " + name() + ": " + e.getMessage());
        }
    }

    /** Gives back the reference the untake of {@code value} took. */
    @Override
    protected void untakeUndone(Shared value) {
        value.release();
    }
}
