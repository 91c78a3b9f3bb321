package org.streamflex.runtime.channel;

import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * What {@link CapsuleRing} and {@link SharedRing} have in common, written once: a ring of references
 * of one declared class, the lossless ring's spill of them, the slots an untake overwrote (restored
 * on rollback), and the moves made of takes and puts ({@code transferTo}, {@code copyTo},
 * {@code skip}). Put, take, peek and untake, and what a capsule or a shared value does on them
 * (marks and copies, reference counts), stay in the subclass, on slots of its own element type: the
 * same array as this class's, so that a channel's {@code take()} is bound to a final class's code
 * and reads an array that needs no cast.
 *
 * <pre>{@code
 * CapsuleRing ring = new CapsuleRing(64, "Gen.out -> Mid.in", Sample.class);
 * ring.transferTo(other, 8);   // as eight takes and puts: written here, for capsules and shared values
 * }</pre>
 *
 * @param <E> the references carried: {@code Capsule} or {@code Shared}
 */
public abstract class ReferenceRing<E> extends SpscRing {
    /** The ring's slots: the array the subclass reads through its typed field ({@link #slotArray()}). */
    private final E[] storage;
    /** A lossless ring's puts that found it full, at {@code spillSlot(position)}: the producer's only. */
    private E[] spill;
    private final Class<? extends E> elementType;
    /** Slots that untake overwrote in the current transaction, with their previous contents. */
    private long[] untakeIndex = new long[0];
    private E[] untakeValue;
    private int untakes;

    /**
     * A ring of {@code capacity} references of {@code elementType}, stored in an array of the
     * component type of {@code none} (a zero-length array: {@code new Capsule[0]}).
     */
    protected ReferenceRing(int capacity, String name, Class<? extends E> elementType, E[] none) {
        super(capacity, name);
        this.storage = Arrays.copyOf(none, storageLength(capacity));
        this.spill = Arrays.copyOf(none, 0);
        this.untakeValue = Arrays.copyOf(none, 0);
        this.elementType = elementType;
    }

    /** The class the channel was declared with. */
    public final Class<? extends E> elementType() {
        return elementType;
    }

    /** The ring's slots, for the subclass's field of its element type. */
    protected final E[] slotArray() {
        return storage;
    }

    /** Puts a reference at the end, as {@link #take()} gives it: see the subclass. */
    public abstract boolean put(E value);

    /** Takes the first available reference. */
    public abstract E take();

    /** The i-th available reference, without taking it. */
    public abstract E peek(int i);

    /**
     * Throws unless {@code value} may be put on this ring: not null, and of its declared class. The
     * message is built out of line, so that a put with this check inlined stays small.
     */
    protected final void requirePutAllowed(E value) {
        if (value == null || !elementType.isInstance(value)) {
            throw refusedValue(value);
        }
    }

    private RuntimeException refusedValue(E value) {
        if (value == null) {
            return new NullPointerException("put(null) on channel " + name());
        }
        return new ClassCastException("channel " + name() + " carries " + elementType.getName()
                + ", not " + value.getClass().getName());
    }

    /** Throws unless {@code value}, given back by an untake, is a reference. */
    protected final void requireUntakeAllowed(E value) {
        if (value == null) {
            throw new NullPointerException("untake(null) on channel " + name());
        }
    }

    /**
     * A put the ring refused, {@link #reservePut()} having returned {@code refusal}: spilled if it
     * said so and the spill has room, else dropped (and counted).
     *
     * @return whether the value was spilled
     */
    protected final boolean spillRefused(long refusal, E value) {
        if (refusal != SPILL) {
            return false;
        }
        long position = reserveSpill();
        if (position < 0) {
            return false;
        }
        spill[spillSlot(position)] = value;
        return true;
    }

    /** The spilled reference at spill position {@code position}. */
    protected final E spilled(long position) {
        return spill[spillSlot(position)];
    }

    /** Replaces the spilled reference at spill position {@code position} ({@code null} clears it). */
    protected final void replaceSpilled(long position, E value) {
        spill[spillSlot(position)] = value;
    }

    public final int transferTo(ReferenceRing<E> target) {
        return transferTo(target, Integer.MAX_VALUE);
    }

    /** As {@link #transferTo(ReferenceRing)}, for at most {@code max} references: take and put each. */
    public final int transferTo(ReferenceRing<E> target, int max) {
        int moved = 0;
        while (moved < max && size() > 0) {
            target.put(take());
            moved++;
        }
        return moved;
    }

    /**
     * Puts the first {@code count} references on {@code target} too, as its put does (a capsule is
     * copied at publication, a shared value is shared). On a lossless target, those that do not fit
     * in its ring are spilled, in order.
     */
    public final void copyTo(ReferenceRing<E> target, int count) {
        requireAvailable(count);
        for (int i = 0; i < count; i++) {
            target.put(peek(i));
        }
    }

    /** Takes and discards {@code count} references. */
    public final void skip(int count) {
        requireAvailable(count);
        for (int i = 0; i < count; i++) {
            take();
        }
    }

    @Override
    protected final void resizeSpill(int length) {
        @SuppressWarnings("unchecked") // an array of the spill's own component type
        E[] grown = (E[]) Array.newInstance(spill.getClass().getComponentType(), length);
        copySpill(spill, grown, length);
        spill = grown;
    }

    @Override
    protected final void moveFromSpill(long position, long index, int count) {
        copyRuns(spill, spill.length, position, storage, storage.length, index, count);
        clearRuns(spill, position, count);
    }

    /** Records that an untake replaced {@code previous} in {@code slot}, for {@link #restoreUntakes()}. */
    protected final void remember(int slot, E previous) {
        if (untakes == untakeIndex.length) {
            // Grows only when a work() untakes more distinct values than ever before.
            int length = Math.max(4, untakes * 2);
            untakeIndex = Arrays.copyOf(untakeIndex, length);
            untakeValue = Arrays.copyOf(untakeValue, length);
        }
        untakeIndex[untakes] = slot;
        untakeValue[untakes] = previous;
        untakes++;
    }

    /** How many slots the current transaction's untakes overwrote. */
    protected final int untakeCount() {
        return untakes;
    }

    /** What the {@code i}-th slot an untake overwrote held before. */
    protected final E replacedByUntake(int i) {
        return untakeValue[i];
    }

    @Override
    protected final void forgetUntakes() {
        Arrays.fill(untakeValue, 0, untakes, null);
        untakes = 0;
    }

    @Override
    protected final void restoreUntakes() {
        for (int i = untakes - 1; i >= 0; i--) {
            int slot = (int) untakeIndex[i];
            untakeUndone(storage[slot]);
            storage[slot] = untakeValue[i];
        }
        forgetUntakes();
    }

    /**
     * Called on rollback with each reference an untake put in a slot, newest first, just before the
     * slot gets back what it held: a shared value gives back the reference its untake took.
     */
    protected abstract void untakeUndone(E value);
}
