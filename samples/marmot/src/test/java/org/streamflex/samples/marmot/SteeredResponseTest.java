package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SteeredResponseTest {
    static final double[] MX = {0.04, -0.04, -0.04, 0.04};
    static final double[] MY = {0.04, 0.04, -0.04, -0.04};

    /** The in-band spectra of a plane wave from {@code azimuth}: microphone m hears it tau_m earlier. */
    static double estimate(double azimuth, double gamma) {
        int n = 4096;
        double rate = 44_100;
        int first = 200;
        int bins = 400;
        float[] re = new float[4 * bins];
        float[] im = new float[4 * bins];
        double u = Math.toRadians(azimuth);
        for (int m = 0; m < 4; m++) {
            double tau = (MX[m] * Math.cos(u) + MY[m] * Math.sin(u)) / 343;
            for (int j = 0; j < bins; j++) {
                double f = (first + j) * rate / n;
                double amplitude = 1 + 0.5 * Math.sin(j * 0.37); // a coloured source spectrum
                double phase = 2 * Math.PI * f * tau + 0.1 * j * j;
                double w = Math.pow(amplitude, -gamma);
                re[m * bins + j] = (float) (w * amplitude * Math.cos(phase));
                im[m * bins + j] = (float) (w * amplitude * Math.sin(phase));
            }
        }
        double[] j = new double[360];
        SteeredResponse.power(re, im, 4, bins, first, n, rate, MX, MY, 343, j, new double[2 * bins]);
        return SteeredResponse.peakAzimuth(j);
    }

    @Test
    void aSourceOnThePlusXAxisOfTheNodeFrameIsAtAzimuthZero() {
        assertEquals(0, Angles.difference(estimate(0, 1), 0), 0.2);
        assertEquals(0, Angles.difference(estimate(90, 1), 90), 0.2, "counter-clockwise: +y is 90 degrees");
    }

    @Test
    void everyDirectionIsFoundWithAndWithoutWhitening() {
        for (double az = 0.5; az < 360; az += 23.3) {
            assertTrue(Angles.difference(estimate(az, 1), az) < 0.3, "PHAT at " + az);
            assertTrue(Angles.difference(estimate(az, 0), az) < 0.3, "AML at " + az);
        }
    }

    @Test
    void theFftMatchesTheDefinition() {
        int n = 64;
        float[] re = new float[n];
        float[] im = new float[n];
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = Math.sin(i * 0.7) + 0.3 * Math.cos(i * 2.1 + 1);
            re[i] = (float) x[i];
        }
        Radix2Fft.forward(re, im, n);
        for (int k = 0; k < n; k++) {
            double sr = 0;
            double si = 0;
            for (int i = 0; i < n; i++) {
                sr += x[i] * Math.cos(-2 * Math.PI * i * k / n);
                si += x[i] * Math.sin(-2 * Math.PI * i * k / n);
            }
            assertEquals(sr, re[k], 1e-4);
            assertEquals(si, im[k], 1e-4);
        }
    }
}
