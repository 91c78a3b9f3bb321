package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import java.lang.foreign.MemorySegment;
import org.streamflex.Shared;
import org.streamflex.abi.Regions;
import org.streamflex.abi.WorkScope;

/**
 * The receiving end of a network link of shared values (signal segments), hosted by a
 * {@link NetworkLinkServer}: the link's event loop decodes each received item straight from the
 * received buffer into a new value its {@link SharedCodec} takes from their pools, and queues a
 * reference to it (a {@link SequencedRefRing}, no allocation per item); one consumer thread polls
 * them, oldest first. Each item's samples are copied once on this side, where a queue of bytes
 * copied them twice (into the queue on the event loop, then into the value on the consumer).
 *
 * <p>Items vary in size (segments of any length), up to {@code maxItemBytes}; the queue holds at
 * most {@code capacity} values (CREDIT mode grants items). An item longer than that, or one whose
 * bytes are not a value of the type, is a {@link ProtocolException} on the event loop: the server
 * records it ({@link NetworkLinkServer#lastProblem()}) and drops the connection, whose sender counts
 * what it had not had acknowledged as lost in flight. Values still queued when the server closes
 * are released by {@link #releaseQueued()}.
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
    private final SequencedRefRing<T> ring;
    private final int maxItemBytes;
    /** Event loop: the received frame's items as a segment, or null to copy each item to {@link #scratch}. */
    private MemorySegment frameView;
    /** Event loop: the buffer index {@link #frameView} starts at. */
    private int frameBase;
    /** Event loop: the heap array of the last heap frame and its segment, so that a view is made once. */
    private byte[] heapArray;
    private MemorySegment heapView;
    /** Event loop: items of a frame in several buffers are copied here first; made at the first such frame. */
    private byte[] scratch;
    private MemorySegment scratchView;

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
        this.ring = new SequencedRefRing<>(capacity, Long.MAX_VALUE);
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
     * Consumer thread only: the oldest value received, removed from the queue; null when there is
     * none. The value is held as a new one is: by the running {@code work()}, or by the caller
     * outside one. In CREDIT mode the room it frees is granted to the sender.
     */
    public T poll() {
        if (ring.available() == 0) {
            return null;
        }
        T value = ring.value();
        ring.next();
        ring.free();
        consumedMore(1);
        WorkScope scope = Regions.current().workScope();
        if (scope != null) {
            scope.adopt(value); // the queue's reference becomes the work()'s, as a value made in it
        }
        return value;
    }

    /**
     * Consumer thread only, once the link is over (its server closed): releases the values still
     * queued and returns how many; they count as delivered, as they were.
     */
    public int releaseQueued() {
        int n = 0;
        while (ring.available() > 0) {
            T value = ring.value();
            ring.next();
            value.release();
            n++;
        }
        ring.free();
        return n;
    }

    @Override
    int queued() {
        return ring.size();
    }

    @Override
    @SuppressWarnings("ReferenceEquality") // the same array: its view is the one made before
    void frameStarts(ByteBuf items) {
        if (items.hasArray()) {
            if (items.array() != heapArray) {
                heapArray = items.array();
                heapView = MemorySegment.ofArray(heapArray);
            }
            frameView = heapView;
            frameBase = -items.arrayOffset();
        } else if (items.nioBufferCount() == 1) {
            // A view per frame: the received buffer's memory is pooled and shared, so none outlives its frame.
            frameView = MemorySegment.ofBuffer(items.nioBuffer());
            frameBase = items.readerIndex();
        } else {
            frameView = null;
        }
    }

    @Override
    void frameEnds() {
        frameView = null;
    }

    @Override
    boolean accept(long sequence, ByteBuf items) {
        int length = items.readInt(); // the decoder checked it fits the frame
        if (length > maxItemBytes) {
            items.skipBytes(length);
            throw new ProtocolException("an item of " + length + " bytes at sequence " + sequence + " for "
                    + identity().describe() + ": this receiver takes at most " + maxItemBytes + " bytes per "
                    + codec.type().getName() + "; the sender's bound is larger than the receiver's");
        }
        if (!ring.claim(sequence, length)) {
            items.skipBytes(length);
            return false;
        }
        int at = items.readerIndex();
        T value;
        try {
            if (frameView != null) {
                value = codec.decode(frameView, at - frameBase, length);
            } else {
                value = codec.decode(copied(items, at, length), 0, length);
            }
        } finally {
            items.skipBytes(length);
        }
        ring.publish(value);
        return true;
    }

    /** The item's bytes copied into the scratch array, for a frame whose items span several buffers. */
    private MemorySegment copied(ByteBuf items, int at, int length) {
        if (scratch == null) {
            scratch = new byte[maxItemBytes];
            scratchView = MemorySegment.ofArray(scratch);
        }
        items.getBytes(at, scratch, 0, length);
        return scratchView;
    }
}
