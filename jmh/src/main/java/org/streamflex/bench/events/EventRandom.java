package org.streamflex.bench.events;

/**
 * The random choices of the event stream, shared by the StreamFlex graph and the plain-Java
 * variant so that both see exactly the same events: xorshift64, a slot from the top bits, a type
 * not yet emitted for that slot from the low bits.
 */
public final class EventRandom {
    public static final long SEED = 0x9E3779B97F4A7C15L;

    private EventRandom() {
    }

    public static long next(long x) {
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        return x;
    }

    /** A slot in {@code [0, active)}; {@code active} is a power of two. */
    public static int slot(long random, int active) {
        return (int) (random >>> 40) & (active - 1);
    }

    /** One of the types 0-2 not in {@code emitted}, which lacks at least one. */
    public static int missingType(long random, int emitted) {
        int type = (int) Long.remainderUnsigned(random & 0xFFFF, 3);
        while ((emitted & (1 << type)) != 0) {
            type = type == 2 ? 0 : type + 1;
        }
        return type;
    }
}
