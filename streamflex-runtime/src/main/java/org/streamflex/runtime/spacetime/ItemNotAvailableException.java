package org.streamflex.runtime.spacetime;

/**
 * A get that found no suitable item (at once, or before its timeout): carries the paper's
 * "timestamp range", the timestamps of the neighbouring items this connection could get
 * ({@link #below()} and {@link #above()}, {@link #NONE} where there is none). An expected outcome,
 * so it is checked, and it has no stack trace, which would cost more than the get.
 *
 * <pre>{@code
 * try (ItemView v = in.get(42)) { ... } catch (ItemNotAvailableException miss) {
 *     if (miss.below() != ItemNotAvailableException.NONE) { in.get(miss.below()).close(); }
 * }
 * }</pre>
 */
public final class ItemNotAvailableException extends Exception {
    /** No neighbour on that side. */
    public static final long NONE = Long.MIN_VALUE;
    private static final long serialVersionUID = 1L;
    private final long below;
    private final long above;

    ItemNotAvailableException(String what, String where, long below, long above) {
        super(what + " not available on " + where + "; neighbouring items: "
                + (below == NONE ? "none below" : "below at " + below) + ", "
                + (above == NONE ? "none above" : "above at " + above), null, false, false);
        this.below = below;
        this.above = above;
    }

    /** A miss reported by a space-time server: its message, as the server's space made it. */
    ItemNotAvailableException(String message, long below, long above) {
        super(message, null, false, false);
        this.below = below;
        this.above = above;
    }

    /** The nearest timestamp below the one asked for that the connection could get, or {@link #NONE}. */
    public long below() {
        return below;
    }

    /** The nearest timestamp above the one asked for that the connection could get, or {@link #NONE}. */
    public long above() {
        return above;
    }
}
