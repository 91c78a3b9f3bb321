package org.streamflex.samples.ids.pcap;

/**
 * A pcapng interface's timestamp unit (its {@code if_tsresol} option): 10^-n seconds, or 2^-n
 * seconds if the option's top bit is set; microseconds if the interface does not say. Converts
 * the 64-bit unsigned tick counts of packet blocks to nanoseconds since the epoch.
 *
 * <pre>{@code
 * TimestampResolution.of(9).toNanos(ticks);      // ticks are nanoseconds already
 * TimestampResolution.of(0x80 | 20).toNanos(t);  // 2^-20 s ticks
 * }</pre>
 */
record TimestampResolution(boolean binary, int exponent) {
    static final TimestampResolution MICROSECONDS = new TimestampResolution(false, 6);
    /** Finer units than these do not fit a 64-bit tick count with any useful range. */
    static final int MAX_DECIMAL = 18;
    static final int MAX_BINARY = 63;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** The unit an {@code if_tsresol} byte gives, or null if it is finer than can be used. */
    static TimestampResolution of(int tsresol) {
        boolean binary = (tsresol & 0x80) != 0;
        int exponent = tsresol & 0x7F;
        if (exponent > (binary ? MAX_BINARY : MAX_DECIMAL)) {
            return null;
        }
        return new TimestampResolution(binary, exponent);
    }

    /** Nanoseconds since the epoch for {@code ticks} (unsigned) units; wraps past the year 2262. */
    long toNanos(long ticks) {
        if (binary) {
            long seconds = exponent == 0 ? ticks : ticks >>> exponent;
            long fraction = exponent == 0 ? 0 : ticks << (64 - exponent); // as a binary fraction of 2^64
            return seconds * NANOS_PER_SECOND + Math.unsignedMultiplyHigh(fraction, NANOS_PER_SECOND);
        }
        long unit = pow10(exponent);
        long seconds = Long.divideUnsigned(ticks, unit);
        long fraction = Long.remainderUnsigned(ticks, unit);
        long nanos = exponent <= 9 ? fraction * pow10(9 - exponent) : fraction / pow10(exponent - 9);
        return seconds * NANOS_PER_SECOND + nanos;
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }
}
