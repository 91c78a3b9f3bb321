package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DoaWindowTest {
    @Test
    void theOnsetWindowRisesToTheOnsetThenFallsByETimesPerTimeConstant() {
        float[] w = new float[1000];
        DoaWindow.fill(w, 1000, 100, 50);
        assertTrue(w[0] < 0.01, "starts near 0: " + w[0]);
        for (int i = 1; i < 100; i++) {
            assertTrue(w[i] > w[i - 1], "rises before the onset, at " + i);
        }
        assertEquals(1, w[100], 0);
        assertEquals(Math.exp(-1), w[150], 1e-6);
        assertEquals(Math.exp(-2), w[200], 1e-6);
        for (int i = 101; i < 1000; i++) {
            assertTrue(w[i] < w[i - 1], "falls after the onset, at " + i);
        }
    }

    @Test
    void noDecayIsAHannWindowOverTheWholeSpan() {
        float[] w = new float[64];
        DoaWindow.fill(w, 64, 10, 0);
        for (int i = 0; i < 32; i++) {
            assertEquals(w[i], w[63 - i], 1e-6, "symmetric at " + i);
        }
        assertTrue(w[31] > 0.99 && w[0] < 0.01, w[31] + " " + w[0]);
    }

    @Test
    void anOnsetAtTheStartDecaysFromTheFirstSample() {
        float[] w = new float[16];
        DoaWindow.fill(w, 10, 0, 5);
        assertEquals(1, w[0], 0);
        assertEquals(Math.exp(-1), w[5], 1e-6);
        assertEquals(0, w[10], 0, "nothing written past n");
    }
}
