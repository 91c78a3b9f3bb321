package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.streamflex.Capsule;

/**
 * The sender's queue of a link of capsules: each capsule encoded by its {@link CapsuleCodec} into a
 * record of a {@link SequencedByteRing} as it is offered (the capsule itself goes back to its pool),
 * bounded in items and in bytes; DATA frames carry them as length-prefixed items (item size 0),
 * as many as the frame length allows ({@link RecordSenderQueue}).
 *
 * <pre>{@code
 * CapsuleSenderQueue queue = new CapsuleSenderQueue(CapsuleCodec.of(Reading.class), 4096, 1 << 20, maxFrameLength);
 * queue.offer(0, reading); // producer thread
 * }</pre>
 */
final class CapsuleSenderQueue extends RecordSenderQueue {
    private final CapsuleCodec<?> codec;

    CapsuleSenderQueue(CapsuleCodec<?> codec, int capacity, int byteCapacity, int maxFrameLength) {
        super(capacity, byteCapacity, maxFrameLength);
        this.codec = codec;
    }

    /**
     * Producer: encodes {@code capsule} into the queue numbered {@code sequence}; false when the queue
     * has no room for it now.
     *
     * @throws IllegalArgumentException if it encodes to more bytes than a DATA frame or the queue holds
     */
    boolean offer(long sequence, Capsule capsule) {
        int size = checkedSize(capsule);
        int at = claim(sequence, size);
        if (at < 0) {
            return false;
        }
        codec.encode(capsule, buffer(), at);
        publish();
        return true;
    }

    /**
     * Event loop, the producer offering on it with nothing queued: a DATA frame of {@code capsule}
     * alone, numbered {@code sequence}, encoded straight into the frame (not into the queue first, then
     * copied). The queue is untouched; the caller counts the item accepted and sent.
     *
     * @throws IllegalArgumentException as {@link #offer} does, before anything is written
     */
    ByteBuf frameOf(long sequence, Capsule capsule, ByteBufAllocator alloc) {
        int size = checkedSize(capsule);
        ByteBuf frame = startFrame(alloc, sequence, LENGTH_BYTES + size);
        try {
            frame.writeInt(size);
            int at = frame.writerIndex();
            int end = codec.encode(capsule, frame, at);
            if (end != at + size) {
                throw new IllegalStateException("a capsule of " + codec.type().getName() + " encoded to "
                        + (end - at) + " bytes where it measured " + size + ": it changed while it was offered");
            }
            frame.writerIndex(end);
            return FrameEncoder.finishData(frame, 1);
        } catch (RuntimeException e) {
            frame.release();
            throw e;
        }
    }

    private int checkedSize(Capsule capsule) {
        int size = codec.encodedSize(capsule);
        if (size > maxItemBytes()) {
            throw new IllegalArgumentException("a capsule of " + codec.type().getName() + " encodes to " + size
                    + " bytes; this link carries at most " + maxItemBytes() + " bytes per item (" + bounds()
                    + "): raise maxFrameLength on both sides and the queue's bytes, or send smaller capsules");
        }
        return size;
    }
}
