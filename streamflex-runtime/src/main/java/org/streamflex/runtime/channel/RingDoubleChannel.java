package org.streamflex.runtime.channel;

import java.util.Objects;
import org.streamflex.ChannelUnderflowException;
import org.streamflex.DataChannel;
import org.streamflex.DoubleChannel;

/**
 * The API's {@link DoubleChannel} on a {@link LongRing}: each value converted at the edge
 * ({@link SlotBits}), every call bound to the ring's final class.
 * <!-- template: the build drops these lines from the classes it generates -->
 *
 * <p>This class is the template of the runtime's primitive channels: the build generates
 * {@code RingIntChannel}, {@code RingLongChannel}, {@code RingFloatChannel},
 * {@code RingShortChannel}, {@code RingByteChannel}, {@code RingCharChannel} and
 * {@code RingBooleanChannel} from it ({@code build-tools/Specialize.java}). One implementation per
 * API class, final and holding its ring in a final field of the ring's final class, lets the JIT
 * bind a filter's {@code in.take()} straight to the ring's code with no type check: an API class
 * with one loaded subclass, and the ring's class, are both known exactly.
 * <!-- :template -->
 */
public final class RingDoubleChannel extends DoubleChannel implements RingBacked {
    private final LongRing ring;

    public RingDoubleChannel(LongRing ring) {
        this.ring = ring;
    }

    @Override
    public boolean put(double value) {
        return ring.put(SlotBits.ofDouble(value));
    }

    @Override
    public double take() {
        return SlotBits.toDouble(ring.take());
    }

    @Override
    public void untake(double value) {
        ring.untake(SlotBits.ofDouble(value));
    }

    @Override
    public double peek(int i) {
        return SlotBits.toDouble(ring.peek(i));
    }

    @Override
    public int put(double[] values, int from, int count) {
        Objects.checkFromIndexSize(from, count, values.length);
        LongRing r = ring;
        int reserved = r.reservePuts(count);
        long[] s = r.slots();
        int start = (int) (r.pendingTail() - reserved) & (s.length - 1);
        // The reserved run in two loops, to the storage's end and on from its start: each index is the
        // loop's own plus a constant, which C2 vectorizes; a masked index in one loop it would not.
        int toEnd = Math.min(reserved, s.length - start);
        for (int i = 0; i < toEnd; i++) {
            s[start + i] = SlotBits.ofDouble(values[from + i]);
        }
        for (int i = toEnd; i < reserved; i++) {
            s[i - toEnd] = SlotBits.ofDouble(values[from + i]);
        }
        // What did not fit goes as single puts would: spilled on a lossless ring, else dropped and counted.
        int put = reserved;
        for (int i = reserved; i < count; i++) {
            if (r.put(SlotBits.ofDouble(values[from + i]))) {
                put++;
            }
        }
        return put;
    }

    @Override
    public void take(double[] into, int at, int count) {
        Objects.checkFromIndexSize(at, count, into.length);
        LongRing r = ring;
        int available = r.sizeForBatch();
        if (count > available) {
            throw new ChannelUnderflowException("take of " + count + " values on channel " + r.name() + " with "
                    + available + " available");
        }
        long[] s = r.slots();
        int start = (int) r.reserveTakes(count) & (s.length - 1);
        int toEnd = Math.min(count, s.length - start);
        for (int i = 0; i < toEnd; i++) {
            into[at + i] = SlotBits.toDouble(s[start + i]);
        }
        for (int i = toEnd; i < count; i++) {
            into[at + i] = SlotBits.toDouble(s[i - toEnd]);
        }
    }

    @Override
    public int size() {
        return ring.size();
    }

    @Override
    public int capacity() {
        return ring.capacity();
    }

    @Override
    public long published() {
        return ring.published();
    }

    @Override
    public long dropped() {
        return ring.dropped();
    }

    @Override
    public int transferTo(DataChannel target) {
        return ring.transferTo(Transfers.sameKind(this, target, RingDoubleChannel.class).ring);
    }

    @Override
    public int transferTo(DataChannel target, int max) {
        return ring.transferTo(Transfers.sameKind(this, target, RingDoubleChannel.class).ring, max);
    }

    @Override
    public void copyTo(DataChannel target, int count) {
        ring.copyTo(Transfers.sameKind(this, target, RingDoubleChannel.class).ring, count);
    }

    @Override
    public void skip(int count) {
        ring.skip(count);
    }

    @Override
    public String name() {
        return ring.name();
    }

    @Override
    public SpscRing ring() {
        return ring;
    }
}
