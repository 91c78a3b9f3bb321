package org.streamflex.bench.xstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResamplerTest {
    @ParameterizedTest
    @ValueSource(doubles = {50, 1_000, 7_300, 15_000, 18_000})
    void aToneInThePassBandComesOutAtTheSameAmplitudeAndPhase(double hertz) {
        // The pass band ends near 18 kHz: the cut-off is at 20.9 kHz, and the window's transition is about 4 kHz wide.
        float[] in = new float[44_100];
        for (int i = 0; i < in.length; i++) {
            in[i] = (float) (0.5 * Math.sin(2 * Math.PI * hertz * i / 44_100));
        }
        float[] out = Resampler.of(44_100, 48_000).resample(in);
        assertEquals(48_000, out.length);
        double worst = 0;
        for (int m = 100; m < out.length - 100; m++) { // the ends see the zeros outside the input
            double expected = 0.5 * Math.sin(2 * Math.PI * hertz * m / 48_000);
            worst = Math.max(worst, Math.abs(out[m] - expected));
        }
        assertTrue(worst < 2e-4, hertz + " Hz: off by " + worst);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 147, 396_900})
    void theOutputSpansTheSameTime(int samples) {
        assertEquals(samples * 160L / 147, Resampler.of(44_100, 48_000).resample(new float[samples]).length);
    }

    @ParameterizedTest
    @ValueSource(ints = {44_100, 48_000})
    void aConstantStaysConstant(int toRate) {
        float[] in = new float[4_000];
        Arrays.fill(in, 0.25f);
        float[] out = Resampler.of(44_100, toRate).resample(in);
        for (int m = 50; m < out.length - 50; m++) {
            assertEquals(0.25, out[m], 1e-6, "sample " + m);
        }
    }
}
