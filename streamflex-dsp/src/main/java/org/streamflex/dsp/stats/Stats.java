package org.streamflex.dsp.stats;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.streamflex.dsp.FloatSeg;

/**
 * Sums, mean and standard deviation of a float segment, read in place from its pieces' memory and
 * accumulated in double: XStream's STATFILTER statistics over a window, as fast as a plain loop over
 * a {@code float[]} (the goal is within 1.25 times; {@code jmh} measures it).
 *
 * <pre>{@code
 * FloatSeg window = in.take();
 * if (Stats.std(window) > alpha && Stats.mean(window) < beta) {
 *     out.put(window);
 * }
 * }</pre>
 *
 * <p><b>Standard deviation: shifted sums.</b> One pass accumulates {@code S = sum d} and
 * {@code Q = sum d^2} of {@code d = x - K}, where the shift {@code K} is the window's first sample;
 * then {@code variance = (Q - S^2 / n) / n} (population, divided by {@code n}). The textbook
 * {@code E[x^2] - E[x]^2} cancels a DC offset away (65% wrong at an offset of 1e4 on a deviation of
 * 1e-2, see {@link Moments}); shifting by a sample of the window bounds the cancellation instead:
 * since {@code n * variance >= (K - mean)^2}, {@code S^2 / n} is at most {@code n} times
 * {@code Q - S^2 / n}, so the relative error of the variance stays below about {@code 2 n} double
 * ulps, {@code 1e-12} for 4096 samples, whatever the offset. Welford's update ({@link Moments})
 * needs a division per sample and runs at a third of the speed; a two-pass mean-then-deviation
 * reads the window twice.
 *
 * <p><b>Speed.</b> Each loop walks one piece at a time with an int index over elements, reading
 * with {@code MemorySegment.get} at {@code base + 4L * i} (the same loop stepping a byte offset by
 * 16 measured ten times slower on JDK 25, and a long index 25% slower on sums: C2 eliminates the
 * bounds checks of int-counted loops best), through the unaligned float layout (the buffers are
 * aligned; that layout only skips the alignment check, 10% on sums), and keeps four independent
 * accumulators (one per lane of four samples): in a single chain each addition waits for the
 * previous one, which measured two to three times slower. Measured against the same loops over a
 * {@code float[]} (XStream's STATFILTER, 4096-sample windows): the variance as fast, the sum 15%
 * slower. Nothing allocates.
 *
 * <p><b>Order of additions</b>, which fixes every bit of the results, so that a plain loop over an
 * array can compute exactly the same numbers: element {@code i} of the segment (counted from 0
 * over the whole segment, whatever its pieces) goes to lane {@code i mod 4}; each lane adds its
 * elements in increasing order, starting from 0; the lanes are combined as
 * {@code (lane0 + lane1) + (lane2 + lane3)}. For the variance, each lane accumulates both
 * {@code d} and {@code d * d}, with {@code d = (double) x - K}, and the result is
 * {@code max(0, (Q - S * S / n) / n)}. How a segment is split into pieces therefore never changes
 * a result; the order differs from a sequential loop's, so the last bits of a sum may differ from
 * a single accumulator's.
 *
 * <p>An empty segment has sum 0, sum of squares 0, and a NaN mean, variance and standard deviation.
 */
// ValueLayout constants are immutable JDK values, which R3 cannot tell from an interface's static field.
public final class Stats {
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED;
    private static final long BYTES = Float.BYTES;

    private Stats() {
    }

    /** {@code sum x}, accumulated in double in four lanes (class Javadoc, "Order of additions"). */
    public static double sum(FloatSeg s) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int pieces = s.pieceCount();
        for (int p = 0; p < pieces; p++) {
            MemorySegment m = s.pieceMemory(p);
            long base = s.pieceOffset(p);
            int count = s.pieceLength(p);
            int i = 0;
            // A piece starting at an index that is not a multiple of four: its first elements go to
            // the lanes their indexes in the segment name, so that the pieces do not change the sum.
            for (int lane = s.pieceStart(p) & 3; lane != 0 && i < count; i++, lane = (lane + 1) & 3) {
                double x = m.get(FLOAT, base + BYTES * i);
                switch (lane) {
                    case 1 -> s1 += x;
                    case 2 -> s2 += x;
                    default -> s3 += x;
                }
            }
            for (; i + 4 <= count; i += 4) {
                long at = base + BYTES * i;
                s0 += m.get(FLOAT, at);
                s1 += m.get(FLOAT, at + BYTES);
                s2 += m.get(FLOAT, at + 2 * BYTES);
                s3 += m.get(FLOAT, at + 3 * BYTES);
            }
            if (i < count) {
                s0 += m.get(FLOAT, base + BYTES * i);
            }
            if (i + 1 < count) {
                s1 += m.get(FLOAT, base + BYTES * (i + 1));
            }
            if (i + 2 < count) {
                s2 += m.get(FLOAT, base + BYTES * (i + 2));
            }
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** {@code sum x^2}, accumulated in double in four lanes (each square exact). */
    public static double sumOfSquares(FloatSeg s) {
        double q0 = 0;
        double q1 = 0;
        double q2 = 0;
        double q3 = 0;
        int pieces = s.pieceCount();
        for (int p = 0; p < pieces; p++) {
            MemorySegment m = s.pieceMemory(p);
            long base = s.pieceOffset(p);
            int count = s.pieceLength(p);
            int i = 0;
            for (int lane = s.pieceStart(p) & 3; lane != 0 && i < count; i++, lane = (lane + 1) & 3) {
                double x = m.get(FLOAT, base + BYTES * i);
                switch (lane) {
                    case 1 -> q1 += x * x;
                    case 2 -> q2 += x * x;
                    default -> q3 += x * x;
                }
            }
            for (; i + 4 <= count; i += 4) {
                long at = base + BYTES * i;
                double x0 = m.get(FLOAT, at);
                double x1 = m.get(FLOAT, at + BYTES);
                double x2 = m.get(FLOAT, at + 2 * BYTES);
                double x3 = m.get(FLOAT, at + 3 * BYTES);
                q0 += x0 * x0;
                q1 += x1 * x1;
                q2 += x2 * x2;
                q3 += x3 * x3;
            }
            for (int lane = 0; i < count; i++, lane++) {
                double x = m.get(FLOAT, base + BYTES * i);
                switch (lane) {
                    case 0 -> q0 += x * x;
                    case 1 -> q1 += x * x;
                    default -> q2 += x * x;
                }
            }
        }
        return (q0 + q1) + (q2 + q3);
    }

    /** The mean, {@code sum x / n}; NaN for an empty segment. */
    public static double mean(FloatSeg s) {
        int n = s.length();
        return n == 0 ? Double.NaN : sum(s) / n;
    }

    /** The population variance, {@code sum (x - mean)^2 / n}, by shifted sums; NaN for an empty segment. */
    public static double variance(FloatSeg s) {
        int n = s.length();
        if (n == 0) {
            return Double.NaN;
        }
        double shift = s.pieceMemory(0).get(FLOAT, s.pieceOffset(0)); // element 0: n > 0, so piece 0 holds it
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        double q0 = 0;
        double q1 = 0;
        double q2 = 0;
        double q3 = 0;
        int pieces = s.pieceCount();
        for (int p = 0; p < pieces; p++) {
            MemorySegment m = s.pieceMemory(p);
            long base = s.pieceOffset(p);
            int count = s.pieceLength(p);
            int i = 0;
            for (int lane = s.pieceStart(p) & 3; lane != 0 && i < count; i++, lane = (lane + 1) & 3) {
                double d = m.get(FLOAT, base + BYTES * i) - shift;
                switch (lane) {
                    case 1 -> {
                        s1 += d;
                        q1 += d * d;
                    }
                    case 2 -> {
                        s2 += d;
                        q2 += d * d;
                    }
                    default -> {
                        s3 += d;
                        q3 += d * d;
                    }
                }
            }
            for (; i + 4 <= count; i += 4) {
                long at = base + BYTES * i;
                double d0 = m.get(FLOAT, at) - shift;
                double d1 = m.get(FLOAT, at + BYTES) - shift;
                double d2 = m.get(FLOAT, at + 2 * BYTES) - shift;
                double d3 = m.get(FLOAT, at + 3 * BYTES) - shift;
                s0 += d0;
                q0 += d0 * d0;
                s1 += d1;
                q1 += d1 * d1;
                s2 += d2;
                q2 += d2 * d2;
                s3 += d3;
                q3 += d3 * d3;
            }
            for (int lane = 0; i < count; i++, lane++) {
                double d = m.get(FLOAT, base + BYTES * i) - shift;
                switch (lane) {
                    case 0 -> {
                        s0 += d;
                        q0 += d * d;
                    }
                    case 1 -> {
                        s1 += d;
                        q1 += d * d;
                    }
                    default -> {
                        s2 += d;
                        q2 += d * d;
                    }
                }
            }
        }
        double sum = (s0 + s1) + (s2 + s3);
        double squares = (q0 + q1) + (q2 + q3);
        return Math.max(0, (squares - sum * sum / n) / n);
    }

    /** The population standard deviation, {@code sqrt(variance)}; NaN for an empty segment. */
    public static double std(FloatSeg s) {
        return Math.sqrt(variance(s));
    }
}
