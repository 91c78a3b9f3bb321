package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Shared;

/**
 * The sender's queue of shared values holds references, not bytes: each value is retained when
 * queued and released exactly once, when the event loop has encoded it into a frame, discarded it,
 * or failed to encode it; the frames carry the bytes a queue of bytes carried.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SharedSenderQueueTest {
    /** A shared value of some bytes, counting how often it was freed. */
    static final class Blob extends Shared {
        final byte[] bytes;
        int freedTimes;

        Blob(int size, int seed) {
            bytes = new byte[size];
            for (int i = 0; i < size; i++) {
                bytes[i] = (byte) (seed * 31 + i);
            }
            revive(); // the maker's reference
        }

        @Override
        protected void freed() {
            freedTimes++;
        }
    }

    /** Encodes a blob as its bytes; fails on the blob given, to test what a failing codec leaves. */
    static final class BlobCodec implements SharedCodec<Blob> {
        private final Blob failOn;
        /** The thread that sized values and the one that encoded them: a codec serves one thread. */
        Thread sizedOn;
        Thread encodedOn;
        BlobCodec copied;

        BlobCodec(Blob failOn) {
            this.failOn = failOn;
        }

        @Override
        public Class<Blob> type() {
            return Blob.class;
        }

        @Override
        public int encodedSize(Blob value) {
            sizedOn = Thread.currentThread();
            return value.bytes.length;
        }

        @Override
        public void encode(Blob value, MemorySegment target, long offset) {
            encodedOn = Thread.currentThread();
            if (value == failOn) {
                throw new IllegalStateException("cannot encode this one");
            }
            MemorySegment.copy(value.bytes, 0, target, ValueLayout.JAVA_BYTE, offset, value.bytes.length);
        }

        @Override
        public Blob decode(MemorySegment source, long offset, int length) {
            throw new UnsupportedOperationException("the sender does not decode");
        }

        @Override
        public BlobCodec copy() {
            copied = new BlobCodec(failOn);
            return copied;
        }
    }

    /**
     * An allocator of unpooled buffers that keeps every buffer it gave, to see them released; with
     * {@code heap}, even those asked for as direct are on the heap.
     */
    static final class KeepingAllocator extends AbstractByteBufAllocator {
        final List<ByteBuf> given = new ArrayList<>();
        private final boolean heap;

        KeepingAllocator(boolean heap) {
            super(true);
            this.heap = heap;
        }

        @Override
        protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
            ByteBuf buf = Unpooled.buffer(initialCapacity, maxCapacity);
            given.add(buf);
            return buf;
        }

        @Override
        protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
            ByteBuf buf = heap ? Unpooled.buffer(initialCapacity, maxCapacity)
                    : Unpooled.directBuffer(initialCapacity, maxCapacity);
            given.add(buf);
            return buf;
        }

        @Override
        public boolean isDirectBufferPooled() {
            return false;
        }
    }

    private static SharedSenderQueue queue(BlobCodec codec, int items, int bytes) {
        return new SharedSenderQueue(codec, items, bytes, FrameFormat.DEFAULT_MAX_FRAME_LENGTH, 1 << 16);
    }

    /** The DATA frame a queue of bytes made of {@code blobs}: its prefix, then each length and bytes. */
    private static byte[] frameOfRecords(long first, List<Blob> blobs) {
        int itemBytes = blobs.stream().mapToInt(b -> 4 + b.bytes.length).sum();
        ByteBuf frame = FrameEncoder.startCapsuleData(UnpooledByteBufAllocator.DEFAULT, first, itemBytes);
        for (Blob b : blobs) {
            frame.writeInt(b.bytes.length);
            frame.writeBytes(b.bytes);
        }
        FrameEncoder.finishData(frame, blobs.size());
        byte[] bytes = new byte[frame.readableBytes()];
        frame.readBytes(bytes);
        frame.release();
        return bytes;
    }

    private static byte[] bytesOf(ByteBuf frame) {
        byte[] bytes = new byte[frame.readableBytes()];
        frame.getBytes(frame.readerIndex(), bytes);
        return bytes;
    }

    @Test
    void eachValueIsHeldWhileQueuedAndReleasedOnceItsFrameIsWritten() {
        BlobCodec codec = new BlobCodec(null);
        SharedSenderQueue queue = queue(codec, 16, 1 << 16);
        List<Blob> blobs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Blob b = new Blob(100 + i * 37, i);
            blobs.add(b);
            assertTrue(queue.offer(i, b));
            assertEquals(2, b.references(), "the queue holds a reference of its own");
        }
        ByteBuf frame = queue.takeData(PooledByteBufAllocator.DEFAULT, 100);
        try {
            assertEquals(5, FrameEncoder.dataCount(frame));
            for (Blob b : blobs) {
                assertEquals(1, b.references(), "released once encoded: the caller's reference is left");
                assertEquals(0, b.freedTimes);
            }
            assertEquals(0, queue.available());
            assertEquals(0, queue.size());
        } finally {
            frame.release();
        }
        blobs.forEach(Blob::release);
        blobs.forEach(b -> assertEquals(1, b.freedTimes, "freed exactly once, by the caller's release"));
    }

    @Test
    void aValueWhoseCallerLetGoIsFreedByTheEventLoopAfterEncoding() throws Exception {
        BlobCodec codec = new BlobCodec(null);
        SharedSenderQueue queue = queue(codec, 16, 1 << 16);
        Blob b = new Blob(64, 7);
        assertTrue(queue.offer(0, b));
        b.release(); // the producer's last use: the queue's reference keeps its bytes
        assertEquals(0, b.freedTimes);
        ByteBuf[] frame = new ByteBuf[1];
        Thread loop = new Thread(() -> frame[0] = queue.takeData(PooledByteBufAllocator.DEFAULT, 10), "loop");
        loop.start();
        loop.join();
        try {
            assertEquals(1, b.freedTimes);
            assertEquals(0, b.references());
            assertArrayEquals(frameOfRecords(0, List.of(b)), bytesOf(frame[0]));
            assertNotSame(codec, codec.copied, "the event loop encodes with a copy of the codec");
            assertEquals(Thread.currentThread(), codec.sizedOn);
            assertEquals(loop, codec.copied.encodedOn);
        } finally {
            frame[0].release();
        }
    }

    @Test
    void theFramesCarryTheBytesAQueueOfBytesCarried() {
        BlobCodec codec = new BlobCodec(null);
        SharedSenderQueue queue = queue(codec, 64, 1 << 20);
        List<Blob> blobs = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Blob b = new Blob(i * 101 % 5000, i);
            blobs.add(b);
            assertTrue(queue.offer(100 + i, b));
        }
        // One value longer than a batch: its frame is the allocator's, here on the heap.
        Blob large = new Blob(1 << 16, 40);
        blobs.add(large);
        assertTrue(queue.offer(140, large));
        int from = 0;
        KeepingAllocator heap = new KeepingAllocator(true);
        for (ByteBufAllocator alloc : List.of(PooledByteBufAllocator.DEFAULT, heap, heap)) {
            ByteBuf frame = queue.takeData(alloc, 20);
            try {
                int n = FrameEncoder.dataCount(frame);
                assertEquals(from < 40 ? 20 : 1, n);
                assertEquals(from == 40, frame.hasArray(), "the queue's own direct buffers, then the allocator's");
                assertArrayEquals(frameOfRecords(100 + from, blobs.subList(from, from + n)), bytesOf(frame));
                from += n;
            } finally {
                frame.release();
            }
        }
        assertEquals(1, heap.given.size(), "only the frame longer than a batch was allocated");
        blobs.forEach(b -> assertEquals(1, b.references()));
    }

    @Test
    void framesOfSegmentSizedValuesStopAtABatchAndLeaveNoValueBehind() {
        BlobCodec codec = new BlobCodec(null);
        SharedSenderQueue queue = queue(codec, 64, 1 << 20);
        List<Blob> blobs = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            Blob b = new Blob(8192, i);
            blobs.add(b);
            assertTrue(queue.offer(i, b));
        }
        List<Integer> counts = new ArrayList<>();
        int from = 0;
        while (queue.available() > 0) {
            ByteBuf frame = queue.takeData(PooledByteBufAllocator.DEFAULT, 64);
            int n = FrameEncoder.dataCount(frame);
            counts.add(n);
            assertTrue(frame.readableBytes() - FrameFormat.HEADER_BYTES - FrameFormat.DATA_PREFIX_BYTES
                    <= SharedSenderQueue.BATCH_BYTES, "a batch at most: " + frame.readableBytes());
            assertArrayEquals(frameOfRecords(from, blobs.subList(from, from + n)), bytesOf(frame));
            from += n;
            frame.release();
        }
        // 8,196 bytes an item: seven fit in 65,536, eight do not; the last frame takes what is left.
        assertEquals(List.of(7, 7, 6), counts);
        assertEquals(1, queue.frameBuffers().kept(), "each frame's buffer came back and was taken again");
        blobs.forEach(b -> assertEquals(1, b.references()));
    }

    @Test
    void aFrameEndsAtADropAndAtTheFrameLength() {
        BlobCodec codec = new BlobCodec(null);
        int maxFrame = 8192;
        SharedSenderQueue queue = new SharedSenderQueue(codec, 64, 1 << 20, maxFrame, 1 << 16);
        List<Blob> blobs = new ArrayList<>();
        long[] sequences = {0, 1, 3, 4, 5, 6};
        for (long s : sequences) {
            Blob b = new Blob(3000, (int) s);
            blobs.add(b);
            assertTrue(queue.offer(s, b));
        }
        List<Integer> counts = new ArrayList<>();
        while (queue.available() > 0) {
            ByteBuf frame = queue.takeData(PooledByteBufAllocator.DEFAULT, 100);
            counts.add(FrameEncoder.dataCount(frame));
            assertTrue(frame.readableBytes() <= FrameFormat.HEADER_BYTES + maxFrame, "within the frame length");
            frame.release();
        }
        assertEquals(List.of(2, 2, 2), counts, "0-1 (a drop at 2), 3-4 and 5-6 (two of 3,004 bytes per frame)");
        blobs.forEach(b -> assertEquals(1, b.references()));
    }

    @Test
    void aFullQueueTakesNoReferenceAndItsByteBoundCountsEncodedSizes() {
        BlobCodec codec = new BlobCodec(null);
        SharedSenderQueue queue = queue(codec, 100, 4096);
        // 4,096 bytes: three values of 1,100 bytes and their 12 each fit (3,336), a fourth does not (4,448).
        List<Blob> blobs = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            blobs.add(new Blob(1100, i));
        }
        for (int i = 0; i < 3; i++) {
            assertTrue(queue.offer(i, blobs.get(i)));
        }
        assertFalse(queue.offer(3, blobs.get(3)));
        assertEquals(1, blobs.get(3).references(), "a value not queued is not retained");
        queue.takeData(PooledByteBufAllocator.DEFAULT, 1).release();
        assertTrue(queue.offer(3, blobs.get(3)), "room again once a frame took the first");
        assertEquals(3, queue.size());
    }

    @Test
    void aValueTooLargeIsRefusedWithoutAReference() {
        SharedSenderQueue queue = queue(new BlobCodec(null), 16, 4096);
        Blob big = new Blob(2048, 1);
        ItemTooLargeException e = assertThrows(ItemTooLargeException.class, () -> queue.offer(0, big));
        assertTrue(e.getMessage().contains("encodes to 2048 bytes; this link carries at most 2036 bytes per item"),
                e.getMessage());
        assertTrue(e.getMessage().contains("the queue 4096 bytes"), e.getMessage());
        assertEquals(1, big.references());
    }

    @Test
    void discardingReleasesEveryQueuedValueOnce() {
        SharedSenderQueue queue = queue(new BlobCodec(null), 16, 1 << 16);
        List<Blob> blobs = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            Blob b = new Blob(50, i);
            blobs.add(b);
            assertTrue(queue.offer(i, b));
            b.release(); // the producer let go: the queue's reference is the last
        }
        assertEquals(7, queue.discardAvailable());
        assertEquals(0, queue.size());
        blobs.forEach(b -> assertEquals(1, b.freedTimes, "freed exactly once"));
        assertEquals(0, queue.discardAvailable());
    }

    @Test
    void aCodecFailingMidFrameReleasesEveryValueTakenAndTheFrame() {
        List<Blob> blobs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            blobs.add(new Blob(200, i));
        }
        BlobCodec codec = new BlobCodec(blobs.get(2));
        SharedSenderQueue queue = queue(codec, 16, 1 << 16);
        for (int i = 0; i < 6; i++) {
            assertTrue(queue.offer(i, blobs.get(i)));
        }
        KeepingAllocator alloc = new KeepingAllocator(false);
        EncodeFailedException e = assertThrows(EncodeFailedException.class, () -> queue.takeData(alloc, 4));
        assertTrue(e.getMessage().contains("failed to encode a " + Blob.class.getName()), e.getMessage());
        assertEquals(4, e.items(), "the frame's four values left the queue unsent");
        assertTrue(alloc.given.isEmpty(), "a frame of a batch is one of the queue's own buffers");
        assertEquals(1, queue.frameBuffers().kept(), "the frame is released, back to the queue's buffers");
        for (int i = 0; i < 4; i++) {
            assertEquals(1, blobs.get(i).references(), "value " + i + " of the frame: released once");
        }
        for (int i = 4; i < 6; i++) {
            assertEquals(2, blobs.get(i).references(), "value " + i + " is still queued");
        }
        assertEquals(2, queue.available());
        queue.discardAvailable();
        blobs.forEach(b -> assertEquals(1, b.references()));
    }
}
