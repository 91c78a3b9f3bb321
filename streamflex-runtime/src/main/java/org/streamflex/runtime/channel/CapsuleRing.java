package org.streamflex.runtime.channel;

import org.streamflex.Capsule;
import org.streamflex.runtime.capsule.CapsuleMarks;

/**
 * Transactional ring of capsule references. Capsules move by reference (zero copy); when one
 * work() puts the same capsule on several channels, every publication after the first publishes
 * a pooled copy.
 */
public final class CapsuleRing extends ReferenceRing<Capsule> {
    /** {@link #slotArray()}, of its own type: a take reads it with no cast. */
    private final Capsule[] slots;
    private CapsuleTransaction producer;
    private CapsuleTransaction consumer;

    public CapsuleRing(int capacity, String name, Class<? extends Capsule> elementType) {
        super(capacity, name, elementType, new Capsule[0]);
        this.slots = slotArray();
    }

    /** Binds the ring to the transactions of the filters at its two ends. */
    public void bind(CapsuleTransaction producer, CapsuleTransaction consumer) {
        this.producer = producer;
        this.consumer = consumer;
    }

    @Override
    public boolean put(Capsule capsule) {
        requirePutAllowed(capsule);
        long index = reservePut();
        if (index < 0) {
            return spillRefused(index, capsule);
        }
        slots[(int) index & mask] = capsule;
        return true;
    }

    @Override
    public Capsule take() {
        Capsule capsule = slots[(int) reserveTake() & mask];
        consumer.noteTaken(capsule);
        return capsule;
    }

    @Override
    public Capsule peek(int i) {
        return slots[(int) peekIndex(i) & mask];
    }

    @SuppressWarnings("ReferenceEquality") // the same pooled instance back in its slot, not an equal one
    public void untake(Capsule capsule) {
        requireUntakeAllowed(capsule);
        int slot = (int) reserveUntake() & mask;
        Capsule previous = slots[slot];
        if (previous != capsule) {
            remember(slot, previous);
            slots[slot] = capsule;
        }
        // Back in a channel: the work() must not reclaim it when it returns.
        CapsuleMarks.mark(capsule, consumer.transactionId());
    }

    /**
     * First half of publication, before anything becomes visible: marks every capsule the
     * transaction put as published by it, replacing second and later puts of one capsule by
     * copies.
     */
    public void stagePuts() {
        long id = producer.transactionId();
        for (long i = publishedTail(), end = pendingTail(); i < end; i++) {
            int slot = (int) i & mask;
            Capsule copy = stage(slots[slot], id);
            if (copy != null) {
                slots[slot] = copy;
            }
        }
        for (long i = pendingSpillStart(), end = pendingSpillEnd(); i < end; i++) {
            Capsule copy = stage(spilled(i), id);
            if (copy != null) {
                replaceSpilled(i, copy);
            }
        }
    }

    /**
     * Marks {@code capsule} as published by transaction {@code id}, or if it is already (a second
     * put of it), returns a marked copy to publish in its place; else null.
     */
    private Capsule stage(Capsule capsule, long id) {
        if (CapsuleMarks.markOf(capsule) != id) {
            CapsuleMarks.mark(capsule, id);
            return null;
        }
        Capsule copy = producer.copyOf(capsule);
        CapsuleMarks.mark(copy, id);
        return copy;
    }

    /** Nothing to give back: a capsule untake put in a slot holds no count. */
    @Override
    protected void untakeUndone(Capsule capsule) {
        // a capsule is not reference-counted
    }
}
