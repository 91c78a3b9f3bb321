package org.streamflex;

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
public abstract class Channel<T extends Capsule> extends DataChannel {
    /** For the runtime's implementation only. */
    protected Channel() {
    }

    /**
     * Puts a capsule at the end, published when {@code work()} returns.
     *
     * @return false if the channel is full: the capsule is dropped and counted
     */
    public abstract boolean put(T capsule);

    /**
     * Takes the first available capsule.
     *
     * @throws ChannelUnderflowException if {@link #size()} is 0
     */
    public abstract T take();

    /**
     * Gives a capsule back to the front of the channel: the next {@link #take()} returns it.
     * Only as many capsules as this {@code work()} took can be given back.
     *
     * @throws ChannelUnderflowException if this {@code work()} has taken nothing left to give back
     */
    public abstract void untake(T capsule);

    /**
     * The i-th available capsule (0 is the next one {@link #take()} returns), without taking it.
     *
     * @throws ChannelUnderflowException if {@code i} is not below {@link #size()}
     */
    public abstract T peek(int i);
}
