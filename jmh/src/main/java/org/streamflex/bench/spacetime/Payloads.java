package org.streamflex.bench.spacetime;

/**
 * What the space-time benchmarks carry: items of a fixed size with known contents, and the bound
 * both sides share (the JCTools queue's capacity, the space-time producer's lead over its consumer).
 *
 * <pre>{@code
 * byte[] item = Payloads.filled(64); // item[i] == (byte) i
 * }</pre>
 */
final class Payloads {
    /** Items in flight at most, on either side: a power of two, as JCTools wants. */
    static final int CAPACITY = 1024;

    private Payloads() {
    }

    /** An item of {@code bytes} bytes whose byte i is {@code (byte) i}. */
    static byte[] filled(int bytes) {
        byte[] item = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            item[i] = (byte) i;
        }
        return item;
    }
}
