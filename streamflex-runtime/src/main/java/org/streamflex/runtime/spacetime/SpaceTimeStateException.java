package org.streamflex.runtime.spacetime;

/**
 * A call that does not fit the state of its connection, thread or space: a detached connection
 * or a thread that left used again, a consume of an item the connection cannot consume, a space
 * used after {@link SpaceTime#close()}.
 */
public final class SpaceTimeStateException extends SpaceTimeException {
    private static final long serialVersionUID = 1L;

    SpaceTimeStateException(String message) {
        super(message);
    }
}
