package org.streamflex.samples.marmot;

/**
 * An in-place iterative radix-2 complex FFT on separate real and imaginary float arrays, forward
 * and unscaled: {@code X[k] = sum_j x[j] exp(-2 pi i jk / n)}. Static and allocation-free, so the
 * stateless DOA filter can call it on arrays its own run made (the DSP library's kernels are
 * objects held in fields, which a {@code @Stateless} filter may not call). Twiddles by a
 * double-precision rotation per butterfly group.
 *
 * <pre>{@code
 * float[] re = new float[1024], im = new float[1024];
 * Radix2Fft.forward(re, im, 1024);
 * }</pre>
 */
public final class Radix2Fft {
    private Radix2Fft() {
    }

    /**
     * Transforms the first {@code n} values of {@code re} and {@code im} in place.
     *
     * @throws IllegalArgumentException if {@code n} is not a power of two
     */
    public static void forward(float[] re, float[] im, int n) {
        if (n < 1 || (n & (n - 1)) != 0) {
            throw new IllegalArgumentException("Radix2Fft: size " + n + " is not a power of two");
        }
        for (int i = 1, j = 0; i < n; i++) {
            int bit = n >> 1;
            for (; (j & bit) != 0; bit >>= 1) {
                j ^= bit;
            }
            j |= bit;
            if (i < j) {
                float t = re[i];
                re[i] = re[j];
                re[j] = t;
                t = im[i];
                im[i] = im[j];
                im[j] = t;
            }
        }
        for (int len = 2; len <= n; len <<= 1) {
            double angle = -2 * Math.PI / len;
            double stepRe = Math.cos(angle);
            double stepIm = Math.sin(angle);
            int half = len >> 1;
            double wRe = 1;
            double wIm = 0;
            for (int k = 0; k < half; k++) {
                float cr = (float) wRe;
                float ci = (float) wIm;
                for (int i = k; i < n; i += len) {
                    int j = i + half;
                    float xr = re[j] * cr - im[j] * ci;
                    float xi = re[j] * ci + im[j] * cr;
                    re[j] = re[i] - xr;
                    im[j] = im[i] - xi;
                    re[i] += xr;
                    im[i] += xi;
                }
                double t = wRe * stepRe - wIm * stepIm;
                wIm = wRe * stepIm + wIm * stepRe;
                wRe = t;
            }
        }
    }
}
