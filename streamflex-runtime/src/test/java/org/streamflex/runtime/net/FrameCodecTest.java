package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

class FrameCodecTest {
    private static final ByteBufAllocator ALLOC = ByteBufAllocator.DEFAULT;

    @Test
    void helloRoundTripsWithEveryField() {
        EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH));
        LinkIdentity offer = LinkIdentity.ofCapsules("gräph", "packets", "org.x.Packet", LinkMode.CREDIT);
        assertFalse(ch.writeInbound(FrameEncoder.hello(ALLOC, offer, 512).copy(0, 5)));
        ByteBuf whole = FrameEncoder.hello(ALLOC, offer, 512, -42, 1_000_000_007L, 99);
        ch.writeInbound(whole.skipBytes(5));
        Frame.Hello hello = assertInstanceOf(Frame.Hello.class, ch.readInbound());
        assertEquals(new Frame.Hello(offer, 512, -42, 1_000_000_007L, 99), hello);
    }

    @Test
    void aReceiversHelloRoundTripsAsARequestAndABadDirectionIsRefused() {
        EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH));
        LinkIdentity wanted = LinkIdentity.of("g", "n1:A.out->B.in", ElementKind.INT, LinkMode.CREDIT);
        ch.writeInbound(FrameEncoder.request(ALLOC, wanted, 1024, -7));
        assertEquals(new Frame.Request(wanted, 1024, -7), ch.readInbound());
        ByteBuf sender = FrameEncoder.hello(ALLOC, wanted, 1024, 5, 0, 0);
        assertEquals(FrameFormat.DIRECTION_SENDS, sender.getUnsignedByte(sender.writerIndex() - 1),
                "the direction is the body's last byte");
        sender.setByte(sender.writerIndex() - 1, 9);
        ProtocolException e = assertThrows(ProtocolException.class, () -> ch.writeInbound(sender));
        assertTrue(e.getMessage().contains("direction byte 9 is neither 0"), e.getMessage());
        EmbeddedChannel resuming = new EmbeddedChannel(new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH));
        ByteBuf request = FrameEncoder.request(ALLOC, wanted, 1024, -7);
        request.setLong(request.writerIndex() - 17, 3); // resume from: a receiver resumes nothing
        ProtocolException resumes = assertThrows(ProtocolException.class, () -> resuming.writeInbound(request));
        assertTrue(resumes.getMessage().contains("a receiver's HELLO resumes from 3"), resumes.getMessage());
    }

    @Test
    void aRefuseOfAnotherVersionIsReadSinceItsBodyIsTheSameInEveryVersion() {
        EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH));
        ByteBuf old = FrameEncoder.refuse(ALLOC, "peer speaks version 3, this server speaks version 2", 2);
        assertEquals(2, old.getUnsignedByte(4));
        ch.writeInbound(old);
        assertEquals(new Frame.Refuse("peer speaks version 3, this server speaks version 2"), ch.readInbound());
    }

    @Test
    void dataOfLongsIsBigEndianWithItsSequenceAndCount() {
        EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH));
        ByteBuf frame = FrameEncoder.startData(ALLOC, 1000, 8, 3);
        frame.writeLong(1).writeLong(-2).writeLong(Long.MAX_VALUE);
        FrameEncoder.finishData(frame, 3);
        assertEquals(0x53, frame.getUnsignedByte(0), "the magic's first byte: S");
        assertEquals(FrameFormat.HEADER_BYTES + FrameFormat.DATA_PREFIX_BYTES + 24, frame.readableBytes());
        assertEquals(1, frame.getByte(FrameFormat.HEADER_BYTES + FrameFormat.DATA_PREFIX_BYTES + 7),
                "big-endian: the low byte of 1 is last");
        ch.writeInbound(frame, FrameEncoder.credit(ALLOC, 7), FrameEncoder.ack(ALLOC, 2, 1002),
                FrameEncoder.close(ALLOC, 3, 1003));
        Frame.Data data = assertInstanceOf(Frame.Data.class, ch.readInbound());
        try {
            assertEquals(1000, data.firstSequence());
            assertEquals(3, data.count());
            assertEquals(8, data.itemSize());
            assertEquals(1, data.items().readLong());
            assertEquals(-2, data.items().readLong());
            assertEquals(Long.MAX_VALUE, data.items().readLong());
        } finally {
            data.release();
        }
        assertEquals(new Frame.Credit(7), ch.readInbound());
        assertEquals(new Frame.Ack(2, 1002), ch.readInbound());
        assertEquals(new Frame.Close(3, 1003), ch.readInbound());
        assertNull(ch.readInbound());
        assertFalse(ch.finishAndReleaseAll(), "nothing is left over");
    }

    @Test
    void aBadMagicIsAProtocolErrorAtItsOffsetAndLaterBytesAreDiscarded() {
        FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH);
        EmbeddedChannel ch = new EmbeddedChannel(decoder);
        ByteBuf good = FrameEncoder.lost(ALLOC, 4);
        int goodLength = good.readableBytes();
        ByteBuf bad = Unpooled.buffer().writeInt(0x12345678).writeZero(20);
        ProtocolException e = assertThrows(ProtocolException.class, () -> ch.writeInbound(good, bad));
        assertTrue(e.getMessage().contains("frame at byte " + goodLength), e.getMessage());
        assertTrue(e.getMessage().contains("0x12345678"), e.getMessage());
        assertEquals(new Frame.Lost(4), ch.readInbound());
        assertTrue(decoder.failed());
        ch.writeInbound(FrameEncoder.lost(ALLOC, 1));
        assertNull(ch.readInbound(), "nothing is decoded after a protocol error");
        assertEquals(0, decoder.bufferedBytes());
    }

    @Test
    void anOversizedBodyIsRefusedFromItsHeaderAlone() {
        FrameDecoder decoder = new FrameDecoder(FrameFormat.MIN_MAX_FRAME_LENGTH);
        EmbeddedChannel ch = new EmbeddedChannel(decoder);
        ByteBuf header = Unpooled.buffer().writeInt(FrameFormat.MAGIC).writeByte(1).writeByte(4).writeShort(0)
                .writeInt(Integer.MAX_VALUE);
        ProtocolException e = assertThrows(ProtocolException.class, () -> ch.writeInbound(header));
        assertTrue(e.getMessage().contains("(DATA)") && e.getMessage().contains("exceeds the maximum frame length"),
                e.getMessage());
    }

    @Test
    void aDataCountThatDisagreesWithTheBodyIsRefused() {
        EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH));
        ByteBuf frame = FrameEncoder.startData(ALLOC, 0, 8, 2);
        frame.writeLong(1).writeLong(2);
        FrameEncoder.finishData(frame, 3);
        ProtocolException e = assertThrows(ProtocolException.class, () -> ch.writeInbound(frame));
        assertTrue(e.getMessage().contains("3 items of 8 bytes need 24 bytes"), e.getMessage());
    }

    @Test
    void capsulesAreLengthPrefixedAndAWrongLengthIsRefused() {
        EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH));
        ByteBuf frame = FrameEncoder.startData(ALLOC, 5, 0, 0);
        frame.writeInt(2).writeShort(7).writeInt(0);
        ch.writeInbound(FrameEncoder.finishData(frame, 2));
        Frame.Data data = assertInstanceOf(Frame.Data.class, ch.readInbound());
        assertEquals(10, data.items().readableBytes());
        data.release();
        ByteBuf bad = FrameEncoder.startData(ALLOC, 7, 0, 0);
        bad.writeInt(9).writeShort(7);
        ProtocolException e = assertThrows(ProtocolException.class,
                () -> ch.writeInbound(FrameEncoder.finishData(bad, 1)));
        assertTrue(e.getMessage().contains("capsule 0 of 1 says 9 bytes, 2 are left"), e.getMessage());
    }

    @Test
    void aHelloOfAnotherVersionIsPassedOnUnreadButOtherFramesOfItAreRefused() {
        EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH));
        int next = FrameFormat.VERSION + 1;
        LinkIdentity newer = LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.DROP).withVersion(next);
        ch.writeInbound(FrameEncoder.hello(ALLOC, newer, 8));
        assertEquals(new Frame.ForeignHello(next), ch.readInbound());
        ByteBuf credit = FrameEncoder.credit(ALLOC, 1);
        credit.setByte(4, next);
        ProtocolException e = assertThrows(ProtocolException.class, () -> ch.writeInbound(credit));
        assertTrue(e.getMessage().contains("protocol version " + next + " in a CREDIT frame"), e.getMessage());
    }

    @Test
    void trailingBytesAndUnknownTypesAndFlagsAreRefused() {
        ByteBuf trailing = FrameEncoder.lost(ALLOC, 1);
        trailing.writeByte(0).setInt(8, 9);
        assertRefused(trailing, "1 unexpected bytes");
        ByteBuf type = FrameEncoder.lost(ALLOC, 1).setByte(5, 99);
        assertRefused(type, "type byte 99 is no frame type (1 to 8)");
        ByteBuf negativeAck = FrameEncoder.ack(ALLOC, -1, 0);
        assertRefused(negativeAck, "item count 18446744073709551615 is not 0 to");
        ByteBuf flags = FrameEncoder.lost(ALLOC, 1).setShort(6, 1);
        assertRefused(flags, "flags 0x0001");
        ByteBuf zeroCredit = FrameEncoder.credit(ALLOC, 0);
        assertRefused(zeroCredit, "credit 0 is not 1 to");
    }

    private static void assertRefused(ByteBuf frame, String expected) {
        EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH));
        ProtocolException e = assertThrows(ProtocolException.class, () -> ch.writeInbound(frame));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
