package org.streamflex.samples.marmot;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One node's recording of a generated scene, rendered a block of frames at a time: so that writing a
 * scene takes memory for one block, not for the whole recording (an hour of 4 channels at 48 kHz
 * would be 5.5 GB of doubles). As an {@link InputStream} it gives the recording's 16-bit
 * little-endian interleaved samples, the bytes of a WAV's data chunk.
 *
 * <p>Blocks give the same samples, bit for bit, as one block of the whole recording: each sample
 * sums the calls' terms in the same order (call, then image source, then microphone), and the noise
 * is drawn sample after sample from one generator, whatever the block size.
 *
 * <pre>{@code
 * SceneAudio audio = new SceneAudio(spec, site, deployment, calls, new SplittableRandom(seed), 1 << 14);
 * short[] block = new short[4 << 14];
 * for (int n; (n = audio.renderNext(block)) > 0; ) {
 *     // n frames of 4 samples in block
 * }
 * }</pre>
 */
final class SceneAudio extends InputStream {
    /** The frames of a block when writing a scene: 0.34 s at 48 kHz, 512 KiB of doubles. */
    static final int BLOCK_FRAMES = 1 << 14;

    private final SceneSpec spec;
    private final SplittableRandom noise;
    private final int channels;
    private final int frames;
    private final double fs;
    /** One term per call, image source and microphone, in summing order. */
    private final int[] termMic;
    private final int[] termFrom;
    private final int[] termTo;
    private final double[] termGain;
    private final double[] termArrival;
    private final double[] sum;
    private int nextFrame;
    private long clipped;
    /** The stream's bytes of the last block, and where reading is in them. */
    private short[] streamBlock;
    private int streamSamples;
    private int streamByte;

    /**
     * Node {@code site}'s recording of {@code calls}, with its noise drawn from {@code noise}, in
     * blocks of at most {@code blockFrames} frames.
     */
    SceneAudio(SceneSpec spec, NodeSite site, Deployment deployment, List<TrueCall> calls, SplittableRandom noise,
            int blockFrames) {
        if (blockFrames < 1) {
            throw new IllegalArgumentException("a block of " + blockFrames + " frames: it needs at least 1");
        }
        this.spec = spec;
        this.noise = noise;
        this.channels = site.mics();
        this.frames = SceneGenerator.frames(spec);
        this.fs = spec.sampleRate();
        this.sum = new double[Math.min(blockFrames, Math.max(1, frames)) * channels];
        List<double[]> terms = terms(spec, site, deployment, calls);
        int n = terms.size();
        termMic = new int[n];
        termFrom = new int[n];
        termTo = new int[n];
        termGain = new double[n];
        termArrival = new double[n];
        for (int i = 0; i < n; i++) {
            double[] t = terms.get(i);
            termMic[i] = (int) t[0];
            termGain[i] = t[1];
            termArrival[i] = t[2];
            termFrom[i] = Math.max(0, (int) Math.floor(t[2] * fs));
            termTo[i] = Math.min(frames, (int) Math.ceil((t[2] + spec.callSeconds()) * fs) + 1);
        }
    }

    /** Each call's image sources and microphones: {mic, gain, arrival in seconds}, in summing order. */
    private static List<double[]> terms(SceneSpec spec, NodeSite site, Deployment deployment, List<TrueCall> calls) {
        List<double[]> terms = new ArrayList<>();
        double power = SceneGenerator.callPower(spec);
        for (TrueCall c : calls) {
            double[][] sources = SceneGenerator.sourcesOf(spec, c);
            double far = 0;
            // The farthest node's distance is what the SNR is defined at; it is the ring's, not this node's.
            for (NodeSite n : deployment.nodes()) {
                far = Math.max(far, n.distanceTo(c.x(), c.y()));
            }
            double amplitude = far * spec.noiseRms() * Math.sqrt(Math.pow(10, spec.snrDb() / 10) / power);
            double direct = site.distanceTo(c.x(), c.y());
            for (int k = 0; k < sources.length; k++) {
                double[] src = sources[k];
                if (k > 0 && site.distanceTo(src[0], src[1]) <= direct) {
                    // The node is behind the wall: an image nearer than the source would be heard before
                    // the direct sound, louder, which no wall does (it would block the direct path).
                    continue;
                }
                for (int m = 0; m < site.mics(); m++) {
                    double d = Math.hypot(site.worldMicX(m) - src[0], site.worldMicY(m) - src[1]);
                    terms.add(new double[] {m, src[2] * amplitude / d, c.seconds() + d / spec.speedOfSound()});
                }
            }
        }
        return terms;
    }

    /** The recording's frames. */
    int frames() {
        return frames;
    }

    /** Samples clipped to the 16-bit range so far. */
    long clipped() {
        return clipped;
    }

    /**
     * Renders the next block into {@code pcm} (interleaved, from index 0) and returns its frames: at
     * most the block size and what {@code pcm} holds, 0 once the recording is over.
     */
    int renderNext(short[] pcm) {
        int start = nextFrame;
        int n = Math.min(Math.min(sum.length, pcm.length) / channels, frames - start);
        if (n <= 0) {
            return 0;
        }
        int end = start + n;
        Arrays.fill(sum, 0, n * channels, 0);
        for (int t = 0; t < termMic.length; t++) {
            int from = Math.max(termFrom[t], start);
            int to = Math.min(termTo[t], end);
            int m = termMic[t];
            double gain = termGain[t];
            double arrival = termArrival[t];
            for (int f = from; f < to; f++) {
                sum[(f - start) * channels + m] += gain * SceneGenerator.call(spec, f / fs - arrival);
            }
        }
        for (int i = 0; i < n * channels; i++) {
            double v = Math.rint(sum[i] + spec.noiseRms() * noise.nextGaussian());
            if (v > Short.MAX_VALUE || v < Short.MIN_VALUE) {
                clipped++;
                v = Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, v));
            }
            pcm[i] = (short) v;
        }
        nextFrame = end;
        return n;
    }

    @Override
    public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (len == 0) {
            return 0;
        }
        if (streamByte == 2 * streamSamples) {
            if (streamBlock == null) {
                streamBlock = new short[sum.length];
            }
            streamSamples = renderNext(streamBlock) * channels;
            streamByte = 0;
            if (streamSamples == 0) {
                return -1;
            }
        }
        int n = Math.min(len, 2 * streamSamples - streamByte);
        for (int i = 0; i < n; i++, streamByte++) {
            short s = streamBlock[streamByte >> 1];
            b[off + i] = (byte) ((streamByte & 1) == 0 ? s : s >> 8);
        }
        return n;
    }
}
