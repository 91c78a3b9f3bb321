package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import java.util.Objects;
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
 * <p>Or, for the lowest latency, no consumer thread at all: {@link #consumeOnLoop} hands each item to a
 * handler on the link's event loop, decoded into one capsule, by the read that brought it (straight from
 * the frame while nothing is queued before it: no copy into the queue); no other thread is woken. The
 * counting is the same (delivered as queued, then consumed as the handler takes each, the room granted
 * to the sender in CREDIT mode as it does), and so is the queue: a handler that keeps an item (returns
 * false) leaves it, and those after it, queued, and in CREDIT mode the sender waits for the room it
 * frees; nothing is lost. Echoing onto a sending link on the same
 * {@link LinkEventLoop} wakes no thread either:
 *
 * <pre>{@code
 * try (LinkEventLoop loop = LinkEventLoop.create();
 *         NetworkLinkServer server = NetworkLinkServer.open(address, loop);
 *         NetworkLinkClient back = NetworkLinkClient.connectCapsules(peer, pong, codec, 64, 1 << 16,
 *                 LinkClientSettings.DEFAULT.withEventLoop(loop))) {
 *     CapsuleLinkReceiver<Reading> in = server.capsuleReceiver(ping, codec, 64, itemBytes);
 *     in.consumeOnLoop(CapsuleType.of(Reading.class).newInstance(), (sequence, r) -> back.offer(r));
 *     ...
 * }
 * }</pre>
 *
 * @param <C> the capsule type
 */
public final class CapsuleLinkReceiver<C extends Capsule> extends LinkReceiver {
    private static final System.Logger LOG = System.getLogger("org.streamflex.runtime.net");

    private final CapsuleCodec<C> codec;
    private final SequencedByteRing ring;
    private final int maxItemBytes;
    /** The handler on the event loop and the capsule it is handed, once {@link #consumeOnLoop} set them. */
    private volatile OnLoop<C> onLoop;
    private final Runnable handOnTask = this::handOn;
    /** Event loop only: a hand-on is running (a handler's offer cannot re-enter it, a full queue's accept can). */
    private boolean handing;
    private volatile String lastHandlerFailure = "";

    /** A handler and the capsule each item is decoded into for it. */
    private record OnLoop<C extends Capsule>(C into, CapsuleHandler<? super C> handler) {
    }

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
        if (onLoop != null) {
            throw new IllegalStateException("the items of " + identity().describe() + " are consumed on the event"
                    + " loop by " + onLoop.handler().getClass().getName() + " (consumeOnLoop): poll() takes none");
        }
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

    /**
     * Hands every item, from now on, to {@code handler} on the link's event loop, decoded into
     * {@code into} (the same capsule each time: no allocation per item), oldest first, as the read that
     * brought it runs; items queued already are handed on at once, on the loop. {@link #poll} takes
     * none afterwards. See {@link CapsuleHandler} for what the handler may do and what its answer
     * means; {@link LinkCounters#consumeFailed()} counts the items it threw on. Any thread, once.
     *
     * <pre>{@code
     * in.consumeOnLoop(CapsuleType.of(Reading.class).newInstance(), (sequence, r) -> {
     *     total += r.level;    // event loop only: no lock needed for what only the handler touches
     *     return true;
     * });
     * }</pre>
     *
     * @throws IllegalStateException if a handler was set already
     */
    public synchronized void consumeOnLoop(C into, CapsuleHandler<? super C> handler) {
        Objects.requireNonNull(into, "into");
        Objects.requireNonNull(handler, "handler");
        if (onLoop != null) {
            throw new IllegalStateException(identity().describe() + " already hands its items to "
                    + onLoop.handler().getClass().getName() + " on its event loop");
        }
        onLoop = new OnLoop<>(into, handler);
        resume(); // items that arrived before
    }

    /**
     * Any thread: asks the event loop to hand the queued items to the handler again, after it kept one
     * (returned false) and can take it now: a sending link it offers to has room again, say. Without
     * this the item is handed again when more items arrive or at the link's next 50 ms tick. Does nothing
     * before a sender first linked, or once the receiver's host is closed.
     */
    public void resume() {
        var _ = onLoop(handOnTask);
    }

    /** What the first item a handler on the event loop failed on threw, with the handler's class; empty if none. */
    public String lastHandlerFailure() {
        return lastHandlerFailure;
    }

    @Override
    void handOn() {
        OnLoop<C> on = onLoop;
        if (on == null || handing) {
            return;
        }
        handing = true;
        int taken = 0;
        try {
            while (ring.available() > 0 && handTo(on, ring.sequence())) {
                ring.next();
                taken++;
            }
        } finally {
            handing = false;
            if (taken > 0) {
                ring.free();
                consumedMore(taken);
            }
        }
    }

    /** Event loop: decodes the item at the cursor and hands it to the handler; whether it is consumed. */
    private boolean handTo(OnLoop<C> on, long sequence) {
        try {
            codec.decode(ring.buffer(), ring.offset(), ring.length(), on.into());
            return on.handler().onItem(sequence, on.into());
        } catch (RuntimeException e) {
            handlerFailed(on, sequence, e);
            return true; // consumed: an item that always fails must not hold the link up
        }
    }

    /**
     * Event loop, nothing queued: decodes the item straight from the frame into the handler's capsule
     * and hands it on, without copying it into the queue first (nothing is queued before it, so the order
     * holds); true when the handler consumed it (counted as a hand-on from the queue would count it), its
     * bytes then read. False when the handler kept it: its bytes are left unread, to be queued as any item.
     */
    private boolean handedStraight(OnLoop<C> on, long sequence, ByteBuf items, int length) {
        int at = items.readerIndex();
        handing = true;
        boolean consumed;
        try {
            codec.decode(items, at, length, on.into());
            consumed = on.handler().onItem(sequence, on.into());
        } catch (RuntimeException e) {
            handlerFailed(on, sequence, e);
            consumed = true; // as handTo: an item that always fails must not hold the link up
        } finally {
            handing = false;
        }
        if (consumed) {
            items.readerIndex(at + length);
            consumedMore(1);
        }
        return consumed;
    }

    private void handlerFailed(OnLoop<C> on, long sequence, RuntimeException e) {
        counters().addConsumeFailed(1);
        if (lastHandlerFailure.isEmpty()) {
            String what = "the handler " + on.handler().getClass().getName() + " of " + identity().describe()
                    + " failed on the item at sequence " + sequence + ": " + e;
            lastHandlerFailure = what;
            LOG.log(System.Logger.Level.WARNING, what + " (the item is consumed and counted in consumeFailed;"
                    + " later failures of this receiver are counted, not logged)", e);
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
                    + identity().describe() + ": a capsule of " + codec.type().getName() + " takes " + maxItemBytes
                    + " bytes here; the sender's capsules differ (arrays of other lengths, or other fields)");
        }
        OnLoop<C> on = onLoop;
        if (on != null && !handing && ring.available() == 0 && handedStraight(on, sequence, items, length)) {
            return true;
        }
        int at = ring.claim(sequence, length);
        if (at < 0 && onLoop != null && !handing) {
            handOn(); // DROP mode, a frame longer than the queue: the handler makes room rather than a drop
            at = ring.claim(sequence, length);
        }
        if (at < 0) {
            items.skipBytes(length);
            return false;
        }
        items.readBytes(ring.buffer(), at, length);
        ring.publish();
        return true;
    }
}
