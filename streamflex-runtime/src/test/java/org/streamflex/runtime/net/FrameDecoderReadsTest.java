package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How the frame decoder meets frames split between socket reads: each frame is decoded whole wherever
 * the reads split it, those wholly inside a read are slices of that read's buffer (not copied), only
 * a split frame is gathered into a buffer of its own, and a bad header is refused before its body is
 * gathered.
 */
class FrameDecoderReadsTest {
    private static final ByteBufAllocator ALLOC = PooledByteBufAllocator.DEFAULT;

    /** A DATA frame of capsules numbered from {@code first}, each {@code size} bytes of its number. */
    private static ByteBuf capsules(long first, int count, int size) {
        ByteBuf frame = FrameEncoder.startCapsuleData(ALLOC, first, count * (4 + size));
        for (int i = 0; i < count; i++) {
            frame.writeInt(size);
            for (int b = 0; b < size; b++) {
                frame.writeByte((int) (first + i + b));
            }
        }
        return FrameEncoder.finishData(frame, count);
    }

    /** Every frame kind a link sends often, one after the other: bodies of 0 to some thousand bytes. */
    private static ByteBuf stream() {
        ByteBuf all = ALLOC.directBuffer();
        for (ByteBuf frame : List.of(FrameEncoder.lost(ALLOC, 3), capsules(10, 3, 700), FrameEncoder.helloOk(ALLOC),
                FrameEncoder.ack(ALLOC, 5, 13), capsules(13, 1, 2000), FrameEncoder.credit(ALLOC, 64))) {
            all.writeBytes(frame);
            frame.release();
        }
        return all;
    }

    /** What the decoder passes on: frames, each DATA as its sequence, count and item bytes. */
    private static List<Object> drain(EmbeddedChannel ch) {
        List<Object> out = new ArrayList<>();
        for (Object frame; (frame = ch.readInbound()) != null;) {
            if (frame instanceof Frame.Data data) {
                byte[] items = new byte[data.items().readableBytes()];
                data.items().getBytes(data.items().readerIndex(), items);
                out.add(List.of(data.firstSequence(), data.count(), HexFormat.of().formatHex(items)));
                data.release();
            } else {
                out.add(frame);
            }
        }
        return out;
    }

    @Test
    void framesSplitAtAnyByteAreDecodedWhole() {
        ByteBuf all = stream();
        EmbeddedChannel reference = new EmbeddedChannel(new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH));
        reference.writeInbound(all.retainedDuplicate());
        List<Object> expected = drain(reference);
        assertEquals(6, expected.size());
        int length = all.readableBytes();
        for (int cut = 1; cut < length; cut++) {
            // Three reads: cut, then the rest in two, so that one frame may span all three.
            int second = cut + (length - cut) / 3;
            FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH);
            EmbeddedChannel ch = new EmbeddedChannel(decoder);
            ch.writeInbound(all.retainedSlice(0, cut));
            ch.writeInbound(all.retainedSlice(cut, second - cut));
            ch.writeInbound(all.retainedSlice(second, length - second));
            assertEquals(expected, drain(ch), "reads of " + cut + ", " + (second - cut) + " and " + (length - second));
            assertEquals(0, decoder.bufferedBytes(), "nothing is left over");
            ch.finishAndReleaseAll();
        }
        all.release();
    }

    @Test
    void onlyAFrameSplitBetweenReadsIsCopied() {
        ByteBuf a = capsules(0, 2, 100);
        ByteBuf b = capsules(2, 2, 100);
        ByteBuf c = capsules(4, 2, 100);
        int half = b.readableBytes() / 2;
        ByteBuf first = ALLOC.directBuffer().writeBytes(a).writeBytes(b, half);
        ByteBuf second = ALLOC.directBuffer().writeBytes(b).writeBytes(c);
        a.release();
        b.release();
        c.release();
        FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH);
        EmbeddedChannel ch = new EmbeddedChannel(decoder);
        ch.writeInbound(first);
        assertEquals(half, decoder.bufferedBytes(), "the split frame's start is held");
        Frame.Data inFirst = assertInstanceOf(Frame.Data.class, ch.readInbound());
        assertNull(ch.readInbound());
        ch.writeInbound(second);
        Frame.Data split = assertInstanceOf(Frame.Data.class, ch.readInbound());
        Frame.Data inSecond = assertInstanceOf(Frame.Data.class, ch.readInbound());
        try {
            // Compared at their roots: Netty's leak detector wraps the buffers it samples (about one
            // allocation in 128), and a slice unwraps to the buffer under the wrapper.
            assertSame(root(first), root(inFirst.items()), "a frame inside the first read is a slice of it");
            assertSame(root(second), root(inSecond.items()), "a frame inside the second read is a slice of it");
            assertNotSame(root(first), root(split.items()), "the split frame was gathered elsewhere");
            assertNotSame(root(second), root(split.items()), "the split frame was gathered elsewhere");
            assertEquals(2, split.firstSequence());
            byte[] item = new byte[100];
            split.items().getBytes(split.items().readerIndex() + 4 + 104, item);
            for (int i = 0; i < item.length; i++) {
                assertEquals((byte) (3 + i), item[i], "byte " + i + " of the split frame's second item");
            }
            assertEquals(0, decoder.bufferedBytes());
        } finally {
            inFirst.release();
            split.release();
            inSecond.release();
        }
        ch.finishAndReleaseAll();
    }

    @Test
    void aBadHeaderSplitBetweenReadsIsRefusedBeforeItsBody() {
        FrameDecoder decoder = new FrameDecoder(FrameFormat.MIN_MAX_FRAME_LENGTH);
        EmbeddedChannel ch = new EmbeddedChannel(decoder);
        ByteBuf good = FrameEncoder.credit(ALLOC, 5);
        int goodLength = good.readableBytes();
        ByteBuf header = ALLOC.directBuffer().writeInt(FrameFormat.MAGIC).writeByte(FrameFormat.VERSION)
                .writeByte(FrameType.DATA.code()).writeShort(0).writeInt(FrameFormat.MIN_MAX_FRAME_LENGTH + 1);
        ByteBuf first = ALLOC.directBuffer().writeBytes(good).writeBytes(header, 7);
        good.release();
        ch.writeInbound(first);
        assertEquals(new Frame.Credit(5), ch.readInbound());
        assertEquals(7, decoder.bufferedBytes());
        ProtocolException e = assertThrows(ProtocolException.class, () -> ch.writeInbound(header));
        assertTrue(e.getMessage().startsWith("frame at byte " + goodLength + " (DATA)"), e.getMessage());
        assertTrue(e.getMessage().contains("exceeds the maximum frame length"), e.getMessage());
        assertTrue(decoder.failed());
        assertEquals(0, decoder.bufferedBytes(), "nothing is held after the error");
        ch.writeInbound(FrameEncoder.credit(ALLOC, 1));
        assertNull(ch.readInbound(), "nothing is decoded after a protocol error");
        assertTrue(drain(ch).isEmpty());
        ch.finishAndReleaseAll();
    }

    @Test
    void aSplitFrameWhoseBodyIsMalformedIsRefusedAtItsOffset() {
        FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH);
        EmbeddedChannel ch = new EmbeddedChannel(decoder);
        ByteBuf frame = capsules(0, 2, 50);
        frame.setInt(FrameFormat.HEADER_BYTES + FrameFormat.DATA_PREFIX_BYTES, 51); // the first capsule's length
        ch.writeInbound(frame.readRetainedSlice(30));
        ProtocolException e = assertThrows(ProtocolException.class, () -> ch.writeInbound(frame));
        assertTrue(e.getMessage().startsWith("frame at byte 0 (DATA)"), e.getMessage());
        assertTrue(decoder.failed());
        assertEquals(0, decoder.bufferedBytes());
        ch.finishAndReleaseAll();
    }

    @Test
    void aReadArrivingWhileASplitFrameIsHandledIsDecodedAfterTheReadBeforeIt() {
        ByteBuf lost = ALLOC.directBuffer();
        for (int i = 1; i <= 3; i++) {
            ByteBuf frame = FrameEncoder.lost(ALLOC, i);
            lost.writeBytes(frame);
            frame.release();
        }
        int frame = lost.readableBytes() / 3;
        ByteBuf first = lost.retainedSlice(0, frame + 5); // LOST 1, the start of LOST 2
        ByteBuf second = lost.retainedSlice(frame + 5, 2 * frame - 5); // the rest of LOST 2, LOST 3
        lost.release();
        ByteBuf later = FrameEncoder.lost(ALLOC, 4);
        List<Object> seen = new ArrayList<>();
        EmbeddedChannel ch = new EmbeddedChannel();
        FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH);
        ch.pipeline().addLast(decoder, new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                seen.add(msg);
                if (msg.equals(new Frame.Lost(2))) {
                    // As if handling the split frame made the transport read.
                    ctx.pipeline().fireChannelRead(later);
                }
            }
        });
        ch.writeInbound(first);
        ch.writeInbound(second);
        assertEquals(List.of(new Frame.Lost(1), new Frame.Lost(2), new Frame.Lost(3), new Frame.Lost(4)), seen);
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void theSameBytesInOneReadDecodeToTheSameFrames() {
        ByteBuf all = stream();
        byte[] bytes = new byte[all.readableBytes()];
        all.getBytes(0, bytes);
        EmbeddedChannel whole = new EmbeddedChannel(new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH));
        whole.writeInbound(all);
        EmbeddedChannel bytewise = new EmbeddedChannel(new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH));
        for (byte b : bytes) {
            bytewise.writeInbound(ALLOC.directBuffer(1).writeByte(b));
        }
        List<Object> expected = drain(whole);
        assertEquals(expected, drain(bytewise), "one byte a read");
        whole.finishAndReleaseAll();
        bytewise.finishAndReleaseAll();
    }

    /** The buffer under every wrapper and slice of {@code b}. */
    private static ByteBuf root(ByteBuf b) {
        ByteBuf at = b;
        while (at.unwrap() != null) {
            at = at.unwrap();
        }
        return at;
    }
}
