package org.streamflex;

/**
 * A {@code work()} moved a different number of items through a channel than its {@link Rate}
 * declares. Thrown, when rates are checked ({@code -Dstreamflex.rates.check=true}), as if the
 * {@code work()} had thrown it: its takes and puts are undone and the filter's failure policy
 * applies. The message names the channel, the declaration and what the {@code work()} did.
 *
 * <pre>{@code
 * // Decimate declares @Rate(2) on "in" but took 1 item:
 * // RateViolationError: Decimate#1.in: work() took 1 item, @Rate declares 2 per work()
 * }</pre>
 */
public final class RateViolationError extends StreamFlexError {
    private static final long serialVersionUID = 1L;

    public RateViolationError(String message) {
        super(message);
    }
}
