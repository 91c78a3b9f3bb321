package org.streamflex;

import java.util.Objects;

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

    /**
     * Puts {@code count} values of {@code values}, from index {@code from}, in order: what that many
     * {@link #put(double)} calls would do, published when {@code work()} returns, each value the
     * channel has no room for dropped and counted (or, on a lossless link, kept in its spill).
     * Moving a block in one call lets the runtime copy it into the channel in one loop: worth it
     * for blocks of tens of values or more; for a few, single calls, which the JIT inlines, cost
     * less (measured: {@code jmh/README.md}, "Bulk takes and puts in the FIRs").
     *
     * <pre>{@code
     * out.put(block, 0, block.length);
     * }</pre>
     *
     * @return how many were put: {@code count} unless the channel dropped some
     * @throws IndexOutOfBoundsException if {@code from} and {@code count} do not name a range of
     *     {@code values}; nothing is put
     */
    public int put(double[] values, int from, int count) {
        Objects.checkFromIndexSize(from, count, values.length);
        int put = 0;
        for (int i = 0; i < count; i++) {
            if (put(values[from + i])) {
                put++;
            }
        }
        return put;
    }

    /**
     * Takes the next {@code count} values into {@code into}, from index {@code at}, in order: what
     * that many {@link #take()} calls would do, undone if {@code work()} throws.
     *
     * <pre>{@code
     * in.take(window, TAPS - 1, block);
     * }</pre>
     *
     * @throws ChannelUnderflowException if fewer than {@code count} values are available; nothing is
     *     taken
     * @throws IndexOutOfBoundsException if {@code at} and {@code count} do not name a range of
     *     {@code into}; nothing is taken
     */
    public void take(double[] into, int at, int count) {
        Objects.checkFromIndexSize(at, count, into.length);
        if (count > size()) {
            throw new ChannelUnderflowException("take of " + count + " values on channel " + name() + " with "
                    + size() + " available");
        }
        for (int i = 0; i < count; i++) {
            into[at + i] = take();
        }
    }
}
