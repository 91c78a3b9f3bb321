package org.streamflex.dsp.spectrum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streamflex.dsp.HeapBytes;

class ComplexFftTest {
    private static float[] noise(int n, long seed) {
        Random random = new Random(seed);
        float[] z = new float[2 * n];
        for (int i = 0; i < z.length; i++) {
            z[i] = random.nextFloat() * 2 - 1;
        }
        return z;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8, 32, 100, 101, 127, 256, 398, 1000, 1009, 4096})
    void forwardIsTheUnscaledDft(int n) {
        float[] z = noise(n, n);
        ComplexFft fft = new ComplexFft(n);
        float[] out = new float[2 * n];
        fft.forward(z, 0, out, 0);
        double[] reference = NaiveDft.ofComplex(z);
        double tolerance = NaiveDft.fftTolerance(n) * NaiveDft.norm(z);
        for (int k = 0; k < n; k++) {
            double error = Math.hypot(out[2 * k] - reference[2 * k], out[2 * k + 1] - reference[2 * k + 1]);
            assertTrue(error <= tolerance, "n=" + n + " bin " + k + ": error " + error + " > " + tolerance);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8, 32, 100, 101, 127, 256, 398, 1000, 1009, 4096})
    void inverseIsTheInverseDftScaledByOneOverN(int n) {
        float[] spectrum = noise(n, 2L * n);
        ComplexFft fft = new ComplexFft(n);
        float[] out = new float[2 * n];
        fft.inverse(spectrum, 0, out, 0);
        double[] full = new double[2 * n];
        for (int i = 0; i < full.length; i++) {
            full[i] = spectrum[i];
        }
        double[] reference = NaiveDft.inverse(full);
        double tolerance = NaiveDft.fftTolerance(n) * NaiveDft.norm(spectrum) / Math.sqrt(n);
        for (int i = 0; i < 2 * n; i++) {
            assertEquals(reference[i], out[i], tolerance, "n=" + n + " float " + i);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 8, 100, 1009, 4096})
    void inverseOfForwardIsIdentityInPlace(int n) {
        float[] z = noise(n, 5);
        float[] buffer = z.clone();
        ComplexFft fft = new ComplexFft(n);
        fft.forward(buffer, 0, buffer, 0);
        fft.inverse(buffer, 0, buffer, 0);
        double tolerance = NaiveDft.fftTolerance(n) * NaiveDft.peak(z);
        for (int i = 0; i < 2 * n; i++) {
            assertEquals(z[i], buffer[i], tolerance, "n=" + n + " float " + i);
        }
    }

    @Test
    void theFirstHalfOfTheSpectrumOfARealInputIsWhatRealFftWrites() {
        int n = 100;
        float[] x = new float[n];
        float[] z = new float[2 * n];
        Random random = new Random(3);
        for (int j = 0; j < n; j++) {
            x[j] = random.nextFloat();
            z[2 * j] = x[j];
        }
        float[] complex = new float[2 * n];
        new ComplexFft(n).forward(z, 0, complex, 0);
        RealFft real = new RealFft(n);
        float[] bins = new float[2 * real.bins()];
        real.forward(x, 0, bins, 0);
        for (int i = 0; i < bins.length; i++) {
            assertEquals(complex[i], bins[i], 1e-4, "float " + i);
        }
    }

    @Test
    void offsetsSelectTheRanges() {
        int n = 8;
        float[] z = noise(n, 1);
        float[] in = new float[2 * n + 3];
        System.arraycopy(z, 0, in, 3, 2 * n);
        float[] out = new float[2 * n + 5];
        ComplexFft fft = new ComplexFft(n);
        fft.forward(in, 3, out, 5);
        float[] plain = new float[2 * n];
        fft.forward(z, 0, plain, 0);
        for (int i = 0; i < 5; i++) {
            assertEquals(0f, out[i]);
        }
        for (int i = 0; i < 2 * n; i++) {
            assertEquals(plain[i], out[5 + i]);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> fft.forward(in, 4, out, 5));
        assertThrows(IllegalArgumentException.class, () -> new ComplexFft(0));
    }

    @Test
    void powersOfTwoAllocateNothingPerCallAndOtherSizesDo() {
        ComplexFft pow2 = new ComplexFft(4096);
        float[] z = noise(4096, 1);
        Runnable calls = () -> {
            for (int i = 0; i < 20; i++) {
                pow2.forward(z, 0, z, 0);
                pow2.inverse(z, 0, z, 0);
            }
        };
        calls.run();
        assertTrue(pow2.allocationFree());
        assertEquals(0, HeapBytes.steadyState(calls));

        ComplexFft mixed = new ComplexFft(1000);
        float[] w = noise(1000, 1);
        mixed.forward(w, 0, w, 0);
        assertFalse(mixed.allocationFree());
        long bytes = HeapBytes.of(() -> mixed.forward(w, 0, w, 0));
        assertTrue(bytes >= 8 * 1000, "cfftf allocates float[2n] per call: " + bytes);
    }
}
