package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FirstArrivalsTest {
    private static final double RATE = 48_000;
    private static final int N = 8192;
    private static final int FRAME = 256;
    private static final int ONSET = 2400;
    private static final int BINS_FROM = (int) Math.ceil(2_000.0 * FRAME / RATE);
    private static final int BINS = (int) Math.floor(8_000.0 * FRAME / RATE) - BINS_FROM + 1;

    /**
     * Four channels, mic after mic: a 5.5-3.5 kHz downsweep of 50 ms from {@code direct} degrees at
     * {@link #ONSET}, the same sweep {@code delayMs} later from {@code echo} degrees, {@code gain} times as
     * loud (a reflection a long window cannot tell from the call), and white noise.
     */
    private static float[] recording(double direct, double echo, double delayMs, double gain) {
        float[] x = new float[4 * N];
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) (0.003 * random.nextGaussian());
        }
        add(x, direct, 0, 1);
        add(x, echo, delayMs * 1e-3 * RATE, gain);
        return x;
    }

    private static void add(float[] x, double azimuth, double delay, double gain) {
        double u = Math.toRadians(azimuth);
        double length = 0.05 * RATE;
        for (int m = 0; m < 4; m++) {
            double tau = (SteeredResponseTest.MX[m] * Math.cos(u) + SteeredResponseTest.MY[m] * Math.sin(u)) / 343;
            for (int i = 0; i < N; i++) {
                double t = i - ONSET - delay + tau * RATE;
                if (t < 0 || t >= length) {
                    continue;
                }
                double s = t / RATE;
                double phase = 2 * Math.PI * (5_500 * s - 0.5 * 2_000 / 0.05 * s * s);
                x[m * N + i] += (float) (0.1 * gain * Math.sin(Math.PI * t / length) * Math.sin(phase));
            }
        }
    }

    private static double firstArrivalAzimuth(float[] x, int noiseEnd) {
        float[] window = new float[FRAME];
        DoaWindow.fill(window, FRAME, 0, 0);
        float[] bandRe = new float[MarmotDoa.LAYERS * 4 * BINS];
        float[] bandIm = new float[MarmotDoa.LAYERS * 4 * BINS];
        int kept = FirstArrivals.of(x, 4, N, N, FRAME, noiseEnd, 10, MarmotDoa.LAYERS, BINS_FROM, BINS, 1.0, window,
                new float[FRAME], new float[FRAME], new float[4 * BINS], new float[4 * BINS],
                new double[BINS * FirstArrivals.MAX_NOISE_FRAMES], new double[BINS], new int[BINS], bandRe, bandIm);
        if (kept < 0) {
            return Double.NaN;
        }
        double[] total = new double[360];
        double[] layer = new double[360];
        float[] re = new float[4 * BINS];
        float[] im = new float[4 * BINS];
        for (int l = 0; l < MarmotDoa.LAYERS; l++) {
            System.arraycopy(bandRe, l * 4 * BINS, re, 0, 4 * BINS);
            System.arraycopy(bandIm, l * 4 * BINS, im, 0, 4 * BINS);
            SteeredResponse.power(re, im, 4, BINS, BINS_FROM, FRAME, RATE, SteeredResponseTest.MX,
                    SteeredResponseTest.MY, 343, layer, new double[2 * BINS]);
            for (int a = 0; a < 360; a++) {
                total[a] += layer[a];
            }
        }
        return SteeredResponse.peakAzimuth(total);
    }

    private static double wholeSpanAzimuth(float[] x) {
        float[] window = new float[N];
        DoaWindow.fill(window, N, 0, 0);
        int first = (int) Math.ceil(2_000.0 * N / RATE);
        int bins = (int) Math.floor(8_000.0 * N / RATE) - first + 1;
        float[] bandRe = new float[4 * bins];
        float[] bandIm = new float[4 * bins];
        for (int m = 0; m < 4; m++) {
            float[] re = new float[N];
            System.arraycopy(x, m * N, re, 0, N);
            WhitenedBand.of(re, new float[N], N, N, window, first, bins, 1.0, bandRe, bandIm, m * bins);
        }
        double[] j = new double[360];
        SteeredResponse.power(bandRe, bandIm, 4, bins, first, N, RATE, SteeredResponseTest.MX, SteeredResponseTest.MY,
                343, j, new double[2 * bins]);
        return SteeredResponse.peakAzimuth(j);
    }

    @Test
    void theDirectSoundWinsOverALouderLaterReflection() {
        float[] x = recording(30, 200, 8, 1.5);
        assertTrue(Angles.difference(wholeSpanAzimuth(x), 30) > 10,
                "the whole span's spectrum follows the reflection: " + wholeSpanAzimuth(x));
        assertEquals(0, Angles.difference(firstArrivalAzimuth(x, ONSET / 2), 30), 2.0);
    }

    @Test
    void everyDirectionIsFoundWithoutAReflection() {
        for (double az = 3.5; az < 360; az += 41.7) {
            assertEquals(0, Angles.difference(firstArrivalAzimuth(recording(az, 0, 0, 0), ONSET / 2), az), 2.0,
                    "at " + az);
        }
    }

    @Test
    void tooShortALeadForANoiseFloorIsSaid() {
        assertTrue(Double.isNaN(firstArrivalAzimuth(recording(30, 0, 0, 0), FRAME + FRAME / 8)));
    }

    @Test
    void noiseAloneStartsAlmostNoBin() {
        float[] x = new float[4 * N];
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) (0.003 * random.nextGaussian());
        }
        float[] window = new float[FRAME];
        DoaWindow.fill(window, FRAME, 0, 0);
        int kept = FirstArrivals.of(x, 4, N, N, FRAME, ONSET / 2, 10, MarmotDoa.LAYERS, BINS_FROM, BINS, 1.0, window,
                new float[FRAME], new float[FRAME], new float[4 * BINS], new float[4 * BINS],
                new double[BINS * FirstArrivals.MAX_NOISE_FRAMES], new double[BINS], new int[BINS],
                new float[MarmotDoa.LAYERS * 4 * BINS], new float[MarmotDoa.LAYERS * 4 * BINS]);
        assertTrue(kept < MarmotDoa.MIN_ENTRIES, kept + " entries from noise 10 dB above its own floor");
    }
}
