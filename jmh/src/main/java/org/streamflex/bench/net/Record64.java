package org.streamflex.bench.net;

import org.streamflex.Capsule;

/**
 * The capsule of {@link CapsuleBenchMain}: eight longs, 64 bytes as {@code CapsuleCodec} encodes it
 * (no arrays, so no length fields), the size the throughput goal names.
 *
 * <pre>{@code
 * Record64 r = CapsuleType.of(Record64.class).newInstance();
 * r.fill(42);
 * }</pre>
 */
public final class Record64 extends Capsule {
    long a;
    long b;
    long c;
    long d;
    long e;
    long f;
    long g;
    long h;

    private Record64() {
    }

    /** Fills every field from {@code n}, so that the receiver may check what arrived. */
    void fill(long n) {
        a = n;
        b = n + 1;
        c = n + 2;
        d = n + 3;
        e = n + 4;
        f = n + 5;
        g = n + 6;
        h = n + 7;
    }

    /** Whether it holds what {@link #fill} wrote for its {@code a}. */
    boolean whole() {
        return b == a + 1 && c == a + 2 && d == a + 3 && e == a + 4 && f == a + 5 && g == a + 6 && h == a + 7;
    }
}
