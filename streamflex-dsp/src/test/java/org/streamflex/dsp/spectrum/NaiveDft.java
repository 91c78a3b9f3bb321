package org.streamflex.dsp.spectrum;

/**
 * The reference the FFT kernels are checked against: the DFT by its definition, O(n^2), in double,
 * with twiddles {@code exp(2 pi i m / n)} from {@code Math.cos} and {@code Math.sin}, indexed by
 * {@code m = j * k mod n} so that large sizes stay accurate.
 */
final class NaiveDft {
    private NaiveDft() {
    }

    /** {@code X[k] = sum_j z[j] exp(sign * 2 pi i j k / n)} of n complex values given as (re, im) pairs. */
    static double[] complex(double[] z, int sign) {
        int n = z.length / 2;
        double[] cos = new double[n];
        double[] sin = new double[n];
        for (int m = 0; m < n; m++) {
            cos[m] = Math.cos(2 * Math.PI * m / n);
            sin[m] = sign * Math.sin(2 * Math.PI * m / n);
        }
        double[] out = new double[2 * n];
        for (int k = 0; k < n; k++) {
            double re = 0;
            double im = 0;
            int m = 0;
            for (int j = 0; j < n; j++) {
                re += z[2 * j] * cos[m] - z[2 * j + 1] * sin[m];
                im += z[2 * j] * sin[m] + z[2 * j + 1] * cos[m];
                m += k;
                if (m >= n) {
                    m -= n;
                }
            }
            out[2 * k] = re;
            out[2 * k + 1] = im;
        }
        return out;
    }

    /** The forward DFT (sign -1) of real samples, all n bins as (re, im) pairs. */
    static double[] ofReal(float[] x) {
        double[] z = new double[2 * x.length];
        for (int j = 0; j < x.length; j++) {
            z[2 * j] = x[j];
        }
        return complex(z, -1);
    }

    /** The forward DFT (sign -1) of complex values given as float (re, im) pairs. */
    static double[] ofComplex(float[] z) {
        double[] d = new double[z.length];
        for (int i = 0; i < z.length; i++) {
            d[i] = z[i];
        }
        return complex(d, -1);
    }

    /** The inverse DFT, {@code (1/n) sum_k X[k] exp(+2 pi i j k / n)}. */
    static double[] inverse(double[] spectrum) {
        double[] z = complex(spectrum, +1);
        int n = spectrum.length / 2;
        for (int i = 0; i < z.length; i++) {
            z[i] /= n;
        }
        return z;
    }

    /** The Euclidean norm of the values. */
    static double norm(float[] values) {
        double sum = 0;
        for (float v : values) {
            sum += (double) v * v;
        }
        return Math.sqrt(sum);
    }

    /** The largest absolute value. */
    static double peak(float[] values) {
        double peak = 0;
        for (float v : values) {
            peak = Math.max(peak, Math.abs(v));
        }
        return peak;
    }

    /**
     * The relative error bound the kernels' documentation states for float FFTs of size n:
     * {@code 1e-6 * (1 + log2 n + p)}, where p is the largest prime factor JTransforms' mixed-radix
     * path transforms by its generic radix (whose twiddle recurrence in float loses accuracy in
     * proportion to p), or 0 when there is none: powers of two, products of 2, 3 and 5, and sizes
     * JTransforms gives to Bluestein (what remains after dividing out 2, 3 and 5 is 211 or more).
     */
    static double fftTolerance(int n) {
        int remainder = n;
        for (int factor : new int[] {2, 3, 5}) {
            while (remainder % factor == 0) {
                remainder /= factor;
            }
        }
        int largest = 0;
        if (remainder < 211) {
            for (int p = 7; remainder > 1; p += 2) {
                while (remainder % p == 0) {
                    remainder /= p;
                    largest = p;
                }
            }
        }
        return 1e-6 * (1 + Math.log(n) / Math.log(2) + largest);
    }
}
