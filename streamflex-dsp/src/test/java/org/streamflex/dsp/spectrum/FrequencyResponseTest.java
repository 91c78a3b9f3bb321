package org.streamflex.dsp.spectrum;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FrequencyResponseTest {
    /** A moving average of m taps has |H(f)| = |sin(pi f m) / (m sin(pi f))| (f in cycles per sample). */
    private static double movingAverageGain(int m, double f) {
        return f == 0 ? 1 : Math.abs(Math.sin(Math.PI * f * m) / (m * Math.sin(Math.PI * f)));
    }

    @Test
    void theGainOfAMovingAverageIsItsDirichletKernel() {
        float[] taps = {0.25f, 0.25f, 0.25f, 0.25f};
        for (double hz : new double[] {0, 100, 1000, 1999, 2000, 3000, 4000}) {
            assertEquals(movingAverageGain(4, hz / 8000), FrequencyResponse.firGain(taps, 0, 4, hz, 8000), 1e-12,
                    hz + " Hz");
        }
    }

    @Test
    void gainsPerBinAreTheGainsAtTheBinFrequencies() {
        float[] taps = new float[5 + 2];
        for (int k = 0; k < 5; k++) {
            taps[2 + k] = 0.2f;
        }
        float[] gains = new float[1 + 16 / 2 + 1];
        FrequencyResponse.firGains(taps, 2, 5, 16, gains, 1);
        assertEquals(0f, gains[0]);
        for (int k = 0; k <= 8; k++) {
            assertEquals(movingAverageGain(5, k / 16.0), gains[1 + k], 1e-6, "bin " + k);
        }
    }

    @Test
    void aDelayChangesNoGain() {
        float[] delay = new float[300];
        delay[299] = 1;
        for (double f : new double[] {0.01, 0.123, 0.377, 0.5}) {
            assertEquals(1.0, FrequencyResponse.firGain(delay, 0, 300, f, 1), 1e-12);
        }
    }
}
