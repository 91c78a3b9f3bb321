package org.streamflex.bench.xstream;

import java.util.List;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;
import org.streamflex.TimeChannel;
import org.streamflex.bench.xstream.SegFilters.TupleSumSink;
import org.streamflex.bench.xstream.XStreamWorkloads.DetectAudio;
import org.streamflex.dsp.ComplexSeg;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegTuple;
import org.streamflex.dsp.Signal;
import org.streamflex.dsp.SignalGraph;
import org.streamflex.dsp.TimeRange;
import org.streamflex.dsp.TimedValue;
import org.streamflex.dsp.detect.CfarDetector;
import org.streamflex.dsp.join.SyncPolicy;
import org.streamflex.dsp.rewrite.Lowered;
import org.streamflex.dsp.spectrum.BinScore;

/**
 * DETECTAUDIO on signal segments, as XStream's figure 2 draws it: {@code rewindow(32)} of channel 1,
 * the library's {@code Fft(32)}, {@link BinScore} with the workload's weights and
 * {@link CfarDetector} configured to its CFAR, whose detections ({@code emit = true}) and releases
 * ({@code emit = false}) are the control input of a {@code sync} over the four channels; a sink
 * sums each tuple's segments. Two other shapes of the same graph, for XStream's comparison
 * (section IV-B): {@link Shape#CUT}, cut off before the sync (the detections and channels 2 to 4
 * end in a sink that counts the detections), and {@link Shape#HASH_JOIN}, a symmetric hash join on
 * per-sample timestamps ({@link HashJoin}) in place of the sync.
 *
 * <pre>{@code
 * DetectAudioSegs graph = new DetectAudioSegs(Shape.SYNC, XStreamInput.load(4096), 432_000);
 * Checksum c = graph.driver().run();   // detections, sum of the samples emitted
 * }</pre>
 */
final class DetectAudioSegs extends SignalGraph {
    /** What a sync or join holds at most per channel besides a batch: 2.7 s, three times the longest detection. */
    static final int HELD = 1 << 17;

    /** Where the detections go. */
    enum Shape {
        /** The library's {@code Sync} over the four channels. */
        SYNC,
        /** No sync: the detections are counted, the channels dropped. */
        CUT,
        /** A symmetric hash join on per-sample timestamps in place of the sync. */
        HASH_JOIN
    }

    private final long releases;
    private final TupleSumSink sums;
    private final CutSink cut;
    private final HashJoin join;

    DetectAudioSegs(Shape shape, XStreamInput input, long length) {
        int batch = input.batch();
        setSignalCapacity(batch / DetectAudio.WINDOW + 8); // the windows of a release, and some
        Filter source;
        if (input.copyingSources()) {
            MicSource copying = makeFilter("source", MicSource.class, MicSource.STABLE_BYTES,
                    DEFAULT_TRANSIENT_BYTES);
            copying.load(input.detectAudio().arrays(), batch, length);
            source = copying;
        } else {
            MicReplay replay = makeFilter("source", MicReplay.class);
            replay.load(input.micSegment(0), input.micSegment(1), input.micSegment(2), input.micSegment(3), batch,
                    length);
            source = replay;
        }
        connect(makeClock(0), source);
        List<Signal<FloatSeg>> mics = List.of(signal(source, "out0", FloatSeg.class),
                signal(source, "out1", FloatSeg.class), signal(source, "out2", FloatSeg.class),
                signal(source, "out3", FloatSeg.class));
        Signal<ComplexSeg> spectra = fft(rewindow(mics.get(0), DetectAudio.WINDOW, 0), DetectAudio.FFT_POINTS);
        Signal<TimedValue> scores = operator("score", maker -> {
            BinScore score = maker.make("score", BinScore.class);
            score.configure(DetectAudio.weights());
            return new Lowered(score, "out", List.of("in"));
        }, TimedValue.class, spectra);
        Signal<TimeRange> detections = operator("cfar", maker -> {
            CfarDetector cfar = maker.make("cfar", CfarDetector.class);
            cfar.configure(DetectAudio.CFAR_BETA, DetectAudio.timeConstant(), DetectAudio.CFAR_WARMUP,
                    DetectAudio.CFAR_HOLD, 0);
            cfar.configurePadding(DetectAudio.PAD_BEFORE_NANOS, DetectAudio.PAD_AFTER_NANOS);
            return new Lowered(cfar, "out", List.of("in"));
        }, TimeRange.class, scores);
        int held = HELD + 2 * batch;
        switch (shape) {
            case SYNC -> {
                Signal<SegTuple> tuples = sync(detections, held, SyncPolicy.DROP_INCOMPLETE, mics.get(0), mics.get(1),
                        mics.get(2), mics.get(3));
                sums = makeFilter("sink", TupleSumSink.class);
                into(tuples, sums, "in");
                cut = null;
                join = null;
            }
            case HASH_JOIN -> {
                HashJoin j = makeFilter("hash-join", HashJoin.class, HashJoin.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
                Signal<SegTuple> tuples = operator("hash-join", maker -> new Lowered(j, "out", List.of("control", "in0",
                        "in1", "in2", "in3")), SegTuple.class, detections, mics.get(0), mics.get(1), mics.get(2),
                        mics.get(3));
                sums = makeFilter("sink", TupleSumSink.class);
                into(tuples, sums, "in");
                cut = null;
                join = j;
            }
            default -> {
                cut = makeFilter("sink", CutSink.class);
                into(detections, cut, "ranges");
                for (int c = 1; c < DetectAudio.CHANNELS; c++) {
                    into(mics.get(c), cut, "in");
                }
                sums = null;
                join = null;
            }
        }
        validate();
        releases = (length + batch - 1) / batch;
    }

    Version.Prepared driver() {
        return DrivenRun.of(this, releases, this::checksum);
    }

    Checksum checksum() {
        return sums != null ? new Checksum(sums.tuples(), sums.sum()) : new Checksum(cut.detections(), 0);
    }

    /** The hash join's entries held now (timestamped samples and asked-for timestamps), or 0. */
    long joinEntries() {
        return join == null ? 0 : join.entries();
    }

    /**
     * Puts the next {@code batch} samples of each microphone on its own output as a segment of its
     * timebase, until the stream's length (per microphone) is reached: the acquisition step, which
     * copies the samples once into pooled off-heap buffers.
     */
    public static final class MicSource extends Filter {
        /** The stable region: the four channels' copies and the filter. */
        static final int STABLE_BYTES = DetectAudio.CHANNELS * 4 * DetectAudioInput.SAMPLES + 64 * 1024;

        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        private SharedChannel<FloatSeg> out0;
        private SharedChannel<FloatSeg> out1;
        private SharedChannel<FloatSeg> out2;
        private SharedChannel<FloatSeg> out3;
        private final float[] ch0 = new float[DetectAudioInput.SAMPLES];
        private final float[] ch1 = new float[DetectAudioInput.SAMPLES];
        private final float[] ch2 = new float[DetectAudioInput.SAMPLES];
        private final float[] ch3 = new float[DetectAudioInput.SAMPLES];
        private int batch = 1;
        private long remaining;
        private long next;
        private int position;

        /** Copies the channels, before the graph runs. */
        void load(float[][] channels, int samplesPerRelease, long length) {
            System.arraycopy(channels[0], 0, ch0, 0, ch0.length);
            System.arraycopy(channels[1], 0, ch1, 0, ch1.length);
            System.arraycopy(channels[2], 0, ch2, 0, ch2.length);
            System.arraycopy(channels[3], 0, ch3, 0, ch3.length);
            this.batch = samplesPerRelease;
            this.remaining = length;
        }

        @Override
        public void work() {
            int n = (int) Math.min(batch, remaining);
            if (n == 0) {
                return;
            }
            out0.put(cut(0, ch0, n));
            out1.put(cut(1, ch1, n));
            out2.put(cut(2, ch2, n));
            out3.put(cut(3, ch3, n));
            position = (int) ((position + (long) n) % ch0.length);
            next += n;
            remaining -= n;
        }

        /** The next {@code n} samples of {@code channel}, wrapping at the end of a replay. */
        private FloatSeg cut(int mic, float[] channel, int n) {
            FloatSeg s = FloatSeg.make(Mics.clock(mic), next, n);
            int done = 0;
            int at = position;
            while (done < n) {
                int run = Math.min(n - done, channel.length - at);
                s.set(done, channel, at, run);
                done += run;
                at = at + run == channel.length ? 0 : at + run;
            }
            return s;
        }
    }

    /**
     * Puts the next {@code batch} samples of each microphone on its own output, as segments over
     * the channels loaded once into off-heap memory ({@link XStreamInput#micSegment}), renumbered:
     * no sample is copied.
     */
    public static final class MicReplay extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        private SharedChannel<FloatSeg> out0;
        private SharedChannel<FloatSeg> out1;
        private SharedChannel<FloatSeg> out2;
        private SharedChannel<FloatSeg> out3;
        private final SharedQueue<FloatSeg> loaded = new SharedQueue<>(DetectAudio.CHANNELS);
        private int batch = 1;
        private long remaining;
        private long next;
        private int position;

        /** Holds the loaded channels, before the graph runs. */
        void load(FloatSeg mic1, FloatSeg mic2, FloatSeg mic3, FloatSeg mic4, int samplesPerRelease, long length) {
            loaded.add(mic1);
            loaded.add(mic2);
            loaded.add(mic3);
            loaded.add(mic4);
            this.batch = samplesPerRelease;
            this.remaining = length;
        }

        @Override
        public void work() {
            int n = (int) Math.min(batch, remaining);
            if (n == 0) {
                return;
            }
            out0.put(SegFilters.replay(loaded.get(0), Mics.MIC1, next, position, n));
            out1.put(SegFilters.replay(loaded.get(1), Mics.MIC2, next, position, n));
            out2.put(SegFilters.replay(loaded.get(2), Mics.MIC3, next, position, n));
            out3.put(SegFilters.replay(loaded.get(3), Mics.MIC4, next, position, n));
            position = (int) ((position + (long) n) % DetectAudioInput.SAMPLES);
            next += n;
            remaining -= n;
        }
    }

    /** DETECTAUDIO cut off before the sync: counts the detections, drops the other channels' segments. */
    public static final class CutSink extends Filter {
        private Channel<TimeRange> ranges;
        private SharedChannel<FloatSeg>[] in;
        private long detections;

        @Override
        public void work() {
            while (ranges.size() > 0) {
                if (ranges.take().emit) {
                    detections++;
                }
            }
            for (SharedChannel<FloatSeg> channel : in) {
                while (channel.size() > 0) {
                    channel.take();
                }
            }
        }

        public long detections() {
            return detections;
        }
    }

    /**
     * A symmetric hash join of the four channels with the detections, on per-sample 64-bit
     * timestamps (sample numbers), as a conventional engine joins a stream with time ranges
     * (XStream's {@code join} baseline in place of {@code sync}). Each arriving sample is looked up in
     * its channel's table of timestamps a detection asked for; found, it is a match, else it enters
     * its channel's table of samples. A detection looks up each of its timestamps on each channel;
     * those not there yet enter the table of asked-for timestamps. Matches are placed in an array;
     * when a detection's are all in, they go out as one tuple of four new segments (copies), so that
     * the sink is the sync's. A release ({@code emit = false}) evicts the samples before it. One
     * detection is served at a time; the next waits in the control channel.
     */
    public static final class HashJoin extends Filter {
        /** The longest detection a join can hold: 1.4 s. */
        static final int MAX_RANGE = 1 << 16;
        /** Samples read from a segment at a time. */
        static final int CHUNK = 4096;
        /** Slots per table: 2^18, for up to 2^17 timestamps per channel. */
        static final int TABLE_BITS = 18;
        /** The stable region: eight tables of 2^18 slots (12 bytes each), the matches, and the filter. */
        static final int STABLE_BYTES = 8 * 12 * (1 << TABLE_BITS) + 4 * DetectAudio.CHANNELS * MAX_RANGE + 4 * CHUNK
                + 1024 * 1024;

        private Channel<TimeRange> control;
        private SharedChannel<FloatSeg> in0;
        private SharedChannel<FloatSeg> in1;
        private SharedChannel<FloatSeg> in2;
        private SharedChannel<FloatSeg> in3;
        private SharedChannel<SegTuple> out;
        private final LongFloatTable samples0 = new LongFloatTable(TABLE_BITS);
        private final LongFloatTable samples1 = new LongFloatTable(TABLE_BITS);
        private final LongFloatTable samples2 = new LongFloatTable(TABLE_BITS);
        private final LongFloatTable samples3 = new LongFloatTable(TABLE_BITS);
        private final LongFloatTable wanted0 = new LongFloatTable(TABLE_BITS);
        private final LongFloatTable wanted1 = new LongFloatTable(TABLE_BITS);
        private final LongFloatTable wanted2 = new LongFloatTable(TABLE_BITS);
        private final LongFloatTable wanted3 = new LongFloatTable(TABLE_BITS);
        private final float[] matched = new float[DetectAudio.CHANNELS * MAX_RANGE];
        private final float[] incoming = new float[CHUNK];
        /** Per channel, the first timestamp not evicted yet. */
        private final long[] evicted = new long[DetectAudio.CHANNELS];
        private boolean pending;
        private long from;
        private long to;
        private long missing;
        private long detections;

        @Override
        public void work() {
            for (int c = 0; c < DetectAudio.CHANNELS; c++) {
                SharedChannel<FloatSeg> input = input(c);
                while (input.size() > 0) {
                    arrive(c, input.take());
                }
            }
            while (control.size() > 0) {
                if (pending) {
                    if (missing > 0) {
                        return;
                    }
                    emit();
                }
                TimeRange range = control.take();
                long end = Mics.MIC1.firstSampleAtOrAfter(range.endNanos);
                if (range.emit) {
                    ask(Mics.MIC1.firstSampleAtOrAfter(range.startNanos), end);
                    if (missing > 0) {
                        return;
                    }
                    emit();
                }
                evictBefore(end);
            }
            if (pending && missing == 0) {
                emit();
            }
        }

        /**
         * A channel's samples, each with its timestamp: matched, or kept for a detection to come. The
         * segment is read a chunk at a time into an array (one bulk copy), not sample by sample.
         */
        private void arrive(int c, FloatSeg s) {
            LongFloatTable kept = samples(c);
            LongFloatTable asked = wanted(c);
            for (int at = 0, length = s.length(); at < length; at += incoming.length) {
                int n = Math.min(incoming.length, length - at);
                s.copyTo(at, incoming, 0, n);
                long first = s.start() + at;
                for (int i = 0; i < n; i++) {
                    long timestamp = first + i;
                    float value = incoming[i];
                    if (pending && asked.discard(timestamp)) {
                        matched[c * MAX_RANGE + (int) (timestamp - from)] = value;
                        missing--;
                    } else if (timestamp >= evicted[c]) {
                        kept.put(timestamp, value);
                    }
                }
            }
        }

        /** A detection's timestamps, looked up on every channel. */
        private void ask(long start, long end) {
            if (end - start > MAX_RANGE) {
                throw new IllegalStateException("a detection of " + (end - start) + " samples; the join holds at most "
                        + MAX_RANGE);
            }
            pending = true;
            from = start;
            to = end;
            missing = 0;
            for (int c = 0; c < DetectAudio.CHANNELS; c++) {
                LongFloatTable kept = samples(c);
                LongFloatTable asked = wanted(c);
                for (long timestamp = start; timestamp < end; timestamp++) {
                    float value = kept.remove(timestamp);
                    if (!Float.isNaN(value)) { // it was there (samples are never NaN)
                        matched[c * MAX_RANGE + (int) (timestamp - start)] = value;
                    } else {
                        asked.put(timestamp, 0f);
                        missing++;
                    }
                }
            }
        }

        /** The complete detection as a tuple of four segments, then everything before its end released. */
        private void emit() {
            int n = (int) (to - from);
            SegTuple t = SegTuple.make(DetectAudio.CHANNELS);
            for (int c = 0; c < DetectAudio.CHANNELS; c++) {
                t.set(c, FloatSeg.copyOf(Mics.clock(c), from, matched, c * MAX_RANGE, n));
            }
            t.tag(detections++);
            out.put(t);
            pending = false;
            evictBefore(to);
        }

        /** Evicts every sample before {@code timestamp} from the tables. */
        private void evictBefore(long timestamp) {
            for (int c = 0; c < DetectAudio.CHANNELS; c++) {
                LongFloatTable kept = samples(c);
                for (long t = evicted[c]; t < timestamp; t++) {
                    kept.discard(t);
                }
                evicted[c] = Math.max(evicted[c], timestamp);
            }
        }

        /** The timestamped samples and asked-for timestamps held now, over the four channels. */
        public long entries() {
            long sum = 0;
            for (int c = 0; c < DetectAudio.CHANNELS; c++) {
                sum += samples(c).size() + wanted(c).size();
            }
            return sum;
        }

        private SharedChannel<FloatSeg> input(int c) {
            return switch (c) {
                case 0 -> in0;
                case 1 -> in1;
                case 2 -> in2;
                default -> in3;
            };
        }

        private LongFloatTable samples(int c) {
            return switch (c) {
                case 0 -> samples0;
                case 1 -> samples1;
                case 2 -> samples2;
                default -> samples3;
            };
        }

        private LongFloatTable wanted(int c) {
            return switch (c) {
                case 0 -> wanted0;
                case 1 -> wanted1;
                case 2 -> wanted2;
                default -> wanted3;
            };
        }
    }
}
