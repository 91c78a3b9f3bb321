package org.streamflex.dsp.spectrum;

/**
 * Which of JTransforms 3.1's three algorithms serves a size, and so what a call costs on the heap.
 * {@code FloatFFT_1D} picks split-radix for powers of two; otherwise it divides out the factors 4,
 * 2, 3 and 5 and uses mixed-radix (FFTPACK) if the remainder is below 211, Bluestein (a chirp
 * convolution of power-of-two size {@code nextPow2(2n - 1)}) if not. {@code RealFftTest} and
 * {@code ComplexFftTest} measure the allocation with the thread's allocation counter.
 */
final class FftPlans {
    private FftPlans() {
    }

    /**
     * Whether JTransforms transforms {@code n} values without allocating: true for 1 and powers of
     * two (split-radix), false for every other size (mixed-radix allocates a work array of {@code n}
     * floats per real transform and of {@code 2n} floats per complex one; Bluestein one of
     * {@code 2 * nextPow2(2n - 1)} floats per call).
     */
    static boolean allocationFree(int n) {
        return Integer.bitCount(n) == 1;
    }
}
