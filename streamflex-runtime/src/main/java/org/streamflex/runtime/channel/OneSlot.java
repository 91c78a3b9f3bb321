package org.streamflex.runtime.channel;

/**
 * The state of a one-slot channel ({@link SlotDoubleChannel} and kin) that a fused depth-first
 * chain reads and sets when a {@code work()} fails: whether the slot holds an item, and its bits.
 *
 * <pre>{@code
 * OneSlot edge = (OneSlot) Channels.oneSlot(ringChannel);
 * if (edge.holdsItem()) ring.put(edge.heldBits());
 * }</pre>
 */
public interface OneSlot {
    /** Whether the slot holds an item. */
    boolean holdsItem();

    /** The item's 64 bits as a {@link LongRing} stores them (meaningful while {@link #holdsItem()}). */
    long heldBits();

    /**
     * Puts an item, given as its 64 bits, in the empty slot: how a chain hands its first filter the
     * item it took from the filter's input ring.
     *
     * @throws org.streamflex.RateViolationError if the slot still holds an item: the filter did not
     *     take the one before
     */
    void hold(long bits);

    /** Marks the slot as holding its item again (a take undone) or as empty (a put undone, a take kept). */
    void held(boolean item);
}
