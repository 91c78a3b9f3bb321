package org.streamflex.runtime.channel;

import java.util.Arrays;
import org.streamflex.Capsule;
import org.streamflex.runtime.capsule.CapsuleMarks;

/**
 * Transactional ring of capsule references. Capsules move by reference (zero copy); when one
 * work() puts the same capsule on several channels, every publication after the first publishes
 * a pooled copy.
 */
public final class CapsuleRing extends SpscRing {
    private final Capsule[] slots;
    /** A lossless ring's puts that found it full, at {@code spillSlot(position)}: the producer's only. */
    private Capsule[] spill = new Capsule[0];
    private final Class<? extends Capsule> elementType;
    private CapsuleTransaction producer;
    private CapsuleTransaction consumer;
    private long[] untakeIndex = new long[0];
    private Capsule[] untakeValue = new Capsule[0];
    private int untakes;

    public CapsuleRing(int capacity, String name, Class<? extends Capsule> elementType) {
        super(capacity, name);
        this.slots = new Capsule[storageLength(capacity)];
        this.elementType = elementType;
    }

    /** The capsule class the channel was declared with. */
    public Class<? extends Capsule> elementType() {
        return elementType;
    }

    /** Binds the ring to the transactions of the filters at its two ends. */
    public void bind(CapsuleTransaction producer, CapsuleTransaction consumer) {
        this.producer = producer;
        this.consumer = consumer;
    }

    public boolean put(Capsule capsule) {
        if (capsule == null) {
            throw new NullPointerException("put(null) on channel " + name());
        }
        if (!elementType.isInstance(capsule)) {
            throw new ClassCastException("channel " + name() + " carries " + elementType.getName()
                    + ", not " + capsule.getClass().getName());
        }
        long index = reservePut();
        if (index < 0) {
            return refused(index, capsule);
        }
        slots[(int) index & mask] = capsule;
        return true;
    }

    /** A put the ring refused: spilled if {@link #reservePut()} said so, else dropped (and counted). */
    private boolean refused(long refusal, Capsule capsule) {
        if (refusal != SPILL) {
            return false;
        }
        long position = reserveSpill();
        if (position < 0) {
            return false;
        }
        spill[spillSlot(position)] = capsule;
        return true;
    }

    public Capsule take() {
        Capsule capsule = slots[(int) reserveTake() & mask];
        consumer.noteTaken(capsule);
        return capsule;
    }

    public Capsule peek(int i) {
        return slots[(int) peekIndex(i) & mask];
    }

    @SuppressWarnings("ReferenceEquality") // the same pooled instance back in its slot, not an equal one
    public void untake(Capsule capsule) {
        if (capsule == null) {
            throw new NullPointerException("untake(null) on channel " + name());
        }
        int slot = (int) reserveUntake() & mask;
        Capsule previous = slots[slot];
        if (previous != capsule) {
            remember(slot, previous);
            slots[slot] = capsule;
        }
        // Back in a channel: the work() must not reclaim it when it returns.
        CapsuleMarks.mark(capsule, consumer.transactionId());
    }

    public int transferTo(CapsuleRing target) {
        return transferTo(target, Integer.MAX_VALUE);
    }

    /** As {@link #transferTo(CapsuleRing)}, for at most {@code max} capsules. */
    public int transferTo(CapsuleRing target, int max) {
        int moved = 0;
        while (moved < max && size() > 0) {
            target.put(take());
            moved++;
        }
        return moved;
    }

    /**
     * Puts the first {@code count} capsules on {@code target} too; publication copies them. On a
     * lossless target, those that do not fit in its ring are spilled, in order.
     */
    public void copyTo(CapsuleRing target, int count) {
        requireAvailable(count);
        for (int i = 0; i < count; i++) {
            target.put(peek(i));
        }
    }

    /** Takes and discards {@code count} capsules. */
    public void skip(int count) {
        requireAvailable(count);
        for (int i = 0; i < count; i++) {
            take();
        }
    }

    /**
     * First half of publication, before anything becomes visible: marks every capsule the
     * transaction put as published by it, replacing second and later puts of one capsule by
     * copies.
     */
    public void stagePuts() {
        long id = producer.transactionId();
        for (long i = publishedTail(), end = pendingTail(); i < end; i++) {
            stage(slots, (int) i & mask, id);
        }
        for (long i = pendingSpillStart(), end = pendingSpillEnd(); i < end; i++) {
            stage(spill, spillSlot(i), id);
        }
    }

    private void stage(Capsule[] array, int slot, long id) {
        Capsule capsule = array[slot];
        if (CapsuleMarks.markOf(capsule) == id) {
            Capsule copy = producer.copyOf(capsule);
            CapsuleMarks.mark(copy, id);
            array[slot] = copy;
        } else {
            CapsuleMarks.mark(capsule, id);
        }
    }

    @Override
    protected void resizeSpill(int length) {
        Capsule[] grown = new Capsule[length];
        copySpill(spill, grown, length);
        spill = grown;
    }

    @Override
    protected void moveFromSpill(long position, long index, int count) {
        copyRuns(spill, spill.length, position, slots, slots.length, index, count);
        clearRuns(spill, position, count);
    }

    private void remember(int slot, Capsule previous) {
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
            slots[(int) untakeIndex[i]] = untakeValue[i];
        }
        forgetUntakes();
    }
}
