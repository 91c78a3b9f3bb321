package org.streamflex.runtime.channel;

import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.DataChannel;

/**
 * The API's {@link Channel} on a {@link CapsuleRing}: items travel by reference, and what a put,
 * take or untake does to them is the ring's. Every call is bound to the ring's final class.
 * <!-- template: the build drops these lines from the class it generates -->
 *
 * <p>This class is the template of the runtime's reference channels: the build generates
 * {@code RingSharedChannel}, the API's {@code SharedChannel} on a {@code SharedRing}, from it
 * ({@code build-tools/Specialize.java}, {@code Capsule=Shared,Channel=SharedChannel}). A class of
 * its own per API class keeps each final, so a filter's {@code in.take()} is bound to the ring's
 * code with no type check, as for the primitive channels ({@link RingDoubleChannel}).
 * <!-- :template -->
 */
public final class RingCapsuleChannel<T extends Capsule> extends Channel<T> implements RingBacked {
    private final CapsuleRing ring;

    public RingCapsuleChannel(CapsuleRing ring) {
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
