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
 * }</pre>
 *
 * @param name what the signal is, for messages ({@code "mic-3"}); part of its identity
 * @param sampleRate samples per second, positive and finite
 * @param originNanos the time of sample number 0, in nanoseconds on the source's clock
 */
public record Timebase(String name, double sampleRate, long originNanos) {
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

    /** The time of sample {@code sampleNumber}, in nanoseconds, rounded to the nearest. */
    public long timeNanos(long sampleNumber) {
        return originNanos + Math.round(sampleNumber * 1e9 / sampleRate);
    }

    /** The number of the sample at or before {@code timeNanos} (floor). */
    public long sampleAt(long timeNanos) {
        return (long) Math.floor((timeNanos - originNanos) * sampleRate / 1e9);
    }

    /** The time of sample {@code sampleNumber} in seconds since the origin. */
    public double seconds(long sampleNumber) {
        return sampleNumber / sampleRate;
    }

    @Override
    public String toString() {
        return name + "@" + (sampleRate == Math.rint(sampleRate) ? Long.toString((long) sampleRate) : sampleRate) + "Hz"
                + (originNanos == 0 ? "" : "+" + originNanos + "ns");
    }
}
