package org.streamflex.bench.xstream;

import org.streamflex.Stable;
import org.streamflex.bench.xstream.XStreamWorkloads.DetectAudio;
import org.streamflex.dsp.detect.Cfar;
import org.streamflex.dsp.spectrum.BinMagnitudes;
import org.streamflex.dsp.spectrum.RealFft;

/**
 * DETECTAUDIO's detection chain on arrays, with the DSP library's kernels: a window of channel 1
 * through a 32-point {@link RealFft}, the weighted sum of bin magnitudes
 * ({@link BinMagnitudes#weightedSumOfMagnitudes}) rounded to float, and a {@link Cfar} configured
 * as {@link DetectAudio} defines it. What the plain and per-sample versions share; the
 * signal-segment version runs the same kernels inside the library's operators.
 *
 * <pre>{@code
 * DetectAudioKernels detector = new DetectAudioKernels();
 * if (detector.feed(channel1, offset) == Cfar.END) {
 *     long from = detector.rangeStart(), to = detector.rangeEnd();   // padded, in samples
 * }
 * }</pre>
 *
 * <p>A filter keeps one in a field: its arrays are its own, it allocates nothing per window.
 */
public final class DetectAudioKernels implements Stable {
    private final RealFft fft = new RealFft(DetectAudio.FFT_POINTS);
    private final float[] bins = new float[2 * (DetectAudio.FFT_POINTS / 2 + 1)];
    private final float[] weights = new float[DetectAudio.FFT_POINTS / 2 + 1];
    private final Cfar cfar = new Cfar(DetectAudio.CFAR_BETA, DetectAudio.timeConstant(), DetectAudio.CFAR_WARMUP,
            DetectAudio.CFAR_HOLD, 0);
    private long windows;

    /** A detector at the start of a stream. */
    public DetectAudioKernels() {
        for (int k = 0; k < weights.length; k++) {
            weights[k] = (float) DetectAudio.scoreWeight(k);
        }
    }

    /**
     * Feeds the window of {@value XStreamWorkloads.DetectAudio#WINDOW} samples at
     * {@code samples[offset]}, the next of the stream, and returns what the CFAR made of it:
     * {@link Cfar#NONE}, {@link Cfar#START} or {@link Cfar#END}.
     */
    public int feed(float[] samples, int offset) {
        windows++;
        fft.forward(samples, offset, bins, 0);
        double score = BinMagnitudes.weightedSumOfMagnitudes(bins, 0, weights, 0, 0, weights.length);
        return cfar.feed((float) score);
    }

    /** The first sample of the last detection ended, padding included. */
    public long rangeStart() {
        return cfar.lastStart() * DetectAudio.WINDOW - DetectAudio.PAD_SAMPLES;
    }

    /** One past the last sample of the last detection ended, padding included. */
    public long rangeEnd() {
        return (cfar.lastEnd() + 1) * DetectAudio.WINDOW + DetectAudio.PAD_SAMPLES;
    }

    /** Whether the window last fed is outside a detection. */
    public boolean quiet() {
        return !cfar.inEvent();
    }

    /** Windows fed so far. */
    public long windows() {
        return windows;
    }
}
