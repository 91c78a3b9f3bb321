package org.streamflex.samples.marmot;

/**
 * The direction-of-arrival criterion: the wideband steered response power in the frequency domain,
 * which for one far-field source in white noise is the approximate-maximum-likelihood (AML)
 * estimator up to a constant (Chen, Yao and Hudson, 2003):
 * {@code J(theta) = sum_k | sum_m W_m(k) X_m(k) exp(-2 pi i f_k tau_m(theta)) |^2}, where
 * {@code tau_m(theta) = (x_m cos theta + y_m sin theta) / c} is how much earlier microphone
 * {@code m} hears a plane wave from azimuth {@code theta} than the array's origin, and
 * {@code W_m(k) = |X_m(k)|^-gamma} whitens the spectrum ({@code gamma = 0}: plain AML/SRP;
 * {@code gamma = 1}: SRP-PHAT, which holds up better under reverberation). Static and
 * allocation-free apart from what the caller passes.
 *
 * <p>Two savings, neither an approximation beyond {@link #TOLERANCE}: {@code theta} and
 * {@code theta + pi} have conjugate steering phasors, so each pass over the bins gives two azimuths;
 * and {@code J} is band-limited in {@code theta} ({@link AzimuthHarmonics}), so when the array is
 * small against the band's shortest wavelength it is evaluated at {@code 2H + 2} azimuths and
 * interpolated exactly to the others (a node's 8 cm array at 8 kHz: 78 of 360).
 *
 * <pre>{@code
 * double[] j = new double[360];
 * SteeredResponse.power(re, im, 4, bins, firstBin, fftSize, 44_100, micX, micY, 343, j, new double[2 * bins]);
 * }</pre>
 */
public final class SteeredResponse {
    /**
     * The most the interpolation may move any {@code J(theta)}, relative to the band's energy
     * {@code sum_k sum_m |W X_m(k)|^2} (about the response's mean): far below what changes a
     * quantized level or a peak azimuth by 0.001 degree, and it costs only a few more azimuths than
     * 1e-4 would ({@code SteeredResponseTest} compares against the direct evaluation).
     */
    public static final double TOLERANCE = 1e-9;

    private SteeredResponse() {
    }

    /**
     * Fills {@code out[a]} with {@code J(a * 360 / out.length degrees)}.
     *
     * @param re real parts of the in-band bins, microphone after microphone ({@code re[m * bins + j]}
     *     is bin {@code firstBin + j} of microphone {@code m}), weighting applied
     * @param im imaginary parts, likewise
     * @param mics the microphones
     * @param bins bins per microphone
     * @param firstBin the FFT index of the first bin
     * @param fftSize the FFT's size
     * @param sampleRate samples per second
     * @param micX node-frame x of each microphone, metres
     * @param micY node-frame y of each microphone, metres
     * @param c the speed of sound, metres per second
     * @param out the response per azimuth
     * @param scratch work space of at least {@code 2 * bins} doubles (with less, every azimuth is
     *     evaluated directly)
     */
    public static void power(float[] re, float[] im, int mics, int bins, int firstBin, int fftSize, double sampleRate,
            double[] micX, double[] micY, double c, double[] out, double[] scratch) {
        int angles = out.length;
        double highest = (firstBin + bins - 1) * sampleRate / fftSize;
        int h = AzimuthHarmonics.needed(micX, micY, mics, highest, c, TOLERANCE, angles / 2);
        int samples = 2 * h + 2;
        if (h >= 0 && samples < angles && scratch.length >= samples) {
            direct(re, im, mics, bins, firstBin, fftSize, sampleRate, micX, micY, c, out, samples, scratch);
            AzimuthHarmonics.interpolate(out, samples, h, scratch);
        } else {
            direct(re, im, mics, bins, firstBin, fftSize, sampleRate, micX, micY, c, out, angles, scratch);
        }
    }

    /**
     * Fills {@code out[0, count)} with {@code J(2 pi i / count)}, every value evaluated from the bins:
     * for four microphones and an even count, two opposite azimuths per pass over the bins, the four
     * microphones side by side; else {@link #oneAtATime}. Same parameters as {@link #power}.
     */
    public static void direct(float[] re, float[] im, int mics, int bins, int firstBin, int fftSize,
            double sampleRate, double[] micX, double[] micY, double c, double[] out, int count, double[] scratch) {
        if (mics != 4 || count % 2 != 0) {
            oneAtATime(re, im, mics, bins, firstBin, fftSize, sampleRate, micX, micY, c, out, count, scratch);
            return;
        }
        double binHz = sampleRate / fftSize;
        int half = count / 2;
        for (int a = 0; a < half; a++) {
            opposite4(re, im, bins, firstBin, binHz, micX, micY, c, 2 * Math.PI * a / count, out, a, a + half);
        }
    }

    /**
     * Fills {@code out[0, count)} with {@code J(2 pi i / count)} one azimuth at a time, microphone
     * after microphone, each microphone's phasor one recurrence over the bins: any number of
     * microphones, and what {@link #power} computed for every azimuth before it interpolated (the
     * benchmarks' baseline). Same parameters as {@link #power}.
     */
    public static void oneAtATime(float[] re, float[] im, int mics, int bins, int firstBin, int fftSize,
            double sampleRate, double[] micX, double[] micY, double c, double[] out, int count, double[] scratch) {
        double binHz = sampleRate / fftSize;
        for (int a = 0; a < count; a++) {
            out[a] = single(re, im, mics, bins, firstBin, binHz, micX, micY, c, 2 * Math.PI * a / count, scratch);
        }
    }

    /**
     * {@code J(theta)} into {@code out[a]} and {@code J(theta + pi)} into {@code out[b]} for four
     * microphones: the bins outside, the microphones inside, so the four phasor recurrences run side
     * by side (one recurrence after another is a chain of dependent multiplications) and the
     * per-bin sums stay in registers; {@code theta + pi} takes the conjugate phasors.
     */
    private static void opposite4(float[] re, float[] im, int bins, int firstBin, double binHz, double[] micX,
            double[] micY, double c, double theta, double[] out, int a, int b) {
        double ux = Math.cos(theta);
        double uy = Math.sin(theta);
        double tau0 = (micX[0] * ux + micY[0] * uy) / c;
        double tau1 = (micX[1] * ux + micY[1] * uy) / c;
        double tau2 = (micX[2] * ux + micY[2] * uy) / c;
        double tau3 = (micX[3] * ux + micY[3] * uy) / c;
        double start = -2 * Math.PI * firstBin * binHz;
        double step = -2 * Math.PI * binHz;
        double pr0 = Math.cos(start * tau0);
        double pi0 = Math.sin(start * tau0);
        double pr1 = Math.cos(start * tau1);
        double pi1 = Math.sin(start * tau1);
        double pr2 = Math.cos(start * tau2);
        double pi2 = Math.sin(start * tau2);
        double pr3 = Math.cos(start * tau3);
        double pi3 = Math.sin(start * tau3);
        double sr0 = Math.cos(step * tau0);
        double si0 = Math.sin(step * tau0);
        double sr1 = Math.cos(step * tau1);
        double si1 = Math.sin(step * tau1);
        double sr2 = Math.cos(step * tau2);
        double si2 = Math.sin(step * tau2);
        double sr3 = Math.cos(step * tau3);
        double si3 = Math.sin(step * tau3);
        double sumA = 0;
        double sumB = 0;
        // Written out per microphone, not looped over arrays of phasors: so C2 keeps the sixteen
        // phasor values in registers instead of loading and storing them every bin.
        for (int j = 0; j < bins; j++) {
            // Mic m: products of X = xr + i xi with p = pr + i pi; X p and X conj(p) share them.
            double xr = re[j];
            double xi = im[j];
            double rr = xr * pr0;
            double ii = xi * pi0;
            double ri = xr * pi0;
            double ir = xi * pr0;
            double ar = rr - ii;
            double ai = ri + ir;
            double br = rr + ii;
            double bi = ir - ri;
            xr = re[bins + j];
            xi = im[bins + j];
            rr = xr * pr1;
            ii = xi * pi1;
            ri = xr * pi1;
            ir = xi * pr1;
            ar += rr - ii;
            ai += ri + ir;
            br += rr + ii;
            bi += ir - ri;
            xr = re[2 * bins + j];
            xi = im[2 * bins + j];
            rr = xr * pr2;
            ii = xi * pi2;
            ri = xr * pi2;
            ir = xi * pr2;
            ar += rr - ii;
            ai += ri + ir;
            br += rr + ii;
            bi += ir - ri;
            xr = re[3 * bins + j];
            xi = im[3 * bins + j];
            rr = xr * pr3;
            ii = xi * pi3;
            ri = xr * pi3;
            ir = xi * pr3;
            ar += rr - ii;
            ai += ri + ir;
            br += rr + ii;
            bi += ir - ri;
            sumA += ar * ar + ai * ai;
            sumB += br * br + bi * bi;
            double t = pr0 * sr0 - pi0 * si0;
            pi0 = pr0 * si0 + pi0 * sr0;
            pr0 = t;
            t = pr1 * sr1 - pi1 * si1;
            pi1 = pr1 * si1 + pi1 * sr1;
            pr1 = t;
            t = pr2 * sr2 - pi2 * si2;
            pi2 = pr2 * si2 + pi2 * sr2;
            pr2 = t;
            t = pr3 * sr3 - pi3 * si3;
            pi3 = pr3 * si3 + pi3 * sr3;
            pr3 = t;
        }
        out[a] = sumA;
        out[b] = sumB;
    }

    /** {@code J(theta)} for any number of microphones, microphone after microphone into {@code scratch}. */
    private static double single(float[] re, float[] im, int mics, int bins, int firstBin, double binHz,
            double[] micX, double[] micY, double c, double theta, double[] scratch) {
        double ux = Math.cos(theta);
        double uy = Math.sin(theta);
        for (int j = 0; j < 2 * bins; j++) {
            scratch[j] = 0;
        }
        for (int m = 0; m < mics; m++) {
            double tau = (micX[m] * ux + micY[m] * uy) / c;
            double phase = -2 * Math.PI * firstBin * binHz * tau;
            double step = -2 * Math.PI * binHz * tau;
            double pr = Math.cos(phase);
            double pi = Math.sin(phase);
            double sr = Math.cos(step);
            double si = Math.sin(step);
            int base = m * bins;
            for (int j = 0; j < bins; j++) {
                double xr = re[base + j];
                double xi = im[base + j];
                scratch[2 * j] += xr * pr - xi * pi;
                scratch[2 * j + 1] += xr * pi + xi * pr;
                double t = pr * sr - pi * si;
                pi = pr * si + pi * sr;
                pr = t;
            }
        }
        double sum = 0;
        for (int j = 0; j < 2 * bins; j++) {
            sum += scratch[j] * scratch[j];
        }
        return sum;
    }

    /**
     * The azimuth of the largest of {@code j} (one value per {@code 360 / j.length} degrees),
     * refined by a parabola through it and its two neighbours, degrees in {@code [0, 360)}.
     */
    public static double peakAzimuth(double[] j) {
        int n = j.length;
        int best = 0;
        for (int a = 1; a < n; a++) {
            if (j[a] > j[best]) {
                best = a;
            }
        }
        double left = j[(best + n - 1) % n];
        double right = j[(best + 1) % n];
        double denominator = left - 2 * j[best] + right;
        double offset = denominator < 0 ? 0.5 * (left - right) / denominator : 0;
        return Angles.wrap360((best + Math.max(-0.5, Math.min(0.5, offset))) * 360.0 / n);
    }
}
