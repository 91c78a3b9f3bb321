package org.streamflex.runtime.spacetime;

/**
 * The misuse of a space-time channel, queue or register that the caller must fix: each subclass
 * names what was wrong and where (channel, connection, timestamp).
 */
public class SpaceTimeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SpaceTimeException(String message) {
        super(message);
    }
}
