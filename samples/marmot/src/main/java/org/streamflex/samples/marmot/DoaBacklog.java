package org.streamflex.samples.marmot;

import java.util.Arrays;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.Rate;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegTuple;
import org.streamflex.dsp.Timebase;
import org.streamflex.runtime.GraphDriver;

/**
 * The node's direction-of-arrival stage alone, fed a backlog of detections: a feeder cuts each
 * detection's four channels from a recording, scaled to floats once, into a {@link SegTuple} of
 * slices, as the {@code sync} slices the source's blocks, a few per release, into {@link MarmotDoa}
 * and {@link DoaForward} exactly as {@link MarmotGraph} builds them, and a collector keeps every
 * {@link DoaVector}. In the node graph a detection reaches the DOA alone (each step runs
 * everything downstream of one block), so a batch holds one and fission has nothing to split;
 * here a batch holds {@code perRelease} detections, as when detections queue up behind a slower
 * DOA, and the runtime splits it across {@code replicas}
 * replicas. For tests and the benchmark ({@code MarmotBench}'s fission measurement).
 *
 * <pre>{@code
 * DoaBacklog b = DoaBacklog.build(config, site, 0, 44_100, pcm, frames, 2, 4, 0);
 * b.run(starts, lengths);   // every detection's DoaVector, in order
 * b.azimuth(0); b.level(0, 90);
 * }</pre>
 */
public final class DoaBacklog extends StreamFlexGraph {
    /** The most detections one run keeps. */
    public static final int CAPACITY = 4096;
    /** The most frames one detection may have. */
    public static final int MAX_FRAMES = 1 << 19;
    private final Feeder feeder;
    private final Collector collector;
    private final GraphDriver driver;

    /**
     * Cuts queued detections from the recording, {@code perRelease} per release, into tuples of
     * float segments that share the recording's memory, as the node graph's {@code sync} slices the
     * source's blocks: the recording is scaled to floats once, in blocks of {@code blockFrames}
     * frames a channel (what the source does as its blocks arrive), and a detection is a slice of
     * each channel, of two blocks when it straddles them. No sample is copied on the way to the DOA:
     * each replica copies what it reads of its detections itself, on its own thread.
     */
    public static final class Feeder extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the feeder through it; work() does not read the time
        private TimeChannel timer;
        private SharedChannel<SegTuple> out;
        private PcmClip clip;
        private Timebase timebase;
        private final float[] samples = new float[MAX_FRAMES];
        /** Channel {@code m} of block {@code b} at {@code b * CHANNELS + m}; empty until the first release. */
        private SharedQueue<FloatSeg> blocks;
        private int blockFrames = MAX_FRAMES;
        private final int[] starts = new int[CAPACITY];
        private final int[] lengths = new int[CAPACITY];
        private int count;
        private int next;
        private int perRelease = 1;

        private Feeder() {
        }

        @Override
        public void work() {
            if (blocks.isEmpty()) {
                scale();
            }
            for (int p = 0; p < perRelease && next < count; p++, next++) {
                SegTuple t = SegTuple.make(ArraySource.CHANNELS);
                for (int m = 0; m < ArraySource.CHANNELS; m++) {
                    t.set(m, slice(m, starts[next], lengths[next]));
                }
                out.put(t);
            }
        }

        /** The recording's samples scaled to [-1, 1) as the source scales them, block by block. */
        private void scale() {
            short[] pcm = clip.data();
            int frames = clip.frames();
            for (int first = 0; first < frames; first += blockFrames) {
                int n = Math.min(blockFrames, frames - first);
                for (int m = 0; m < ArraySource.CHANNELS; m++) {
                    for (int i = 0; i < n; i++) {
                        samples[i] = pcm[(first + i) * ArraySource.CHANNELS + m] * (1f / 32_768f);
                    }
                    blocks.add(FloatSeg.copyOf(timebase, first, samples, 0, n));
                }
            }
        }

        /** Frames {@code from .. from + n - 1} of channel {@code m}, over the memory of the blocks they are in. */
        private FloatSeg slice(int m, int from, int n) {
            if (n == 0) {
                return FloatSeg.make(timebase, from, 0);
            }
            FloatSeg cut = null;
            int b = from / blockFrames;
            int at = from - b * blockFrames;
            for (int left = n; left > 0; b++, at = 0) {
                FloatSeg block = blocks.get(b * ArraySource.CHANNELS + m);
                FloatSeg piece = block.subseg(at, Math.min(left, block.length() - at));
                left -= piece.length();
                cut = cut == null ? piece : cut.append(piece);
            }
            return cut;
        }
    }

    /** Keeps each vector's fields. */
    public static final class Collector extends Filter {
        @Rate(1)
        private Channel<DoaVector> in;
        private final long[] starts = new long[CAPACITY];
        private final long[] ends = new long[CAPACITY];
        private final long[] onsets = new long[CAPACITY];
        private final float[] azimuths = new float[CAPACITY];
        private final float[] peaks = new float[CAPACITY];
        private final byte[] levels = new byte[CAPACITY * DoaVector.AZIMUTHS];
        private int count;

        private Collector() {
        }

        @Override
        public void work() {
            DoaVector v = in.take();
            if (count < CAPACITY) {
                starts[count] = v.startNanos;
                ends[count] = v.endNanos;
                onsets[count] = v.onsetNanos;
                azimuths[count] = v.azimuth;
                peaks[count] = v.peak;
                System.arraycopy(v.levels, 0, levels, count * DoaVector.AZIMUTHS, DoaVector.AZIMUTHS);
            }
            count++;
        }
    }

    private DoaBacklog(MarmotConfig config, NodeSite site, int node, double sampleRate, PcmClip clip,
            int perRelease, int blockFrames) {
        feeder = makeFilter("feeder", Feeder.class, 4 << 20, 64 << 10);
        feeder.clip = clip;
        feeder.blockFrames = blockFrames;
        feeder.blocks = new SharedQueue<>(ArraySource.CHANNELS * Math.max(1, (clip.frames() + blockFrames - 1)
                / blockFrames));
        feeder.timebase = Timebase.of("node-" + site.id(), sampleRate, 0);
        feeder.perRelease = perRelease;
        connect(makeClock(0), feeder, "timer");
        MarmotDoa doa = makeFilter("doa-" + site.id(), MarmotDoa.class, 64 << 10, 4 << 20);
        doa.configure(node, site.micXs(), site.micYs(), config.lowHz(), config.highHz(), config.speedOfSound(),
                config.padNanos(), config.doaSamples(), config.whitening(), Math.round(config.doaLeadMillis() * 1e6));
        connect(feeder, "out", doa, "in", 64);
        DoaForward forward = makeFilter("doa-out-" + site.id(), DoaForward.class);
        connect(doa, "out", forward, "in", 256);
        collector = makeFilter("collector", Collector.class, 4 << 20, 64 << 10);
        connect(forward, "out", collector, "in", 256);
        validate();
        driver = GraphDriver.of(this);
    }

    /**
     * Builds the graph with {@code replicas} replicas of the DOA ({@code streamflex.fission.replicas},
     * set while the graph is built and restored after; 1 is no fission).
     *
     * @param pcm the recording, interleaved 4-channel 16-bit frames
     * @param perRelease detections cut per release: the size of the DOA's batches
     * @param minPartNanos {@code streamflex.fission.minPartNanos}: 0 splits every batch of two or more
     */
    public static DoaBacklog build(MarmotConfig config, NodeSite site, int node, double sampleRate, short[] pcm,
            int frames, int replicas, int perRelease, long minPartNanos) {
        return build(config, site, node, sampleRate, pcm, frames, replicas, perRelease, minPartNanos, MAX_FRAMES);
    }

    /**
     * As {@link #build(MarmotConfig, NodeSite, int, double, short[], int, int, int, long)}, the recording
     * scaled in blocks of {@code blockFrames} frames (1 to {@link #MAX_FRAMES}): for tests of detections
     * that straddle blocks.
     */
    static DoaBacklog build(MarmotConfig config, NodeSite site, int node, double sampleRate, short[] pcm,
            int frames, int replicas, int perRelease, long minPartNanos, int blockFrames) {
        if (blockFrames < 1 || blockFrames > MAX_FRAMES) {
            throw new IllegalArgumentException("DoaBacklog: blocks of " + blockFrames + " frames; 1 to " + MAX_FRAMES);
        }
        String[] keys = {"streamflex.fission.replicas", "streamflex.fission.minPartNanos"};
        String[] values = {String.valueOf(replicas), String.valueOf(minPartNanos)};
        String[] before = new String[keys.length];
        for (int i = 0; i < keys.length; i++) {
            before[i] = System.setProperty(keys[i], values[i]);
        }
        try {
            return new DoaBacklog(config, site, node, sampleRate, new PcmClip(pcm, frames, ArraySource.CHANNELS),
                    perRelease, blockFrames);
        } finally {
            for (int i = 0; i < keys.length; i++) {
                if (before[i] == null) {
                    System.clearProperty(keys[i]);
                } else {
                    System.setProperty(keys[i], before[i]);
                }
            }
        }
    }

    /**
     * Runs the DOA of each detection: frames {@code starts[i]} to {@code starts[i] + lengths[i] - 1}
     * of the recording, stepping the graph until every vector is collected. The collector starts
     * again from 0.
     */
    public void run(int[] starts, int[] lengths) {
        if (starts.length != lengths.length || starts.length > CAPACITY) {
            throw new IllegalArgumentException(starts.length + " starts and " + lengths.length + " lengths; at most "
                    + CAPACITY);
        }
        if (Arrays.stream(lengths).anyMatch(n -> n < 0 || n > MAX_FRAMES)) {
            throw new IllegalArgumentException("a detection of " + Arrays.stream(lengths).max().orElse(0)
                    + " frames; at most " + MAX_FRAMES);
        }
        for (int i = 0; i < starts.length; i++) {
            if (starts[i] < 0 || (long) starts[i] + lengths[i] > feeder.clip.frames()) {
                throw new IllegalArgumentException("detection " + i + ": frames " + starts[i] + " to "
                        + ((long) starts[i] + lengths[i] - 1) + ", outside the recording's 0 to "
                        + (feeder.clip.frames() - 1));
            }
        }
        System.arraycopy(starts, 0, feeder.starts, 0, starts.length);
        System.arraycopy(lengths, 0, feeder.lengths, 0, lengths.length);
        feeder.count = starts.length;
        feeder.next = 0;
        collector.count = 0;
        // A detection too short for a direction puts no vector: stop once the feeder is done and the
        // DOA has run the last batch (one more step).
        while (feeder.next < feeder.count) {
            driver.step();
        }
        driver.step();
    }

    /** Vectors collected by the last {@link #run}. */
    public int count() {
        return collector.count;
    }

    /** Vector {@code i}'s interpolated peak azimuth, degrees. */
    public float azimuth(int i) {
        return collector.azimuths[i];
    }

    /** Vector {@code i}'s steered response power at the peak. */
    public float peak(int i) {
        return collector.peaks[i];
    }

    /** Vector {@code i}'s range and onset, nanoseconds: {start, end, onset}. */
    public long[] times(int i) {
        return new long[] {collector.starts[i], collector.ends[i], collector.onsets[i]};
    }

    /** Vector {@code i}'s level of azimuth bin {@code a}, 0 to 255. */
    public int level(int i, int a) {
        return collector.levels[i * DoaVector.AZIMUTHS + a] & 0xff;
    }
}
