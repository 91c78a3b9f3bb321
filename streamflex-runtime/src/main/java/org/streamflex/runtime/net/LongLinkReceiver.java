package org.streamflex.runtime.net;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongConsumer;

/**
 * The receiving end of a network link of primitives, each kept as the 64-bit slot a channel's ring
 * holds it in ({@link SlotCodec}), hosted by a {@link NetworkLinkServer}: a bounded
 * queue the link's event loop fills and one consumer thread drains. One sender at a time may be
 * linked to it; when that link ends, the receiver stays and takes the next one.
 *
 * <pre>{@code
 * LongLinkReceiver in = server.longReceiver(LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.CREDIT), 4096);
 * while (running) {
 *     in.drain(value -> total += value, 256); // the consumer thread only
 * }
 * }</pre>
 */
public final class LongLinkReceiver {
    private static final VarHandle CONSUMED;

    static {
        try {
            CONSUMED = MethodHandles.lookup().findVarHandle(LongLinkReceiver.class, "consumed", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final LinkIdentity identity;
    private final SequencedLongRing ring;
    private final LinkCounters counters = new LinkCounters();
    private final int grantThreshold;
    /** Items the consumer took; written by the consumer only. */
    private long consumed;
    /** The consumer's count when it last asked the link to grant credit. */
    private long askedAt;
    private volatile ReceiverLinkHandler link;
    /** The sequence accounting of the sending link last linked; the server's event loop only. */
    private final SequenceGaps gaps = new SequenceGaps(counters);
    /** The id of the sending link last linked, valid when {@link #everLinked}; event loop only. */
    private long lastSenderId;
    private boolean everLinked;

    LongLinkReceiver(LinkIdentity identity, int capacity) {
        if (identity.kind() == ElementKind.CAPSULE) {
            throw new IllegalArgumentException("a LongLinkReceiver carries primitives in 64-bit slots, not capsules;"
                    + " channel " + identity.channel());
        }
        this.identity = identity;
        this.ring = new SequencedLongRing(capacity);
        // A quarter of the queue: grants are batched, and a sender always holds at least 3/4 of it.
        this.grantThreshold = Math.max(1, ring.capacity() / 4);
    }

    /** What a sender must offer to be linked. */
    public LinkIdentity identity() {
        return identity;
    }

    /** The queue's capacity (the one asked for, rounded up to a power of two). */
    public int capacity() {
        return ring.capacity();
    }

    /** This end's counts: delivered, droppedAtReceiver, droppedAtSender and lostInTransit. */
    public LinkCounters counters() {
        return counters;
    }

    /** Whether a sender is linked now. */
    public boolean isLinked() {
        return link != null;
    }

    /**
     * Consumer thread only: passes up to {@code max} items, oldest first, to {@code sink} and returns
     * how many. In CREDIT mode the room it frees is granted to the sender.
     */
    public int drain(LongConsumer sink, int max) {
        int n = Math.min(max, ring.available());
        for (int i = 0; i < n; i++) {
            sink.accept(ring.valueAt(i));
        }
        ring.advance(n);
        if (n > 0) {
            long now = consumed + n;
            CONSUMED.setRelease(this, now);
            ReceiverLinkHandler current = link;
            if (current != null && identity.mode() == LinkMode.CREDIT && now - askedAt >= grantThreshold) {
                askedAt = now;
                current.grantSoon();
            }
        }
        return n;
    }

    /**
     * Ends the current link, if any, from this side: the receiver sends CLOSE with what it received,
     * and counts what arrives after it as lost in transit, as the sender does.
     */
    public void disconnect() {
        ReceiverLinkHandler current = link;
        if (current != null) {
            current.closeSoon();
        }
    }

    /**
     * Event loop: a sender's HELLO was accepted. The same sending link as before resumes, and what
     * it will never send here is counted; another one starts afresh where it says.
     */
    SequenceGaps gapsFor(Frame.Hello hello) {
        if (everLinked && lastSenderId == hello.senderId()) {
            gaps.resume(hello.resumeFrom(), hello.droppedBefore());
        } else {
            gaps.start(hello.resumeFrom(), hello.droppedBefore());
        }
        everLinked = true;
        lastSenderId = hello.senderId();
        return gaps;
    }

    /** Event loop: whether the linked connection belongs to {@code senderId} (a reconnection of it). */
    ReceiverLinkHandler linkOf(long senderId) {
        ReceiverLinkHandler current = link;
        return current != null && everLinked && lastSenderId == senderId ? current : null;
    }

    /**
     * Fault injection for tests: acknowledges what the current link received, then stops reading it
     * and beating, as a receiver whose host froze would. The returned future completes once the ACK
     * was written; the counts are then final for that connection.
     */
    CompletableFuture<Void> holdLinkForTest() {
        ReceiverLinkHandler current = link;
        if (current == null) {
            return CompletableFuture.failedFuture(new IllegalStateException(
                    "no sender is linked to " + identity.describe()));
        }
        return current.hold();
    }

    SequencedLongRing ring() {
        return ring;
    }

    long consumed() {
        return (long) CONSUMED.getAcquire(this);
    }

    synchronized boolean attach(ReceiverLinkHandler handler) {
        if (link != null) {
            return false;
        }
        link = handler;
        return true;
    }

    synchronized void detach(ReceiverLinkHandler handler) {
        if (link == handler) {
            link = null;
        }
    }
}
