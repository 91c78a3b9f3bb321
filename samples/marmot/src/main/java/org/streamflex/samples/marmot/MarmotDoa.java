package org.streamflex.samples.marmot;

import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.Rate;
import org.streamflex.SharedChannel;
import org.streamflex.Stateless;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Seg;
import org.streamflex.dsp.SegTuple;

/**
 * Direction of arrival of one detection: takes the four channels' audio of the detection (a
 * sync's {@link SegTuple}) and puts a {@link DoaVector} with the relative likelihood of each of
 * 360 azimuths. A preparation phase (each in-band frequency's first arrival in short frames,
 * {@link FirstArrivals}, whitened; or, without them, the whole span's spectrum under the
 * {@link DoaWindow} taper) and a work phase that tries every azimuth ({@link SteeredResponse}), as
 * the paper's DOA. Stateless: every run uses only its input and the configuration, so fission may run
 * replicas of it side by side.
 *
 * <pre>{@code
 * MarmotDoa doa = makeFilter("doa-A", MarmotDoa.class, 64 << 10, 4 << 20);
 * doa.configure(0, site.micXs(), site.micYs(), 2_000, 8_000, 343, 50_000_000L, 8192, 1.0);
 * }</pre>
 */
@Stateless
public final class MarmotDoa extends Filter {
    /** The most microphones per node. */
    public static final int MAX_MICS = 4;
    /** The fewest samples per channel worth a direction. */
    public static final int MIN_SAMPLES = 64;
    /** Frames kept per frequency from its first arrival ({@link FirstArrivals}): its onset and one hop on. */
    public static final int LAYERS = 2;
    /** The fewest first-arrival entries worth a direction; with fewer the detection has no onset and is dropped. */
    public static final int MIN_ENTRIES = 4;
    /**
     * The kind of the vector a DOA that answers every detection ({@link #answerEvery}) puts for one it
     * drops (too short, no bins, no onset, an unknown node; each counted by its event): no direction,
     * never logged. A {@link DoaMerge} counts it and lets it go.
     */
    public static final int NO_DIRECTION = -1;
    /** A {@link #NO_DIRECTION} vector's {@link DoaVector#seq}: the detection was too short. */
    static final int DROPPED_TOO_SHORT = 0;
    /** ... the band has no bins at the detection's rate. */
    static final int DROPPED_NO_BINS = 1;
    /** ... no frequency rose above its floor: no onset. */
    static final int DROPPED_NO_ONSET = 2;
    /** ... its timebase names no node this DOA serves. */
    static final int DROPPED_UNKNOWN_NODE = 3;
    /** The events that count each reason, as this DOA raises them when it does not answer every detection. */
    static final String TOO_SHORT_EVENT = "detection-too-short";
    static final String NO_BINS_EVENT = "band-has-no-bins";
    static final String UNKNOWN_NODE_EVENT = "tuple-of-unknown-node";
    private static final FilterEvent TOO_SHORT = FilterEvent.named(TOO_SHORT_EVENT);
    private static final FilterEvent NO_BINS = FilterEvent.named(NO_BINS_EVENT);
    /**
     * A detection in which no in-band frequency rose {@code --doa-onset-db} above its floor in the lead
     * before it: not a call's arrival but a reverberant tail or noise crossing the detector's threshold
     * again. Dropped, not located: every call in our generated scenes and pyroomacoustics rooms, 5 dB SNR
     * and RT60 1.0 s included, had 18 or more first-arrival entries; the one false detection there had 0.
     */
    private static final FilterEvent NO_ONSET = FilterEvent.named(MarmotRun.NO_ONSET_EVENT);
    private static final FilterEvent UNKNOWN_NODE = FilterEvent.named(UNKNOWN_NODE_EVENT);

    @Rate(1)
    private SharedChannel<SegTuple> in;
    @Rate(1)
    private Channel<DoaVector> out;
    /** Node {@code k}'s microphones at {@code k * MAX_MICS} when serving a {@link DoaFeed}, else at 0. */
    private final double[] micX = new double[DoaCluster.MAX_NODES * MAX_MICS];
    private final double[] micY = new double[DoaCluster.MAX_NODES * MAX_MICS];
    /**
     * Serving a {@link DoaFeed}: the hash of node {@code k}'s timebase name, which its tuples carry
     * (a filter's arrays hold primitives; {@link #serve} refuses two nodes of one hash).
     */
    private final int[] timebases = new int[DoaCluster.MAX_NODES];
    /** 0: one node's tuples ({@link #configure}); else how many nodes a {@link DoaFeed}'s channel brings. */
    private int served;
    private int node;
    private long deployment;
    private double lowHz = 2_000;
    private double highHz = 8_000;
    private double speedOfSound = 343;
    private long padNanos = 50_000_000L;
    private int maxSamples = 8_192;
    private long leadNanos = 50_000_000L;
    private double whitening = 1.0;
    private long decayNanos = 25_000_000L;
    private long frameNanos = 5_000_000L;
    private double onsetRatio = 10;
    /** Whether a dropped detection gets a {@link #NO_DIRECTION} vector (behind a {@link DoaQueue}). */
    private boolean answerEvery;

    private MarmotDoa() {
    }

    /**
     * Sets the node and the estimator; before the graph runs.
     *
     * @param nodeIndex the node's index in the deployment
     * @param xs node-frame x of each microphone (channel order), metres
     * @param ys node-frame y, metres
     * @param low the band's lower edge, Hz
     * @param high the band's upper edge, Hz
     * @param c the speed of sound, metres per second
     * @param pad the detector's padding before the first score above threshold, nanoseconds
     * @param samples the most samples per channel used, from the detection's start
     * @param gamma the whitening exponent: 0 plain steered response (AML), 1 PHAT
     * @param lead how long before the onset the DOA's samples start, nanoseconds (at most {@code pad})
     */
    void configure(int nodeIndex, double[] xs, double[] ys, double low, double high, double c, long pad, int samples,
            double gamma, long lead) {
        if (xs.length != MAX_MICS || ys.length != MAX_MICS) {
            throw new IllegalArgumentException("MarmotDoa: " + xs.length + " microphones, the sample reads "
                    + MAX_MICS);
        }
        System.arraycopy(xs, 0, micX, 0, MAX_MICS);
        System.arraycopy(ys, 0, micY, 0, MAX_MICS);
        this.node = nodeIndex;
        this.lowHz = low;
        this.highHz = high;
        this.speedOfSound = c;
        this.padNanos = pad;
        this.maxSamples = samples;
        this.whitening = gamma;
        this.leadNanos = Math.max(0, Math.min(pad, lead));
    }

    /**
     * Sets the taper's decay after the onset ({@link DoaWindow}); before the graph runs.
     *
     * @param decay the time constant, nanoseconds; 0: a Hann window over the whole span
     */
    void configureWindow(long decay) {
        if (decay < 0) {
            throw new IllegalArgumentException("MarmotDoa: a decay of " + decay + " ns; 0 (Hann) or more");
        }
        this.decayNanos = decay;
    }

    /**
     * Sets the first-arrival frames ({@link FirstArrivals}); before the graph runs.
     *
     * @param frame the frame's length, nanoseconds (rounded to a power of two of samples); 0: the
     *     whole span's spectrum under the {@link DoaWindow}, as before first arrivals
     * @param onsetDb how far above its noise floor a frequency's power starts it, dB
     */
    void configureFrames(long frame, double onsetDb) {
        if (frame < 0 || !(onsetDb > 0)) {
            throw new IllegalArgumentException("MarmotDoa: frames of " + frame + " ns (0: off, or more), onset "
                    + onsetDb + " dB (more than 0)");
        }
        this.frameNanos = frame;
        this.onsetRatio = Math.pow(10, onsetDb / 10);
    }

    /** Sets the {@link Deployment#fingerprint} every vector it puts carries; before the graph runs. */
    void stamp(long deploymentFingerprint) {
        this.deployment = deploymentFingerprint;
    }

    /**
     * Makes this DOA serve a {@link DoaFeed}'s channel (the DOA on the server): its tuples come from
     * every node, told apart by their timebase, and its progress marks come in the same channel, in
     * each node's order; node {@code nodeIndex}'s tuples are on timebase {@code timebase} and its
     * array is {@code xs}, {@code ys}. After {@link #configure}, once per node; before the graph runs.
     */
    void serve(int nodeIndex, String timebase, double[] xs, double[] ys) {
        if (nodeIndex < 0 || nodeIndex >= DoaCluster.MAX_NODES || xs.length != MAX_MICS || ys.length != MAX_MICS) {
            throw new IllegalArgumentException("MarmotDoa.serve: node " + nodeIndex + " (0.." + (DoaCluster.MAX_NODES
                    - 1) + ") with " + xs.length + " microphones, the sample reads " + MAX_MICS);
        }
        for (int k = 0; k < served; k++) {
            if (k != nodeIndex && timebases[k] == timebase.hashCode()) {
                throw new IllegalArgumentException("MarmotDoa.serve: the timebase names of nodes " + k + " and "
                        + nodeIndex + " have one hash (" + timebase + "): rename one node");
            }
        }
        System.arraycopy(xs, 0, micX, nodeIndex * MAX_MICS, MAX_MICS);
        System.arraycopy(ys, 0, micY, nodeIndex * MAX_MICS, MAX_MICS);
        timebases[nodeIndex] = timebase.hashCode();
        served = Math.max(served, nodeIndex + 1);
    }

    /**
     * Makes this DOA put one vector for every detection it takes, a {@link #NO_DIRECTION} one for a
     * detection it drops, so that a {@link DoaMerge} can count the detections answered (the pipelined
     * DOA of the one-JVM run); before the graph runs.
     */
    void answerEvery() {
        this.answerEvery = true;
    }

    /**
     * The samples per channel this DOA reads of a detection at {@code sampleRate}, at most: what
     * precedes the lead (skipped) and {@code samples} after it; a {@link DoaFeed} sends no more.
     */
    static int samplesRead(long pad, long lead, int samples, double sampleRate) {
        long skip = Math.round((pad - Math.max(0, Math.min(pad, lead))) * 1e-9 * sampleRate);
        return (int) Math.min(Integer.MAX_VALUE, skip + samples);
    }

    /**
     * The end of the range a detection's first {@code length} samples per channel cover, as a node
     * measures it: {@link DoaVector#endNanos}. A {@link DoaFeed} computes it before it trims.
     */
    static long rangeEnd(Seg first, int length) {
        return first.startNanos() + (first.endNanos() - first.startNanos()) / first.length() * length;
    }

    /** Serving a feed: the node whose timebase is named {@code name}, or -1. */
    private int nodeOf(String name) {
        int hash = name.hashCode();
        for (int k = 0; k < served; k++) {
            if (hash == timebases[k]) {
                return k;
            }
        }
        return -1;
    }

    @Override
    public void work() {
        SegTuple t = in.take();
        int k = 0;
        if (served > 0) {
            k = nodeOf(t.get(0).timebase().name());
            if (k < 0) {
                dropped(UNKNOWN_NODE, DROPPED_UNKNOWN_NODE, k);
                return;
            }
            if (t.size() == DoaFeed.MARK_PLACES) {
                mark(t, k);
                return;
            }
        }
        int length = Integer.MAX_VALUE;
        for (int m = 0; m < MAX_MICS; m++) {
            length = Math.min(length, t.get(m).length());
        }
        FloatSeg first = (FloatSeg) t.get(0);
        if (length < MIN_SAMPLES) {
            dropped(TOO_SHORT, DROPPED_TOO_SHORT, k);
            return;
        }
        double rate = first.timebase().sampleRate();
        // Start shortly before the onset: the direct sound arrives first, reflections after it.
        int skip = (int) Math.min(length - MIN_SAMPLES, Math.round((padNanos - leadNanos) * 1e-9 * rate));
        int n = Math.min(length - skip, maxSamples);
        int size = Integer.highestOneBit(n);
        if (size < n) {
            size <<= 1;
        }
        int firstBin = Math.max(1, (int) Math.ceil(lowHz * size / rate));
        int lastBin = Math.min(size / 2 - 1, (int) Math.floor(highHz * size / rate));
        int bins = lastBin - firstBin + 1;
        if (bins < 1) {
            dropped(NO_BINS, DROPPED_NO_BINS, k);
            return;
        }
        // Every array has a size fixed by the configuration, never by the detection: the transient
        // region pools arrays by size, so a size seen for the first time is a new heap array, and a
        // window of each detection's own length put about 57 KB per detection on the heap.
        int capacity = Integer.highestOneBit(maxSamples);
        if (capacity < maxSamples) {
            capacity <<= 1;
        }
        int onset = (int) Math.max(0, Math.min(n, Math.round(padNanos * 1e-9 * rate) - skip));
        double[] response = new double[DoaVector.AZIMUTHS];
        // Copies into arrays of this run (a clone() is the JDK's, on the heap): the kernel gets no field.
        double[] xs = new double[MAX_MICS];
        double[] ys = new double[MAX_MICS];
        System.arraycopy(micX, k * MAX_MICS, xs, 0, MAX_MICS);
        System.arraycopy(micY, k * MAX_MICS, ys, 0, MAX_MICS);
        int kept = firstArrivals(t, skip, n, capacity, onset, rate, xs, ys, response);
        if (kept >= 0 && kept < MIN_ENTRIES) {
            dropped(NO_ONSET, DROPPED_NO_ONSET, k);
            return;
        }
        if (kept < 0) {
            wholeSpan(t, skip, n, size, capacity, onset, firstBin, bins, rate, xs, ys, response);
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : response) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        DoaVector v = makeCapsule(DoaVector.class);
        double span = max > min ? max - min : 1;
        for (int a = 0; a < DoaVector.AZIMUTHS; a++) {
            v.levels[a] = (byte) Math.round(255 * (response[a] - min) / span);
        }
        v.kind = DoaVector.DETECTION;
        v.node = served > 0 ? k : node;
        v.seq = -1;
        v.startNanos = first.startNanos();
        // A feed trimmed the tuple to what is read here, and sent the detection's own end in its tag.
        v.endNanos = served > 0 ? t.tag() : rangeEnd(first, length);
        v.onsetNanos = first.startNanos() + padNanos;
        v.azimuth = (float) SteeredResponse.peakAzimuth(response);
        v.peak = (float) max;
        v.sampleRate = 0;
        v.deployment = deployment;
        out.put(v);
    }

    /**
     * The response from each frequency's first arrival ({@link FirstArrivals}) if at least
     * {@link #MIN_ENTRIES} were kept; how many were kept, or -1, leaving {@code response} alone, when
     * they are off, the span is shorter than a frame or the lead too short for a noise floor.
     */
    private int firstArrivals(SegTuple t, int skip, int n, int capacity, int onset, double rate, double[] xs,
            double[] ys, double[] response) {
        if (frameNanos == 0) {
            return -1;
        }
        int frame = FirstArrivals.frameSamples(frameNanos, rate, xs, ys, MAX_MICS, speedOfSound);
        int firstBin = Math.max(1, (int) Math.ceil(lowHz * frame / rate));
        int lastBin = Math.min(frame / 2 - 1, (int) Math.floor(highHz * frame / rate));
        int bins = lastBin - firstBin + 1;
        if (frame > n || frame > capacity || bins < 1) {
            return -1;
        }
        float[] samples = new float[MAX_MICS * capacity];
        for (int m = 0; m < MAX_MICS; m++) {
            ((FloatSeg) t.get(m)).copyTo(skip, samples, m * capacity, n);
        }
        float[] window = new float[frame];
        DoaWindow.fill(window, frame, 0, 0);
        int most = frame / 2;
        float[] bandRe = new float[LAYERS * MAX_MICS * most];
        float[] bandIm = new float[LAYERS * MAX_MICS * most];
        // The lead's first half is noise: the detection starts up to about 17 ms after the direct sound.
        int kept = FirstArrivals.of(samples, MAX_MICS, capacity, n, frame, onset / 2, onsetRatio, LAYERS, firstBin,
                bins, whitening, window, new float[frame], new float[frame], new float[MAX_MICS * most],
                new float[MAX_MICS * most], new double[most * FirstArrivals.MAX_NOISE_FRAMES], new double[most],
                new int[most], bandRe, bandIm);
        if (kept < MIN_ENTRIES) {
            return kept;
        }
        float[] layerRe = new float[MAX_MICS * most];
        float[] layerIm = new float[MAX_MICS * most];
        double[] layer = new double[DoaVector.AZIMUTHS];
        double[] scratch = new double[2 * most];
        for (int l = 0; l < LAYERS; l++) {
            System.arraycopy(bandRe, l * MAX_MICS * bins, layerRe, 0, MAX_MICS * bins);
            System.arraycopy(bandIm, l * MAX_MICS * bins, layerIm, 0, MAX_MICS * bins);
            SteeredResponse.power(layerRe, layerIm, MAX_MICS, bins, firstBin, frame, rate, xs, ys, speedOfSound,
                    layer, scratch);
            for (int a = 0; a < DoaVector.AZIMUTHS; a++) {
                response[a] += layer[a];
            }
        }
        return kept;
    }

    /** The response from the whole span's spectrum under the {@link DoaWindow}. */
    private void wholeSpan(SegTuple t, int skip, int n, int size, int capacity, int onset, int firstBin, int bins,
            double rate, double[] xs, double[] ys, double[] response) {
        float[] window = new float[capacity];
        DoaWindow.fill(window, n, onset, decayNanos * 1e-9 * rate);
        float[] re = new float[capacity];
        float[] im = new float[capacity];
        float[] bandRe = new float[MAX_MICS * capacity / 2];
        float[] bandIm = new float[MAX_MICS * capacity / 2];
        for (int m = 0; m < MAX_MICS; m++) {
            FloatSeg s = (FloatSeg) t.get(m);
            s.copyTo(skip, re, 0, n);
            WhitenedBand.of(re, im, n, size, window, firstBin, bins, whitening, bandRe, bandIm, m * bins);
        }
        SteeredResponse.power(bandRe, bandIm, MAX_MICS, bins, firstBin, size, rate, xs, ys, speedOfSound, response,
                new double[capacity]);
    }

    /**
     * Counts a detection dropped for {@code why}; answering every one, puts instead a
     * {@link #NO_DIRECTION} vector whose {@link DoaVector#seq} says why ({@code reason}), and the
     * {@link DoaMerge} counts it: the merge keeps order by counting every detection's answer, so a
     * dropped one must answer too, and counting it there counts it once, under the merge's name.
     */
    private void dropped(FilterEvent why, int reason, int k) {
        if (!answerEvery) {
            raise(why);
            return;
        }
        DoaVector v = makeCapsule(DoaVector.class);
        v.kind = NO_DIRECTION;
        v.node = served > 0 ? k : node;
        v.seq = reason;
        v.deployment = deployment;
        out.put(v);
    }

    /** A node's progress or end mark, as a {@link DoaFeed} sent it in a tuple: the mark its source put. */
    private void mark(SegTuple t, int k) {
        Seg place = t.get(0);
        DoaVector v = makeCapsule(DoaVector.class);
        v.kind = (int) place.start();
        v.node = k;
        v.seq = -1;
        v.startNanos = place.timebase().timeNanos(0);
        v.endNanos = t.tag();
        v.onsetNanos = v.endNanos;
        v.sampleRate = (float) place.timebase().sampleRate();
        v.deployment = deployment;
        out.put(v);
    }
}
