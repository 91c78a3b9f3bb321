package org.streamflex.runtime.capsule;

import java.util.concurrent.atomic.AtomicLong;
import org.jctools.queues.atomic.MpmcAtomicArrayQueue;
import org.streamflex.Capsule;

/**
 * The free capsules of one concrete type in one graph. Capsules are made on one clock's thread and
 * reclaimed on whichever thread consumed them, so the free list is a bounded multi-producer
 * multi-consumer queue. When it is empty a new capsule is constructed (counted in
 * {@link #created()}); when it is full a returned capsule is left to the garbage collector
 * (counted in {@link #discarded()}). In steady state neither count grows.
 *
 * <p>The queue is JCTools' {@code MpmcAtomicArrayQueue}, the variant built on
 * {@code java.util.concurrent.atomic} rather than {@code sun.misc.Unsafe}, which JDK 25 warns
 * about and later JDKs remove.
 *
 * <p>A capsule from the pool keeps the field values it had when it was reclaimed, as events of a
 * Disruptor ring do: write every field you will read.
 */
public final class CapsulePool<C extends Capsule> {
    private final CapsuleType<C> type;
    private final MpmcAtomicArrayQueue<C> free;
    private final AtomicLong created = new AtomicLong();
    private final AtomicLong discarded = new AtomicLong();

    public CapsulePool(CapsuleType<C> type, int capacity) {
        this.type = type;
        this.free = new MpmcAtomicArrayQueue<>(capacity);
    }

    public C take() {
        C capsule = free.relaxedPoll();
        if (capsule == null) {
            capsule = type.newInstance();
            created.incrementAndGet();
        }
        return capsule;
    }

    /**
     * Fills the free list with up to {@code count} new capsules, so that the first releases of a
     * graph take capsules instead of constructing them. Not counted in {@link #created()}.
     */
    public void prefill(int count) {
        for (int i = 0; i < count && free.relaxedOffer(type.newInstance()); i++) {
            // offered
        }
    }

    @SuppressWarnings("unchecked")
    public void reclaim(Capsule capsule) {
        if (!free.relaxedOffer((C) capsule)) {
            discarded.incrementAndGet();
        }
    }

    /** A pooled copy of {@code source}, which must be of this pool's type. */
    public C copyOf(Capsule source) {
        C copy = take();
        type.copy(source, copy);
        return copy;
    }

    public Class<C> type() {
        return type.type();
    }

    /** Capsules constructed because the pool was empty. */
    public long created() {
        return created.get();
    }

    /** Capsules returned while the pool was full, left to the garbage collector. */
    public long discarded() {
        return discarded.get();
    }

    /** Capsules waiting in the pool (approximate while the graph runs). */
    public int available() {
        return free.size();
    }
}
