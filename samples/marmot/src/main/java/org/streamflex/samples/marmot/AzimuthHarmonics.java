package org.streamflex.samples.marmot;

/**
 * How smooth the steered response is in azimuth, and its trigonometric interpolation. Expanding
 * {@code |sum_m A_m exp(-i w tau_m(theta))|^2} gives terms {@code exp(-i w d_mn cos(theta - phi_mn) / c)}
 * for each pair of microphones {@code d_mn} apart, whose Fourier series in {@code theta} has
 * coefficients {@code J_p(w d_mn / c)} (Jacobi-Anger). Since {@code |J_p(z)| <= (z/2)^p / p!}, the
 * response has no harmonic above {@code H} worth more than a bound this class computes, and
 * {@code 2H + 2} equally spaced samples determine every other azimuth: a node's 8 cm array at 8 kHz
 * needs 78 samples, not 360. Static and allocation-free.
 *
 * <pre>{@code
 * int h = AzimuthHarmonics.needed(micX, micY, 4, 8_000, 343, 1e-9);
 * // out[0, 2h + 2) holds J at 2 pi i / (2h + 2); scratch has 2h + 2 doubles
 * AzimuthHarmonics.interpolate(out, 2 * h + 2, h, scratch);
 * }</pre>
 */
public final class AzimuthHarmonics {
    private AzimuthHarmonics() {
    }

    /**
     * The fewest harmonics {@code H} such that the interpolation from {@code 2H + 2} samples is off by
     * at most {@code tolerance} times the band's energy {@code sum_k sum_m |A_m(k)|^2} at every azimuth,
     * or -1 if more than {@code limit} would be needed (or the inputs are not finite).
     *
     * @param micX x of each microphone, metres
     * @param micY y of each microphone, metres
     * @param mics the microphones
     * @param highestHz the highest frequency in the band, Hz
     * @param c the speed of sound, metres per second
     * @param tolerance the bound, relative to the band's energy
     * @param limit the most harmonics worth returning
     */
    public static int needed(double[] micX, double[] micY, int mics, double highestHz, double c, double tolerance,
            int limit) {
        double span = 0;
        for (int m = 0; m < mics; m++) {
            for (int n = m + 1; n < mics; n++) {
                span = Math.max(span, Math.hypot(micX[m] - micX[n], micY[m] - micY[n]));
            }
        }
        double half = Math.PI * highestHz * span / c; // z / 2 for the largest z = w d / c
        if (!(half >= 0) || Double.isInfinite(half)) {
            return -1;
        }
        // Error <= 2 sum_{|p| > H} |f_p| (aliasing and truncation), |f_p| <= mics * energy * (z/2)^p / p!
        // (Cauchy-Schwarz over the microphones), so 4 mics sum_{p > H} t_p <= tolerance with
        // t_p = (z/2)^p / p!; once z/2 < p + 1 the terms fall at least as fast as a geometric series.
        double factor = 4.0 * mics;
        double term = 1; // t_H
        for (int h = 0; h <= limit; h++) {
            double next = term * half / (h + 1); // t_{H+1}
            double ratio = half / (h + 2);
            if (ratio < 1 && factor * next / (1 - ratio) <= tolerance) {
                return h;
            }
            term = next;
        }
        return -1;
    }

    /**
     * Replaces {@code out[0, samples)}, the response at {@code 2 pi i / samples}, by the response at
     * every {@code 2 pi a / out.length}: the trigonometric polynomial of degree {@code harmonics}
     * through the samples.
     *
     * @param out the samples first, the whole response after
     * @param samples how many samples, at least {@code 2 * harmonics + 1}
     * @param harmonics the degree
     * @param scratch work space of at least {@code 2 * harmonics + 2} doubles
     */
    public static void interpolate(double[] out, int samples, int harmonics, double[] scratch) {
        for (int p = 0; p <= 2 * harmonics + 1; p++) {
            scratch[p] = 0;
        }
        // Coefficients c_p = (1/N) sum_i J_i exp(-i p theta_i), p = 0..H, at scratch[2p], scratch[2p + 1].
        for (int i = 0; i < samples; i++) {
            double theta = 2 * Math.PI * i / samples;
            double wr = Math.cos(theta);
            double wi = -Math.sin(theta);
            double zr = out[i] / samples;
            double zi = 0;
            for (int p = 0; p <= harmonics; p++) {
                scratch[2 * p] += zr;
                scratch[2 * p + 1] += zi;
                double t = zr * wr - zi * wi;
                zi = zr * wi + zi * wr;
                zr = t;
            }
        }
        int angles = out.length;
        for (int a = 0; a < angles; a++) {
            double theta = 2 * Math.PI * a / angles;
            double wr = Math.cos(theta);
            double wi = Math.sin(theta);
            double zr = wr;
            double zi = wi;
            double sum = 0;
            // J is real: c_{-p} = conj(c_p), so J(theta) = c_0 + 2 sum_p Re(c_p exp(i p theta)).
            for (int p = 1; p <= harmonics; p++) {
                sum += scratch[2 * p] * zr - scratch[2 * p + 1] * zi;
                double t = zr * wr - zi * wi;
                zi = zr * wi + zi * wr;
                zr = t;
            }
            out[a] = scratch[0] + 2 * sum;
        }
    }
}
