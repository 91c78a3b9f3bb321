package org.streamflex.samples.marmot;

/**
 * One channel's part of the direction of arrival before the steered response: its samples
 * tapered, transformed, and the bins of the band whitened by {@code |X|^-gamma}. Static and
 * allocation-free, as {@link Radix2Fft} and {@link SteeredResponse} are: the sample's arithmetic,
 * shared by {@link MarmotDoa} and the benchmarks' plain-Java DOA, so both compute the same bits.
 *
 * <pre>{@code
 * // re[0, n) holds channel m's samples
 * WhitenedBand.of(re, im, n, size, window, firstBin, bins, 1.0, bandRe, bandIm, m * bins);
 * }</pre>
 */
public final class WhitenedBand {
    private WhitenedBand() {
    }

    /**
     * Multiplies {@code re[0, n)} by {@code window}, zero-pads {@code re} and {@code im} to
     * {@code size} (a power of two), transforms them in place, and writes bins
     * {@code firstBin .. firstBin + bins - 1}, each scaled by its magnitude to the power
     * {@code -whitening} (0 where the magnitude is 0), to {@code bandRe} and {@code bandIm} from
     * {@code offset}.
     */
    public static void of(float[] re, float[] im, int n, int size, float[] window, int firstBin, int bins,
            double whitening, float[] bandRe, float[] bandIm, int offset) {
        for (int i = 0; i < n; i++) {
            re[i] *= window[i];
        }
        for (int i = n; i < size; i++) {
            re[i] = 0;
        }
        for (int i = 0; i < size; i++) {
            im[i] = 0;
        }
        Radix2Fft.forward(re, im, size);
        for (int j = 0; j < bins; j++) {
            double r = re[firstBin + j];
            double q = im[firstBin + j];
            double magnitude = Math.sqrt(r * r + q * q);
            double w = magnitude > 0 ? Math.pow(magnitude, -whitening) : 0;
            bandRe[offset + j] = (float) (r * w);
            bandIm[offset + j] = (float) (q * w);
        }
    }
}
