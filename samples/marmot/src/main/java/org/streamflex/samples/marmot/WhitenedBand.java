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
     * Multiplies {@code re[0, n)} by {@code window}, zero-pads it to {@code size} (a power of two),
     * transforms it, and writes bins {@code firstBin .. firstBin + bins - 1} (at most
     * {@code size / 2}), each scaled by its magnitude to the power {@code -whitening} (0 where the
     * magnitude is 0), to {@code bandRe} and {@code bandIm} from {@code offset}. {@code re} and
     * {@code im} (of at least {@code size} floats) are work space: the samples are real, so the
     * even samples go in as real parts and the odd ones as imaginary parts of one transform of
     * {@code size / 2} points, half the work of a complex transform of {@code size}, and each bin
     * is taken apart from it.
     */
    public static void of(float[] re, float[] im, int n, int size, float[] window, int firstBin, int bins,
            double whitening, float[] bandRe, float[] bandIm, int offset) {
        if (size < 2 || firstBin < 0 || firstBin + bins - 1 > size / 2) {
            throw new IllegalArgumentException("WhitenedBand: bins " + firstBin + " to " + (firstBin + bins - 1)
                    + " of a transform of " + size + "; a size of 2 or more and bins from 0 to size / 2");
        }
        int half = size / 2;
        // In place: step k reads re[2k] and re[2k + 1], which no earlier step has written.
        for (int k = 0; k < half; k++) {
            int e = 2 * k;
            float even = e < n ? re[e] * window[e] : 0;
            float odd = e + 1 < n ? re[e + 1] * window[e + 1] : 0;
            re[k] = even;
            im[k] = odd;
        }
        Radix2Fft.forward(re, im, half);
        int mask = half - 1;
        double angle = -2 * Math.PI / size;
        double stepRe = Math.cos(angle);
        double stepIm = Math.sin(angle);
        double wRe = Math.cos(angle * firstBin);
        double wIm = Math.sin(angle * firstBin);
        for (int j = 0; j < bins; j++) {
            // X[k] = E[k] + w^k O[k], with E = (Z[k] + conj Z[-k]) / 2 the even samples' transform
            // and O = (Z[k] - conj Z[-k]) / 2i the odd ones', indices modulo size / 2.
            int k = (firstBin + j) & mask;
            int m = (half - k) & mask;
            double zr = re[k];
            double zi = im[k];
            double cr = re[m];
            double ci = -im[m];
            double evenRe = 0.5 * (zr + cr);
            double evenIm = 0.5 * (zi + ci);
            double oddRe = 0.5 * (zi - ci);
            double oddIm = -0.5 * (zr - cr);
            double r = evenRe + wRe * oddRe - wIm * oddIm;
            double q = evenIm + wRe * oddIm + wIm * oddRe;
            double magnitude = Math.sqrt(r * r + q * q);
            double w = magnitude > 0 ? Math.pow(magnitude, -whitening) : 0;
            bandRe[offset + j] = (float) (r * w);
            bandIm[offset + j] = (float) (q * w);
            double t = wRe * stepRe - wIm * stepIm;
            wIm = wRe * stepIm + wIm * stepRe;
            wRe = t;
        }
    }
}
