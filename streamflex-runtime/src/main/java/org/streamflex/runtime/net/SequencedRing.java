package org.streamflex.runtime.net;

/**
 * What every ring of numbered items tells the event loop that drains it, whatever its items are
 * (64-bit slots, byte records, references): so that a {@link SenderQueue} over one answers these
 * from its ring ({@link SenderQueue#ring()}) instead of forwarding each call by hand.
 *
 * <pre>{@code
 * SequencedRing ring = new SequencedLongRing(4096);
 * if (ring.available() > 0) {
 *     long first = ring.firstSequence(); // consumer: the number of the item it reads next
 * }
 * }</pre>
 */
interface SequencedRing {
    /** Items it holds at most. */
    int capacity();

    /** Any thread: items in the ring, exact only when both sides are quiet. */
    int size();

    /** Consumer: items it may read, at least as many as were published before the call. */
    int available();

    /** Consumer: the sequence number of the item it reads next; {@code available() > 0}. */
    long firstSequence();
}
