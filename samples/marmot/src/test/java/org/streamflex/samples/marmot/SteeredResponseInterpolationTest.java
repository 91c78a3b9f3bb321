package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The steered response evaluated at a few azimuths and interpolated against every azimuth evaluated
 * directly, and the direct evaluation against the textbook sum: on the node's array and on arrays
 * and bands chosen to be hard.
 */
class SteeredResponseInterpolationTest {
    private static final double C = 343;

    /** In-band spectra: a plane wave from {@code azimuth} at {@code snr} (amplitude) over white noise. */
    private static final class Band {
        final float[] re;
        final float[] im;
        final int bins;
        final int firstBin;
        final int size;
        final double rate;

        Band(float[] re, float[] im, int bins, int firstBin, int size, double rate) {
            this.re = re;
            this.im = im;
            this.bins = bins;
            this.firstBin = firstBin;
            this.size = size;
            this.rate = rate;
        }

        static Band of(double[] xs, double[] ys, double rate, int size, double lowHz, double highHz, double azimuth,
                double snr, double gamma, long seed) {
            Random random = new Random(seed);
            int mics = xs.length;
            int first = Math.max(1, (int) Math.ceil(lowHz * size / rate));
            int bins = Math.min(size / 2 - 1, (int) Math.floor(highHz * size / rate)) - first + 1;
            float[] re = new float[mics * bins];
            float[] im = new float[mics * bins];
            double u = Math.toRadians(azimuth);
            for (int j = 0; j < bins; j++) {
                double f = (first + j) * rate / size;
                double source = random.nextDouble() * 2 * Math.PI;
                double amplitude = snr * (1 + 0.5 * Math.sin(j * 0.37));
                for (int m = 0; m < mics; m++) {
                    double tau = (xs[m] * Math.cos(u) + ys[m] * Math.sin(u)) / C;
                    double r = amplitude * Math.cos(source + 2 * Math.PI * f * tau) + random.nextGaussian();
                    double q = amplitude * Math.sin(source + 2 * Math.PI * f * tau) + random.nextGaussian();
                    double w = Math.pow(Math.hypot(r, q), -gamma);
                    re[m * bins + j] = (float) (r * w);
                    im[m * bins + j] = (float) (q * w);
                }
            }
            return new Band(re, im, bins, first, size, rate);
        }

        double energy() {
            double e = 0;
            for (int i = 0; i < re.length; i++) {
                e += (double) re[i] * re[i] + (double) im[i] * im[i];
            }
            return e;
        }

        double[] power(double[] xs, double[] ys) {
            double[] out = new double[360];
            SteeredResponse.power(re, im, xs.length, bins, firstBin, size, rate, xs, ys, C, out, new double[2 * bins]);
            return out;
        }

        double[] direct(double[] xs, double[] ys) {
            double[] out = new double[360];
            SteeredResponse.direct(re, im, xs.length, bins, firstBin, size, rate, xs, ys, C, out, 360,
                    new double[2 * bins]);
            return out;
        }

        /** The definition, each phasor from its own cos and sin. */
        double textbook(double[] xs, double[] ys, double theta) {
            double sum = 0;
            for (int j = 0; j < bins; j++) {
                double f = (firstBin + j) * rate / size;
                double sr = 0;
                double si = 0;
                for (int m = 0; m < xs.length; m++) {
                    double tau = (xs[m] * Math.cos(theta) + ys[m] * Math.sin(theta)) / C;
                    double pr = Math.cos(-2 * Math.PI * f * tau);
                    double pi = Math.sin(-2 * Math.PI * f * tau);
                    sr += re[m * bins + j] * pr - im[m * bins + j] * pi;
                    si += re[m * bins + j] * pi + im[m * bins + j] * pr;
                }
                sum += sr * sr + si * si;
            }
            return sum;
        }
    }

    private static final double[] NODE_X = {0.04, -0.04, -0.04, 0.04};
    private static final double[] NODE_Y = {0.04, 0.04, -0.04, -0.04};

    /** Interpolated within the documented bound of the direct values, and the same peak. */
    private static void assertInterpolationMatches(Band band, double[] xs, double[] ys, String what) {
        assertInterpolationMatches(band, xs, ys, what, true);
    }

    private static void assertInterpolationMatches(Band band, double[] xs, double[] ys, String what, boolean peak) {
        double[] interpolated = band.power(xs, ys);
        double[] direct = band.direct(xs, ys);
        double bound = SteeredResponse.TOLERANCE * band.energy();
        double max = 0;
        double worst = 0;
        for (int a = 0; a < 360; a++) {
            max = Math.max(max, direct[a]);
            worst = Math.max(worst, Math.abs(interpolated[a] - direct[a]));
        }
        // The bound plus the rounding of two evaluations of sums of about a thousand terms.
        assertTrue(worst <= bound + 1e-12 * max, what + ": off by " + worst + ", bound " + bound);
        assertTrue(worst / max < 1e-8, what + ": relative error " + worst / max);
        if (peak) {
            assertEquals(0, Angles.difference(SteeredResponse.peakAzimuth(interpolated),
                    SteeredResponse.peakAzimuth(direct)), 1e-5, what + ": peak azimuth");
        }
    }

    @Test
    void theNodeArrayIsInterpolatedFromFewAzimuthsWithinTheBound() {
        int h = AzimuthHarmonics.needed(NODE_X, NODE_Y, 4, 8_000, C, SteeredResponse.TOLERANCE, 180);
        assertTrue(h > 16 && 2 * h + 2 <= 90, "the 8 cm array at 8 kHz: " + h + " harmonics");
        for (double az = 3.3; az < 360; az += 47.1) {
            for (double gamma : new double[] {0, 1}) {
                Band band = Band.of(NODE_X, NODE_Y, 44_100, 8_192, 2_000, 8_000, az, 3, gamma, (long) az);
                assertInterpolationMatches(band, NODE_X, NODE_Y, "source at " + az + ", gamma " + gamma);
            }
        }
    }

    @Test
    void noiseAloneWithItsBroadAzimuthSpectrumIsInterpolatedWithinTheBound() {
        for (long seed = 1; seed <= 5; seed++) {
            Band band = Band.of(NODE_X, NODE_Y, 48_000, 4_096, 2_000, 8_000, 0, 0, 1, seed);
            assertInterpolationMatches(band, NODE_X, NODE_Y, "noise, seed " + seed);
        }
    }

    @Test
    void irregularArraysAndWideBandsAreInterpolatedWithinTheBound() {
        Random random = new Random(17);
        for (int trial = 0; trial < 6; trial++) {
            double side = 0.05 + 0.1 * trial; // up to 0.55 m: near where interpolation stops paying
            double[] xs = new double[4];
            double[] ys = new double[4];
            for (int m = 0; m < 4; m++) {
                // Off the origin: only the differences between microphones count.
                xs[m] = 1.5 + side * random.nextDouble();
                ys[m] = -0.7 + side * random.nextDouble();
            }
            double high = 4_000 + 4_000 * trial;
            Band band = Band.of(xs, ys, 48_000, 2_048, 500, Math.min(high, 23_000), 360 * random.nextDouble(), 2,
                    trial % 2, trial);
            assertInterpolationMatches(band, xs, ys, "array of " + side + " m to " + high + " Hz");
        }
    }

    @Test
    void aLargeArrayIsEvaluatedAtEveryAzimuth() {
        double[] xs = {0, 1.0, 0, -0.5};
        double[] ys = {0, 0, 1.0, 0.2};
        assertEquals(-1, AzimuthHarmonics.needed(xs, ys, 4, 8_000, C, SteeredResponse.TOLERANCE, 180));
        Band band = Band.of(xs, ys, 44_100, 1_024, 2_000, 8_000, 120, 2, 1, 5);
        assertArrayEquals(band.direct(xs, ys), band.power(xs, ys), "no interpolation: the same values, bit for bit");
    }

    @Test
    void microphonesAtOnePointNeedNoHarmonics() {
        double[] xs = {0.1, 0.1, 0.1, 0.1};
        double[] ys = {-0.2, -0.2, -0.2, -0.2};
        assertEquals(0, AzimuthHarmonics.needed(xs, ys, 4, 8_000, C, SteeredResponse.TOLERANCE, 180));
        Band band = Band.of(xs, ys, 44_100, 1_024, 2_000, 8_000, 0, 2, 1, 3);
        // Every direction alike: J is the same everywhere and its peak is rounding's choice.
        assertInterpolationMatches(band, xs, ys, "one point", false);
    }

    @Test
    void theDirectEvaluationMatchesTheDefinitionForAnyNumberOfMicrophones() {
        Random random = new Random(5);
        for (int mics = 1; mics <= 6; mics++) {
            double[] xs = new double[mics];
            double[] ys = new double[mics];
            for (int m = 0; m < mics; m++) {
                xs[m] = 0.2 * random.nextDouble() - 0.1;
                ys[m] = 0.2 * random.nextDouble() - 0.1;
            }
            Band band = Band.of(xs, ys, 44_100, 2_048, 2_000, 8_000, 77, 2, 1, mics);
            double[] direct = band.direct(xs, ys);
            double[] power = band.power(xs, ys);
            for (int a = 0; a < 360; a++) {
                double expected = band.textbook(xs, ys, 2 * Math.PI * a / 360);
                assertEquals(expected, direct[a], 1e-9 * expected, mics + " microphones, direct, azimuth " + a);
                assertEquals(expected, power[a], 1e-8 * expected, mics + " microphones, interpolated, azimuth " + a);
            }
        }
    }

    @Test
    void anOddNumberOfAzimuthsIsEvaluatedWithoutTheOppositePairs() {
        Band band = Band.of(NODE_X, NODE_Y, 44_100, 2_048, 2_000, 8_000, 200, 2, 1, 9);
        double[] out = new double[45];
        SteeredResponse.direct(band.re, band.im, 4, band.bins, band.firstBin, band.size, band.rate, NODE_X,
                NODE_Y, C, out, 45, new double[2 * band.bins]);
        for (int a = 0; a < 45; a++) {
            double expected = band.textbook(NODE_X, NODE_Y, 2 * Math.PI * a / 45);
            assertEquals(expected, out[a], 1e-9 * expected, "azimuth " + a + " of 45");
        }
    }
}
