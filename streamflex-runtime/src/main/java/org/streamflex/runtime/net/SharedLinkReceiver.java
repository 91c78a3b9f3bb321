package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import java.lang.foreign.MemorySegment;
import org.streamflex.Shared;

/**
 * The receiving end of a network link of shared values (signal segments), hosted by a
 * {@link NetworkLinkServer}: the link's event loop copies each received item's bytes into a bounded
 * queue of byte records ({@link SequencedByteRing}, no allocation per item), and one consumer thread
 * decodes them, oldest first, into new values its {@link SharedCodec} takes from their pools.
 *
 * <p>Items vary in size (segments of any length), up to {@code maxItemBytes}; the queue's bytes are
 * sized so that its item capacity is always the bound (CREDIT mode grants items). An item longer
 * than that is a {@link ProtocolException}: the sender's bound is larger than this receiver's.
 *
 * <pre>{@code
 * SharedLinkReceiver<FloatSeg> in = server.sharedReceiver(
 *         LinkIdentity.ofShared("g", "mics", FloatSeg.class.getName(), LinkMode.CREDIT),
 *         SharedCodec.of(FloatSeg.class), 1024, 1 << 16);
 * FloatSeg s = in.poll();                  // the consumer thread only; null when none arrived
 * if (s != null) {
 *     out.put(s);                          // in a work(): held by it; outside, release it when done
 * }
 * }</pre>
 *
 * @param <T> the shared type
 */
public final class SharedLinkReceiver<T extends Shared> extends LinkReceiver {
    private final SharedCodec<T> codec;
    private final SequencedByteRing ring;
    /** The queue's array as a segment, made once, for the codec's bulk copies. */
    private final MemorySegment bytes;
    private final int maxItemBytes;

    SharedLinkReceiver(LinkIdentity identity, SharedCodec<T> codec, int capacity, int maxItemBytes) {
        super(identity, capacity);
        if (identity.kind() != ElementKind.SHARED || !identity.capsuleType().equals(codec.type().getName())) {
            throw new IllegalArgumentException("a codec of " + codec.type().getName() + " cannot receive "
                    + identity.describe());
        }
        long size = SequencedByteRing.bytesFor(capacity, maxItemBytes);
        if (maxItemBytes < 1 || size > FrameFormat.MAX_CAPACITY) {
            throw new IllegalArgumentException("a queue of " + capacity + " items of up to " + maxItemBytes
                    + " bytes takes " + size + " bytes, more than " + FrameFormat.MAX_CAPACITY
                    + " (or items of less than 1 byte): make it shorter, or its items smaller");
        }
        this.codec = codec;
        this.ring = new SequencedByteRing(capacity, (int) size);
        this.bytes = MemorySegment.ofArray(ring.buffer());
        this.maxItemBytes = maxItemBytes;
    }

    @Override
    public int capacity() {
        return ring.capacity();
    }

    /** The shared class it decodes. */
    public Class<T> sharedType() {
        return codec.type();
    }

    /** The largest item it takes, in bytes. */
    public int maxItemBytes() {
        return maxItemBytes;
    }

    /** Consumer thread only: items it may poll now, at least those received before the call. */
    public int available() {
        return ring.available();
    }

    /**
     * Consumer thread only: decodes the oldest item into a new value and removes it; null when there
     * is none. The value is held as a new one is: by the running {@code work()}, or by the caller
     * outside one. In CREDIT mode the room it frees is granted to the sender.
     *
     * @throws ProtocolException if the item is not a value of the type (the message names the field);
     *     the item is removed and counted delivered, as it was
     */
    public T poll() {
        if (ring.available() == 0) {
            return null;
        }
        try {
            return codec.decode(bytes, ring.offset(), ring.length());
        } finally {
            ring.next();
            ring.free();
            consumedMore(1);
        }
    }

    @Override
    int queued() {
        return ring.size();
    }

    @Override
    boolean accept(long sequence, ByteBuf items) {
        int length = items.readInt(); // the decoder checked it fits the frame
        if (length > maxItemBytes) {
            throw new ProtocolException("an item of " + length + " bytes at sequence " + sequence + " for "
                    + identity().describe() + ": this receiver takes at most " + maxItemBytes + " bytes per "
                    + codec.type().getName() + "; the sender's bound is larger than the receiver's");
        }
        int at = ring.claim(sequence, length);
        if (at < 0) {
            items.skipBytes(length);
            return false;
        }
        items.readBytes(ring.buffer(), at, length);
        ring.publish();
        return true;
    }
}
