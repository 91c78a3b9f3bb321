package org.streamflex.bench.net;

/**
 * A {@link Payload} of 512 bytes: the paper's 0.5 KB item.
 *
 * <pre>{@code
 * Payload512 p = CapsuleType.of(Payload512.class).newInstance();
 * }</pre>
 */
public final class Payload512 extends Payload {
    /** Its body's bytes. */
    static final int BYTES = 512;

    final byte[] body = new byte[BYTES];

    private Payload512() {
    }

    @Override
    byte[] body() {
        return body;
    }
}
