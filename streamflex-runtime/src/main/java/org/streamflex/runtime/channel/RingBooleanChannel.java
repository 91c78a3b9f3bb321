package org.streamflex.runtime.channel;

import org.streamflex.DataChannel;
import org.streamflex.BooleanChannel;

/**
 * {@link BooleanChannel} on a {@link LongRing}. One of eight adapters that differ only in the
 * primitive type they convert to and from a 64-bit slot.
 */
public final class RingBooleanChannel extends BooleanChannel implements RingBacked {
    private final LongRing ring;

    public RingBooleanChannel(LongRing ring) {
        this.ring = ring;
    }

    @Override
    public boolean put(boolean value) {
        return ring.put(value ? 1L : 0L);
    }

    @Override
    public boolean take() {
        return ring.take() != 0;
    }

    @Override
    public void untake(boolean value) {
        ring.untake(value ? 1L : 0L);
    }

    @Override
    public boolean peek(int i) {
        return ring.peek(i) != 0;
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
        return ring.transferTo(Transfers.sameKind(this, target, RingBooleanChannel.class).ring);
    }

    @Override
    public int transferTo(DataChannel target, int max) {
        return ring.transferTo(Transfers.sameKind(this, target, RingBooleanChannel.class).ring, max);
    }

    @Override
    public void copyTo(DataChannel target, int count) {
        ring.copyTo(Transfers.sameKind(this, target, RingBooleanChannel.class).ring, count);
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
