package org.streamflex.dsp.fir;

import java.util.Objects;

/**
 * Windowed-sinc FIR designs with a Hamming window, for {@link FirFilter} and {@link OverlapSaveFir}.
 *
 * <p>For {@code m} taps, {@code t = k - (m - 1) / 2} (the taps are symmetric: linear phase, a delay
 * of {@code (m - 1) / 2} samples), frequencies in cycles per sample ({@code f = hz / rate}) and
 * {@code sinc(x) = sin(pi x) / (pi x)}:
 * <ul>
 *   <li>lowpass: {@code h[k] = w[k] * 2 fc sinc(2 fc t)}, scaled so that {@code sum h[k] = 1}: unity
 *       gain at DC. The gain at the cutoff {@code fc} is about 0.5 (-6 dB), the window method's
 *       half-amplitude point;
 *   <li>bandpass: {@code h[k] = w[k] * (2 f2 sinc(2 f2 t) - 2 f1 sinc(2 f1 t))}, scaled so that the
 *       gain at the band centre {@code (f1 + f2) / 2} is 1; about 0.5 at both edges;
 *   <li>Hamming window {@code w[k] = 0.54 - 0.46 cos(2 pi k / (m - 1))} ({@code w = 1} for
 *       {@code m = 1}).
 * </ul>
 * The transition band is about {@code 3.3 / m} cycles per sample wide and the stopband about 53 dB
 * down (Hamming). Odd {@code m} is the usual choice (a whole-sample delay); even {@code m} is allowed
 * and has a zero at the Nyquist frequency. Taps are computed in double and rounded to float once.
 *
 * <p>These are set-up functions: the ones returning an array allocate it (outside {@code work()},
 * as in a filter's constructor, that is an ordinary heap array); the ones taking an array do not.
 * Their signatures hold only primitives and primitive arrays, so filter code compiled apart from
 * this library may call them (the checker's D4 rule).
 *
 * <pre>{@code
 * private final FirFilter voice = new FirFilter(FirDesign.bandpass(63, 300, 3400, 16000));
 * private final FirFilter smooth = new FirFilter(FirDesign.lowpass(31, 1000, 8000));
 * }</pre>
 */
public final class FirDesign {
    private FirDesign() {
    }

    /**
     * Lowpass taps with cutoff {@code cutoffHz}, unity gain at DC.
     *
     * @param m the number of taps, at least 1
     * @param cutoffHz the cutoff (gain about 0.5), strictly between 0 and {@code sampleRate / 2}
     * @param sampleRate samples per second
     * @return {@code m} new taps
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public static float[] lowpass(int m, double cutoffHz, double sampleRate) {
        checkTaps(m);
        float[] taps = new float[m];
        lowpass(m, cutoffHz, sampleRate, taps, 0);
        return taps;
    }

    /**
     * Lowpass taps with cutoff {@code cutoffHz}, unity gain at DC, into {@code taps[off .. off + m)}.
     *
     * @param m the number of taps, at least 1
     * @param cutoffHz the cutoff (gain about 0.5), strictly between 0 and {@code sampleRate / 2}
     * @param sampleRate samples per second
     * @param taps where the taps go
     * @param off the index of {@code h[0]}
     * @throws IllegalArgumentException if a parameter is out of range
     * @throws IndexOutOfBoundsException if the range does not fit the array
     */
    public static void lowpass(int m, double cutoffHz, double sampleRate, float[] taps, int off) {
        checkTaps(m);
        checkBand(0, cutoffHz, sampleRate, false);
        Objects.checkFromIndexSize(off, m, taps.length);
        double fc = cutoffHz / sampleRate;
        double sum = 0;
        for (int k = 0; k < m; k++) {
            sum += lowpassTap(k, m, fc);
        }
        for (int k = 0; k < m; k++) {
            taps[off + k] = (float) (lowpassTap(k, m, fc) / sum);
        }
    }

    /**
     * Bandpass taps for {@code [lowHz, highHz]}, unity gain at the band centre.
     *
     * @param m the number of taps, at least 1
     * @param lowHz the lower edge (gain about 0.5), above 0
     * @param highHz the upper edge (gain about 0.5), above {@code lowHz} and below
     *     {@code sampleRate / 2}
     * @param sampleRate samples per second
     * @return {@code m} new taps
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public static float[] bandpass(int m, double lowHz, double highHz, double sampleRate) {
        checkTaps(m);
        float[] taps = new float[m];
        bandpass(m, lowHz, highHz, sampleRate, taps, 0);
        return taps;
    }

    /**
     * Bandpass taps for {@code [lowHz, highHz]}, unity gain at the band centre, into
     * {@code taps[off .. off + m)}.
     *
     * @param m the number of taps, at least 1
     * @param lowHz the lower edge (gain about 0.5), above 0
     * @param highHz the upper edge (gain about 0.5), above {@code lowHz} and below
     *     {@code sampleRate / 2}
     * @param sampleRate samples per second
     * @param taps where the taps go
     * @param off the index of {@code h[0]}
     * @throws IllegalArgumentException if a parameter is out of range
     * @throws IndexOutOfBoundsException if the range does not fit the array
     */
    public static void bandpass(int m, double lowHz, double highHz, double sampleRate, float[] taps, int off) {
        checkTaps(m);
        checkBand(lowHz, highHz, sampleRate, true);
        Objects.checkFromIndexSize(off, m, taps.length);
        double f1 = lowHz / sampleRate;
        double f2 = highHz / sampleRate;
        double centre = (f1 + f2) / 2;
        double re = 0;
        double im = 0;
        for (int k = 0; k < m; k++) {
            double h = lowpassTap(k, m, f2) - lowpassTap(k, m, f1);
            double angle = 2 * Math.PI * ((k * centre) % 1.0);
            re += h * Math.cos(angle);
            im -= h * Math.sin(angle);
        }
        double gain = Math.sqrt(re * re + im * im);
        for (int k = 0; k < m; k++) {
            taps[off + k] = (float) ((lowpassTap(k, m, f2) - lowpassTap(k, m, f1)) / gain);
        }
    }

    /** {@code w[k] * 2 fc sinc(2 fc t)}, before normalization. */
    private static double lowpassTap(int k, int m, double fc) {
        double t = k - (m - 1) / 2.0;
        double ideal = t == 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * t) / (Math.PI * t);
        return hamming(k, m) * ideal;
    }

    private static double hamming(int k, int m) {
        return m == 1 ? 1.0 : 0.54 - 0.46 * Math.cos(2 * Math.PI * k / (m - 1));
    }

    private static void checkTaps(int m) {
        if (m < 1) {
            throw new IllegalArgumentException("a FIR filter needs at least one tap, was " + m);
        }
    }

    private static void checkBand(double lowHz, double highHz, double sampleRate, boolean bandpass) {
        if (!(sampleRate > 0) || Double.isInfinite(sampleRate)) {
            throw new IllegalArgumentException("the sample rate must be positive and finite, was " + sampleRate);
        }
        boolean lowOk = bandpass ? lowHz > 0 : lowHz == 0;
        if (!lowOk || !(highHz > lowHz) || !(highHz < sampleRate / 2)) {
            throw new IllegalArgumentException((bandpass ? "the band must satisfy 0 < low < high < rate / 2, was ["
                    + lowHz + ", " + highHz + "] Hz" : "the cutoff must be in (0, rate / 2), was " + highHz + " Hz")
                    + " at " + sampleRate + " Hz");
        }
    }
}
