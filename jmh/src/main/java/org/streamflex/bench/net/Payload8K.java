package org.streamflex.bench.net;

/**
 * A {@link Payload} of 8192 bytes: the paper's 8 KB item, and the 8 KB segment.
 *
 * <pre>{@code
 * Payload8K p = CapsuleType.of(Payload8K.class).newInstance();
 * }</pre>
 */
public final class Payload8K extends Payload {
    /** Its body's bytes. */
    static final int BYTES = 8192;

    final byte[] body = new byte[BYTES];

    private Payload8K() {
    }

    @Override
    byte[] body() {
        return body;
    }
}
