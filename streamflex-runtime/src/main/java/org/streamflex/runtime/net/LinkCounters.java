package org.streamflex.runtime.net;

import org.streamflex.runtime.counter.SingleWriterCounter;

/**
 * What happened to the items of one side of a link. Each counter has exactly one writing thread,
 * named below, and any thread may read it (release stores, acquire loads: a reader sees a value
 * the writer stored, never a torn one, and never more than was counted). Counts of one side are
 * read one by one, so a sum is exact only once the side is quiet (closed, or its producer stopped).
 *
 * <p>On a closed link every item is accounted for. The sender: {@code accepted == sent +
 * droppedAtSender + discardedAtClose + encodeFailed} and {@code sent == acknowledged + lostInTransit + lostInFlight}.
 * Over one connection that ended with the CLOSE exchange: {@code sent == delivered + droppedAtReceiver +
 * lostInTransit} (the receiver's delivered and dropped, the sender's lost). The receiver, over all the
 * connections of one sending link: {@code delivered + droppedAtReceiver + droppedAtSender +
 * lostInTransit} is the sequence number it expects next, less the number it first linked at.
 *
 * <pre>{@code
 * LinkCounters c = client.counters();
 * System.out.println(c.sent() + " sent, " + c.droppedAtSender() + " dropped before sending");
 * }</pre>
 */
public final class LinkCounters {
    private final SingleWriterCounter accepted = new SingleWriterCounter();
    private final SingleWriterCounter refused = new SingleWriterCounter();
    private final SingleWriterCounter droppedAtSender = new SingleWriterCounter();
    private final SingleWriterCounter sent = new SingleWriterCounter();
    private final SingleWriterCounter discardedAtClose = new SingleWriterCounter();
    private final SingleWriterCounter delivered = new SingleWriterCounter();
    private final SingleWriterCounter droppedAtReceiver = new SingleWriterCounter();
    private final SingleWriterCounter lostInTransit = new SingleWriterCounter();
    private final SingleWriterCounter acknowledged = new SingleWriterCounter();
    private final SingleWriterCounter lostInFlight = new SingleWriterCounter();
    private final SingleWriterCounter tooLarge = new SingleWriterCounter();
    private final SingleWriterCounter encodeFailed = new SingleWriterCounter();
    private final SingleWriterCounter stalls = new SingleWriterCounter();
    private final SingleWriterCounter consumeFailed = new SingleWriterCounter();

    /** Sender, written by the producer thread: items given a sequence number (queued or dropped). */
    public long accepted() {
        return accepted.get();
    }

    /**
     * Sender, written by the producer thread: offers refused because the link was not open, or, in
     * CREDIT mode, because the sender's queue was full. The caller kept those items: not lost.
     */
    public long refused() {
        return refused.get();
    }

    /**
     * Written by the producer thread on the sender: items dropped because the sender's queue was full
     * (DROP mode). On the receiver, by its event loop: sequence gaps the sender's LOST reports explain,
     * which are the sender's droppedAtSender, discardedAtClose and encodeFailed together.
     */
    public long droppedAtSender() {
        return droppedAtSender.get();
    }

    /** Sender, written by its event loop: items written to a connection. */
    public long sent() {
        return sent.get();
    }

    /** Sender, written by its event loop: items still queued when the link closed, never sent. */
    public long discardedAtClose() {
        return discardedAtClose.get();
    }

    /** Receiver, written by its event loop: items put into the receiver's queue. */
    public long delivered() {
        return delivered.get();
    }

    /** Receiver, written by its event loop: items dropped because the receiver's queue was full (DROP mode). */
    public long droppedAtReceiver() {
        return droppedAtReceiver.get();
    }

    /**
     * Items sent and never received. On the sender (its event loop): sent minus what the receiver's
     * CLOSE says it received. On the receiver (its event loop): sequence gaps no LOST report explains,
     * and items that arrived after the receiver closed the link.
     */
    public long lostInTransit() {
        return lostInTransit.get();
    }

    /**
     * Sender, written by its event loop: items the receiver said it received (delivered or dropped
     * there), by ACK frames and by its CLOSE.
     */
    public long acknowledged() {
        return acknowledged.get();
    }

    /**
     * Sender, written by its event loop: items sent on a connection that died without the CLOSE
     * exchange (peer killed, connection reset, stall) and never acknowledged. Their fate is unknown
     * to the sender, so they are counted lost; a receiver may have taken some of them just before it
     * died, at most the items of one acknowledgement interval.
     */
    public long lostInFlight() {
        return lostInFlight.get();
    }

    /**
     * Sender, written by the producer thread: offers of values that encode to more bytes than one item
     * may have ({@link ItemTooLargeException}). Never given a sequence number, never sent: the caller
     * was told, and a graph's outlet drops them from the channel, so they are counted here.
     */
    public long tooLarge() {
        return tooLarge.get();
    }

    /**
     * Sender, written by its event loop: values that left the queue unsent because the link's codec
     * failed to encode their frame ({@link EncodeFailedException}: a bug in the codec). They had
     * sequence numbers, so the receiver counts them with the sender's drops.
     */
    public long encodeFailed() {
        return encodeFailed.get();
    }

    /**
     * Either side, written by its event loop: connections closed because the peer sent nothing, not
     * even a heartbeat, for the stall timeout (its host froze, or it stopped reading or writing
     * without closing). The link then connects again, or waits for its peer to.
     */
    public long stalls() {
        return stalls.get();
    }

    /**
     * Receiver, written by its event loop: items a handler on the event loop
     * ({@link CapsuleLinkReceiver#consumeOnLoop}) failed on, it or the decoding into its capsule
     * throwing. They were delivered (counted there too) and are consumed: their room is granted again,
     * and the link goes on with the next item. The first failure of a receiver is logged and named in
     * {@link CapsuleLinkReceiver#lastHandlerFailure()}.
     */
    public long consumeFailed() {
        return consumeFailed.get();
    }

    @Override
    public String toString() {
        return "accepted " + accepted() + ", refused " + refused() + ", droppedAtSender " + droppedAtSender()
                + ", sent " + sent() + ", discardedAtClose " + discardedAtClose() + ", delivered " + delivered()
                + ", droppedAtReceiver " + droppedAtReceiver() + ", lostInTransit " + lostInTransit()
                + ", acknowledged " + acknowledged() + ", lostInFlight " + lostInFlight()
                + (tooLarge() == 0 ? "" : ", tooLarge " + tooLarge())
                + (encodeFailed() == 0 ? "" : ", encodeFailed " + encodeFailed())
                + (stalls() == 0 ? "" : ", stalls " + stalls())
                + (consumeFailed() == 0 ? "" : ", consumeFailed " + consumeFailed());
    }

    void addAccepted(long n) {
        accepted.add(n);
    }

    void addRefused(long n) {
        refused.add(n);
    }

    void addDroppedAtSender(long n) {
        droppedAtSender.add(n);
    }

    void addSent(long n) {
        sent.add(n);
    }

    void addDiscardedAtClose(long n) {
        discardedAtClose.add(n);
    }

    void addDelivered(long n) {
        delivered.add(n);
    }

    void addDroppedAtReceiver(long n) {
        droppedAtReceiver.add(n);
    }

    void addLostInTransit(long n) {
        lostInTransit.add(n);
    }

    void addAcknowledged(long n) {
        acknowledged.add(n);
    }

    void addTooLarge(long n) {
        tooLarge.add(n);
    }

    void addEncodeFailed(long n) {
        encodeFailed.add(n);
    }

    void addStalls(long n) {
        stalls.add(n);
    }

    void addConsumeFailed(long n) {
        consumeFailed.add(n);
    }

    void addLostInFlight(long n) {
        lostInFlight.add(n);
    }
}
