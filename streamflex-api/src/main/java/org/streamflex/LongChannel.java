package org.streamflex;

/**
 * A fixed-size channel of {@code long} values; values are never boxed.
 *
 * <pre>{@code
 * class Pass extends Filter {
 *     private LongChannel in, out;
 *     public void work() {
 *         while (in.size() > 0) out.put(in.take());
 *     }
 * }
 * }</pre>
 */
public abstract class LongChannel extends DataChannel {
    protected LongChannel() {
    }

    /**
     * Puts a value at the end, published when {@code work()} returns.
     *
     * @return false if the channel is full: the value is dropped and counted
     */
    public abstract boolean put(long value);

    /**
     * Takes the first available value.
     *
     * @throws ChannelUnderflowException if {@link #size()} is 0
     */
    public abstract long take();

    /**
     * Gives a value back to the front of the channel: the next {@link #take()} returns it. Only
     * as many values as this {@code work()} took can be given back.
     *
     * @throws ChannelUnderflowException if this {@code work()} has taken nothing left to give back
     */
    public abstract void untake(long value);

    /**
     * The i-th available value (0 is the next one {@link #take()} returns), without taking it.
     *
     * @throws ChannelUnderflowException if {@code i} is not below {@link #size()}
     */
    public abstract long peek(int i);
}
