package org.streamflex.dsp.spectrum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streamflex.dsp.HeapBytes;

class RealFftTest {
    private static float[] noise(int n, long seed) {
        Random random = new Random(seed);
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextFloat() * 2 - 1;
        }
        return x;
    }

    /** The packed transform is forward()'s floats, bit for bit, where JTransforms packs them, at an offset. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8, 32, 101, 256})
    void forwardPackedHoldsForwardsBinsBitForBitInThePackedLayout(int n) {
        float[] x = noise(n, 7L * n);
        RealFft fft = new RealFft(n);
        float[] out = new float[2 * fft.bins()];
        fft.forward(x, 0, out, 0);
        float[] packed = new float[n + 4];
        Arrays.fill(packed, 42f);
        System.arraycopy(x, 0, packed, 3, n);
        fft.forwardPacked(packed, 3);

        assertEquals(out[0], packed[3], "Re X[0]");
        if (n > 1) {
            assertEquals(out[n], packed[4], n % 2 == 0 ? "Re X[n/2]" : "Im X[(n-1)/2]");
        }
        for (int k = 1; 2 * k + 1 < n; k++) {
            assertEquals(out[2 * k], packed[3 + 2 * k], "Re X[" + k + "]");
            assertEquals(out[2 * k + 1], packed[4 + 2 * k], "Im X[" + k + "]");
        }
        if (n % 2 == 1 && n > 1) {
            assertEquals(out[n - 1], packed[3 + n - 1], "Re X[(n-1)/2]");
        }
        assertEquals(42f, packed[2], "nothing before the range");
        assertEquals(42f, packed[3 + n], "nothing after it");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8, 32, 100, 101, 127, 256, 398, 1000, 1009, 4096})
    void forwardIsTheUnscaledDftOfTheFirstHalfOfTheBins(int n) {
        float[] x = noise(n, n);
        RealFft fft = new RealFft(n);
        float[] out = new float[2 * fft.bins()];
        fft.forward(x, 0, out, 0);

        double[] reference = NaiveDft.ofReal(x);
        double tolerance = NaiveDft.fftTolerance(n) * NaiveDft.norm(x);
        assertEquals(n / 2 + 1, fft.bins());
        for (int k = 0; k < fft.bins(); k++) {
            double error = Math.hypot(out[2 * k] - reference[2 * k], out[2 * k + 1] - reference[2 * k + 1]);
            assertTrue(error <= tolerance, "n=" + n + " bin " + k + ": error " + error + " > " + tolerance);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 8, 32, 100, 256, 1000, 4096})
    void dcAndNyquistOfEvenSizesHaveZeroImaginaryParts(int n) {
        float[] x = noise(n, 7);
        RealFft fft = new RealFft(n);
        float[] out = new float[n + 2];
        Arrays.fill(out, Float.NaN);
        fft.forward(x, 0, out, 0);
        assertEquals(0f, out[1]);
        assertEquals(0f, out[n + 1]);
        double alternating = 0;
        for (int j = 0; j < n; j++) {
            alternating += (j % 2 == 0 ? 1.0 : -1.0) * x[j];
        }
        assertEquals(alternating, out[n], NaiveDft.fftTolerance(n) * NaiveDft.norm(x), "Re X[n/2]");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 5, 1009})
    void oddSizesHaveNoNyquistBinAndAnImaginaryTopBin(int n) {
        float[] x = noise(n, 11);
        RealFft fft = new RealFft(n);
        assertEquals((n + 1) / 2, fft.bins());
        float[] out = new float[n + 1 + 3];
        Arrays.fill(out, 42f);
        fft.forward(x, 0, out, 0);
        for (int i = n + 1; i < out.length; i++) {
            assertEquals(42f, out[i], "nothing written past the " + (n + 1) + " floats of odd n = " + n);
        }
        double[] reference = NaiveDft.ofReal(x);
        int top = (n - 1) / 2;
        double tolerance = NaiveDft.fftTolerance(n) * NaiveDft.norm(x);
        assertEquals(reference[2 * top + 1], out[2 * top + 1], tolerance, "Im of the top bin " + top);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 5, 101, 1009})
    void inverseOfForwardIsIdentityForOddSizes(int n) {
        assertRoundTrip(n);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 8, 32, 100, 256, 398, 1000, 4096})
    void inverseOfForwardIsIdentityForEvenSizes(int n) {
        assertRoundTrip(n);
    }

    private static void assertRoundTrip(int n) {
        float[] x = noise(n, 3L * n);
        RealFft fft = new RealFft(n);
        float[] bins = new float[2 * fft.bins()];
        float[] back = new float[n];
        fft.forward(x, 0, bins, 0);
        fft.inverse(bins, 0, back, 0);
        double tolerance = NaiveDft.fftTolerance(n) * NaiveDft.peak(x);
        for (int i = 0; i < n; i++) {
            assertEquals(x[i], back[i], tolerance, "n=" + n + " sample " + i);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 8, 100, 1009, 4096})
    void inverseIsTheScaledInverseDftOfTheHermitianExtension(int n) {
        RealFft fft = new RealFft(n);
        Random random = new Random(n);
        float[] bins = new float[2 * fft.bins()];
        for (int i = 0; i < bins.length; i++) {
            bins[i] = random.nextFloat() * 2 - 1;
        }
        double[] full = new double[2 * n];
        for (int k = 0; k < fft.bins(); k++) {
            boolean real = k == 0 || 2 * k == n;
            full[2 * k] = bins[2 * k];
            full[2 * k + 1] = real ? 0 : bins[2 * k + 1];
            if (k > 0 && 2 * k != n) {
                full[2 * (n - k)] = bins[2 * k];
                full[2 * (n - k) + 1] = -bins[2 * k + 1];
            }
        }
        double[] reference = NaiveDft.inverse(full);
        float[] out = new float[n];
        fft.inverse(bins, 0, out, 0);
        double tolerance = NaiveDft.fftTolerance(n) * NaiveDft.norm(bins) / Math.sqrt(n);
        for (int j = 0; j < n; j++) {
            assertEquals(reference[2 * j], out[j], tolerance, "n=" + n + " sample " + j);
        }
    }

    @Test
    void aCosineAtABinFrequencyLandsInThatBinAndItsMirrorOnly() {
        int n = 64;
        int bin = 5;
        float[] x = new float[n];
        for (int j = 0; j < n; j++) {
            x[j] = (float) (3 * Math.cos(2 * Math.PI * bin * j / n + 0.25));
        }
        RealFft fft = new RealFft(n);
        float[] out = new float[n + 2];
        fft.forward(x, 0, out, 0);
        // 3 cos(w j + p) = 1.5 e^{ip} e^{iwj} + c.c., so X[bin] = 1.5 n e^{ip}.
        assertEquals(1.5 * n * Math.cos(0.25), out[2 * bin], 1e-4);
        assertEquals(1.5 * n * Math.sin(0.25), out[2 * bin + 1], 1e-4);
        for (int k = 0; k <= n / 2; k++) {
            if (k != bin) {
                assertEquals(0, Math.hypot(out[2 * k], out[2 * k + 1]), 1e-4, "bin " + k);
            }
        }
    }

    @Test
    void offsetsSelectTheRangesAndNothingAroundThemIsTouched() {
        int n = 16;
        float[] x = noise(n, 5);
        float[] in = new float[n + 7];
        System.arraycopy(x, 0, in, 3, n);
        float[] out = new float[n + 2 + 9];
        Arrays.fill(out, 42f);
        RealFft fft = new RealFft(n);
        fft.forward(in, 3, out, 4);
        float[] plain = new float[n + 2];
        fft.forward(x, 0, plain, 0);
        for (int i = 0; i < out.length; i++) {
            boolean inside = i >= 4 && i < 4 + n + 2;
            assertEquals(inside ? plain[i - 4] : 42f, out[i], "out[" + i + "]");
        }
        float[] samples = new float[n + 5];
        Arrays.fill(samples, 42f);
        fft.inverse(out, 4, samples, 2);
        for (int i = 0; i < samples.length; i++) {
            boolean inside = i >= 2 && i < 2 + n;
            assertEquals(inside ? x[i - 2] : 42f, samples[i], 1e-6, "samples[" + i + "]");
        }
    }

    @Test
    void theInputMayBeTheOutputArray() {
        int n = 32;
        float[] x = noise(n, 9);
        float[] buffer = new float[n + 2];
        System.arraycopy(x, 0, buffer, 0, n);
        RealFft fft = new RealFft(n);
        fft.forward(buffer, 0, buffer, 0);
        fft.inverse(buffer, 0, buffer, 0);
        for (int i = 0; i < n; i++) {
            assertEquals(x[i], buffer[i], 1e-6);
        }
    }

    @Test
    void badSizesAndRangesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RealFft(0));
        RealFft fft = new RealFft(8);
        assertThrows(IndexOutOfBoundsException.class, () -> fft.forward(new float[7], 0, new float[10], 0));
        assertThrows(IndexOutOfBoundsException.class, () -> fft.forward(new float[8], 0, new float[9], 0));
        assertThrows(IndexOutOfBoundsException.class, () -> fft.inverse(new float[10], 1, new float[8], 0));
    }

    @Test
    void powersOfTwoAllocateNothingPerCall() {
        for (int n : new int[] {2, 1024, 65536}) {
            RealFft fft = new RealFft(n);
            assertTrue(fft.allocationFree());
            float[] x = noise(n, 1);
            float[] bins = new float[n + 2];
            Runnable calls = () -> {
                for (int i = 0; i < 20; i++) {
                    fft.forward(x, 0, bins, 0);
                    fft.inverse(bins, 0, x, 0);
                }
            };
            calls.run();
            assertEquals(0, HeapBytes.steadyState(calls), "n=" + n);
        }
    }

    @Test
    void otherSizesAllocateInsideJTransformsOnEveryCall() {
        // Mixed radix (48000 = 2^7 3 5^3): rfftf and rfftb each allocate float[n].
        // Bluestein (1009 is prime): each call allocates float[2 * nextPow2(2n - 1)] = float[4096].
        int[][] sizeAndLeastBytesPerCall = {{48_000, 4 * 48_000}, {1009, 4 * 4096}, {100, 4 * 100}};
        for (int[] c : sizeAndLeastBytesPerCall) {
            int n = c[0];
            RealFft fft = new RealFft(n);
            assertFalse(fft.allocationFree(), "n=" + n);
            float[] x = noise(n, 1);
            float[] bins = new float[n + 2];
            fft.forward(x, 0, bins, 0);
            long bytes = HeapBytes.of(() -> {
                for (int i = 0; i < 10; i++) {
                    fft.forward(x, 0, bins, 0);
                }
            });
            assertTrue(bytes >= 10L * c[1], "n=" + n + ": " + bytes + " bytes in 10 calls");
        }
    }
}
