package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCounted;

/**
 * A decoded link frame, as {@link FrameDecoder} passes it on. Only {@link Data} holds a buffer: a
 * retained slice of the received bytes, which its handler must release.
 *
 * <pre>{@code
 * switch (frame) {
 *     case Frame.Data data -> { try { take(data); } finally { data.items().release(); } }
 *     case Frame.Credit credit -> credits += credit.items();
 *     default -> { }
 * }
 * }</pre>
 */
public sealed interface Frame {
    /** The frame's type. */
    FrameType type();

    /**
     * A sender's offer. A sender reconnecting after a fault sends the same {@code senderId} and the
     * sequence number it resumes from, so the receiver learns which numbers it will never get.
     *
     * @param identity who the sender is, at the protocol version of the frame's header
     * @param capacity the sender's queue capacity
     * @param senderId the sending link's random id, the same on every connection of that link
     * @param resumeFrom the sequence number of the first item this connection may carry: every
     *     earlier one was sent on an earlier connection or dropped at the sender
     * @param droppedBefore the sender's drops so far (queue full, or discarded), all numbered below
     *     {@code resumeFrom}; the LOST frames of this connection report only later ones
     */
    record Hello(LinkIdentity identity, int capacity, long senderId, long resumeFrom, long droppedBefore)
            implements Frame {
        @Override
        public FrameType type() {
            return FrameType.HELLO;
        }
    }

    /**
     * A HELLO whose sender receives (protocol version 3): a node that opens a link to the server to be
     * sent a channel's items on it, so that nodes need no listening port. The server's sending end
     * answers on the same connection with its own {@link Hello}, and the link runs as any other.
     *
     * @param identity the link the receiver expects, at the protocol version of the frame's header
     * @param capacity the receiver's queue capacity
     * @param receiverId the receiving link's random id, the same on each of its connections
     */
    record Request(LinkIdentity identity, int capacity, long receiverId) implements Frame {
        @Override
        public FrameType type() {
            return FrameType.HELLO;
        }
    }

    /**
     * A HELLO at a protocol version this runtime does not speak: its body is not read, because its
     * layout is that version's.
     *
     * @param version the version in the frame's header
     */
    record ForeignHello(int version) implements Frame {
        @Override
        public FrameType type() {
            return FrameType.HELLO;
        }
    }

    /** The receiver accepted the link. */
    record HelloOk() implements Frame {
        @Override
        public FrameType type() {
            return FrameType.HELLO_OK;
        }
    }

    /**
     * The receiver refused the link.
     *
     * @param reason why, naming both sides
     */
    record Refuse(String reason) implements Frame {
        @Override
        public FrameType type() {
            return FrameType.REFUSE;
        }
    }

    /**
     * A run of items with sequence numbers {@code firstSequence} to {@code firstSequence + count - 1}.
     *
     * @param firstSequence the link sequence number of the first item
     * @param count items, at least 1
     * @param itemSize bytes per item, or 0 when each item is prefixed by its u32 length (capsules)
     * @param items the items' bytes, a retained slice to release
     */
    record Data(long firstSequence, int count, int itemSize, ByteBuf items) implements Frame, ReferenceCounted {
        @Override
        public FrameType type() {
            return FrameType.DATA;
        }

        @Override
        public int refCnt() {
            return items.refCnt();
        }

        @Override
        public Data retain() {
            items.retain();
            return this;
        }

        @Override
        public Data retain(int increment) {
            items.retain(increment);
            return this;
        }

        @Override
        public Data touch() {
            items.touch();
            return this;
        }

        @Override
        public Data touch(Object hint) {
            items.touch(hint);
            return this;
        }

        @Override
        public boolean release() {
            return items.release();
        }

        @Override
        public boolean release(int decrement) {
            return items.release(decrement);
        }
    }

    /**
     * The receiver grants room for more items.
     *
     * @param items items granted, at least 1
     */
    record Credit(int items) implements Frame {
        @Override
        public FrameType type() {
            return FrameType.CREDIT;
        }
    }

    /**
     * The sender dropped items since its last LOST (its queue was full, or they were still queued
     * when the link closed); their sequence numbers are gaps in its DATA.
     *
     * @param items items dropped, at least 1
     */
    record Lost(long items) implements Frame {
        @Override
        public FrameType type() {
            return FrameType.LOST;
        }
    }

    /**
     * What the receiver has accounted for on this connection: the sender counts items it sent and
     * never saw acknowledged as lost in flight when the connection dies without CLOSE.
     *
     * @param items items of this connection received (delivered or dropped at the receiver)
     * @param nextSequence the sequence number the receiver expects next: every earlier one is
     *     accounted for
     */
    record Ack(long items, long nextSequence) implements Frame {
        @Override
        public FrameType type() {
            return FrameType.ACK;
        }
    }

    /**
     * The link ends.
     *
     * @param items from a sender, the items it sent; from a receiver, the items it received
     * @param nextSequence from a sender, the sequence number after its last item; from a receiver,
     *     the one it expected next
     */
    record Close(long items, long nextSequence) implements Frame {
        @Override
        public FrameType type() {
            return FrameType.CLOSE;
        }
    }
}
