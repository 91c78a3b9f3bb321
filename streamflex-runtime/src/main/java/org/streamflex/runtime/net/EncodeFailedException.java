package org.streamflex.runtime.net;

/**
 * A codec failed to encode a value it had already sized: a bug in the codec, not bad input. The
 * values of the frame being built left the sender's queue unsent; the sender's event loop counts
 * them in {@link LinkCounters#encodeFailed()}, reports them to the receiver as dropped at the sender
 * and goes on with the values after them, so the link's counts still reconcile.
 *
 * <pre>{@code
 * try {
 *     ByteBuf frame = queue.takeData(alloc, budget);
 * } catch (EncodeFailedException e) {
 *     counters.addEncodeFailed(e.items()); // the frame's values, none of them sent
 * }
 * }</pre>
 */
public final class EncodeFailedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** The values that left the queue with the failed frame. */
    private final int items;

    /** {@code items} values left the queue unsent; {@code message} names the codec and the value's type. */
    public EncodeFailedException(String message, int items, Throwable cause) {
        super(message, cause);
        this.items = items;
    }

    /** How many values left the queue with the failed frame, none of them sent. */
    public int items() {
        return items;
    }
}
