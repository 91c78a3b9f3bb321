package org.streamflex.runtime.channel;

import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.DataChannel;

/** The API's {@link Channel} on a {@link CapsuleRing}: capsules travel by reference. */
public final class RingCapsuleChannel<T extends Capsule> extends Channel<T> implements RingBacked {
    private final CapsuleRing ring;

    public RingCapsuleChannel(CapsuleRing ring) {
        this.ring = ring;
    }

    @Override
    public boolean put(T capsule) {
        return ring.put(capsule);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T take() {
        return (T) ring.take();
    }

    @Override
    public void untake(T capsule) {
        ring.untake(capsule);
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
        RingCapsuleChannel<Capsule> other = Transfers.sameKind(this, target, RingCapsuleChannel.class);
        return ring.transferTo(other.ring);
    }

    @Override
    public int transferTo(DataChannel target, int max) {
        return ring.transferTo(Transfers.sameKind(this, target, RingCapsuleChannel.class).ring, max);
    }

    @Override
    public void copyTo(DataChannel target, int count) {
        ring.copyTo(Transfers.sameKind(this, target, RingCapsuleChannel.class).ring, count);
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
