package org.streamflex.dsp.spectrum;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.ComplexSeg;
import org.streamflex.dsp.SegSizeException;
import org.streamflex.dsp.TimedValue;
import org.streamflex.dsp.Workspace;

/**
 * A detection score per spectrum: {@code sum_k w_k |X_k|} over its bins, with the time range of the
 * window it came from. With every weight 1 (the default) it is WaveScript's marmot score,
 * {@code Sigseg.fold((+), 0, Sigseg.map(abs, ss))}, which the paper calls the PSD: the plain sum of
 * magnitudes, not of their squares, DC and Nyquist bins included. With weights it is XStream
 * DETECTAUDIO's "weighted sum of the magnitudes of the frequency bins".
 *
 * <pre>{@code
 * BinScore score = makeFilter(BinScore.class);
 * score.configure(weights);                           // one weight per bin; configure() for all ones
 * connect(fft, "out", score, "in", 16);
 * connect(score, "out", detector, "in", 64);          // Channel<TimedValue>
 * }</pre>
 *
 * <p>Magnitudes are {@code sqrt(re^2 + im^2)} in double and the sum accumulates in double, in bin
 * order: the value is exactly {@link BinMagnitudes#sumOfMagnitudes} (or
 * {@link BinMagnitudes#weightedSumOfMagnitudes}) of the same bins. The bins are read in place from
 * the spectrum's memory, not copied. The time range is {@code [startNanos, endNanos)} of the
 * {@code fftSize()} samples the spectrum describes (for a window {@link Fft} zero-padded, that
 * reaches past the window's last sample). A spectrum whose bin count differs from the number of
 * weights is an error ({@link SegSizeException}). Allocates nothing.
 */
public final class BinScore extends Filter {
    // The unaligned layout only skips the alignment check (the bins are aligned); int-indexed loops
    // compile best, as in Stats.
    private static final ValueLayout.OfFloat PART = ValueLayout.JAVA_FLOAT_UNALIGNED;

    private SharedChannel<ComplexSeg> in;
    private Channel<TimedValue> out;

    private Workspace weights = new Workspace(0);
    private boolean weighted;

    /** Every weight 1: the sum of magnitudes, over spectra of any size. This is the default. */
    public void configure() {
        this.weights = new Workspace(0);
        this.weighted = false;
    }

    /**
     * Sets one weight per bin, copied. Call it while the graph is built, before it runs.
     *
     * @param binWeights {@code w_k} for {@code k = 0 .. bins - 1}; spectra must have exactly this
     *     many bins
     * @throws IllegalArgumentException if there are no weights
     */
    public void configure(float[] binWeights) {
        if (binWeights.length == 0) {
            throw new IllegalArgumentException("BinScore: give at least one weight, or configure() for all ones");
        }
        Workspace w = new Workspace(binWeights.length);
        System.arraycopy(binWeights, 0, w.floats(), 0, binWeights.length);
        this.weights = w;
        this.weighted = true;
    }

    /** The number of weights, or 0 when every weight is 1 for spectra of any size. */
    public int weightCount() {
        return weighted ? weights.floats().length : 0;
    }

    @Override
    public void work() {
        ComplexSeg spectrum = in.take();
        double score;
        if (weighted) {
            float[] w = weights.floats();
            if (spectrum.length() != w.length) {
                throw new SegSizeException("BinScore", spectrum.toString(), spectrum.length(), w.length,
                        "the score has one weight per bin; configure as many weights as the spectra have bins,"
                                + " or configure() for all ones");
            }
            score = weightedSum(spectrum, w);
        } else {
            score = sum(spectrum);
        }
        TimedValue v = makeCapsule(TimedValue.class);
        v.startNanos = spectrum.startNanos();
        v.endNanos = spectrum.timebase().timeNanos(spectrum.start() + spectrum.fftSize());
        v.value = score;
        out.put(v);
    }

    private static double sum(ComplexSeg spectrum) {
        double sum = 0;
        int pieces = spectrum.pieceCount();
        for (int p = 0; p < pieces; p++) {
            MemorySegment m = spectrum.pieceMemory(p);
            long base = spectrum.pieceOffset(p);
            for (int i = 0, count = spectrum.pieceLength(p); i < count; i++) {
                double re = m.get(PART, base + 8L * i);
                double im = m.get(PART, base + 8L * i + 4);
                sum += Math.sqrt(re * re + im * im);
            }
        }
        return sum;
    }

    private static double weightedSum(ComplexSeg spectrum, float[] w) {
        double sum = 0;
        int k = 0;
        int pieces = spectrum.pieceCount();
        for (int p = 0; p < pieces; p++) {
            MemorySegment m = spectrum.pieceMemory(p);
            long base = spectrum.pieceOffset(p);
            for (int i = 0, count = spectrum.pieceLength(p); i < count; i++) {
                double re = m.get(PART, base + 8L * i);
                double im = m.get(PART, base + 8L * i + 4);
                sum += w[k++] * Math.sqrt(re * re + im * im);
            }
        }
        return sum;
    }
}
