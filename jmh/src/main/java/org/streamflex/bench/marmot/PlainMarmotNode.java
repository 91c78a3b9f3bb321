package org.streamflex.bench.marmot;

import org.jtransforms.fft.FloatFFT_1D;
import org.streamflex.samples.marmot.ArraySource;
import org.streamflex.samples.marmot.BlockReader;
import org.streamflex.samples.marmot.DoaVector;
import org.streamflex.samples.marmot.MarmotConfig;
import org.streamflex.samples.marmot.NodeSite;
import org.streamflex.samples.marmot.Radix2Fft;
import org.streamflex.samples.marmot.SteeredResponse;

/**
 * One marmot node by hand, in plain Java on one thread: the same algorithms with the same
 * parameters as the node part of {@code MarmotGraph}, so that the graph's time can be compared
 * with it. Every block of 16-bit frames is scaled to floats into one ring per channel; channel 0
 * is cut into 32-sample windows, each transformed by the same JTransforms real FFT the DSP
 * library's {@code fft(32)} uses, and scored by the sum of its in-band bins' magnitudes (what the
 * graph's bandpass, fft and binScore compute once the bandpass's inverse FFT and the next FFT
 * cancel); a CFAR detector (the DSP library's {@code Cfar} and {@code CfarDetector} rewritten
 * inline) finds events, padded on each side; events shorter than the minimum are dropped; once
 * the ring holds a kept detection's padded end, its four channels go to the direction of arrival,
 * which does what {@code MarmotDoa} does with the same static kernels ({@link Radix2Fft},
 * {@link SteeredResponse}: they are the sample's arithmetic, not the framework), into arrays made
 * once. Nothing is allocated per block or per detection.
 *
 * <p>Sample rates must be whole hertz (44.1 and 48 kHz are): the nanosecond arithmetic is the
 * DSP library's {@code Timebase} for that case, written out.
 *
 * <pre>{@code
 * PlainMarmotNode node = new PlainMarmotNode(MarmotConfig.defaults(), site, 44_100);
 * node.read(scene.open(), 1024);   // the recording, a block at a time, as the graph's source reads it
 * node.write(frames, 1024);        // or interleaved 4-channel 16-bit frames given by the caller
 * node.detections();          // results so far: node.azimuth(i), node.onsetNanos(i), ...
 * }</pre>
 */
public final class PlainMarmotNode {
    /** Channels per node. */
    public static final int CHANNELS = 4;
    /** Detections whose results are kept (later ones are counted only). */
    public static final int KEPT = 8192;
    private static final int WINDOW = MarmotConfig.WINDOW;
    private static final long NANOS = 1_000_000_000L;
    // 2^20 samples (23.8 s at 44.1 kHz) per channel: far more than the padded detection plus the
    // hold can need before its DOA runs.
    private static final int RING = 1 << 20;
    private static final int PENDING = 64;

    private final long rate;
    // A block of input frames, read from a recording: the graph's source reads into its ring likewise.
    private final short[] input = new short[CHANNELS * ArraySource.MAX_BLOCK];
    private final float[][] ring = new float[CHANNELS][RING];
    private long written;
    private long scored;

    // Score: the real FFT of one window and the in-band bins (inclusive), as BinBand picks them.
    private final FloatFFT_1D fft = new FloatFFT_1D(WINDOW);
    private final float[] windowBuf = new float[WINDOW];
    private final int firstBand;
    private final int lastBand;

    // CFAR (Cfar and CfarDetector).
    private final double beta;
    private final double alpha;
    private final int warmup;
    private final int hold;
    private final double minStd;
    private long seen;
    private long trained;
    private double mean;
    private double spread;
    private boolean inEvent;
    private int quiet;
    private long eventStart;
    private long lastAboveEnd;
    private final long padNanos;
    private final long minNanos;

    // Detections waiting for their padded end to arrive: sample ranges [from, to).
    private final long[] pendingFrom = new long[PENDING];
    private final long[] pendingTo = new long[PENDING];
    private int pendingHead;
    private int pendingCount;

    // DOA (MarmotDoa), with its work arrays made once.
    // Direction of arrival: MarmotDoa's arithmetic, on this node's ring.
    private final PlainDoa doa;

    // Results.
    private int detections;
    private long dropped;
    private long tooShort;
    private long doaNanos;
    private long detectionSamples;
    private final long[] onsets = new long[KEPT];
    private final long[] starts = new long[KEPT];
    private final long[] ends = new long[KEPT];
    private final long[] fromFrames = new long[KEPT];
    private final int[] frameCounts = new int[KEPT];
    private final float[] azimuths = new float[KEPT];
    private final byte[] levels = new byte[KEPT * DoaVector.AZIMUTHS];

    /**
     * A node.
     *
     * @param config the parameters (band, CFAR, padding, minimum duration, DOA)
     * @param site the node's microphones (four)
     * @param sampleRate samples per second per channel, whole hertz
     */
    public PlainMarmotNode(MarmotConfig config, NodeSite site, double sampleRate) {
        if (site.mics() != CHANNELS) {
            throw new IllegalArgumentException("PlainMarmotNode: " + site.mics() + " microphones, not " + CHANNELS);
        }
        if (sampleRate != Math.rint(sampleRate) || sampleRate < 1) {
            throw new IllegalArgumentException("PlainMarmotNode: sample rate " + sampleRate + " is not whole hertz");
        }
        this.rate = (long) sampleRate;
        int first = -1;
        int last = -2;
        for (int k = 0; k <= WINDOW / 2; k++) {
            double f = k * sampleRate / WINDOW;
            if (config.lowHz() <= f && f <= config.highHz()) {
                first = first < 0 ? k : first;
                last = k;
            }
        }
        this.firstBand = first;
        this.lastBand = last;
        this.beta = config.beta();
        this.alpha = 1.0 / config.timeConstant();
        this.warmup = config.warmup();
        this.hold = config.hold();
        this.minStd = config.minStd();
        this.padNanos = config.padNanos();
        this.minNanos = Math.round(config.minMillis() * 1e6);
        this.doa = new PlainDoa(config, site, sampleRate);
    }

    /**
     * Reads {@code recording} to its end, {@code block} frames at a time, through the same
     * {@link BlockReader} call the graph's source makes in its {@code work()}, each block going to
     * {@link #write}.
     *
     * @throws IllegalStateException if the recording broke off
     */
    public void read(BlockReader recording, int block) {
        if (block < 1 || block > ArraySource.MAX_BLOCK) {
            throw new IllegalArgumentException("PlainMarmotNode: block " + block + " frames (1.."
                    + ArraySource.MAX_BLOCK + ")");
        }
        for (int n; (n = recording.read(input, 0, block)) != BlockReader.END; ) {
            if (n == BlockReader.BROKEN) {
                throw new IllegalStateException("the recording broke off after " + written + " frames");
            }
            write(input, n);
        }
    }

    /** Takes {@code frames} interleaved 4-channel frames and does all the work they make possible. */
    public void write(short[] pcm, int frames) {
        for (int i = 0; i < frames; i++) {
            int at = (int) ((written + i) & (RING - 1));
            for (int m = 0; m < CHANNELS; m++) {
                ring[m][at] = pcm[i * CHANNELS + m] * (1f / 32_768f);
            }
        }
        written += frames;
        while (scored + WINDOW <= written) {
            score(scored);
            scored += WINDOW;
        }
        while (pendingCount > 0 && pendingTo[pendingHead] <= written) {
            long t0 = System.nanoTime();
            doa(pendingFrom[pendingHead], pendingTo[pendingHead]);
            doaNanos += System.nanoTime() - t0;
            pendingHead = (pendingHead + 1) % PENDING;
            pendingCount--;
        }
    }

    private void score(long start) {
        int at = (int) (start & (RING - 1));
        float[] c0 = ring[0];
        for (int i = 0; i < WINDOW; i++) {
            windowBuf[i] = c0[(at + i) & (RING - 1)];
        }
        fft.realForward(windowBuf);
        // JTransforms' packing: [0] = Re X0, [1] = Re X(n/2), then Re/Im of bins 1 .. n/2 - 1.
        double sum = 0;
        for (int k = firstBand; k <= lastBand; k++) {
            double r;
            double q;
            if (k == 0) {
                r = windowBuf[0];
                q = 0;
            } else if (k == WINDOW / 2) {
                r = windowBuf[1];
                q = 0;
            } else {
                r = windowBuf[2 * k];
                q = windowBuf[2 * k + 1];
            }
            sum += Math.sqrt(r * r + q * q);
        }
        cfar((float) sum, timeNanos(start), timeNanos(start + WINDOW));
    }

    private void cfar(float x, long startNanos, long endNanos) {
        long index = seen++;
        if (index < warmup) {
            if (Float.isFinite(x)) {
                trained++;
                double d = x - mean;
                mean += d / trained;
                spread += d * (x - mean);
            }
            if (seen == warmup) {
                spread = trained == 0 ? 0 : spread / trained;
            }
            return;
        }
        boolean above = x > mean + beta * Math.max(Math.sqrt(spread), minStd);
        if (inEvent) {
            if (above) {
                lastAboveEnd = endNanos;
                quiet = 0;
                return;
            }
            if (++quiet < hold) {
                return;
            }
            inEvent = false;
            detected(eventStart - padNanos, lastAboveEnd + padNanos);
            return;
        }
        if (above) {
            inEvent = true;
            quiet = 0;
            eventStart = startNanos;
            lastAboveEnd = endNanos;
            return;
        }
        if (Float.isFinite(x)) {
            double d = x - mean;
            double increment = alpha * d;
            mean += increment;
            spread = (1 - alpha) * (spread + d * increment);
        }
    }

    private void detected(long startNanos, long endNanos) {
        if (endNanos - startNanos - 2 * padNanos < minNanos) {
            tooShort++;
            return;
        }
        long from = firstSampleAtOrAfter(startNanos);
        long to = firstSampleAtOrAfter(endNanos);
        if (pendingCount == PENDING || to - from > RING / 2 || from < written - RING / 2) {
            dropped++;
            return;
        }
        int at = (pendingHead + pendingCount) % PENDING;
        pendingFrom[at] = from;
        pendingTo[at] = to;
        pendingCount++;
    }

    private void doa(long from, long to) {
        int length = (int) (to - from);
        if (length < 64) {
            dropped++;
            return;
        }
        float azimuth = doa.run(ring, from, RING - 1, length);
        if (Float.isNaN(azimuth)) {
            dropped++;
            return;
        }
        int d = detections++;
        detectionSamples += length;
        if (d >= KEPT) {
            return;
        }
        for (int a = 0; a < DoaVector.AZIMUTHS; a++) {
            levels[d * DoaVector.AZIMUTHS + a] = (byte) doa.level(a);
        }
        long startNanos = timeNanos(from);
        long endNanos = timeNanos(to);
        starts[d] = startNanos;
        ends[d] = startNanos + (endNanos - startNanos) / length * length;
        fromFrames[d] = from;
        frameCounts[d] = length;
        onsets[d] = startNanos + padNanos;
        azimuths[d] = azimuth;
    }

    /** The time of sample {@code n}: the first whole nanosecond at or after it ({@code Timebase.timeNanos}). */
    private long timeNanos(long n) {
        long q = Math.floorDiv(n, rate);
        long r = Math.floorMod(n, rate);
        return q * NANOS - Math.floorDiv(-r * NANOS, rate);
    }

    /** The first sample at or after {@code t} ({@code Timebase.firstSampleAtOrAfter}). */
    private long firstSampleAtOrAfter(long t) {
        long q = Math.floorDiv(t, NANOS);
        long r = Math.floorMod(t, NANOS);
        long n = q * rate + Math.floorDiv(r * rate, NANOS);
        return timeNanos(n) >= t ? n : n + 1;
    }

    /** Detections whose direction was estimated. */
    public int detections() {
        return detections;
    }

    /** Detections shorter than the minimum, dropped. */
    public long tooShort() {
        return tooShort;
    }

    /** Detections lost: too many waiting, too long for the ring, or too short for a direction. */
    public long dropped() {
        return dropped;
    }

    /** Nanoseconds spent estimating directions (two clock reads per detection, measured directly). */
    public long doaNanos() {
        return doaNanos;
    }

    /** Samples per channel of every detection's audio, summed (for the raw bytes a detection would send). */
    public long detectionSamples() {
        return detectionSamples;
    }

    /** Frames taken so far. */
    public long frames() {
        return written;
    }

    /** Detection {@code i}'s onset (the first score above the threshold), nanoseconds on the node's clock. */
    public long onsetNanos(int i) {
        return onsets[i];
    }

    /** The time of the first sample of detection {@code i}'s audio. */
    public long startNanos(int i) {
        return starts[i];
    }

    /** The end of detection {@code i}'s audio, as {@code MarmotDoa} computes it. */
    public long endNanos(int i) {
        return ends[i];
    }

    /** The first frame of detection {@code i}'s audio. */
    public long fromFrame(int i) {
        return fromFrames[i];
    }

    /** Frames of detection {@code i}'s audio. */
    public int frameCount(int i) {
        return frameCounts[i];
    }

    /** Detection {@code i}'s azimuth, degrees in the node's frame. */
    public float azimuth(int i) {
        return azimuths[i];
    }

    /** Detection {@code i}'s likelihood level of azimuth {@code a}, 0 to 255. */
    public int level(int i, int a) {
        return levels[i * DoaVector.AZIMUTHS + a] & 0xff;
    }
}
