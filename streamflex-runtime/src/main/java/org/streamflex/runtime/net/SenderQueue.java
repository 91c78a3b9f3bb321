package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The sender's queue of numbered items, as {@link SenderLinkHandler} drains it on the event loop:
 * what kind of item it holds (primitives in 64-bit slots, or capsules as byte records) is the
 * queue's business, so that one handler runs the protocol for every kind. The producer fills it
 * through the queue's own offer method, between {@link SenderLinkHandler#beginOffer()} and
 * {@link SenderLinkHandler#endOffer()}.
 *
 * <pre>{@code
 * SenderQueue queue = new LongSenderQueue(ElementKind.LONG, 4096, maxFrameLength);
 * ByteBuf frame = queue.takeData(alloc, 512); // event loop: a DATA frame of up to 512 items
 * }</pre>
 */
interface SenderQueue {
    /** The ring its items are in, which answers for the queue what every ring knows. */
    SequencedRing ring();

    /** Items it holds at most, as the HELLO announces. */
    default int capacity() {
        return ring().capacity();
    }

    /** Any thread: items queued, exact only when both sides are quiet. */
    default int size() {
        return ring().size();
    }

    /** Event loop: items it may take, at least those queued before the call. */
    default int available() {
        return ring().available();
    }

    /** Event loop: the sequence number of the oldest item; {@code available() > 0}. */
    default long firstSequence() {
        return ring().firstSequence();
    }

    /**
     * Event loop: a DATA frame of the oldest items, at most {@code budget}, with consecutive numbers
     * and within the link's frame length, at least one; they leave the queue. Its item count is at
     * {@link FrameEncoder#dataCount(ByteBuf)}. {@code available() > 0}.
     */
    ByteBuf takeData(ByteBufAllocator alloc, int budget);

    /** Event loop: removes the items available and returns how many. */
    int discardAvailable();
}
