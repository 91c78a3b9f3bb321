package org.streamflex.dsp.spectrum;

import java.util.Objects;

/**
 * The gain of a time-domain (FIR) filter per frequency and per FFT bin, for comparing it with a
 * {@link SpectralMask} (whose gains per bin {@link SpectralMask#gains} reports) or checking a design.
 * The gain at frequency {@code f} of taps {@code h[0 .. m-1]} at rate {@code fs} is
 * {@code |H(f)| = |sum_k h[k] exp(-2 pi i k f / fs)|}, computed in double with exact twiddles (one
 * {@code cos} and {@code sin} per tap), so it is accurate to about {@code 1e-15 * sum |h[k]|}.
 *
 * <p>{@code O(m)} per frequency and allocation-free, but meant for set-up and analysis rather than
 * for every {@code work()}.
 *
 * <pre>{@code
 * float[] taps = FirDesign.lowpass(101, 1000, 8000);
 * double atCutoff = FrequencyResponse.firGain(taps, 0, taps.length, 1000, 8000);   // about 0.5 (-6 dB)
 * float[] perBin = new float[33];
 * FrequencyResponse.firGains(taps, 0, taps.length, 64, perBin, 0);                 // bins of a 64-point FFT
 * }</pre>
 */
public final class FrequencyResponse {
    private FrequencyResponse() {
    }

    /**
     * The gain {@code |H(f)|} of the taps {@code taps[off .. off + len)} at {@code frequencyHz}.
     *
     * @param taps the filter's taps, {@code h[0]} first
     * @param off the index of {@code h[0]}
     * @param len the number of taps
     * @param frequencyHz the frequency
     * @param sampleRate the sample rate, in the same unit
     * @throws IndexOutOfBoundsException if the range does not fit the array
     */
    public static double firGain(float[] taps, int off, int len, double frequencyHz, double sampleRate) {
        Objects.checkFromIndexSize(off, len, taps.length);
        return gainAt(taps, off, len, frequencyHz / sampleRate);
    }

    /**
     * The gains of the taps at the {@code n / 2 + 1} bin frequencies {@code k / n} (in cycles per
     * sample) of an {@code n}-point FFT, into {@code gains[gainsOff ..]}.
     *
     * @param taps the filter's taps, {@code h[0]} first
     * @param off the index of {@code h[0]}
     * @param len the number of taps
     * @param n the FFT size whose bins are meant
     * @param gains where the {@code n / 2 + 1} gains go
     * @param gainsOff the index of bin 0's gain
     * @throws IndexOutOfBoundsException if a range does not fit its array
     * @throws IllegalArgumentException if {@code n < 1}
     */
    public static void firGains(float[] taps, int off, int len, int n, float[] gains, int gainsOff) {
        if (n < 1) {
            throw new IllegalArgumentException("an FFT size is at least 1, was " + n);
        }
        Objects.checkFromIndexSize(off, len, taps.length);
        Objects.checkFromIndexSize(gainsOff, n / 2 + 1, gains.length);
        for (int k = 0; k <= n / 2; k++) {
            gains[gainsOff + k] = (float) gainAt(taps, off, len, (double) k / n);
        }
    }

    private static double gainAt(float[] taps, int off, int len, double cyclesPerSample) {
        double re = 0;
        double im = 0;
        for (int k = 0; k < len; k++) {
            // The phase is reduced before scaling so that long filters keep exact twiddles.
            double turns = (k * cyclesPerSample) % 1.0;
            double angle = 2 * Math.PI * turns;
            re += taps[off + k] * Math.cos(angle);
            im -= taps[off + k] * Math.sin(angle);
        }
        return Math.sqrt(re * re + im * im);
    }
}
