package org.streamflex.spi;

/**
 * A {@link SlotStore} of 64-bit slots: the storage of every primitive channel. Each channel class
 * converts its values at the edge (an {@code int} is widened, a {@code float} bit-cast), so one
 * store serves all eight primitive types and nothing is boxed.
 *
 * <pre>{@code
 * slots.put(Double.doubleToRawLongBits(0.5));   // what DoubleChannel.put(0.5) does
 * }</pre>
 */
public interface LongSlots extends SlotStore {
    /** Returns false if the ring was full: the value is dropped and counted. */
    boolean put(long value);

    long take();

    void untake(long value);

    long peek(int i);
}
