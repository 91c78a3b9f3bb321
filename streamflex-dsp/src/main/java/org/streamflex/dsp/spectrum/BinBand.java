package org.streamflex.dsp.spectrum;

/**
 * {@link SpectralMask}'s bin rule for operators that learn the sample rate only from the segments
 * they get: bin {@code k} of an {@code n}-point transform has frequency {@code k * rate / n}
 * (computed in double exactly as {@link SpectralMask} does) and is kept iff
 * {@code lo <= f_k <= hi}. Frequency grows with {@code k}, so the kept bins of {@code 0 .. n/2}
 * are one run {@code first .. last}; {@code SpectralMaskOperatorsTest} checks that the run is the
 * one {@link SpectralMask} keeps.
 */
final class BinBand {
    private BinBand() {
    }

    /** The first kept bin of {@code 0 .. n/2}, or -1 if none is. */
    static int first(int n, double rate, double lowHz, double highHz) {
        for (int k = 0; k <= n / 2; k++) {
            double f = k * rate / n;
            if (lowHz <= f && f <= highHz) {
                return k;
            }
        }
        return -1;
    }

    /** The last kept bin of {@code 0 .. n/2}, or -2 if none is (so that no loop from the first runs). */
    static int last(int n, double rate, double lowHz, double highHz) {
        for (int k = n / 2; k >= 0; k--) {
            double f = k * rate / n;
            if (lowHz <= f && f <= highHz) {
                return k;
            }
        }
        return -2;
    }

    /** Throws unless {@code 0 <= lowHz <= highHz} (highHz may be infinite). */
    static void check(String operator, double lowHz, double highHz) {
        if (!(lowHz >= 0) || !(highHz >= lowHz)) {
            throw new IllegalArgumentException(operator + ": the band must satisfy 0 <= low <= high, was [" + lowHz
                    + ", " + highHz + "] Hz");
        }
    }
}
