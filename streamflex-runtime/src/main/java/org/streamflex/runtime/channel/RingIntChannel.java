package org.streamflex.runtime.channel;

import org.streamflex.DataChannel;
import org.streamflex.IntChannel;

/**
 * {@link IntChannel} on a {@link LongRing}. One of eight adapters that differ only in the
 * primitive type they convert to and from a 64-bit slot.
 */
public final class RingIntChannel extends IntChannel implements RingBacked {
    private final LongRing ring;

    public RingIntChannel(LongRing ring) {
        this.ring = ring;
    }

    @Override
    public boolean put(int value) {
        return ring.put(value);
    }

    @Override
    public int take() {
        return (int) ring.take();
    }

    @Override
    public void untake(int value) {
        ring.untake(value);
    }

    @Override
    public int peek(int i) {
        return (int) ring.peek(i);
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
        return ring.transferTo(Transfers.sameKind(this, target, RingIntChannel.class).ring);
    }

    @Override
    public int transferTo(DataChannel target, int max) {
        return ring.transferTo(Transfers.sameKind(this, target, RingIntChannel.class).ring, max);
    }

    @Override
    public void copyTo(DataChannel target, int count) {
        ring.copyTo(Transfers.sameKind(this, target, RingIntChannel.class).ring, count);
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
