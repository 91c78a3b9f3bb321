package org.streamflex.runtime.net;

/**
 * What a graph's outlet does with a shared value too large for its link ({@link ItemTooLargeException}):
 * the link counted it ({@code tooLarge}); the outlet takes it from the channel, since it would never
 * fit and must not hold the channel up, and logs the first of the outlet's, naming the channel, the
 * value's size and the bound. One per outlet, on its producer's thread.
 *
 * <pre>{@code
 * try {
 *     return link.offer(value);
 * } catch (ItemTooLargeException e) {
 *     oversize.dropped(channel.name(), e);
 *     return true; // taken from the channel
 * }
 * }</pre>
 */
// Reached from the runtime's own outlets only (filters the runtime makes, outside any region): logging is
// theirs to do, and the ownership rules for user filters do not apply, as on the outlets themselves.
@SuppressWarnings("StreamFlex")
final class OversizeLog {
    private final String counted;
    private boolean warned;

    /**
     * A log for one outlet.
     *
     * @param counted where the drops are counted, as the log says it ("in the link's tooLarge")
     */
    OversizeLog(String counted) {
        this.counted = counted;
    }

    /** Logs {@code e} if it is the outlet's first value too large; the link counted it either way. */
    void dropped(String channel, ItemTooLargeException e) {
        if (!warned) {
            warned = true;
            System.getLogger("org.streamflex.runtime.net").log(System.Logger.Level.WARNING, "channel " + channel
                    + " dropped a value too large for its link (counted " + counted + "; logged once): "
                    + e.getMessage() + "; a split graph's bound is Deployment.maxSharedItemBytes, for every shared"
                    + " channel or for this one, the same on the nodes and the server");
        }
    }
}
