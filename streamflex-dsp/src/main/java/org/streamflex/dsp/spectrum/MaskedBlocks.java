package org.streamflex.dsp.spectrum;

import java.util.Arrays;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Workspace;

/**
 * What {@link Bandpass} and {@link Lowpass} share: a time-domain window in, the same window
 * filtered block by block in the frequency domain out. Each block of {@code n} samples is
 * transformed ({@link RealFft}), the bins outside the band are zeroed, and it is transformed back:
 * {@link SpectralMask#apply}'s steps, with the bins chosen for the rate of the window's timebase.
 */
abstract class MaskedBlocks extends Filter {
    private static final FilterEvent PADDED_BLOCK = FilterEvent.named("padded-block");

    private SharedChannel<FloatSeg> in;
    private SharedChannel<FloatSeg> out;

    private int n;
    private double lowHz;
    private double highHz;
    private RealFft fft;
    private Workspace buffers;
    private double maskRate = Double.NaN;
    private int first;
    private int last;

    MaskedBlocks() {
    }

    /** Sets the block size and the band, checked by the caller's configure. */
    final void setBlocks(int n, double lowHz, double highHz) {
        this.n = n;
        this.lowHz = lowHz;
        this.highHz = highHz;
        this.fft = new RealFft(n);
        this.buffers = new Workspace(2 * fft.bins());
        this.maskRate = Double.NaN;
    }

    /** The block size {@code n}. */
    public final int size() {
        return n;
    }

    /** The lowest frequency kept, in hertz. */
    public final double lowHz() {
        return lowHz;
    }

    /** The highest frequency kept, in hertz. */
    public final double highHz() {
        return highHz;
    }

    @Override
    public final void work() {
        FloatSeg window = in.take();
        double rate = window.timebase().sampleRate();
        if (rate != maskRate) {
            first = BinBand.first(n, rate, lowHz, highHz);
            last = BinBand.last(n, rate, lowHz, highHz);
            maskRate = rate;
        }
        int length = window.length();
        FloatSeg filtered = FloatSeg.make(window.timebase(), window.start(), length);
        float[] x = buffers.floats();
        int bins = fft.bins();
        for (int at = 0; at < length; at += n) {
            int count = Math.min(n, length - at);
            window.copyTo(at, x, 0, count);
            if (count < n) {
                Arrays.fill(x, count, n, 0f);
                raise(PADDED_BLOCK);
            }
            fft.forward(x, 0, x, 0);
            for (int k = 0; k < bins; k++) {
                if (k < first || k > last) {
                    x[2 * k] = 0f;
                    x[2 * k + 1] = 0f;
                }
            }
            fft.inverse(x, 0, x, 0);
            filtered.set(at, x, 0, count);
        }
        out.put(filtered);
    }
}
