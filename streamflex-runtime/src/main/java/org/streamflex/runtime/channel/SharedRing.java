package org.streamflex.runtime.channel;

import java.util.Arrays;
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
public final class SharedRing extends SpscRing {
    private final Shared[] slots;
    /** A lossless ring's puts that found it full, at {@code spillSlot(position)}: the producer's only. */
    private Shared[] spill = new Shared[0];
    private final Class<? extends Shared> elementType;
    private long[] untakeIndex = new long[0];
    private Shared[] untakeValue = new Shared[0];
    private int untakes;

    public SharedRing(int capacity, String name, Class<? extends Shared> elementType) {
        super(capacity, name);
        this.slots = new Shared[storageLength(capacity)];
        this.elementType = elementType;
    }

    /** The shared class the channel was declared with. */
    public Class<? extends Shared> elementType() {
        return elementType;
    }

    public boolean put(Shared value) {
        if (value == null) {
            throw new NullPointerException("put(null) on channel " + name());
        }
        if (!elementType.isInstance(value)) {
            throw new ClassCastException("channel " + name() + " carries " + elementType.getName()
                    + ", not " + value.getClass().getName());
        }
        // Retained before a slot is reserved: a freed value must not leave a reserved slot without
        // a reference, which a rollback would release.
        retainFor(value, "put");
        long index = reservePut();
        if (index < 0) {
            return refused(index, value);
        }
        slots[(int) index & mask] = value;
        return true;
    }

    /**
     * A put the ring refused: spilled if {@link #reservePut()} said so, keeping its reference in
     * the spill and taking it along into the ring; else dropped (and counted).
     */
    private boolean refused(long refusal, Shared value) {
        if (refusal != SPILL) {
            return dropped(value);
        }
        long position = reserveSpill();
        if (position < 0) {
            return dropped(value);
        }
        spill[spillSlot(position)] = value;
        return true;
    }

    /** A dropped put gives back the reference it took; the producer still holds its own. */
    private static boolean dropped(Shared value) {
        value.release();
        return false;
    }

    public Shared take() {
        return slots[(int) reserveTake() & mask];
    }

    public Shared peek(int i) {
        return slots[(int) peekIndex(i) & mask];
    }

    @SuppressWarnings("ReferenceEquality") // the same instance back in its slot, not an equal one
    public void untake(Shared value) {
        if (value == null) {
            throw new NullPointerException("untake(null) on channel " + name());
        }
        int slot = (int) reserveUntake() & mask;
        Shared previous = slots[slot];
        if (previous != value) {
            retainFor(value, "untake");
            remember(slot, previous);
            slots[slot] = value;
        }
    }

    public int transferTo(SharedRing target) {
        return transferTo(target, Integer.MAX_VALUE);
    }

    /** As {@link #transferTo(SharedRing)}, for at most {@code max} values. */
    public int transferTo(SharedRing target, int max) {
        int moved = 0;
        while (moved < max && size() > 0) {
            target.put(take());
            moved++;
        }
        return moved;
    }

    /** Puts the first {@code count} values on {@code target} too: shared, not copied. */
    public void copyTo(SharedRing target, int count) {
        requireAvailable(count);
        for (int i = 0; i < count; i++) {
            target.put(peek(i));
        }
    }

    /** Takes and discards {@code count} values. */
    public void skip(int count) {
        requireAvailable(count);
        for (int i = 0; i < count; i++) {
            take();
        }
    }

    @Override
    public void rollbackPuts() {
        for (long i = publishedTail(), end = pendingTail(); i < end; i++) {
            release(slots, (int) i & mask);
        }
        for (long i = pendingSpillStart(), end = pendingSpillEnd(); i < end; i++) {
            release(spill, spillSlot(i));
        }
        super.rollbackPuts();
    }

    private static void release(Shared[] array, int slot) {
        Shared value = array[slot];
        array[slot] = null;
        value.release();
    }

    @Override
    protected void resizeSpill(int length) {
        Shared[] grown = new Shared[length];
        copySpill(spill, grown, length);
        spill = grown;
    }

    @Override
    protected void moveFromSpill(long position, long index, int count) {
        copyRuns(spill, spill.length, position, slots, slots.length, index, count);
        clearRuns(spill, position, count);
    }

    /**
     * Releases the slots' references to what the transaction took, before the slots become free
     * for the producer (which may overwrite them as soon as the head moves).
     */
    @Override
    public boolean publishTakes() {
        for (int i = 0; i < untakes; i++) {
            untakeValue[i].release();
        }
        for (long i = lpHead(), end = lpHead() + pendingTakes(); i < end; i++) {
            int slot = (int) i & mask;
            Shared value = slots[slot];
            slots[slot] = null;
            value.release();
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

    private void remember(int slot, Shared previous) {
        if (untakes == untakeIndex.length) {
            int length = Math.max(4, untakes * 2);
            untakeIndex = Arrays.copyOf(untakeIndex, length);
            untakeValue = Arrays.copyOf(untakeValue, length);
        }
        untakeIndex[untakes] = slot;
        untakeValue[untakes] = previous;
        untakes++;
    }

    @Override
    protected void forgetUntakes() {
        Arrays.fill(untakeValue, 0, untakes, null);
        untakes = 0;
    }

    @Override
    protected void restoreUntakes() {
        for (int i = untakes - 1; i >= 0; i--) {
            int slot = (int) untakeIndex[i];
            slots[slot].release(); // the value untake put there and retained
            slots[slot] = untakeValue[i];
        }
        forgetUntakes();
    }
}
