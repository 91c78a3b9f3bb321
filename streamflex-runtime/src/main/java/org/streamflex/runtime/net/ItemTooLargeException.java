package org.streamflex.runtime.net;

/**
 * An item a link cannot carry because it encodes to more bytes than one item may have: a DATA frame
 * holds at most the link's frame length, a sender's queue half its bytes, and a graph's link the
 * bound it was built with. The item was not queued and is counted in {@link LinkCounters#tooLarge()};
 * the message names its size and every bound, and what to change.
 *
 * <pre>{@code
 * try {
 *     out.offer(segment);
 * } catch (ItemTooLargeException e) {
 *     log.warn(e.getMessage()); // "a FloatSeg encodes to 4194348 bytes; this link carries at most ..."
 * }
 * }</pre>
 */
public final class ItemTooLargeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** What was too large and the bounds it exceeded, as a complete sentence. */
    public ItemTooLargeException(String message) {
        super(message);
    }
}
