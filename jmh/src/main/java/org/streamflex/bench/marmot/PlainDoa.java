package org.streamflex.bench.marmot;

import org.streamflex.samples.marmot.DoaVector;
import org.streamflex.samples.marmot.DoaWindow;
import org.streamflex.samples.marmot.MarmotConfig;
import org.streamflex.samples.marmot.NodeSite;
import org.streamflex.samples.marmot.Radix2Fft;
import org.streamflex.samples.marmot.SteeredResponse;
import org.streamflex.samples.marmot.WhitenedBand;

/**
 * The direction of arrival of one detection in plain Java, for the fission measurement: what
 * {@code DoaBacklog} does per detection, on one thread with arrays made once. It cuts the
 * detection's four channels out of the interleaved recording into floats (as the backlog's feeder
 * cuts segments for the {@code MarmotDoa}), then runs {@code MarmotDoa}'s arithmetic with the same
 * static kernels ({@link WhitenedBand}, {@link Radix2Fft}, {@link SteeredResponse});
 * {@link PlainMarmotNode} runs it on its ring. One instance per thread.
 *
 * <pre>{@code
 * PlainDoa doa = new PlainDoa(config, site, 44_100);
 * float az = doa.run(pcm, from, length);
 * }</pre>
 */
final class PlainDoa {
    private static final int CHANNELS = PlainMarmotNode.CHANNELS;
    private final double sampleRate;
    private final double lowHz;
    private final double highHz;
    private final double speedOfSound;
    private final long padNanos;
    private final long leadNanos;
    private final int maxSamples;
    private final long decayNanos;
    private final double whitening;
    private final double[] micX = new double[CHANNELS];
    private final double[] micY = new double[CHANNELS];
    private final float[][] cut;
    private final float[] window;
    private final float[] re;
    private final float[] im;
    private final float[] bandRe;
    private final float[] bandIm;
    private final double[] response = new double[DoaVector.AZIMUTHS];
    private final double[] scratch;
    private final byte[] levels = new byte[DoaVector.AZIMUTHS];

    /** A DOA for {@code site}'s microphones; detections of at most {@code maxFrames} frames. */
    PlainDoa(MarmotConfig config, NodeSite site, double sampleRate, int maxFrames) {
        this.sampleRate = sampleRate;
        for (int m = 0; m < CHANNELS; m++) {
            micX[m] = site.micX(m);
            micY[m] = site.micY(m);
        }
        this.lowHz = config.lowHz();
        this.highHz = config.highHz();
        this.speedOfSound = config.speedOfSound();
        this.padNanos = config.padNanos();
        this.leadNanos = Math.max(0, Math.min(padNanos, Math.round(config.doaLeadMillis() * 1e6)));
        this.decayNanos = Math.round(config.doaDecayMillis() * 1e6);
        this.maxSamples = config.doaSamples();
        this.whitening = config.whitening();
        int size = Integer.highestOneBit(maxSamples);
        size = size < maxSamples ? size << 1 : size;
        this.cut = new float[CHANNELS][maxFrames];
        this.window = new float[maxSamples];
        this.re = new float[size];
        this.im = new float[size];
        this.bandRe = new float[CHANNELS * size / 2];
        this.bandIm = new float[CHANNELS * size / 2];
        this.scratch = new double[size];
    }

    /** The interpolated peak azimuth of the detection of frames {@code from} to {@code from + length - 1}. */
    float run(short[] pcm, long from, int length) {
        for (int m = 0; m < CHANNELS; m++) {
            float[] c = cut[m];
            for (int i = 0; i < length; i++) {
                c[i] = pcm[(int) ((from + i) * CHANNELS + m)] * (1f / 32_768f);
            }
        }
        return run(cut, 0, -1, length);
    }

    /**
     * The interpolated peak azimuth of the detection of {@code length} samples per channel starting
     * at {@code from} in {@code channels}, sample {@code i} of channel {@code m} at
     * {@code channels[m][(from + i) & mask]} (a ring's mask, or -1 for plain arrays); NaN if the
     * band holds no bin at this length.
     */
    float run(float[][] channels, long from, long mask, int length) {
        int skip = (int) Math.min(length - 64, Math.round((padNanos - leadNanos) * 1e-9 * sampleRate));
        int n = Math.min(length - skip, maxSamples);
        int size = Integer.highestOneBit(n);
        if (size < n) {
            size <<= 1;
        }
        int firstBin = Math.max(1, (int) Math.ceil(lowHz * size / sampleRate));
        int lastBin = Math.min(size / 2 - 1, (int) Math.floor(highHz * size / sampleRate));
        int bins = lastBin - firstBin + 1;
        if (bins < 1) {
            return Float.NaN;
        }
        int onset = (int) Math.max(0, Math.min(n, Math.round(padNanos * 1e-9 * sampleRate) - skip));
        DoaWindow.fill(window, n, onset, decayNanos * 1e-9 * sampleRate);
        for (int m = 0; m < CHANNELS; m++) {
            float[] c = channels[m];
            for (int i = 0; i < n; i++) {
                re[i] = c[(int) ((from + skip + i) & mask)];
            }
            WhitenedBand.of(re, im, n, size, window, firstBin, bins, whitening, bandRe, bandIm, m * bins);
        }
        SteeredResponse.power(bandRe, bandIm, CHANNELS, bins, firstBin, size, sampleRate, micX, micY, speedOfSound,
                response, scratch);
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : response) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        double span = max > min ? max - min : 1;
        for (int a = 0; a < DoaVector.AZIMUTHS; a++) {
            levels[a] = (byte) Math.round(255 * (response[a] - min) / span);
        }
        return (float) SteeredResponse.peakAzimuth(response);
    }

    /** The last detection's level of azimuth bin {@code a}, 0 to 255. */
    int level(int a) {
        return levels[a] & 0xff;
    }
}
