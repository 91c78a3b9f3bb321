package org.streamflex;

/**
 * A filter read more items than its channel had: {@code take()} or {@code peek(i)} on an empty
 * channel, {@code untake} without a matching take, or {@code getTime()} with no unread tick.
 * Check {@code size()} first or write a {@code trigger()} that waits for enough input:
 * <pre>{@code
 * protected boolean trigger() { return in.size() >= 2; }
 * }</pre>
 */
public class ChannelUnderflowException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ChannelUnderflowException(String message) {
        super(message);
    }
}
