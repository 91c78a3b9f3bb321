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
 * <pre>{@code
 * double[] j = new double[360];
 * SteeredResponse.power(re, im, 4, bins, firstBin, fftSize, 44_100, micX, micY, 343, j);
 * }</pre>
 */
public final class SteeredResponse {
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
     * @param out the response per azimuth; {@code scratch} of {@code 2 * bins} doubles is made by the caller
     * @param scratch work space of at least {@code 2 * bins} doubles
     */
    public static void power(float[] re, float[] im, int mics, int bins, int firstBin, int fftSize, double sampleRate,
            double[] micX, double[] micY, double c, double[] out, double[] scratch) {
        double binHz = sampleRate / fftSize;
        int angles = out.length;
        for (int a = 0; a < angles; a++) {
            double theta = 2 * Math.PI * a / angles;
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
            out[a] = sum;
        }
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
