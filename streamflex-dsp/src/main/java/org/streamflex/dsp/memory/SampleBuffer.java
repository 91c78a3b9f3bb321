package org.streamflex.dsp.memory;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One block of off-heap sample memory, shared by every segment that has a piece of it and given
 * back to its pool when the last of them lets go. Segments are read-only, so any number of them,
 * on any threads, may read one buffer at once: the count is all that is shared.
 *
 * <pre>{@code
 * SampleBuffer b = BufferPool.shared().acquire(4096 * Float.BYTES); // one holder: the caller
 * b.retain();                                                        // a second segment cut from it
 * b.release();
 * b.release();                                                       // back to its pool
 * }</pre>
 *
 * <p>Ordering: holders are counted with atomic read-modify-writes (full fences), so every read of
 * the samples by a holder happens-before the release that drops it, and the last release
 * happens-before the pool hands the buffer out again (the pool's queue publishes it).
 */
public final class SampleBuffer {
    private static final VarHandle REFERENCES;

    static {
        try {
            REFERENCES = MethodHandles.lookup().findVarHandle(SampleBuffer.class, "references", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final MemorySegment memory;
    private final MemorySegment readOnly;
    /** The size class that takes it back, or null for a buffer too large to pool. */
    private final BufferPool.SizeClass home;
    private volatile int references;

    SampleBuffer(MemorySegment memory, BufferPool.SizeClass home) {
        this.memory = memory;
        this.readOnly = memory.asReadOnly();
        this.home = home;
    }

    /** The whole block, writable: for the segment code that fills a buffer it alone holds. */
    public MemorySegment memory() {
        return memory;
    }

    /** The whole block, read-only: what segments show their readers. */
    public MemorySegment readOnly() {
        return readOnly;
    }

    /** The block's size in bytes; at least what was asked for. */
    public long capacity() {
        return memory.byteSize();
    }

    /** Holders now; 0 while idle in its pool. */
    public int references() {
        return references;
    }

    /** Whether the buffer is pooled (not one made for a single request larger than every size class). */
    public boolean pooled() {
        return home != null;
    }

    /** Called by the pool when it hands the buffer out: one holder, the caller. */
    void revive() {
        REFERENCES.setRelease(this, 1);
    }

    /**
     * One more holder.
     *
     * @throws IllegalStateException if the buffer was already given back
     */
    public void retain() {
        int before = (int) REFERENCES.getAndAdd(this, 1);
        if (before <= 0) {
            REFERENCES.getAndAdd(this, -1);
            throw new IllegalStateException("sample buffer of " + capacity() + " bytes retained after it was freed");
        }
    }

    /**
     * One holder less; the last gives the buffer back to its pool.
     *
     * @throws IllegalStateException if it had no holder
     */
    public void release() {
        int after = (int) REFERENCES.getAndAdd(this, -1) - 1;
        if (after == 0) {
            if (home != null) {
                home.give(this);
            }
        } else if (after < 0) {
            REFERENCES.getAndAdd(this, 1);
            throw new IllegalStateException("sample buffer of " + capacity()
                    + " bytes released more often than retained");
        }
    }
}
