package org.streamflex.runtime.spacetime;

// A stand-in with the runtime's name and shape: the checker does not depend on the runtime.

public class SpaceTimeException extends RuntimeException {
    private static final long serialVersionUID = 1L;
}
