package org.streamflex;

import org.streamflex.spi.CapsuleSlots;

/**
 * A fixed-size channel of capsules.
 *
 * <pre>{@code
 * class Mutate extends Filter {
 *     private Channel<Strand> in, out;
 *     public void work() {
 *         Strand s = in.take();
 *         s.score *= 0.5;
 *         out.put(s);          // the same instance travels on: zero copy
 *     }
 * }
 * }</pre>
 *
 * @param <T> the capsule type carried
 */
public final class Channel<T extends Capsule> extends DataChannel {
    private final CapsuleSlots slots;

    /** Made by the runtime only, which connects the channel to its ring. */
    Channel(CapsuleSlots slots) {
        super(slots);
        this.slots = slots;
    }

    /**
     * Puts a capsule at the end, published when {@code work()} returns.
     *
     * @return false if the channel is full: the capsule is dropped and counted
     */
    public boolean put(T capsule) {
        return slots.put(capsule);
    }

    /**
     * Takes the first available capsule.
     *
     * @throws ChannelUnderflowException if {@link #size()} is 0
     */
    @SuppressWarnings("unchecked") // the runtime checks every put against the element type the field declares
    public T take() {
        return (T) slots.take();
    }

    /**
     * Gives a capsule back to the front of the channel: the next {@link #take()} returns it.
     * Only as many capsules as this {@code work()} took can be given back.
     *
     * @throws ChannelUnderflowException if this {@code work()} has taken nothing left to give back
     */
    public void untake(T capsule) {
        slots.untake(capsule);
    }

    /**
     * The i-th available capsule (0 is the next one {@link #take()} returns), without taking it.
     *
     * @throws ChannelUnderflowException if {@code i} is not below {@link #size()}
     */
    @SuppressWarnings("unchecked")
    public T peek(int i) {
        return (T) slots.peek(i);
    }
}
