package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledDirectByteBuf;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * The direct buffers a sending link's event loop writes DATA frames of shared values into, taken
 * again frame after frame: each keeps the {@link MemorySegment} view a codec writes through and the
 * NIO buffer Netty's socket write uses, both made once per buffer. A frame from the channel's pooled
 * allocator instead costs, per frame, a view of its memory and Netty's own NIO buffer for the
 * write (a pooled buffer's memory is shared with other buffers, so neither outlives the frame):
 * small objects that, at 64 KiB frames of 8 KiB segments, cost the sending process about 35 heap
 * bytes per segment (37 to 43 in all, where these buffers leave 3.6 to 3.9). A buffer
 * returns here when the channel has written it and releases it, on the event loop; one released on
 * another thread, or beyond the few kept, is left to the garbage collector, which frees its memory.
 *
 * <p>Threads: the event loop that takes them, only; the first {@link #take} names it.
 *
 * <pre>{@code
 * FrameBuffers buffers = new FrameBuffers(FrameFormat.HEADER_BYTES + FrameFormat.DATA_PREFIX_BYTES + (1 << 16));
 * FrameBuffers.Frame frame = buffers.take(ctx.alloc());   // empty, refCnt 1, view made once
 * codec.encode(value, frame.segment(), frame.writerIndex() + 4);
 * ctx.write(frame);                                        // the channel releases it: back to buffers
 * }</pre>
 */
final class FrameBuffers {
    /** Buffers kept for the next frames: a drain stops at the channel's high water mark, a few frames out. */
    static final int KEPT = 8;

    private final int capacity;
    private final Frame[] free = new Frame[KEPT];
    private int count;
    /**
     * The event loop that takes and gets back the buffers; set at the first take. A plain field: a
     * thread that releases a buffer reads it racily, and any thread but the loop sees null or the
     * loop, never itself, so only the loop keeps buffers.
     */
    private Thread owner;

    /** Buffers of {@code capacity} bytes each. */
    FrameBuffers(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("frame buffers of " + capacity + " bytes");
        }
        this.capacity = capacity;
    }

    /** The bytes each buffer holds: a frame longer than this needs a buffer of its own. */
    int capacity() {
        return capacity;
    }

    /** Buffers kept now, for tests. */
    int kept() {
        return count;
    }

    /** Event loop: an empty buffer, held once; it comes back here when the last holder releases it. */
    Frame take(ByteBufAllocator alloc) {
        if (owner == null) {
            owner = Thread.currentThread();
        }
        if (count == 0) {
            return new Frame(this, alloc, ByteBuffer.allocateDirect(capacity));
        }
        Frame frame = free[--count];
        free[count] = null;
        frame.reuse();
        return frame;
    }

    private void giveBack(Frame frame) {
        if (Thread.currentThread() == owner && count < KEPT) {
            free[count++] = frame;
        }
        // Otherwise dropped: its memory, a plain direct ByteBuffer, is freed once it is unreachable.
    }

    /** One reusable frame buffer: its memory and its view are its own for its whole life. */
    static final class Frame extends UnpooledDirectByteBuf {
        private final FrameBuffers home;
        private final MemorySegment segment;

        Frame(FrameBuffers home, ByteBufAllocator alloc, ByteBuffer memory) {
            super(alloc, memory, memory.capacity());
            this.home = home;
            this.segment = MemorySegment.ofBuffer(memory);
            clear(); // a wrapped buffer starts readable to its end
        }

        /** The buffer's memory from index 0: the codec writes at the buffer's own indices. */
        MemorySegment segment() {
            return segment;
        }

        private void reuse() {
            resetRefCnt();
            clear();
        }

        @Override
        protected void deallocate() {
            home.giveBack(this);
        }

        @Override
        public ByteBuf capacity(int newCapacity) {
            if (newCapacity != capacity()) {
                // Growing would replace the memory the view was made of: frames are sized before they are taken.
                throw new UnsupportedOperationException("a frame buffer of " + capacity()
                        + " bytes cannot be resized to " + newCapacity);
            }
            return this;
        }
    }
}
