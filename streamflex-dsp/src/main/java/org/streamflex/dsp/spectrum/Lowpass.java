package org.streamflex.dsp.spectrum;

/**
 * WaveScript's {@code lowpass}, "an fft, then the filter, and finally an ifft", in one filter: each
 * window filtered block by block of {@code n} samples, keeping the bins from DC to
 * {@code cutoffHz} inclusive ({@link SpectralMask}'s rule, band {@code [0, cutoffHz]}, for the rate
 * of the window's timebase). Everything else is as {@link Bandpass}: windows of any length, a short
 * last block zero-padded and counted ({@code padded-block}), bit for bit what
 * {@code Fft -> BandMask(0, cutoffHz) -> Ifft} computes.
 *
 * <pre>{@code
 * Lowpass low = makeFilter(Lowpass.class);
 * low.configure(64, 4000);                             // keep 0 .. 4000 Hz
 * }</pre>
 *
 * <p><b>Heap.</b> Nothing per window for a power-of-two {@code n}; other sizes allocate inside
 * JTransforms on every block. Until configured: blocks of {@link Fft#DEFAULT_SIZE}, every bin kept.
 */
public final class Lowpass extends MaskedBlocks {
    /** Blocks of {@link Fft#DEFAULT_SIZE} keeping every bin until configured. */
    public Lowpass() {
        setBlocks(Fft.DEFAULT_SIZE, 0, Double.POSITIVE_INFINITY);
    }

    /**
     * Sets the block size and the cutoff. Call it while the graph is built, before it runs.
     *
     * @param n the block size, at least 1; a power of two allocates nothing per window
     * @param cutoffHz the highest frequency kept, from 0 (0 keeps DC alone); half the rate or more
     *     keeps every bin
     * @throws IllegalArgumentException if {@code n < 1} or {@code cutoffHz} is negative or NaN
     */
    public void configure(int n, double cutoffHz) {
        if (n < 1) {
            throw new IllegalArgumentException("Lowpass: the block size must be at least 1, was " + n);
        }
        BinBand.check("Lowpass", 0, cutoffHz);
        setBlocks(n, 0, cutoffHz);
    }
}
