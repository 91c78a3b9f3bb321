package org.streamflex.bench.marmot;

import java.util.Arrays;
import org.streamflex.samples.marmot.DoaVector;
import org.streamflex.samples.marmot.DoaWindow;
import org.streamflex.samples.marmot.FirstArrivals;
import org.streamflex.samples.marmot.MarmotConfig;
import org.streamflex.samples.marmot.MarmotDoa;
import org.streamflex.samples.marmot.NodeSite;
import org.streamflex.samples.marmot.Radix2Fft;
import org.streamflex.samples.marmot.SteeredResponse;
import org.streamflex.samples.marmot.WhitenedBand;

/**
 * The direction of arrival of one detection in plain Java, for the fission measurement: what
 * {@code DoaBacklog} does per detection, on one thread with arrays made once. It reads the
 * detection's four channels from the recording scaled to floats once (as the backlog's feeder
 * slices them for the {@code MarmotDoa}), and runs {@code MarmotDoa}'s arithmetic with the same
 * static kernels ({@link FirstArrivals}, {@link WhitenedBand}, {@link Radix2Fft}, {@link SteeredResponse});
 * {@link PlainMarmotNode} runs it on its ring. One instance per thread.
 *
 * <pre>{@code
 * PlainDoa doa = new PlainDoa(config, site, 44_100);
 * float az = doa.run(channels, from, -1, length);   // channels[m][from + i]
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
    private final float[] window;
    private final float[] re;
    private final float[] im;
    private final float[] bandRe;
    private final float[] bandIm;
    private final double[] response = new double[DoaVector.AZIMUTHS];
    private final double[] scratch;
    private final byte[] levels = new byte[DoaVector.AZIMUTHS];
    /** First arrivals: their frame in samples (0: off) and what they need, made once. */
    private final int frame;
    private final double onsetRatio;
    private final float[] samples;
    private final float[] frameWindow;
    private final float[] frameRe;
    private final float[] frameIm;
    private final float[] binRe;
    private final float[] binIm;
    private final double[] noise;
    private final double[] floor;
    private final int[] start;
    private final float[] arrivalsRe;
    private final float[] arrivalsIm;
    private final double[] layer = new double[DoaVector.AZIMUTHS];

    /** A DOA for {@code site}'s microphones. */
    PlainDoa(MarmotConfig config, NodeSite site, double sampleRate) {
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
        this.window = new float[maxSamples];
        this.re = new float[size];
        this.im = new float[size];
        this.bandRe = new float[CHANNELS * size / 2];
        this.bandIm = new float[CHANNELS * size / 2];
        this.scratch = new double[size];
        long frameNanos = Math.round(config.doaFrameMillis() * 1e6);
        this.frame = frameNanos == 0 ? 0
                : FirstArrivals.frameSamples(frameNanos, sampleRate, micX, micY, CHANNELS, speedOfSound);
        this.onsetRatio = Math.pow(10, config.doaOnsetDb() / 10);
        int most = Math.max(1, frame / 2);
        this.samples = new float[CHANNELS * size];
        this.frameWindow = new float[Math.max(1, frame)];
        DoaWindow.fill(frameWindow, frame, 0, 0);
        this.frameRe = new float[Math.max(1, frame)];
        this.frameIm = new float[Math.max(1, frame)];
        this.binRe = new float[CHANNELS * most];
        this.binIm = new float[CHANNELS * most];
        this.noise = new double[most * FirstArrivals.MAX_NOISE_FRAMES];
        this.floor = new double[most];
        this.start = new int[most];
        this.arrivalsRe = new float[MarmotDoa.LAYERS * CHANNELS * most];
        this.arrivalsIm = new float[MarmotDoa.LAYERS * CHANNELS * most];
    }

    /**
     * The interpolated peak azimuth of the detection of {@code length} samples per channel starting
     * at {@code from} in {@code channels}, sample {@code i} of channel {@code m} at
     * {@code channels[m][(from + i) & mask]} (a ring's mask, or -1 for plain arrays); NaN if the
     * band holds no bin at this length or the detection has no onset (where the graph's DOA raises
     * {@code detection-without-onset}).
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
        int kept = firstArrivals(channels, from + skip, mask, n, onset);
        if (kept >= 0 && kept < MarmotDoa.MIN_ENTRIES) {
            return Float.NaN;
        }
        if (kept < 0) {
            DoaWindow.fill(window, n, onset, decayNanos * 1e-9 * sampleRate);
            for (int m = 0; m < CHANNELS; m++) {
                float[] c = channels[m];
                for (int i = 0; i < n; i++) {
                    re[i] = c[(int) ((from + skip + i) & mask)];
                }
                WhitenedBand.of(re, im, n, size, window, firstBin, bins, whitening, bandRe, bandIm, m * bins);
            }
            SteeredResponse.power(bandRe, bandIm, CHANNELS, bins, firstBin, size, sampleRate, micX, micY,
                    speedOfSound, response, scratch);
        }
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

    /**
     * {@code MarmotDoa}'s first arrivals into {@link #response} if enough were kept; how many were, or -1
     * when it would use the whole span.
     */
    private int firstArrivals(float[][] channels, long from, long mask, int n, int onset) {
        if (frame == 0) {
            return -1;
        }
        int firstBin = Math.max(1, (int) Math.ceil(lowHz * frame / sampleRate));
        int lastBin = Math.min(frame / 2 - 1, (int) Math.floor(highHz * frame / sampleRate));
        int bins = lastBin - firstBin + 1;
        int stride = samples.length / CHANNELS;
        if (frame > n || frame > stride || bins < 1) {
            return -1;
        }
        for (int m = 0; m < CHANNELS; m++) {
            float[] c = channels[m];
            for (int i = 0; i < n; i++) {
                samples[m * stride + i] = c[(int) ((from + i) & mask)];
            }
        }
        int kept = FirstArrivals.of(samples, CHANNELS, stride, n, frame, onset / 2, onsetRatio, MarmotDoa.LAYERS,
                firstBin, bins, whitening, frameWindow, frameRe, frameIm, binRe, binIm, noise, floor, start,
                arrivalsRe, arrivalsIm);
        if (kept < MarmotDoa.MIN_ENTRIES) {
            return kept;
        }
        Arrays.fill(response, 0);
        for (int l = 0; l < MarmotDoa.LAYERS; l++) {
            System.arraycopy(arrivalsRe, l * CHANNELS * bins, binRe, 0, CHANNELS * bins);
            System.arraycopy(arrivalsIm, l * CHANNELS * bins, binIm, 0, CHANNELS * bins);
            SteeredResponse.power(binRe, binIm, CHANNELS, bins, firstBin, frame, sampleRate, micX, micY,
                    speedOfSound, layer, scratch);
            for (int a = 0; a < DoaVector.AZIMUTHS; a++) {
                response[a] += layer[a];
            }
        }
        return kept;
    }

    /** The last detection's level of azimuth bin {@code a}, 0 to 255. */
    int level(int a) {
        return levels[a] & 0xff;
    }
}
