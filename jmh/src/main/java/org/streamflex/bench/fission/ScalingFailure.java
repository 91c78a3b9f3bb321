package org.streamflex.bench.fission;

/**
 * A measurement that cannot be reported: the graph failed, stalled or printed other outputs than
 * the runs before it. {@code ScalingMain} prints the message and exits with status 1.
 */
final class ScalingFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ScalingFailure(String message) {
        super(message);
    }

    ScalingFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
