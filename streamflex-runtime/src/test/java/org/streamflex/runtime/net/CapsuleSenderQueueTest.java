package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Capsule;
import org.streamflex.runtime.capsule.CapsuleType;

/** The sender's queue of capsules as the event loop takes DATA frames from it: their sizes and their items. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CapsuleSenderQueueTest {
    /** An 8 KiB block: 8,196 bytes encoded, 8,200 in a frame. */
    static final class Block extends Capsule {
        final byte[] bytes = new byte[8192];

        private Block() {
        }
    }

    /** Eight longs: 64 bytes encoded, 68 in a frame. */
    static final class Small extends Capsule {
        long a;
        long b;
        long c;
        long d;
        long e;
        long f;
        long g;
        long h;

        private Small() {
        }
    }

    /** 80,004 bytes encoded: 80,008 in a frame, 13 to a frame of 1 MiB. */
    static final class Huge extends Capsule {
        final long[] values = new long[10_000];

        private Huge() {
        }
    }

    private static <C extends Capsule> CapsuleSenderQueue filled(Class<C> type, int items) {
        CapsuleCodec<C> codec = CapsuleCodec.of(type);
        C capsule = CapsuleType.of(type).newInstance();
        int record = codec.encodedSize(capsule) + SequencedByteRing.HEADER_BYTES;
        CapsuleSenderQueue queue = new CapsuleSenderQueue(codec, items, items * record * 2,
                FrameFormat.DEFAULT_MAX_FRAME_LENGTH);
        for (int i = 0; i < items; i++) {
            assertTrue(queue.offer(i, capsule), "item " + i);
        }
        return queue;
    }

    /** The item counts of the frames the whole queue is taken in, with unlimited credit. */
    private static int[] frames(CapsuleSenderQueue queue, int expectedFrames) {
        int[] counts = new int[expectedFrames];
        long next = 0;
        for (int i = 0; i < expectedFrames; i++) {
            assertTrue(queue.available() > 0, "frame " + i);
            ByteBuf frame = queue.takeData(UnpooledByteBufAllocator.DEFAULT, Integer.MAX_VALUE);
            try {
                counts[i] = FrameEncoder.dataCount(frame);
                assertEquals(next, frame.getLong(frame.readerIndex() + FrameFormat.HEADER_BYTES), "first sequence");
                next += counts[i];
            } finally {
                frame.release();
            }
        }
        assertEquals(0, queue.available(), "the queue is empty after the frames");
        return counts;
    }

    /** Bytes of items a DATA frame of the default maximum length holds. */
    private static final int FRAME_ITEM_BYTES = FrameFormat.DEFAULT_MAX_FRAME_LENGTH - FrameFormat.DATA_PREFIX_BYTES;

    @Test
    void framesOfLargeCapsulesFillTheFrameLength() {
        int perFrame = FRAME_ITEM_BYTES / 8200; // 127: a 128th would pass the frame length
        int[] counts = frames(filled(Block.class, 2 * perFrame + 3), 3);
        assertEquals(127, perFrame);
        assertEquals(perFrame, counts[0]);
        assertEquals(perFrame, counts[1]);
        assertEquals(3, counts[2]);
    }

    @Test
    void framesOfSmallCapsulesStopAt4096Items() {
        int[] counts = frames(filled(Small.class, 2 * 4096 + 5), 3);
        assertEquals(4096, counts[0]);
        assertEquals(4096, counts[1]);
        assertEquals(5, counts[2]);
    }

    @Test
    void framesOfEightyKilobyteCapsulesHoldThirteen() {
        int perFrame = FRAME_ITEM_BYTES / 80_008; // 13
        int[] counts = frames(filled(Huge.class, perFrame + 1), 2);
        assertEquals(13, perFrame);
        assertEquals(perFrame, counts[0]);
        assertEquals(1, counts[1]);
    }

    @Test
    void aFrameOfOneCapsuleStraightFromTheCapsuleIsByteForByteTheFrameTheQueueSends() {
        for (Class<? extends Capsule> type : java.util.List.of(Small.class, Block.class, Huge.class)) {
            CapsuleCodec<? extends Capsule> codec = CapsuleCodec.of(type);
            Capsule capsule = CapsuleType.of(type).newInstance();
            if (capsule instanceof Small small) {
                small.h = 0x0102_0304_0506_0708L;
            }
            int bytes = 4 * (codec.encodedSize(capsule) + SequencedByteRing.HEADER_BYTES) * 2;
            CapsuleSenderQueue queue = new CapsuleSenderQueue(codec, 4, bytes, FrameFormat.DEFAULT_MAX_FRAME_LENGTH);
            assertTrue(queue.offer(7, capsule));
            ByteBuf queued = queue.takeData(UnpooledByteBufAllocator.DEFAULT, Integer.MAX_VALUE);
            assertTrue(queue.offer(8, capsule));
            ByteBuf straight = queue.frameOf(7, capsule, UnpooledByteBufAllocator.DEFAULT);
            try {
                assertEquals(queued, straight, type.getSimpleName() + ": header, sequence, count, length and item");
                assertEquals(1, queue.available(), "the queue is untouched by a frame made past it");
                assertEquals(8, queue.firstSequence());
            } finally {
                straight.release();
                queued.release();
            }
        }
    }

    @Test
    void aCapsuleTooLargeForTheLinkIsRefusedBeforeAFrameIsMadeOfIt() {
        CapsuleCodec<Huge> codec = CapsuleCodec.of(Huge.class);
        CapsuleSenderQueue queue = new CapsuleSenderQueue(codec, 4, 1 << 20, 1 << 16);
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> queue.frameOf(0, CapsuleType.of(Huge.class).newInstance(), UnpooledByteBufAllocator.DEFAULT));
        assertTrue(e.getMessage().contains("encodes to 80004 bytes; this link carries at most"), e.getMessage());
    }
}
