package org.streamflex.dsp.spectrum;

/**
 * WaveScript's {@code bandpass(n, LO, HI, s)} in one filter: each window filtered in the frequency
 * domain, block by block of {@code n} samples, keeping the bins whose frequency is in
 * {@code [lowHz, highHz]} ({@link SpectralMask}'s rule, for the rate of the window's timebase) and
 * zeroing the rest. The output window has the input's timebase, start and length. It computes,
 * bit for bit, what {@code Fft -> BandMask -> Ifft} computes on windows of {@code n} samples, and
 * what {@link SpectralMask#apply} computes on each block, without the two intermediate spectra.
 *
 * <pre>{@code
 * Bandpass band = makeFilter(Bandpass.class);
 * band.configure(32, 2000, 6000);                     // bandpass(32, 2000, 6000, s)
 * connect(source, "out", band, "in", 16);
 * }</pre>
 *
 * <p><b>Windows of any length.</b> A window is cut into blocks of {@code n} from its first sample,
 * as WaveScript's block filter does, with no overlap between blocks; a last block shorter than
 * {@code n} is zero-padded for its transform, only its own samples are kept, and it is counted in
 * the event {@code padded-block}. Blocks are independent: a tone between bin frequencies leaks into
 * neighbouring bins, and block edges are not smoothed.
 *
 * <p><b>Heap.</b> Nothing per window for a power-of-two {@code n}; other sizes allocate inside
 * JTransforms on every block. Until configured: blocks of {@link Fft#DEFAULT_SIZE}, every bin kept.
 */
public final class Bandpass extends MaskedBlocks {
    /** Blocks of {@link Fft#DEFAULT_SIZE} keeping every bin until configured. */
    public Bandpass() {
        setBlocks(Fft.DEFAULT_SIZE, 0, Double.POSITIVE_INFINITY);
    }

    /**
     * Sets the block size and the band. Call it while the graph is built, before it runs.
     *
     * @param n the block size, at least 1 (WaveScript's window size, 32 in marmot); a power of two
     *     allocates nothing per window
     * @param lowHz the lowest frequency kept, from 0 (0 keeps DC)
     * @param highHz the highest frequency kept, at least {@code lowHz}; half the rate or more keeps
     *     the Nyquist bin
     * @throws IllegalArgumentException if {@code n < 1} or not {@code 0 <= lowHz <= highHz}
     */
    public void configure(int n, double lowHz, double highHz) {
        if (n < 1) {
            throw new IllegalArgumentException("Bandpass: the block size must be at least 1, was " + n);
        }
        BinBand.check("Bandpass", lowHz, highHz);
        setBlocks(n, lowHz, highHz);
    }
}
