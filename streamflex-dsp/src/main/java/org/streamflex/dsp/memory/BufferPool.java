package org.streamflex.dsp.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.jctools.queues.atomic.MpmcAtomicArrayQueue;
import org.streamflex.StreamFlexProperties;

/**
 * The off-heap sample memory of every segment: buffers in power-of-two size classes from 64 bytes
 * to 16 MiB, each class a lock-free queue of idle buffers (a buffer is freed on whichever thread
 * drops its last segment, and taken on another). Requests larger than the largest class get a
 * buffer of their own, freed by the garbage collector once unreachable.
 *
 * <pre>{@code
 * SampleBuffer b = BufferPool.shared().acquire(32 * Float.BYTES);  // a 128-byte buffer, one holder
 * ...
 * b.release();                                                     // idle again, for the next acquire
 * }</pre>
 *
 * <p>Decision: one pool per process, like Netty's default allocator, rather than one per graph.
 * Segments travel between graphs and to plain Java code, and a segment made by one graph may be
 * freed after that graph stopped; a per-graph pool would need to outlive its graph anyway. Each
 * class keeps at most {@code streamflex.dsp.poolBytes} of idle buffers (64 MiB by default); a
 * buffer freed beyond that is dropped and counted in {@link #discarded()}. Memory comes from an
 * automatic arena per buffer: a dropped buffer's memory goes back to the system when the garbage
 * collector finds it unreachable. In steady state every buffer is reused and neither
 * {@link #created()} nor {@link #discarded()} moves.
 */
public final class BufferPool {
    /** The smallest class: 64 bytes, one cache line. */
    static final int MIN_SHIFT = 6;
    /** The largest class: 16 MiB. */
    static final int MAX_SHIFT = 24;
    /** Idle buffers one class keeps at most, whatever its byte budget: bounds the queue's own size. */
    private static final int MAX_IDLE = 1 << 14;

    private static final BufferPool SHARED = new BufferPool(StreamFlexProperties.DSP_POOL_BYTES.get());

    private final long idleBytesPerClass;
    /** Made at first use: most programs use a few classes. */
    private final AtomicReferenceArray<SizeClass> classes = new AtomicReferenceArray<>(MAX_SHIFT + 1);
    private final AtomicLong unpooled = new AtomicLong();

    /** A pool keeping at most {@code idleBytesPerClass} bytes of idle buffers in each size class. */
    public BufferPool(long idleBytesPerClass) {
        if (idleBytesPerClass < 0) {
            throw new IllegalArgumentException("idle bytes per class must be >= 0, was " + idleBytesPerClass);
        }
        this.idleBytesPerClass = idleBytesPerClass;
    }

    /** The process's pool, which every segment factory uses. */
    public static BufferPool shared() {
        return SHARED;
    }

    /**
     * A buffer of at least {@code bytes} bytes with one holder, the caller; its contents are what
     * its last user left (or zero if new).
     *
     * @throws IllegalArgumentException if {@code bytes} is negative
     */
    public SampleBuffer acquire(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("cannot acquire a sample buffer of " + bytes + " bytes");
        }
        int shift = Math.max(MIN_SHIFT, 64 - Long.numberOfLeadingZeros(Math.max(1, bytes) - 1));
        if (shift > MAX_SHIFT) {
            unpooled.incrementAndGet();
            SampleBuffer b = new SampleBuffer(Arena.ofAuto().allocate(bytes, 64), null);
            b.revive();
            return b;
        }
        return sizeClass(shift).take();
    }

    /** Buffers made because their class had none idle, over every class: only at warm-up in steady state. */
    public long created() {
        long sum = unpooled.get();
        for (int i = 0; i < classes.length(); i++) {
            SizeClass c = classes.get(i);
            sum += c == null ? 0 : c.created.get();
        }
        return sum;
    }

    /** Buffers freed when their class already kept its most idle bytes, left to the garbage collector. */
    public long discarded() {
        long sum = 0;
        for (int i = 0; i < classes.length(); i++) {
            SizeClass c = classes.get(i);
            sum += c == null ? 0 : c.discarded.get();
        }
        return sum;
    }

    /** Idle buffers now, over every class. */
    public long idle() {
        long sum = 0;
        for (int i = 0; i < classes.length(); i++) {
            SizeClass c = classes.get(i);
            sum += c == null ? 0 : c.idle.size();
        }
        return sum;
    }

    /**
     * Bytes of the pooled buffers handed out and not given back yet: those segments hold now. It
     * reads each size class's counters and queue length, which other threads may change meanwhile,
     * so it is exact only while no other thread acquires or frees; buffers too large to pool are not
     * counted.
     */
    public long bytesInUse() {
        long sum = 0;
        for (int i = 0; i < classes.length(); i++) {
            SizeClass c = classes.get(i);
            if (c != null) {
                sum += (c.created.get() - c.discarded.get() - c.idle.size()) * c.bytes;
            }
        }
        return sum;
    }

    /** Bytes of the buffers idle now. */
    public long idleBytes() {
        long sum = 0;
        for (int i = 0; i < classes.length(); i++) {
            SizeClass c = classes.get(i);
            sum += c == null ? 0 : (long) c.idle.size() * c.bytes;
        }
        return sum;
    }

    private SizeClass sizeClass(int shift) {
        SizeClass c = classes.get(shift);
        if (c == null) {
            long bytes = 1L << shift;
            int capacity = (int) Math.max(2, Math.min(MAX_IDLE, idleBytesPerClass / bytes));
            classes.compareAndSet(shift, null, new SizeClass(bytes, capacity));
            c = classes.get(shift);
        }
        return c;
    }

    /** The idle buffers of one size (a queue without {@code sun.misc.Unsafe}: see {@link HeaderPool}). */
    static final class SizeClass {
        private final long bytes;
        private final MpmcAtomicArrayQueue<SampleBuffer> idle;
        private final AtomicLong created = new AtomicLong();
        private final AtomicLong discarded = new AtomicLong();

        SizeClass(long bytes, int capacity) {
            this.bytes = bytes;
            this.idle = new MpmcAtomicArrayQueue<>(capacity);
        }

        SampleBuffer take() {
            SampleBuffer b = idle.poll();
            if (b == null) {
                created.incrementAndGet();
                MemorySegment memory = Arena.ofAuto().allocate(bytes, 64);
                b = new SampleBuffer(memory, this);
            }
            b.revive();
            return b;
        }

        void give(SampleBuffer b) {
            if (!idle.offer(b)) {
                discarded.incrementAndGet();
            }
        }
    }
}
