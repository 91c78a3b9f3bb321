package org.streamflex.dsp.spectrum;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.ComplexSeg;
import org.streamflex.dsp.SegSizeException;

/**
 * The middle of WaveScript's frequency-domain bandpass, {@code fft -> mask -> ifft}: each spectrum
 * with the bins outside {@code [lowHz, highHz]} set to zero and the others unchanged. Bin
 * {@code k} has frequency {@code f_k = k * rate / fftSize}, the rate being the spectrum's timebase's,
 * and is kept iff {@code lowHz <= f_k <= highHz}, both edges inclusive: {@link SpectralMask}'s rule,
 * so {@code Fft -> BandMask -> Ifft} computes exactly what {@link Bandpass} and
 * {@link SpectralMask#apply} compute, bit for bit. In a full complex spectrum ({@link ComplexDft}'s,
 * {@code fftSize()} bins) bin {@code k > fftSize/2} is the negative frequency of bin
 * {@code fftSize - k} and is kept with it, so a real signal stays real.
 *
 * <pre>{@code
 * BandMask mask = makeFilter(BandMask.class);
 * mask.configure(1000, 2000);                          // Hz
 * connect(fft, "out", mask, "in", 16);
 * connect(mask, "out", ifft, "in", 16);
 * }</pre>
 *
 * <p>The output is a new spectrum with the input's timebase, start, length and {@code fftSize()}.
 * Its work array, of the spectrum's length, is allocated in {@code work()}, from the filter's
 * transient region (no heap; it counts against the region's size, 8 bytes per bin). Which bins are
 * kept is worked out again only when the rate or {@code fftSize()} changes. A spectrum with
 * {@code fftSize() == 0} is an error ({@link SegSizeException}).
 */
public final class BandMask extends Filter {
    private SharedChannel<ComplexSeg> in;
    private SharedChannel<ComplexSeg> out;

    private double lowHz;
    private double highHz = Double.POSITIVE_INFINITY;
    private double maskRate = Double.NaN;
    private int maskSize = -1;
    private int first;
    private int last;

    /**
     * Sets the band kept. Call it while the graph is built, before it runs; until then every bin is
     * kept.
     *
     * @param lowHz the lowest frequency kept, from 0 (0 keeps DC)
     * @param highHz the highest frequency kept, at least {@code lowHz}; half the rate or more keeps
     *     the Nyquist bin, and {@code Double.POSITIVE_INFINITY} every bin above {@code lowHz}
     * @throws IllegalArgumentException unless {@code 0 <= lowHz <= highHz}
     */
    public void configure(double lowHz, double highHz) {
        BinBand.check("BandMask", lowHz, highHz);
        this.lowHz = lowHz;
        this.highHz = highHz;
        this.maskSize = -1;
    }

    /** The lowest frequency kept, in hertz. */
    public double lowHz() {
        return lowHz;
    }

    /** The highest frequency kept, in hertz. */
    public double highHz() {
        return highHz;
    }

    @Override
    public void work() {
        ComplexSeg spectrum = in.take();
        int size = spectrum.fftSize();
        if (size < 1) {
            throw new SegSizeException("BandMask", spectrum.toString(), spectrum.length(), size, "a spectrum with"
                    + " fftSize 0 has no bin frequencies; make spectra with ComplexSeg.make(..., fftSize)");
        }
        double rate = spectrum.timebase().sampleRate();
        if (rate != maskRate || size != maskSize) {
            first = BinBand.first(size, rate, lowHz, highHz);
            last = BinBand.last(size, rate, lowHz, highHz);
            maskRate = rate;
            maskSize = size;
        }
        int bins = spectrum.length();
        float[] parts = new float[2 * bins];
        spectrum.copyTo(0, parts, 0, bins);
        int half = size / 2;
        for (int k = 0; k < bins; k++) {
            int folded = k <= half ? k : size - k;
            if (folded < first || folded > last) {
                parts[2 * k] = 0f;
                parts[2 * k + 1] = 0f;
            }
        }
        ComplexSeg masked = ComplexSeg.make(spectrum.timebase(), spectrum.start(), bins, size);
        masked.set(0, parts, 0, bins);
        out.put(masked);
    }
}
