package org.streamflex.samples.marmot;

/**
 * The direction-of-arrival input that holds up in reverberant rooms: for each in-band frequency, the
 * short-time spectra of the first frames in which that frequency rises above its noise floor.
 *
 * <p>Why: in a room every frequency of a call reaches the array first along the direct path and a
 * few milliseconds later along each wall's reflection, which then add to it coherently for as long
 * as the frequency lasts. A long window's spectrum (or any window the detector's onset places a
 * few milliseconds late: on pyroomacoustics rooms the detection starts 5 to 17 ms after the direct
 * sound) mixes the two, and at RT60 0.6 s and more a strong reflection can win. A frame of about 5
 * ms taken where a frequency first appears holds its direct sound and little else (the
 * precedence effect, per frequency: a sweep's frequencies each have their own onset). On six
 * pyroomacoustics rooms (RT60 0.6 to 1.0 s) this took the largest azimuth error from 62 to 91
 * degrees to under 1.5 (README, "Reverberant rooms").
 *
 * <p>How: frames of {@code frame} samples (a power of two) every {@code frame / 4}, Hann-weighted,
 * two channels per complex FFT. The frames that lie wholly before {@code noiseEnd} give each bin's
 * noise floor (the median of the power summed over the microphones); after them, a bin's first
 * frame whose power exceeds the floor by {@code ratio} starts it, and that frame and the next
 * {@code layers - 1} are kept, whitened by {@code |X|^-whitening} per microphone, in layer after
 * layer. A bin that never rises is left zero. Static and allocation-free: the sample's
 * arithmetic, shared by {@link MarmotDoa} and the benchmarks' plain-Java DOA.
 *
 * <pre>{@code
 * int kept = FirstArrivals.of(samples, 4, stride, n, 256, 1200, 10, 2, firstBin, bins, 1.0, window,
 *         re, im, frameRe, frameIm, noise, floor, start, bandRe, bandIm);
 * // layer l of microphone m, bin j: bandRe[(l * 4 + m) * bins + j]
 * }</pre>
 */
public final class FirstArrivals {
    /** Frames start every {@code frame / HOP_DIVISOR} samples. */
    public static final int HOP_DIVISOR = 4;
    /** The most frames that estimate the noise floor: the first ones, the farthest from the call. */
    public static final int MAX_NOISE_FRAMES = 64;
    /** The fewest noise frames whose median is a floor worth comparing against. */
    public static final int MIN_NOISE_FRAMES = 3;

    private FirstArrivals() {
    }

    /**
     * The shortest frame, in multiples of the time sound takes to cross the array (its widest pair
     * of microphones over {@code c}). A frequency's first frame is taken where its power, summed
     * over the microphones, first rises; if the sound reaches the far microphones only late in that
     * frame, their bins hold noise, whose phases whitening weighs as much as the call's, and a sweep
     * has moved on to other bins by the next frame. Measured on generated scenes (4 nodes, 8 calls,
     * 20 dB, 44.1 kHz) with square arrays: with 5 ms frames (256 samples), sides of 8 and 20 cm
     * (crossings of 0.33 and 0.82 ms, 17 and 7 in a frame) gave median errors of 0.1 degrees or
     * less; 30 cm (4.7 crossings a frame) had one detection 33 degrees off; 40 and 50 cm (3.5 and
     * 2.8) medians of 15 and 119 degrees. With 512 samples the 50 cm array (5.6 crossings) gave a
     * median of 0.02 and a largest error of 0.20 degrees.
     */
    public static final double MIN_CROSSINGS = 5.5;

    /**
     * The frame for an array: {@link #frameSamples(long, double)}, lengthened to the power of two of
     * at least {@link #MIN_CROSSINGS} times the sound's time across the array. An 8 cm array keeps
     * the 5 ms frame; on a wider one the frame grows, and a frame too long for the noise before the
     * call leaves the DOA to the whole span's spectrum.
     *
     * @param nanos the frame asked for ({@code --doa-frame-ms})
     * @param rate the recording's sample rate, Hz
     * @param xs the microphones' x in metres
     * @param ys their y
     * @param mics how many microphones {@code xs} and {@code ys} hold
     * @param speedOfSound metres per second
     * @return the frame's length in samples, a power of two
     */
    public static int frameSamples(long nanos, double rate, double[] xs, double[] ys, int mics, double speedOfSound) {
        double widest = 0;
        for (int a = 0; a < mics; a++) {
            for (int b = a + 1; b < mics; b++) {
                widest = Math.max(widest, Math.hypot(xs[a] - xs[b], ys[a] - ys[b]));
            }
        }
        int frame = frameSamples(nanos, rate);
        double least = Math.min(1 << 20, MIN_CROSSINGS * widest / speedOfSound * rate);
        while (frame < least) {
            frame <<= 1;
        }
        return frame;
    }

    /** The frame at {@code rate} for {@code nanos}: the power of two of samples nearest it (in ratio), 32 at least. */
    public static int frameSamples(long nanos, double rate) {
        double x = nanos * 1e-9 * rate;
        int p = Integer.highestOneBit((int) Math.max(1, Math.min(1 << 20, x)));
        return Math.max(32, x > 1.5 * p ? 2 * p : p);
    }

    /**
     * Selects the first arrivals; see the class comment.
     *
     * @param samples microphone {@code m}'s samples at {@code samples[m * stride + i]}, {@code i < n}
     * @param mics microphones
     * @param stride the distance between two microphones' samples
     * @param n samples per microphone
     * @param frame the frame's length, a power of two, at most {@code n}
     * @param noiseEnd samples before this index precede the call
     * @param ratio how many times its floor a bin's power must exceed to start it
     * @param layers frames kept per bin from its start
     * @param firstBin the frame FFT's index of the band's first bin (at least 1)
     * @param bins the band's bins ({@code firstBin + bins <= frame / 2})
     * @param whitening the exponent of the per-microphone whitening (0 none, 1 PHAT)
     * @param window the frame's taper, {@code frame} values
     * @param re scratch of {@code frame} floats
     * @param im scratch of {@code frame} floats
     * @param frameRe scratch of {@code mics * bins} floats
     * @param frameIm scratch of {@code mics * bins} floats
     * @param noise scratch of {@code bins * MAX_NOISE_FRAMES} doubles
     * @param floor scratch of {@code bins} doubles
     * @param start scratch of {@code bins} ints
     * @param bandRe out: {@code layers * mics * bins} floats, microphone {@code m}'s bin {@code j} of layer
     *     {@code l} at {@code (l * mics + m) * bins + j}
     * @param bandIm out, likewise
     * @return the (bin, layer) entries kept; -1 if fewer than {@link #MIN_NOISE_FRAMES} frames precede
     *     {@code noiseEnd}, so that there is no floor to measure against
     */
    public static int of(float[] samples, int mics, int stride, int n, int frame, int noiseEnd, double ratio,
            int layers, int firstBin, int bins, double whitening, float[] window, float[] re, float[] im,
            float[] frameRe, float[] frameIm, double[] noise, double[] floor, int[] start, float[] bandRe,
            float[] bandIm) {
        int hop = frame / HOP_DIVISOR;
        int noiseFrames = noiseEnd < frame ? 0 : Math.min(MAX_NOISE_FRAMES, (noiseEnd - frame) / hop + 1);
        if (noiseFrames < MIN_NOISE_FRAMES) {
            return -1;
        }
        int frames = n < frame ? 0 : (n - frame) / hop + 1;
        int size = layers * mics * bins;
        for (int i = 0; i < size; i++) {
            bandRe[i] = 0;
            bandIm[i] = 0;
        }
        for (int j = 0; j < bins; j++) {
            start[j] = -1;
        }
        int kept = 0;
        int open = bins;
        for (int f = 0; f < frames && (f < noiseFrames || open > 0); f++) {
            spectra(samples, mics, stride, f * hop, frame, firstBin, bins, window, re, im, frameRe, frameIm);
            if (f < noiseFrames) {
                for (int j = 0; j < bins; j++) {
                    noise[j * MAX_NOISE_FRAMES + f] = power(frameRe, frameIm, mics, bins, j);
                }
                if (f == noiseFrames - 1) {
                    for (int j = 0; j < bins; j++) {
                        floor[j] = ratio * median(noise, j * MAX_NOISE_FRAMES, noiseFrames);
                    }
                }
                continue;
            }
            for (int j = 0; j < bins; j++) {
                if (start[j] < 0 && power(frameRe, frameIm, mics, bins, j) > floor[j]) {
                    start[j] = f;
                }
                int layer = start[j] < 0 ? layers : f - start[j];
                if (layer >= layers) {
                    continue;
                }
                for (int m = 0; m < mics; m++) {
                    double r = frameRe[m * bins + j];
                    double q = frameIm[m * bins + j];
                    double magnitude = Math.sqrt(r * r + q * q);
                    double w = magnitude > 0 ? Math.pow(magnitude, -whitening) : 0;
                    bandRe[(layer * mics + m) * bins + j] = (float) (r * w);
                    bandIm[(layer * mics + m) * bins + j] = (float) (q * w);
                }
                kept++;
                if (layer == layers - 1) {
                    open--;
                }
            }
        }
        return kept;
    }

    /** Every microphone's band of the frame at {@code from}, two microphones per complex FFT. */
    private static void spectra(float[] samples, int mics, int stride, int from, int frame, int firstBin, int bins,
            float[] window, float[] re, float[] im, float[] frameRe, float[] frameIm) {
        for (int m = 0; m < mics; m += 2) {
            boolean pair = m + 1 < mics;
            int a = m * stride + from;
            int b = (m + 1) * stride + from;
            for (int i = 0; i < frame; i++) {
                re[i] = samples[a + i] * window[i];
                im[i] = pair ? samples[b + i] * window[i] : 0;
            }
            Radix2Fft.forward(re, im, frame);
            // Z = A + iB for real a, b: A[k] = (Z[k] + conj Z[N-k]) / 2, B[k] = (Z[k] - conj Z[N-k]) / 2i.
            for (int j = 0; j < bins; j++) {
                int k = firstBin + j;
                float zr = re[k];
                float zi = im[k];
                float wr = re[frame - k];
                float wi = im[frame - k];
                frameRe[m * bins + j] = 0.5f * (zr + wr);
                frameIm[m * bins + j] = 0.5f * (zi - wi);
                if (pair) {
                    frameRe[(m + 1) * bins + j] = 0.5f * (zi + wi);
                    frameIm[(m + 1) * bins + j] = 0.5f * (wr - zr);
                }
            }
        }
    }

    /** Bin {@code j}'s power summed over the microphones. */
    private static double power(float[] frameRe, float[] frameIm, int mics, int bins, int j) {
        double p = 0;
        for (int m = 0; m < mics; m++) {
            double r = frameRe[m * bins + j];
            double q = frameIm[m * bins + j];
            p += r * r + q * q;
        }
        return p;
    }

    /** The median of {@code values[from, from + count)}, which it sorts (insertion: a few dozen at most). */
    private static double median(double[] values, int from, int count) {
        for (int i = from + 1; i < from + count; i++) {
            double v = values[i];
            int k = i - 1;
            while (k >= from && values[k] > v) {
                values[k + 1] = values[k];
                k--;
            }
            values[k + 1] = v;
        }
        int mid = from + count / 2;
        return count % 2 == 1 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
    }
}
