package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A sending link's frame buffers come back when the channel releases them and are taken again,
 * empty, with the view made for them at first; one released on another thread, or beyond those kept,
 * is let go; none grows.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FrameBuffersTest {
    private static final PooledByteBufAllocator ALLOC = PooledByteBufAllocator.DEFAULT;

    @Test
    void aReleasedBufferIsTakenAgainEmptyWithItsView() {
        FrameBuffers buffers = new FrameBuffers(256);
        FrameBuffers.Frame first = buffers.take(ALLOC);
        assertEquals(0, first.readableBytes(), "a new buffer is empty");
        assertEquals(256, first.writableBytes());
        first.writeInt(7);
        first.segment().set(ValueLayout.JAVA_LONG_UNALIGNED, first.writerIndex(), 0x0102030405060708L);
        first.writerIndex(first.writerIndex() + 8);
        assertEquals(0x0102030405060708L, first.getLongLE(4), "the view writes the buffer's own bytes");
        assertTrue(first.release());
        assertEquals(1, buffers.kept());

        FrameBuffers.Frame again = buffers.take(ALLOC);
        assertSame(first, again, "the released buffer is taken again");
        assertSame(first.segment(), again.segment(), "with the view made at first");
        assertEquals(1, again.refCnt());
        assertEquals(0, again.readableBytes(), "and empty");
        assertEquals(0, buffers.kept());
        FrameBuffers.Frame second = buffers.take(ALLOC);
        assertNotSame(again, second, "a buffer still held is not handed out twice");
        again.release();
        second.release();
        assertEquals(2, buffers.kept());
    }

    @Test
    void aBufferReleasedOnAnotherThreadIsLetGo() throws Exception {
        FrameBuffers buffers = new FrameBuffers(64);
        FrameBuffers.Frame frame = buffers.take(ALLOC);
        Thread other = Thread.ofPlatform().start(frame::release);
        other.join();
        assertEquals(0, frame.refCnt());
        assertEquals(0, buffers.kept(), "only the event loop that takes the buffers keeps them");
        assertNotSame(frame, buffers.take(ALLOC));
    }

    @Test
    void atMostAFewBuffersAreKept() {
        FrameBuffers buffers = new FrameBuffers(64);
        List<ByteBuf> taken = new ArrayList<>();
        for (int i = 0; i < FrameBuffers.KEPT + 3; i++) {
            taken.add(buffers.take(ALLOC));
        }
        taken.forEach(ByteBuf::release);
        assertEquals(FrameBuffers.KEPT, buffers.kept());
    }

    @Test
    void aBufferDoesNotGrow() {
        FrameBuffers buffers = new FrameBuffers(64);
        FrameBuffers.Frame frame = buffers.take(ALLOC);
        frame.writeZero(60);
        assertThrows(IndexOutOfBoundsException.class, () -> frame.writeLong(1), "its memory is the view's");
        assertThrows(UnsupportedOperationException.class, () -> frame.capacity(128));
        frame.release();
    }
}
