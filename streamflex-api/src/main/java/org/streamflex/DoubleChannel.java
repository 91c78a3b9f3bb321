package org.streamflex;

import org.streamflex.spi.LongSlots;

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
 * {@code CharChannel} and {@code BooleanChannel} from it ({@code build/Specialize.java}), each
 * converting its values at the edge with {@code Slots} and storing them in the runtime's 64-bit
 * slots.
 * <!-- :template -->
 */
public final class DoubleChannel extends DataChannel {
    private final LongSlots slots;

    /** Made by the runtime only, which connects the channel to its ring. */
    DoubleChannel(LongSlots slots) {
        super(slots);
        this.slots = slots;
    }

    /**
     * Puts a value at the end, published when {@code work()} returns.
     *
     * @return false if the channel is full: the value is dropped and counted
     */
    public boolean put(double value) {
        return slots.put(Slots.ofDouble(value));
    }

    /**
     * Takes the first available value.
     *
     * @throws ChannelUnderflowException if {@link #size()} is 0
     */
    public double take() {
        return Slots.toDouble(slots.take());
    }

    /**
     * Gives a value back to the front of the channel: the next {@link #take()} returns it. Only
     * as many values as this {@code work()} took can be given back.
     *
     * @throws ChannelUnderflowException if this {@code work()} has taken nothing left to give back
     */
    public void untake(double value) {
        slots.untake(Slots.ofDouble(value));
    }

    /**
     * The i-th available value (0 is the next one {@link #take()} returns), without taking it.
     *
     * @throws ChannelUnderflowException if {@code i} is not below {@link #size()}
     */
    public double peek(int i) {
        return Slots.toDouble(slots.peek(i));
    }
}
