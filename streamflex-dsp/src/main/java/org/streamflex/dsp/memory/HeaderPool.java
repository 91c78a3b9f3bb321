package org.streamflex.dsp.memory;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.jctools.queues.atomic.MpmcAtomicArrayQueue;

/**
 * Idle segment headers of one class, so that making a segment allocates nothing on the heap once
 * the pool holds as many as a graph has in flight. Headers are freed on whichever thread drops
 * their last reference and taken on another: a lock-free multi-producer multi-consumer queue.
 *
 * <pre>{@code
 * private static final HeaderPool<FloatSeg> HEADERS = new HeaderPool<>("FloatSeg", FloatSeg::new);
 * FloatSeg s = HEADERS.take();   // recycled, or new at warm-up
 * HEADERS.give(s);               // when its last holder released it
 * }</pre>
 *
 * <p>The queue is JCTools' {@code MpmcAtomicArrayQueue}, built on {@code java.util.concurrent.atomic}
 * rather than {@code sun.misc.Unsafe}, whose first use JDK 25 warns of on stderr (four lines at the
 * start of every run of a program using the DSP library) and later JDKs remove; the runtime's
 * {@code CapsulePool} made the same choice.
 *
 * <p>In debug mode ({@code streamflex.dsp.debug}) headers are never recycled: a freed header keeps
 * saying it was freed, so that a use after release is caught and named instead of reading the
 * header's next life.
 *
 * @param <T> the header class
 */
public final class HeaderPool<T> {
    /** Idle headers kept per class; beyond, a freed header goes to the garbage collector. */
    private static final int CAPACITY = 1 << 14;

    private final String name;
    private final Supplier<T> maker;
    private final MpmcAtomicArrayQueue<T> idle = new MpmcAtomicArrayQueue<>(CAPACITY);
    private final AtomicLong created = new AtomicLong();

    /** A pool of headers made by {@code maker}, named {@code name} in diagnostics. */
    public HeaderPool(String name, Supplier<T> maker) {
        this.name = name;
        this.maker = maker;
    }

    /** An idle header, or a new one if none is idle. */
    public T take() {
        T header = idle.poll();
        if (header == null) {
            created.incrementAndGet();
            header = maker.get();
        }
        return header;
    }

    /** Takes back a header whose last holder released it. */
    public void give(T header) {
        if (!DspDebug.ENABLED) {
            idle.offer(header);
        }
    }

    /** Headers made because none was idle: moves only at warm-up in steady state. */
    public long created() {
        return created.get();
    }

    /** Headers idle now. */
    public int idle() {
        return idle.size();
    }

    @Override
    public String toString() {
        return name + " headers: " + created() + " made, " + idle() + " idle";
    }
}
