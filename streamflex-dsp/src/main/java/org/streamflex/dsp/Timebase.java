package org.streamflex.dsp;

import java.util.Objects;

/**
 * The clock of a signal: its sample rate and the time of sample number 0. Segments carry absolute
 * sample numbers (64-bit) against their timebase; two segments are comparable (appendable,
 * joinable by {@code sync}) only if their timebases are equal. Times are converted to nanoseconds
 * at the edges only (README, "Decisions": time representation).
 *
 * <pre>{@code
 * Timebase mic = Timebase.of("array-1", 48_000, 0);
 * long n = mic.sampleAt(1_500_000_000L);   // 72_000: the sample at t = 1.5 s
 * long t = mic.timeNanos(72_000);          // 1_500_000_000
 * }</pre>
 *
 * <p>Sample n happens at the exact instant {@code origin + n / rate} seconds, which is rarely a
 * whole nanosecond. {@link #timeNanos} gives the first whole nanosecond at or after it, and
 * {@link #sampleAt} the last sample at or before a nanosecond, so that
 * {@code sampleAt(timeNanos(n)) == n} for every n, and a time range {@code [t0, t1)} holds exactly
 * the samples {@code firstSampleAtOrAfter(t0) .. firstSampleAtOrAfter(t1) - 1}. For whole-number
 * rates (every audio rate) the arithmetic is exact in 64-bit integers over the whole range of
 * sample numbers a year of audio needs many times over; other rates use double arithmetic, exact
 * to a few nanoseconds, and the two conversions still agree.
 *
 * @param name what the signal is, for messages ({@code "mic-3"}); part of its identity
 * @param sampleRate samples per second, positive and finite
 * @param originNanos the time of sample number 0, in nanoseconds on the source's clock
 */
public record Timebase(String name, double sampleRate, long originNanos) {
    private static final long NANOS = 1_000_000_000L;
    /** Whole-number rates up to this use exact integer arithmetic (products stay below 2^63). */
    private static final double MAX_EXACT_RATE = 9.0e9;

    public Timebase {
        Objects.requireNonNull(name, "name");
        if (!(sampleRate > 0) || Double.isInfinite(sampleRate)) {
            throw new IllegalArgumentException("timebase " + name + ": sample rate must be positive and finite, was "
                    + sampleRate);
        }
    }

    /** A timebase of {@code sampleRate} samples per second whose sample 0 is at {@code originNanos}. */
    public static Timebase of(String name, double sampleRate, long originNanos) {
        return new Timebase(name, sampleRate, originNanos);
    }

    /**
     * The first whole nanosecond at or after sample {@code sampleNumber}.
     *
     * @throws ArithmeticException if that time does not fit in 64-bit nanoseconds (292 years either side)
     */
    public long timeNanos(long sampleNumber) {
        if (exact()) {
            long rate = (long) sampleRate;
            long q = Math.floorDiv(sampleNumber, rate);
            long r = Math.floorMod(sampleNumber, rate);
            return Math.addExact(originNanos, Math.addExact(Math.multiplyExact(q, NANOS), ceilDiv(r * NANOS, rate)));
        }
        return originNanos + (long) Math.ceil(sampleNumber * 1e9 / sampleRate);
    }

    /** The number of the last sample at or before {@code timeNanos} (floor). */
    public long sampleAt(long timeNanos) {
        long d = timeNanos - originNanos;
        if (exact()) {
            long rate = (long) sampleRate;
            long q = Math.floorDiv(d, NANOS);
            long r = Math.floorMod(d, NANOS);
            return q * rate + Math.floorDiv(r * rate, NANOS);
        }
        // Double arithmetic rounds: step to the sample timeNanos itself puts at or before the time,
        // so that the two conversions agree.
        long n = (long) Math.floor(d * sampleRate / 1e9);
        while (timeNanos(n) > timeNanos) {
            n--;
        }
        while (timeNanos(n + 1) <= timeNanos) {
            n++;
        }
        return n;
    }

    /** The number of the first sample at or after {@code timeNanos}. */
    public long firstSampleAtOrAfter(long timeNanos) {
        long n = sampleAt(timeNanos);
        return timeNanos(n) >= timeNanos ? n : n + 1;
    }

    /** The time of sample {@code sampleNumber} in seconds since the origin. */
    public double seconds(long sampleNumber) {
        return sampleNumber / sampleRate;
    }

    /** Whether the rate is a whole number small enough for exact integer arithmetic. */
    private boolean exact() {
        return sampleRate == Math.rint(sampleRate) && sampleRate <= MAX_EXACT_RATE;
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    @Override
    public String toString() {
        return name + "@" + (sampleRate == Math.rint(sampleRate) ? Long.toString((long) sampleRate) : sampleRate) + "Hz"
                + (originNanos == 0 ? "" : "+" + originNanos + "ns");
    }
}
