package org.streamflex.runtime.channel;

import org.streamflex.DataChannel;
import org.streamflex.Shared;
import org.streamflex.SharedChannel;

/** The API's {@link SharedChannel} on a {@link SharedRing}: values travel by reference, shared. */
public final class RingSharedChannel<T extends Shared> extends SharedChannel<T> implements RingBacked {
    private final SharedRing ring;

    public RingSharedChannel(SharedRing ring) {
        this.ring = ring;
    }

    @Override
    public boolean put(T value) {
        return ring.put(value);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T take() {
        return (T) ring.take();
    }

    @Override
    public void untake(T value) {
        ring.untake(value);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T peek(int i) {
        return (T) ring.peek(i);
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
        @SuppressWarnings("unchecked")
        RingSharedChannel<Shared> other = Transfers.sameKind(this, target, RingSharedChannel.class);
        return ring.transferTo(other.ring);
    }

    @Override
    public int transferTo(DataChannel target, int max) {
        return ring.transferTo(Transfers.sameKind(this, target, RingSharedChannel.class).ring, max);
    }

    @Override
    public void copyTo(DataChannel target, int count) {
        ring.copyTo(Transfers.sameKind(this, target, RingSharedChannel.class).ring, count);
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
