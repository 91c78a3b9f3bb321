package org.streamflex;

/**
 * A fixed-size channel of {@code double} values; values are never boxed.
 *
 * <pre>{@code
 * class Pass extends Filter {
 *     private DoubleChannel in, out;
 *     public void work() {
 *         while (in.size() > 0) out.put(in.take());
 *     }
 * }
 * }</pre>
 * <!-- template: the build drops these lines from the classes it generates -->
 *
 * <p>This class is the template of the primitive channels: the build generates {@code IntChannel},
 * {@code LongChannel}, {@code FloatChannel}, {@code ShortChannel}, {@code ByteChannel},
 * {@code CharChannel} and {@code BooleanChannel} from it ({@code build-tools/Specialize.java}).
 * The runtime implements each on its 64-bit slots, from a template of its own.
 * <!-- :template -->
 */
public abstract class DoubleChannel extends DataChannel {
    /** For the runtime's implementation only. */
    protected DoubleChannel() {
    }

    /**
     * Puts a value at the end, published when {@code work()} returns.
     *
     * @return false if the channel is full: the value is dropped and counted
     */
    public abstract boolean put(double value);

    /**
     * Takes the first available value.
     *
     * @throws ChannelUnderflowException if {@link #size()} is 0
     */
    public abstract double take();

    /**
     * Gives a value back to the front of the channel: the next {@link #take()} returns it. Only
     * as many values as this {@code work()} took can be given back.
     *
     * @throws ChannelUnderflowException if this {@code work()} has taken nothing left to give back
     */
    public abstract void untake(double value);

    /**
     * The i-th available value (0 is the next one {@link #take()} returns), without taking it.
     *
     * @throws ChannelUnderflowException if {@code i} is not below {@link #size()}
     */
    public abstract double peek(int i);
}
