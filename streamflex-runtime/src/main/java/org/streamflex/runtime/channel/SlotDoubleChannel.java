package org.streamflex.runtime.channel;

import org.streamflex.ChannelUnderflowException;
import org.streamflex.DataChannel;
import org.streamflex.DoubleChannel;
import org.streamflex.RateViolationError;

/**
 * The API's {@link DoubleChannel} as one slot: the channel between two filters of a fused chain
 * that runs depth first, one item at a time from its first filter to its last, each filter
 * declaring one item taken and one put per {@code work()}. A put stores the item, the next
 * filter's take reads it back: no indices, no transaction. The link's {@link LongRing} stays the
 * channel's record: the chain counts on it the items that went through ({@link
 * SpscRing#countPassedThrough}), so its counters read as they would unfused.
 *
 * <p>Both filters run on one thread, one {@code work()} after the other, so the slot holds at
 * most one item between them. A {@code work()} that puts a second item before the next filter
 * took the first breaks its declared rate: a {@link RateViolationError}, as if it had thrown it
 * (nothing is overwritten). A take from the empty slot is the {@link ChannelUnderflowException}
 * of any channel.
 *
 * <p>{@link Trusted} is the slot without those checks, for a link whose filters were proven, from
 * their {@code work()} code, to take and put exactly one item per call (the chain's
 * {@code RateProof}): the checks are most of a chain's cost per item.
 * <!-- template: the build drops these lines from the classes it generates -->
 *
 * <p>This class is a template: the build generates {@code SlotIntChannel}, {@code SlotLongChannel}
 * and the other primitive channels from it ({@code build-tools/Specialize.java}).
 * <!-- :template -->
 *
 * <pre>{@code
 * SlotDoubleChannel edge = new SlotDoubleChannel(ring);   // ring: the link's LongRing, confined and empty
 * edge.put(0.5);
 * edge.take();   // 0.5
 * }</pre>
 */
public class SlotDoubleChannel extends DoubleChannel implements RingBacked, OneSlot {
    private final LongRing ring;
    /** The item, of its own type: a take and a put of an int are a load and a store of an int, no conversion. */
    private double value;
    /** 1 while the slot holds an item, else 0. */
    private int count;

    public SlotDoubleChannel(LongRing ring) {
        this.ring = ring;
    }

    @Override
    public boolean put(double v) {
        if (count != 0) {
            throw secondPut();
        }
        value = v;
        count = 1;
        return true;
    }

    @Override
    public double take() {
        if (count == 0) {
            throw empty("take()");
        }
        count = 0;
        return value;
    }

    @Override
    public void untake(double v) {
        if (count != 0) {
            throw new ChannelUnderflowException("untake() on channel " + name()
                    + " without a matching take() in this work(): only items taken in the current work()"
                    + " can be given back");
        }
        value = v;
        count = 1;
    }

    @Override
    public double peek(int i) {
        if (i != 0 || count == 0) {
            throw new ChannelUnderflowException("peek(" + i + ") on channel " + name() + " with " + count
                    + " items available: check size() first");
        }
        return value;
    }

    @Override
    public int size() {
        return count;
    }

    @Override
    public int capacity() {
        return ring.capacity();
    }

    /** Items published on the link before the chain's current run: the ring's count. */
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
        return transferTo(target, Integer.MAX_VALUE);
    }

    @Override
    public int transferTo(DataChannel target, int max) {
        DoubleChannel to = Transfers.sameKind(this, target, DoubleChannel.class);
        if (count == 0 || max <= 0) {
            return 0;
        }
        to.put(take());
        return 1;
    }

    @Override
    public void copyTo(DataChannel target, int n) {
        DoubleChannel to = Transfers.sameKind(this, target, DoubleChannel.class);
        if (n < 0) {
            throw new IllegalArgumentException("count " + n + " is negative on channel " + name());
        }
        if (n > count) {
            throw empty("copyTo(" + n + ")");
        }
        if (n == 1) {
            to.put(value);
        }
    }

    @Override
    public void skip(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("count " + n + " is negative on channel " + name());
        }
        if (n > count) {
            throw empty("skip(" + n + ")");
        }
        count -= n;
    }

    @Override
    public String name() {
        return ring.name();
    }

    @Override
    public SpscRing ring() {
        return ring;
    }

    @Override
    public boolean holdsItem() {
        return count != 0;
    }

    @Override
    public long heldBits() {
        return SlotBits.ofDouble(value);
    }

    @Override
    public void hold(long bits) {
        if (count != 0) {
            throw new RateViolationError(name() + ": work() left its item untaken, though the channel declares @Rate(1)"
                    + " (-Dstreamflex.rates.check=true names the filter and what it did)");
        }
        value = SlotBits.toDouble(bits);
        count = 1;
    }

    @Override
    public void held(boolean item) {
        count = item ? 1 : 0;
    }

    private ChannelUnderflowException empty(String call) {
        return new ChannelUnderflowException(call + " on empty channel " + name()
                + ": check size() first or write a trigger() that waits for input");
    }

    /**
     * The slot of a link whose producer puts, and whose consumer takes, exactly one item per
     * {@code work()} that returns, as proven from their code: a put stores the item and a take
     * reads it back, without the empty and full checks. A take leaves the item's bits in place, so
     * that a chain whose filter fails can give it back ({@link #held(boolean)}, {@link #heldBits()}).
     *
     * <pre>{@code
     * SlotDoubleChannel edge = new SlotDoubleChannel.Trusted(ring);
     * edge.put(0.5);
     * edge.take();   // 0.5
     * }</pre>
     */
    public static final class Trusted extends SlotDoubleChannel {
        public Trusted(LongRing ring) {
            super(ring);
        }

        @Override
        public boolean put(double v) {
            ((SlotDoubleChannel) this).value = v;
            return true;
        }

        @Override
        public double take() {
            return ((SlotDoubleChannel) this).value;
        }

        @Override
        public void hold(long bits) {
            ((SlotDoubleChannel) this).value = SlotBits.toDouble(bits);
        }
    }

    private RateViolationError secondPut() {
        return new RateViolationError(name() + ": work() put a second item before the next filter took the first;"
                + " its fused chain runs one item at a time, as its @Rate of 1 per work() declares"
                + " (-Dstreamflex.rates.check=true names the filter and what it did)");
    }
}
