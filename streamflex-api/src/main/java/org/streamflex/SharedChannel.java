package org.streamflex;

/**
 * A fixed-size channel of {@link Shared} values (signal segments): values travel by reference, and
 * a value put on several channels is shared by all of them, never copied. Like every channel it is
 * transactional: puts are published when {@code work()} returns, and a put on a full channel drops
 * the value and counts it in {@link #dropped()}.
 *
 * <pre>{@code
 * class Loudness extends Filter {
 *     private SharedChannel<FloatSeg> in;
 *     private DoubleChannel out;
 *     public void work() {
 *         FloatSeg s = in.take();          // valid until work() returns
 *         out.put(Stats.stdDev(s));
 *     }
 * }
 * }</pre>
 *
 * @param <T> the shared type carried
 */
public abstract class SharedChannel<T extends Shared> extends DataChannel {
    /** For the runtime's implementation only. */
    protected SharedChannel() {
    }

    /**
     * Puts a value at the end, published when {@code work()} returns; the channel then holds a
     * reference of its own.
     *
     * @return false if the channel is full: the value is dropped and counted
     */
    public abstract boolean put(T value);

    /**
     * Takes the first available value, valid until this {@code work()} returns.
     *
     * @throws ChannelUnderflowException if {@link #size()} is 0
     */
    public abstract T take();

    /**
     * Gives a value back to the front of the channel: the next {@link #take()} returns it. Only as
     * many values as this {@code work()} took can be given back.
     *
     * @throws ChannelUnderflowException if this {@code work()} has taken nothing left to give back
     */
    public abstract void untake(T value);

    /**
     * The i-th available value (0 is the next one {@link #take()} returns), without taking it.
     *
     * @throws ChannelUnderflowException if {@code i} is not below {@link #size()}
     */
    public abstract T peek(int i);
}
