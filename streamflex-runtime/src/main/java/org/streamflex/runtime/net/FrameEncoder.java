package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;

/**
 * Writes link frames into direct buffers of the channel's allocator (pooled: the links set
 * {@code PooledByteBufAllocator.DEFAULT}). DATA frames are written in place: {@link #startData}
 * reserves the header and prefix, the caller writes items, {@link #finishData} fills in the counts.
 *
 * <pre>{@code
 * ByteBuf frame = FrameEncoder.startData(ctx.alloc(), nextSequence, 8, 512);
 * for (...) frame.writeLong(value);
 * FrameEncoder.finishData(frame, written);
 * ctx.write(frame);
 * }</pre>
 */
public final class FrameEncoder {
    private FrameEncoder() {
    }

    /** The first HELLO of a new sending link: sender id 0, from sequence number 0, nothing dropped. */
    public static ByteBuf hello(ByteBufAllocator alloc, LinkIdentity identity, int capacity) {
        return hello(alloc, identity, capacity, 0, 0, 0);
    }

    /** A HELLO offering {@code identity}, at the identity's protocol version (see {@link Frame.Hello}). */
    public static ByteBuf hello(ByteBufAllocator alloc, LinkIdentity identity, int capacity, long senderId,
            long resumeFrom, long droppedBefore) {
        return hello(alloc, identity, capacity, senderId, resumeFrom, droppedBefore, FrameFormat.DIRECTION_SENDS);
    }

    /**
     * A HELLO whose sender receives ({@link Frame.Request}): it expects {@code identity}, has a queue of
     * {@code capacity} items, and asks the peer to send on this connection.
     *
     * <pre>{@code
     * ctx.writeAndFlush(FrameEncoder.request(ctx.alloc(), receiver.identity(), receiver.capacity(), receiverId));
     * }</pre>
     */
    public static ByteBuf request(ByteBufAllocator alloc, LinkIdentity identity, int capacity, long receiverId) {
        return hello(alloc, identity, capacity, receiverId, 0, 0, FrameFormat.DIRECTION_RECEIVES);
    }

    private static ByteBuf hello(ByteBufAllocator alloc, LinkIdentity identity, int capacity, long id,
            long resumeFrom, long droppedBefore, int direction) {
        int names = ByteBufUtil.utf8Bytes(identity.graph()) + ByteBufUtil.utf8Bytes(identity.channel())
                + ByteBufUtil.utf8Bytes(identity.capsuleType());
        ByteBuf frame = alloc.directBuffer(FrameFormat.HEADER_BYTES + names + 41);
        header(frame, identity.version(), FrameType.HELLO);
        text(frame, identity.graph());
        text(frame, identity.channel());
        frame.writeByte(identity.kind().code());
        frame.writeShort(identity.kind().size());
        text(frame, identity.capsuleType());
        frame.writeByte(identity.mode().code());
        frame.writeInt(capacity);
        frame.writeLong(id).writeLong(resumeFrom).writeLong(droppedBefore);
        if (identity.version() >= 3) {
            frame.writeByte(direction);
        }
        return finish(frame);
    }

    /** A HELLO_OK. */
    public static ByteBuf helloOk(ByteBufAllocator alloc) {
        return finish(header(alloc.directBuffer(FrameFormat.HEADER_BYTES), FrameFormat.VERSION, FrameType.HELLO_OK));
    }

    /** A REFUSE with {@code reason}, cut to {@link FrameFormat#MAX_REASON_BYTES} if longer. */
    public static ByteBuf refuse(ByteBufAllocator alloc, String reason) {
        return refuse(alloc, reason, FrameFormat.VERSION);
    }

    /**
     * A REFUSE at protocol version {@code version}: its body is the same in every version, so a peer
     * of another version, refused for it, reads the reason (which names both versions).
     */
    public static ByteBuf refuse(ByteBufAllocator alloc, String reason, int version) {
        byte[] bytes = reason.getBytes(StandardCharsets.UTF_8);
        int length = Math.min(bytes.length, FrameFormat.MAX_REASON_BYTES);
        ByteBuf frame = header(alloc.directBuffer(FrameFormat.HEADER_BYTES + 2 + length), version,
                FrameType.REFUSE);
        frame.writeShort(length);
        frame.writeBytes(bytes, 0, length);
        return finish(frame);
    }

    /** A CREDIT granting {@code items}. */
    public static ByteBuf credit(ByteBufAllocator alloc, int items) {
        ByteBuf frame = header(alloc.directBuffer(FrameFormat.HEADER_BYTES + 4), FrameFormat.VERSION,
                FrameType.CREDIT);
        return finish(frame.writeInt(items));
    }

    /** A LOST reporting {@code items} dropped by the sender. */
    public static ByteBuf lost(ByteBufAllocator alloc, long items) {
        ByteBuf frame = header(alloc.directBuffer(FrameFormat.HEADER_BYTES + 8), FrameFormat.VERSION, FrameType.LOST);
        return finish(frame.writeLong(items));
    }

    /** A CLOSE with the side's item count and sequence number (see {@link Frame.Close}). */
    public static ByteBuf close(ByteBufAllocator alloc, long items, long nextSequence) {
        ByteBuf frame = header(alloc.directBuffer(FrameFormat.HEADER_BYTES + 16), FrameFormat.VERSION,
                FrameType.CLOSE);
        return finish(frame.writeLong(items).writeLong(nextSequence));
    }

    /** An ACK of {@code items} received on this connection, expecting {@code nextSequence} next. */
    public static ByteBuf ack(ByteBufAllocator alloc, long items, long nextSequence) {
        ByteBuf frame = header(alloc.directBuffer(FrameFormat.HEADER_BYTES + 16), FrameFormat.VERSION, FrameType.ACK);
        return finish(frame.writeLong(items).writeLong(nextSequence));
    }

    /**
     * The start of a DATA frame with room for {@code maxItems} items of {@code itemSize} bytes; the
     * caller writes the items, then calls {@link #finishData}.
     */
    public static ByteBuf startData(ByteBufAllocator alloc, long firstSequence, int itemSize, int maxItems) {
        ByteBuf frame = alloc.directBuffer(FrameFormat.HEADER_BYTES + FrameFormat.DATA_PREFIX_BYTES
                + itemSize * maxItems);
        header(frame, FrameFormat.VERSION, FrameType.DATA);
        frame.writeLong(firstSequence);
        frame.writeInt(0);
        frame.writeShort(itemSize);
        return frame;
    }

    /**
     * The start of a DATA frame of capsules (item size 0) whose items, each a u32 length and its
     * bytes, take {@code itemBytes}; the caller writes them, then calls {@link #finishData}.
     */
    public static ByteBuf startCapsuleData(ByteBufAllocator alloc, long firstSequence, int itemBytes) {
        int frameBytes = FrameFormat.HEADER_BYTES + FrameFormat.DATA_PREFIX_BYTES + itemBytes;
        return startCapsuleData(alloc.directBuffer(frameBytes), firstSequence);
    }

    /**
     * As {@link #startCapsuleData(ByteBufAllocator, long, int)}, into {@code frame}, an empty buffer with
     * room for the items (a sending link's reused frame buffer).
     */
    public static ByteBuf startCapsuleData(ByteBuf frame, long firstSequence) {
        header(frame, FrameFormat.VERSION, FrameType.DATA);
        frame.writeLong(firstSequence);
        frame.writeInt(0);
        frame.writeShort(0);
        return frame;
    }

    /** The item count of a DATA frame this class wrote. */
    public static int dataCount(ByteBuf frame) {
        return frame.getInt(frame.readerIndex() + FrameFormat.HEADER_BYTES + 8);
    }

    /** Completes a frame of {@link #startData} holding {@code count} items. */
    public static ByteBuf finishData(ByteBuf frame, int count) {
        frame.setInt(frame.readerIndex() + FrameFormat.HEADER_BYTES + 8, count);
        return finish(frame);
    }

    private static ByteBuf header(ByteBuf frame, int version, FrameType type) {
        frame.writeInt(FrameFormat.MAGIC);
        frame.writeByte(version);
        frame.writeByte(type.code());
        frame.writeShort(0);
        frame.writeInt(0);
        return frame;
    }

    private static ByteBuf finish(ByteBuf frame) {
        frame.setInt(frame.readerIndex() + 8, frame.readableBytes() - FrameFormat.HEADER_BYTES);
        return frame;
    }

    private static void text(ByteBuf frame, String text) {
        frame.writeShort(ByteBufUtil.utf8Bytes(text));
        ByteBufUtil.writeUtf8(frame, text);
    }
}
