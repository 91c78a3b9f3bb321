package org.streamflex.bench.net;

import org.streamflex.Capsule;

/**
 * The capsules of {@link PayloadBenchMain}: a sequence number and a {@code byte[]} body of a fixed
 * size, which the subclass declares and allocates (a link decodes into pooled capsules, so both sides'
 * arrays have that length). The body's first and last byte are stamped with the sequence number, so
 * that the receiver sees the whole item came, not only its start.
 *
 * <pre>{@code
 * Payload p = CapsuleType.of(Payload8K.class).newInstance();
 * p.fill(42);
 * assert p.whole();
 * }</pre>
 */
public abstract class Payload extends Capsule {
    long sequence;

    protected Payload() {
    }

    /** The body: a final array of the subclass's size. */
    abstract byte[] body();

    /** The body's length in bytes. */
    int size() {
        return body().length;
    }

    /** Numbers it {@code n} and stamps the body's ends with it. */
    void fill(long n) {
        byte[] body = body();
        sequence = n;
        body[0] = (byte) n;
        body[body.length - 1] = (byte) (n >>> 8);
    }

    /** Whether the body's ends carry the stamp of its sequence number. */
    boolean whole() {
        byte[] body = body();
        return body[0] == (byte) sequence && body[body.length - 1] == (byte) (sequence >>> 8);
    }
}
