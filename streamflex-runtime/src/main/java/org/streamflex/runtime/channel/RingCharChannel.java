package org.streamflex.runtime.channel;

import org.streamflex.DataChannel;
import org.streamflex.CharChannel;

/**
 * {@link CharChannel} on a {@link LongRing}. One of eight adapters that differ only in the
 * primitive type they convert to and from a 64-bit slot.
 */
public final class RingCharChannel extends CharChannel implements RingBacked {
    private final LongRing ring;

    public RingCharChannel(LongRing ring) {
        this.ring = ring;
    }

    @Override
    public boolean put(char value) {
        return ring.put(value);
    }

    @Override
    public char take() {
        return (char) ring.take();
    }

    @Override
    public void untake(char value) {
        ring.untake(value);
    }

    @Override
    public char peek(int i) {
        return (char) ring.peek(i);
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
        return ring.transferTo(Transfers.sameKind(this, target, RingCharChannel.class).ring);
    }

    @Override
    public int transferTo(DataChannel target, int max) {
        return ring.transferTo(Transfers.sameKind(this, target, RingCharChannel.class).ring, max);
    }

    @Override
    public void copyTo(DataChannel target, int count) {
        ring.copyTo(Transfers.sameKind(this, target, RingCharChannel.class).ring, count);
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
