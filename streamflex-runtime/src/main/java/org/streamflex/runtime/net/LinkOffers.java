package org.streamflex.runtime.net;

import org.streamflex.Capsule;
import org.streamflex.Shared;

/**
 * The producer's side of a sending link, whoever hosts it: its queue (of primitives, capsules or
 * shared values; the others are null) and the offers into it, each numbered, counted and, when
 * queued, drained by the link's event loop ({@link SenderLinkHandler}). A {@link NetworkLinkClient}
 * and a server's {@link ServerLinkSender} differ only in what a full queue means: for a client a
 * refused item ({@code false}, the caller keeps it; {@link SenderLinkHandler#queued}), for a hosted
 * sender an item done with unless a receiver is linked ({@link SenderLinkHandler#settled}).
 *
 * <pre>{@code
 * LinkOffers offers = new LinkOffers(link, LinkOffers.longQueue(identity, 4096, maxFrameLength, ""), false);
 * offers.offer(42);  // producer thread
 * }</pre>
 */
final class LinkOffers {
    private final SenderLinkHandler link;
    private final LinkIdentity identity;
    private final boolean hosted;
    /** The queue of a link of primitives, else null. */
    private final LongSenderQueue longs;
    /** The queue of a link of capsules, else null. */
    private final CapsuleSenderQueue capsules;
    /** The queue of a link of shared values, else null. */
    private final SharedSenderQueue shared;

    /** Offers of {@code identity}'s items into {@code queue}, which {@code link} drains; see the class comment. */
    LinkOffers(SenderLinkHandler link, LinkIdentity identity, SenderQueue queue, boolean hosted) {
        this.link = link;
        this.identity = identity;
        this.hosted = hosted;
        this.longs = queue instanceof LongSenderQueue q ? q : null;
        this.capsules = queue instanceof CapsuleSenderQueue q ? q : null;
        this.shared = queue instanceof SharedSenderQueue q ? q : null;
    }

    /**
     * A queue of {@code identity}'s primitives, which must not be capsules or shared values ({@code instead}
     * names the methods that make those, for the error).
     */
    static LongSenderQueue longQueue(LinkIdentity identity, int capacity, int maxFrameLength, String instead) {
        if (identity.kind() == ElementKind.CAPSULE || identity.kind() == ElementKind.SHARED) {
            throw new IllegalArgumentException("channel " + identity.channel() + " carries "
                    + (identity.kind() == ElementKind.CAPSULE ? "capsules" : "shared values") + " of "
                    + identity.capsuleType() + ": make its link with " + instead + " and its codec");
        }
        return new LongSenderQueue(identity.kind(), capacity, maxFrameLength);
    }

    /** A queue of capsules that {@code codec} encodes, which must be {@code identity}'s type. */
    static CapsuleSenderQueue capsuleQueue(LinkIdentity identity, CapsuleCodec<?> codec, int capacity, int bytes,
            int maxFrameLength) {
        if (identity.kind() != ElementKind.CAPSULE || !identity.capsuleType().equals(codec.type().getName())) {
            throw new IllegalArgumentException("a codec of " + codec.type().getName() + " cannot send "
                    + identity.describe() + ": offer LinkIdentity.ofCapsules(graph, channel, "
                    + codec.type().getName() + ", mode)");
        }
        return new CapsuleSenderQueue(codec, capacity, bytes, maxFrameLength);
    }

    /** A queue of shared values that {@code codec} encodes, which must be {@code identity}'s type. */
    static SharedSenderQueue sharedQueue(LinkIdentity identity, SharedCodec<?> codec, int capacity, int bytes,
            int maxFrameLength, int maxItemBytes) {
        if (identity.kind() != ElementKind.SHARED || !identity.capsuleType().equals(codec.type().getName())) {
            throw new IllegalArgumentException("a codec of " + codec.type().getName() + " cannot send "
                    + identity.describe() + ": offer LinkIdentity.ofShared(graph, channel, "
                    + codec.type().getName() + ", mode)");
        }
        return new SharedSenderQueue(codec, capacity, bytes, maxFrameLength, maxItemBytes);
    }

    /** Producer thread only: queues {@code value}; what the answer means is the host's (class comment). */
    boolean offer(long value) {
        if (longs == null) {
            throw wrongKind("offer(long)");
        }
        try {
            return link.beginOffer() ? counted(longs.offer(link.nextSequence(), value)) : hosted;
        } finally {
            link.endOffer();
        }
    }

    /**
     * Producer thread only: encodes {@code capsule} into the queue; the link keeps no reference to it.
     * A producer on the link's own event loop (a handler there) whose item would be sent next anyway
     * has it encoded straight into a DATA frame of its own and written at once
     * ({@link SenderLinkHandler#maySendNow()}): one copy of the item and no task fewer, counted the same.
     */
    boolean offer(Capsule capsule) {
        if (capsules == null) {
            throw wrongKind("offer(Capsule)");
        }
        try {
            if (!link.beginOffer()) {
                return hosted;
            }
            if (link.maySendNow()) {
                // On the link's own event loop with nothing queued: encoded straight into the frame.
                link.sendNow(capsules.frameOf(link.nextSequence(), capsule, link.alloc()));
                return true;
            }
            return counted(capsules.offer(link.nextSequence(), capsule));
        } finally {
            link.endOffer();
        }
    }

    /**
     * Producer thread only: queues a reference to {@code value}, retained until the event loop has
     * encoded it into a frame.
     *
     * @throws ItemTooLargeException if it encodes to more bytes than an item may have; counted in
     *     {@link LinkCounters#tooLarge()}, given no sequence number
     */
    boolean offer(Shared value) {
        if (shared == null) {
            throw wrongKind("offer(Shared)");
        }
        try {
            return link.beginOffer() ? counted(shared.offer(link.nextSequence(), value)) : hosted;
        } catch (ItemTooLargeException e) {
            link.counters().addTooLarge(1);
            throw e;
        } finally {
            link.endOffer();
        }
    }

    private boolean counted(boolean taken) {
        return hosted ? link.settled(taken) : link.queued(taken);
    }

    private IllegalStateException wrongKind(String called) {
        String carries = longs != null ? "primitives: offer(long)" : capsules != null ? "capsules: offer(Capsule)"
                : "shared values: offer(Shared)";
        return new IllegalStateException(called + " on link " + identity.describe() + ", which carries " + carries);
    }
}
