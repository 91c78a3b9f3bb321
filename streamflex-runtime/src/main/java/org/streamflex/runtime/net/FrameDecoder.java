package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;

/**
 * Turns a link's bytes into {@link Frame}s. Any malformed input becomes one {@link ProtocolException},
 * fired down the pipeline as it is (not wrapped), naming the byte offset in the stream, the frame type
 * when known and the problem; the decoder then discards everything after it. A header announcing a
 * body longer than the maximum is refused before the body arrives, so the decoder never holds more
 * than one header and one maximal body.
 *
 * <p>Frames are decoded straight from the buffers the socket was read into, each DATA frame's items a
 * slice of them; only a frame split between two reads is copied, into a buffer of its own, as its
 * bytes arrive. (Netty's cumulation, which this replaces, copied every byte of a read that followed a
 * split frame, and again as its buffer grew.)
 *
 * <pre>{@code
 * pipeline.addLast(new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME_LENGTH), new MyLinkHandler());
 * }</pre>
 */
public final class FrameDecoder extends ByteToMessageDecoder {
    private static final Frame.HelloOk HELLO_OK = new Frame.HelloOk();

    private final int maxFrameLength;
    /** Stream offset of the reader index: where the next frame starts. */
    private long offset;
    private boolean failed;
    /** The start of a frame whose end has not arrived, gathered from the reads it spans; null when none. */
    private ByteBuf carry;
    /** A read went into {@link #carry} alone: with auto-read off, another read is asked for, as Netty's decoders do. */
    private boolean readMore;
    /** A read is being decoded: a read arriving meanwhile waits in {@link #reentrant}. */
    private boolean reading;
    private ArrayDeque<ByteBuf> reentrant;

    /**
     * A decoder refusing bodies longer than {@code maxFrameLength} bytes.
     *
     * @param maxFrameLength from {@link FrameFormat#MIN_MAX_FRAME_LENGTH} to 1 GiB
     */
    public FrameDecoder(int maxFrameLength) {
        if (maxFrameLength < FrameFormat.MIN_MAX_FRAME_LENGTH || maxFrameLength > FrameFormat.MAX_CAPACITY) {
            throw new IllegalArgumentException("maxFrameLength " + maxFrameLength + " is not "
                    + FrameFormat.MIN_MAX_FRAME_LENGTH + " to " + FrameFormat.MAX_CAPACITY + " bytes");
        }
        this.maxFrameLength = maxFrameLength;
    }

    /** Bytes received and not yet decoded: less than a header and a maximal body. */
    public int bufferedBytes() {
        return internalBuffer().readableBytes() + (carry == null ? 0 : carry.readableBytes());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (!(msg instanceof ByteBuf in)) {
            super.channelRead(ctx, msg);
            return;
        }
        if (reading) {
            // A read that arrives while a frame of the one before is handled (a handler's write made a
            // handler before this one read more): decoded after that read, as Netty's decoders do.
            if (reentrant == null) {
                reentrant = new ArrayDeque<>(2);
            }
            reentrant.add(in);
            return;
        }
        reading = true;
        try {
            for (ByteBuf next = in; next != null; next = reentrant == null ? null : reentrant.poll()) {
                read(ctx, next);
            }
        } catch (Exception | Error e) {
            for (ByteBuf left = reentrant == null ? null : reentrant.poll(); left != null; left = reentrant.poll()) {
                left.release();
            }
            throw e;
        } finally {
            reading = false;
        }
    }

    /** Decodes the frames {@code in} ends, or gathers the frame it starts, and releases it. */
    private void read(ChannelHandlerContext ctx, ByteBuf in) throws Exception {
        if (carry != null) {
            try {
                gather(ctx, in);
            } catch (RuntimeException e) {
                in.release();
                throw e;
            }
            if (carry != null || !in.isReadable()) {
                readMore |= carry != null;
                in.release();
                return;
            }
        }
        // Nothing is buffered here, so Netty decodes from the read buffer itself, without copying it.
        super.channelRead(ctx, in);
        ByteBuf rest = internalBuffer();
        if (rest.isReadable() && !failed) {
            // A frame's start: moved out, so that the next read is not copied after it. readFrame
            // checked its header if it is whole, so a body it announces fits the maximum.
            int whole = rest.readableBytes() < FrameFormat.HEADER_BYTES ? FrameFormat.HEADER_BYTES
                    : FrameFormat.HEADER_BYTES + (int) rest.getUnsignedInt(rest.readerIndex() + 8);
            carry = ctx.alloc().directBuffer(whole);
            carry.writeBytes(rest);
        }
    }

    /**
     * Copies from {@code in} the bytes the carried frame lacks, as far as {@code in} has them: its header
     * first, checked before its body is gathered; then its body. A frame made whole is decoded and fired.
     */
    private void gather(ChannelHandlerContext ctx, ByteBuf in) {
        if (carry.readableBytes() < FrameFormat.HEADER_BYTES) {
            carry.writeBytes(in, Math.min(in.readableBytes(), FrameFormat.HEADER_BYTES - carry.readableBytes()));
            if (carry.readableBytes() < FrameFormat.HEADER_BYTES) {
                return;
            }
        }
        Frame frame;
        try {
            frame = readFrame(carry); // checks the header; null while the body is short
            if (frame == null) {
                long missing = FrameFormat.HEADER_BYTES + carry.getUnsignedInt(carry.readerIndex() + 8)
                        - carry.readableBytes();
                carry.writeBytes(in, (int) Math.min(in.readableBytes(), missing));
                frame = readFrame(carry);
            }
        } catch (ProtocolException e) {
            failed = true;
            releaseCarry();
            in.skipBytes(in.readableBytes());
            ctx.fireExceptionCaught(e);
            return;
        }
        if (frame != null) {
            releaseCarry(); // a DATA frame's items hold their own reference to it
            ctx.fireChannelRead(frame);
        }
    }

    private void releaseCarry() {
        carry.release();
        carry = null;
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        if (readMore && !ctx.channel().config().isAutoRead()) {
            ctx.read();
        }
        readMore = false;
        super.channelReadComplete(ctx);
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        if (carry != null) {
            releaseCarry(); // a frame cut off by the end of the connection, as Netty's cumulation drops it
        }
    }

    /** Whether the decoder met malformed input and now discards what it receives. */
    public boolean failed() {
        return failed;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        try {
            Frame frame = readFrame(in);
            if (frame != null) {
                out.add(frame);
            }
        } catch (ProtocolException e) {
            failed = true;
            in.skipBytes(in.readableBytes());
            // Fired as it is: thrown from decode(), Netty would wrap it in a DecoderException.
            ctx.fireExceptionCaught(e);
        }
    }

    private Frame readFrame(ByteBuf in) {
        if (in.readableBytes() < FrameFormat.HEADER_BYTES) {
            return null;
        }
        int start = in.readerIndex();
        int magic = in.getInt(start);
        if (magic != FrameFormat.MAGIC) {
            throw problem(offset, null, String.format("starts with 0x%08x, not the magic 0x%08x of a StreamFlex "
                    + "link frame: the peer is not a StreamFlex link, or the stream lost its framing",
                    magic, FrameFormat.MAGIC));
        }
        int version = in.getUnsignedByte(start + 4);
        int code = in.getUnsignedByte(start + 5);
        FrameType type = FrameType.ofCode(code);
        if (type == null) {
            throw problem(offset, null, "type byte " + code + " is no frame type (1 to "
                    + FrameFormat.MAX_TYPE_CODE + ")");
        }
        int flags = in.getUnsignedShort(start + 6);
        if (flags != 0) {
            throw problem(offset, type, String.format("flags 0x%04x are set; protocol version %d defines none",
                    flags, FrameFormat.VERSION));
        }
        long length = in.getUnsignedInt(start + 8);
        if (length > maxFrameLength) {
            throw problem(offset, type, "body of " + length + " bytes exceeds the maximum frame length of "
                    + maxFrameLength + " bytes: raise maxFrameLength on the receiving side, or send smaller batches");
        }
        // A HELLO of another version is refused by the handshake, naming both versions; a REFUSE has the
        // same body in every version, so a peer of another version that refused this one is understood.
        if (version != FrameFormat.VERSION && type != FrameType.HELLO && type != FrameType.REFUSE) {
            throw problem(offset, type, "protocol version " + version + " in a " + type
                    + " frame; this link speaks version " + FrameFormat.VERSION);
        }
        if (in.readableBytes() - FrameFormat.HEADER_BYTES < length) {
            return null;
        }
        long frameOffset = offset;
        int bodyStart = start + FrameFormat.HEADER_BYTES;
        int end = bodyStart + (int) length;
        offset += FrameFormat.HEADER_BYTES + length;
        if (version != FrameFormat.VERSION && type == FrameType.HELLO) {
            in.readerIndex(end);
            return new Frame.ForeignHello(version);
        }
        // Parsed in place, not from a slice of the body: a slice is an object per frame, and most
        // frames (CREDIT, ACK) are a few bytes. Past the body whatever the parse threw.
        in.readerIndex(bodyStart);
        try {
            return new BodyParse(in, bodyStart, end, frameOffset, type).frame();
        } finally {
            in.readerIndex(end);
        }
    }

    static ProtocolException problem(long frameOffset, FrameType type, String what) {
        return new ProtocolException("frame at byte " + frameOffset + (type == null ? "" : " (" + type + ")")
                + ": " + what);
    }

    /**
     * One body's fields, each checked against the bytes left before it is read: the body is the
     * bytes of {@code body} from {@code start} (its reader index) to {@code end}.
     */
    private static final class BodyParse {
        private final ByteBuf body;
        private final int start;
        private final int end;
        private final long frameOffset;
        private final FrameType type;

        BodyParse(ByteBuf body, int start, int end, long frameOffset, FrameType type) {
            this.body = body;
            this.start = start;
            this.end = end;
            this.frameOffset = frameOffset;
            this.type = type;
        }

        Frame frame() {
            if (type == FrameType.DATA) {
                return data();
            }
            Frame frame = switch (type) {
                case HELLO -> hello();
                case HELLO_OK -> HELLO_OK;
                case REFUSE -> new Frame.Refuse(text("reason", FrameFormat.MAX_REASON_BYTES, false));
                case DATA -> throw new IllegalStateException("DATA is parsed above");
                case CREDIT -> new Frame.Credit((int) bounded("credit", need(4, "credit").readUnsignedInt(), 1,
                        FrameFormat.MAX_CAPACITY));
                case LOST -> new Frame.Lost(bounded("lost item count", need(8, "lost count").readLong(), 1,
                        Long.MAX_VALUE));
                case CLOSE -> new Frame.Close(bounded("item count", need(8, "item count").readLong(), 0,
                        Long.MAX_VALUE), bounded("next sequence", need(8, "next sequence").readLong(), 0,
                        Long.MAX_VALUE));
                case ACK -> new Frame.Ack(bounded("item count", need(8, "item count").readLong(), 0,
                        Long.MAX_VALUE), bounded("next sequence", need(8, "next sequence").readLong(), 0,
                        Long.MAX_VALUE));
            };
            end();
            return frame;
        }

        private Frame hello() {
            String graph = text("graph name", FrameFormat.MAX_NAME_BYTES, false);
            String channel = text("channel name", FrameFormat.MAX_NAME_BYTES, false);
            int kindCode = need(1, "element kind").readUnsignedByte();
            ElementKind kind = ElementKind.ofCode(kindCode);
            if (kind == null) {
                throw at("element kind byte " + kindCode + " is no element kind (1 to 10)");
            }
            int size = need(2, "element size").readUnsignedShort();
            if (size != kind.size()) {
                throw at("element size " + size + " does not match " + kind.javaName() + " (" + kind.size()
                        + " bytes)");
            }
            String capsuleType = text("type name", FrameFormat.MAX_NAME_BYTES, true);
            int modeCode = need(1, "link mode").readUnsignedByte();
            LinkMode mode = LinkMode.ofCode(modeCode);
            if (mode == null) {
                throw at("link mode byte " + modeCode + " is neither DROP (0) nor CREDIT (1)");
            }
            int capacity = (int) bounded("capacity", need(4, "capacity").readUnsignedInt(), 1,
                    FrameFormat.MAX_CAPACITY);
            long senderId = need(8, "sender id").readLong();
            long resumeFrom = bounded("resume sequence", need(8, "resume sequence").readLong(), 0, Long.MAX_VALUE);
            long droppedBefore = bounded("dropped count", need(8, "dropped count").readLong(), 0, resumeFrom);
            int direction = need(1, "direction").readUnsignedByte();
            if (direction != FrameFormat.DIRECTION_SENDS && direction != FrameFormat.DIRECTION_RECEIVES) {
                throw at("direction byte " + direction + " is neither " + FrameFormat.DIRECTION_SENDS
                        + " (the HELLO's sender sends) nor " + FrameFormat.DIRECTION_RECEIVES + " (it receives)");
            }
            LinkIdentity identity;
            try {
                identity = new LinkIdentity(graph, channel, kind, capsuleType, mode, FrameFormat.VERSION);
            } catch (IllegalArgumentException e) {
                throw at(e.getMessage());
            }
            if (direction == FrameFormat.DIRECTION_RECEIVES) {
                if (resumeFrom != 0 || droppedBefore != 0) {
                    throw at("a receiver's HELLO resumes from " + resumeFrom + " with " + droppedBefore
                            + " dropped; only a sender's HELLO resumes (both must be 0)");
                }
                return new Frame.Request(identity, capacity, senderId);
            }
            return new Frame.Hello(identity, capacity, senderId, resumeFrom, droppedBefore);
        }

        private Frame.Data data() {
            long first = bounded("first sequence", need(8, "first sequence").readLong(), 0, Long.MAX_VALUE);
            int count = (int) bounded("item count", need(4, "item count").readUnsignedInt(), 1,
                    FrameFormat.MAX_CAPACITY);
            int itemSize = need(2, "item size").readUnsignedShort();
            int itemBytes = left();
            if (itemSize != 0) {
                if (itemSize != 1 && itemSize != 2 && itemSize != 4 && itemSize != 8) {
                    throw at("item size " + itemSize + " is none of 1, 2, 4 or 8 bytes (or 0 for capsules)");
                }
                if ((long) count * itemSize != itemBytes) {
                    throw at(count + " items of " + itemSize + " bytes need " + (long) count * itemSize
                            + " bytes, the body has " + itemBytes + " after its prefix");
                }
            } else {
                if ((long) count * 4 > itemBytes) {
                    throw at(count + " capsules need at least " + (long) count * 4 + " bytes of lengths, the body has "
                            + itemBytes + " after its prefix");
                }
                int at = body.readerIndex();
                int itemsEnd = at + itemBytes;
                for (int i = 0; i < count; i++) {
                    if (itemsEnd - at < 4) {
                        throw at("capsule " + i + " of " + count + " has no room for its length");
                    }
                    long length = body.getUnsignedInt(at);
                    at += 4;
                    if (length > itemsEnd - at) {
                        throw at("capsule " + i + " of " + count + " says " + length + " bytes, " + (itemsEnd - at)
                                + " are left in the body");
                    }
                    at += (int) length;
                }
                if (at != itemsEnd) {
                    throw at((itemsEnd - at) + " bytes follow the last of " + count + " capsules");
                }
            }
            // Retained last: nothing above may leave a slice behind.
            return new Frame.Data(first, count, itemSize, body.readRetainedSlice(itemBytes));
        }

        private String text(String what, int maxBytes, boolean mayBeEmpty) {
            int length = need(2, what + " length").readUnsignedShort();
            if (length > maxBytes || (length == 0 && !mayBeEmpty)) {
                throw at(what + " of " + length + " bytes; it must be " + (mayBeEmpty ? 0 : 1) + " to " + maxBytes);
            }
            return need(length, what).readCharSequence(length, StandardCharsets.UTF_8).toString();
        }

        private ByteBuf need(int bytes, String what) {
            if (left() < bytes) {
                throw at("body ends at byte " + (body.readerIndex() - start) + " of " + (end - start) + ", before its "
                        + what + " (" + bytes + " bytes)");
            }
            return body;
        }

        private long bounded(String what, long value, long min, long max) {
            if (value < min || value > max) {
                throw at(what + " " + Long.toUnsignedString(value) + " is not " + min + " to " + max);
            }
            return value;
        }

        private void end() {
            if (left() > 0) {
                throw at(left() + " unexpected bytes after the body's last field");
            }
        }

        /** Bytes of the body after the reader index. */
        private int left() {
            return end - body.readerIndex();
        }

        private ProtocolException at(String what) {
            return problem(frameOffset, type, what);
        }
    }
}
