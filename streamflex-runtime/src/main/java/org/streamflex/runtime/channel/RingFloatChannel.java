package org.streamflex.runtime.channel;

import org.streamflex.DataChannel;
import org.streamflex.FloatChannel;

/**
 * {@link FloatChannel} on a {@link LongRing}. One of eight adapters that differ only in the
 * primitive type they convert to and from a 64-bit slot.
 */
public final class RingFloatChannel extends FloatChannel implements RingBacked {
    private final LongRing ring;

    public RingFloatChannel(LongRing ring) {
        this.ring = ring;
    }

    @Override
    public boolean put(float value) {
        return ring.put(Float.floatToRawIntBits(value));
    }

    @Override
    public float take() {
        return Float.intBitsToFloat((int) ring.take());
    }

    @Override
    public void untake(float value) {
        ring.untake(Float.floatToRawIntBits(value));
    }

    @Override
    public float peek(int i) {
        return Float.intBitsToFloat((int) ring.peek(i));
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
        return ring.transferTo(Transfers.sameKind(this, target, RingFloatChannel.class).ring);
    }

    @Override
    public int transferTo(DataChannel target, int max) {
        return ring.transferTo(Transfers.sameKind(this, target, RingFloatChannel.class).ring, max);
    }

    @Override
    public void copyTo(DataChannel target, int count) {
        ring.copyTo(Transfers.sameKind(this, target, RingFloatChannel.class).ring, count);
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
    public RingIndex ring() {
        return ring;
    }
}
