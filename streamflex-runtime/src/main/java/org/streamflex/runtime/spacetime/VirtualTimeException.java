package org.streamflex.runtime.spacetime;

/**
 * A timestamp or virtual time below a thread's visibility (the paper's rules, section IV-D): a
 * put's timestamp, a new virtual time and a child's initial virtual time must each be at least
 * the thread's current visibility, which is what lets the collector free everything below the
 * global minimum.
 */
public final class VirtualTimeException extends SpaceTimeException {
    private static final long serialVersionUID = 1L;

    VirtualTimeException(String message) {
        super(message);
    }
}
