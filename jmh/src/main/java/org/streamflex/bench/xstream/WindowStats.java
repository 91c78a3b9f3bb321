package org.streamflex.bench.xstream;

/**
 * The window statistics every version of STATFILTER and SILENCEFILTER reduces its sums with, so
 * that all of them decide each window the same way to the last bit. The sums are accumulated in
 * {@code double}, in sample order: {@code sum += x; sumOfSquares += (double) x * x}.
 *
 * <pre>{@code
 * boolean voiced = WindowStats.std(sum, sumOfSquares, XStreamWorkloads.SILENCE_WINDOW) > XStreamWorkloads.GAMMA;
 * }</pre>
 *
 * <p>Filters call it from {@code work()}: it takes and returns primitives and keeps nothing.
 */
public final class WindowStats {
    private WindowStats() {
    }

    /**
     * The population standard deviation of {@code n} samples, {@code sqrt(sumOfSquares / n - mean^2)}.
     * One pass over the window is enough for it; in double, with samples in [-1, 1) and
     * {@code n <= 4096}, its rounding error is many orders of magnitude below the thresholds'
     * margins. A variance rounded below zero counts as zero.
     */
    public static double std(double sum, double sumOfSquares, int n) {
        double mean = sum / n;
        double variance = sumOfSquares / n - mean * mean;
        return variance > 0 ? Math.sqrt(variance) : 0;
    }

    /** The mean of {@code n} samples. */
    public static double mean(double sum, int n) {
        return sum / n;
    }
}
