package org.streamflex.bench.net;

/**
 * A network benchmark run that failed, or whose counts do not reconcile; its message says which
 * run and which counts. The mains exit with status 1 and print it.
 *
 * <pre>{@code
 * if (received != sent) {
 *     throw new BenchFailure("raw Netty: sent " + sent + " items, the peer received " + received);
 * }
 * }</pre>
 */
final class BenchFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BenchFailure(String message) {
        super(message);
    }
}
