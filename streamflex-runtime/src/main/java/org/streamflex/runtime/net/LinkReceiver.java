package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.EventExecutor;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;

/**
 * The receiving end of a network link, hosted by a {@link NetworkLinkServer} (its senders connect to
 * it) or by a {@link ReceivingLinkClient} (it connects to its sender): what every kind of
 * receiver shares (the identity a sender must offer, the counts, the sequence accounting, the linked
 * connection and the credit the consumer frees), while the queue of received items, and how an item
 * is read from a DATA frame into it, is the subclass's: {@link LongLinkReceiver} for primitives,
 * {@link CapsuleLinkReceiver} for capsules, {@link SharedLinkReceiver} for shared values. One
 * sender at a time may be linked to it; when that link ends, the receiver stays and takes the next one.
 *
 * <pre>{@code
 * LinkReceiver in = server.longReceiver(LinkIdentity.of("g", "c", ElementKind.LONG, LinkMode.CREDIT), 4096);
 * in.counters().delivered();
 * }</pre>
 */
public abstract sealed class LinkReceiver permits LongLinkReceiver, CapsuleLinkReceiver, SharedLinkReceiver {
    private static final VarHandle CONSUMED;

    static {
        try {
            CONSUMED = MethodHandles.lookup().findVarHandle(LinkReceiver.class, "consumed", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final LinkIdentity identity;
    private final LinkCounters counters = new LinkCounters();
    private final int grantThreshold;
    /** Items the consumer took; written by the consumer only. */
    private long consumed;
    /** The consumer's count when it last asked the link to grant credit. */
    private long askedAt;
    private volatile ReceiverLinkHandler link;
    /** The event loop of the latest link, which runs a consumer on the loop; null before the first. */
    private volatile EventExecutor loop;
    /** The sequence accounting of the sending link last linked; its host's event loop only. */
    private final SequenceGaps gaps = new SequenceGaps(counters);
    /** The id of the sending link last linked, valid when {@link #everLinked}; event loop only. */
    private long lastSenderId;
    private boolean everLinked;

    LinkReceiver(LinkIdentity identity, int capacity) {
        this.identity = identity;
        // A quarter of the queue: grants are batched, and a sender always holds at least 3/4 of it.
        this.grantThreshold = Math.max(1, capacity / 4);
    }

    /** What a sender must offer to be linked. */
    public LinkIdentity identity() {
        return identity;
    }

    /** The queue's capacity in items. */
    public abstract int capacity();

    /** Any thread: items in the queue, exact only when both sides are quiet. */
    abstract int queued();

    /**
     * Event loop: reads the next item of a DATA frame from {@code items} (all its bytes, whatever
     * happens) and queues it numbered {@code sequence}; false when the queue has no room.
     *
     * @throws ProtocolException if the item cannot be an item of this channel
     */
    abstract boolean accept(long sequence, ByteBuf items);

    /** Event loop: a DATA frame's {@code items} are about to be accepted, one {@link #accept} each. */
    void frameStarts(ByteBuf items) {
    }

    /** Event loop: the frame {@link #frameStarts} announced is done with, whatever happened. */
    void frameEnds() {
    }

    /**
     * Event loop: hands queued items to a consumer that runs on the event loop, if this receiver has
     * one ({@link CapsuleLinkReceiver#consumeOnLoop}): after each DATA frame was queued and counted,
     * at each 50 ms tick of a linked connection, and when {@link #onLoop} runs it.
     */
    void handOn() {
    }

    /** Any thread: runs {@code task} on the latest link's event loop; false if none ran yet or it stopped. */
    final boolean onLoop(Runnable task) {
        EventExecutor current = loop;
        if (current == null) {
            return false;
        }
        try {
            current.execute(task);
            return true;
        } catch (RejectedExecutionException e) {
            return false; // the host is closed: no link will bring items again
        }
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
     * The consumer only (the thread that polls, or the event loop's handler): the consumer took
     * {@code n} more items from the queue. In CREDIT mode the
     * room it freed is granted to the sender, a quarter of the queue at a time.
     */
    final void consumedMore(int n) {
        long now = consumed + n;
        CONSUMED.setRelease(this, now);
        ReceiverLinkHandler current = link;
        if (current != null && identity.mode() == LinkMode.CREDIT && now - askedAt >= grantThreshold) {
            askedAt = now;
            current.grantSoon();
        }
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

    /** The server is closing: acknowledges what the current link received and drops its connection. */
    void acknowledgeAndDrop() {
        ReceiverLinkHandler current = link;
        if (current != null) {
            current.acknowledgeAndDropSoon();
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

    long consumed() {
        return (long) CONSUMED.getAcquire(this);
    }

    synchronized boolean attach(ReceiverLinkHandler handler) {
        if (link != null) {
            return false;
        }
        link = handler;
        loop = handler.executor();
        return true;
    }

    synchronized void detach(ReceiverLinkHandler handler) {
        if (link == handler) {
            link = null;
        }
    }
}
