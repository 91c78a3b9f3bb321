package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import org.streamflex.Capsule;

/**
 * The receiving end of a network link of capsules, hosted by a {@link NetworkLinkServer}: the link's
 * event loop copies each received item's bytes into a bounded queue of byte records
 * ({@link SequencedByteRing}, no allocation per item), and one consumer thread decodes them, oldest
 * first, into capsules it took from their pool ({@link CapsuleCodec}: into their own arrays).
 *
 * <p>Every capsule of a type encodes to the same size when its constructor allocates its arrays,
 * which decoding into pooled capsules requires anyway; the receiver is told that size, and sizes its
 * bytes so that its item capacity is always the bound (CREDIT mode grants items). An item longer
 * than that size is a {@link ProtocolException}: the sender's capsule type differs from this one.
 *
 * <pre>{@code
 * CapsuleCodec<Reading> codec = CapsuleCodec.of(Reading.class);
 * CapsuleLinkReceiver<Reading> in = server.capsuleReceiver(
 *         LinkIdentity.ofCapsules("g", "c", Reading.class.getName(), LinkMode.CREDIT), codec, 4096, itemBytes);
 * while (in.available() > 0) {             // the consumer thread only
 *     Reading r = pool.take();
 *     in.poll(r);
 * }
 * }</pre>
 *
 * @param <C> the capsule type
 */
public final class CapsuleLinkReceiver<C extends Capsule> extends LinkReceiver {
    private final CapsuleCodec<C> codec;
    private final SequencedByteRing ring;
    private final int maxItemBytes;

    CapsuleLinkReceiver(LinkIdentity identity, CapsuleCodec<C> codec, int capacity, int maxItemBytes) {
        super(identity, capacity);
        if (identity.kind() != ElementKind.CAPSULE || !identity.capsuleType().equals(codec.type().getName())) {
            throw new IllegalArgumentException("a codec of " + codec.type().getName() + " cannot receive "
                    + identity.describe());
        }
        // Room for every item even when a record skips the end of the array: items, not bytes, bound it.
        long bytes = SequencedByteRing.bytesFor(capacity, maxItemBytes);
        if (maxItemBytes < 0 || bytes > FrameFormat.MAX_CAPACITY) {
            throw new IllegalArgumentException("a queue of " + capacity + " capsules of " + maxItemBytes
                    + " bytes takes " + bytes + " bytes, more than " + FrameFormat.MAX_CAPACITY + ": make it shorter");
        }
        this.codec = codec;
        this.ring = new SequencedByteRing(capacity, (int) Math.max(bytes, 2L * SequencedByteRing.HEADER_BYTES));
        this.maxItemBytes = maxItemBytes;
    }

    @Override
    public int capacity() {
        return ring.capacity();
    }

    /** The capsule class it decodes into. */
    public Class<C> capsuleType() {
        return codec.type();
    }

    /** The largest item it takes, in bytes: the size a capsule of its type encodes to. */
    public int maxItemBytes() {
        return maxItemBytes;
    }

    /** Consumer thread only: items it may poll now, at least those received before the call. */
    public int available() {
        return ring.available();
    }

    /**
     * Consumer thread only: decodes the oldest item into {@code target} (into its own arrays) and
     * removes it; false, {@code target} untouched, when there is none. In CREDIT mode the room it
     * frees is granted to the sender.
     *
     * @throws ProtocolException if the item does not decode into {@code target} (its arrays differ in
     *     length from the sender's); the item is removed and counted delivered, as it was
     */
    public boolean poll(C target) {
        if (ring.available() == 0) {
            return false;
        }
        try {
            codec.decode(ring.buffer(), ring.offset(), ring.length(), target);
        } finally {
            ring.next();
            ring.free();
            consumedMore(1);
        }
        return true;
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
                    + identity().describe() + ": a capsule of " + codec.type().getName() + " takes " + maxItemBytes
                    + " bytes here; the sender's capsules differ (arrays of other lengths, or other fields)");
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
