package org.streamflex.bench.xstream;

import static org.streamflex.bench.xstream.XStreamWorkloads.ALPHA;
import static org.streamflex.bench.xstream.XStreamWorkloads.BETA;
import static org.streamflex.bench.xstream.XStreamWorkloads.GAMMA;
import static org.streamflex.bench.xstream.XStreamWorkloads.SILENCE_WINDOW;
import static org.streamflex.bench.xstream.XStreamWorkloads.STAT_WINDOW;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import org.streamflex.bench.xstream.Tuples.End;
import org.streamflex.bench.xstream.Tuples.MicSample;
import org.streamflex.bench.xstream.Tuples.Range;
import org.streamflex.bench.xstream.Tuples.Sample;
import org.streamflex.bench.xstream.Tuples.Tuple;
import org.streamflex.bench.xstream.Tuples.Watermark;
import org.streamflex.bench.xstream.XStreamWorkloads.DetectAudio;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;
import org.streamflex.dsp.detect.Cfar;

/**
 * The workloads as a conventional stream processor runs them, written in plain Java: a platform
 * thread per operator ({@link ConventionalEngine}), {@code ArrayBlockingQueue}s between them, an
 * immutable {@link Sample} object with a 64-bit timestamp per sample, passed on by reference; the
 * calling thread is the sink. Windows are formed from the timestamps (a tumbling window of
 * {@code W} closes at the sample whose timestamp is {@code W - 1} modulo {@code W}). SILENCEFILTER
 * joins the stream with the detector's ranges by a symmetric streaming hash join on timestamp,
 * XStream's {@code join} baseline, in place of {@code sync}. The source ignores the batch size: a
 * tuple engine moves one tuple at a time.
 *
 * <pre>{@code
 * Checksum c = XStreamVersions.find(Workload.PASSCHAIN, Version.CONVENTIONAL).run(input, 1);
 * }</pre>
 */
final class ConventionalVersions {
    private ConventionalVersions() {
    }

    static List<Version> versions() {
        return List.of(
                version(Workload.PASSCHAIN, ConventionalVersions::passChain),
                version(Workload.STATFILTER, ConventionalVersions::statFilter),
                version(Workload.SILENCEFILTER, ConventionalVersions::silenceFilter),
                inputVersion(Workload.DETECTAUDIO, (engine, input, length) -> detectAudio(engine,
                        input.detectAudio().arrays(), length)));
    }

    /** A workload's operators on the engine, returning what the sink computed. */
    private interface Plan {
        Checksum run(ConventionalEngine engine, float[] x, long length) throws InterruptedException;
    }

    /** The same, given the whole input and the length of a stream, in samples per channel. */
    private interface InputPlan {
        Checksum run(ConventionalEngine engine, XStreamInput input, long length) throws InterruptedException;
    }

    private static Version version(Workload workload, Plan plan) {
        return inputVersion(workload, (engine, input, length) -> plan.run(engine, input.recording().array(),
                length));
    }

    private static Version inputVersion(Workload workload, InputPlan plan) {
        return new Version() {
            @Override
            public Workload workload() {
                return workload;
            }

            @Override
            public String name() {
                return CONVENTIONAL;
            }

            @Override
            public Checksum run(XStreamInput input, int replays) throws InterruptedException {
                ConventionalEngine engine = new ConventionalEngine(workload.name().toLowerCase(Locale.ROOT));
                try (engine) {
                    Checksum checksum = plan.run(engine, input, input.length(workload, replays));
                    engine.finish();
                    return checksum;
                } catch (InterruptedException e) {
                    throw engine.stopped(e);
                }
            }
        };
    }

    /** The source operator: a tuple per sample of the replayed recording, to every queue, then the end. */
    @SafeVarargs
    private static void source(ConventionalEngine engine, float[] x, long length, BlockingQueue<Tuple>... outs) {
        engine.start("source", () -> {
            int position = 0;
            for (long n = 0; n < length; n++) {
                Sample sample = new Sample(n, x[position]);
                position = position + 1 == x.length ? 0 : position + 1;
                for (BlockingQueue<Tuple> out : outs) {
                    out.put(sample);
                }
            }
            for (BlockingQueue<Tuple> out : outs) {
                out.put(End.END);
            }
        });
    }

    private static Checksum passChain(ConventionalEngine engine, float[] x, long length) throws InterruptedException {
        BlockingQueue<Tuple> in = engine.queue();
        source(engine, x, length, in);
        for (int i = 0; i < XStreamWorkloads.PASS_STAGES; i++) {
            BlockingQueue<Tuple> from = in;
            BlockingQueue<Tuple> to = engine.queue();
            engine.start("pass-" + i, () -> {
                for (;;) {
                    Tuple t = from.take();
                    to.put(t);
                    if (t == End.END) {
                        return;
                    }
                }
            });
            in = to;
        }
        return sumSink(in);
    }

    /** The sink: count and sum of the samples, in arrival order. */
    private static Checksum sumSink(BlockingQueue<Tuple> in) throws InterruptedException {
        long count = 0;
        double sum = 0;
        for (Tuple t = in.take(); t != End.END; t = in.take()) {
            sum += ((Sample) t).value();
            count++;
        }
        return new Checksum(count, sum);
    }

    private static Checksum statFilter(ConventionalEngine engine, float[] x, long length) throws InterruptedException {
        BlockingQueue<Tuple> samples = engine.queue();
        BlockingQueue<Tuple> deviating = engine.queue();
        BlockingQueue<Tuple> passed = engine.queue();
        source(engine, x, length, samples);
        engine.start("std-filter", () -> {
            List<Sample> window = new ArrayList<>(STAT_WINDOW);
            WindowStats.Lanes lanes = new WindowStats.Lanes();
            for (Tuple t = samples.take(); t != End.END; t = samples.take()) {
                Sample s = (Sample) t;
                window.add(s);
                lanes.add(s.value());
                if (s.timestamp() % STAT_WINDOW == STAT_WINDOW - 1) {
                    if (lanes.std() > ALPHA) {
                        for (Sample w : window) {
                            deviating.put(w);
                        }
                    }
                    window.clear();
                    lanes.clear();
                }
            }
            deviating.put(End.END); // a partial window at the end is not formed
        });
        engine.start("mean-filter", () -> {
            List<Sample> window = new ArrayList<>(STAT_WINDOW);
            WindowStats.Lanes lanes = new WindowStats.Lanes();
            for (Tuple t = deviating.take(); t != End.END; t = deviating.take()) {
                Sample s = (Sample) t;
                window.add(s);
                lanes.add(s.value());
                if (s.timestamp() % STAT_WINDOW == STAT_WINDOW - 1) {
                    if (lanes.mean() < BETA) {
                        for (Sample w : window) {
                            passed.put(w);
                        }
                    }
                    window.clear();
                    lanes.clear();
                }
            }
            passed.put(End.END);
        });
        long windows = 0;
        long firstSamples = 0;
        for (Tuple t = passed.take(); t != End.END; t = passed.take()) {
            long timestamp = ((Sample) t).timestamp();
            if (timestamp % STAT_WINDOW == 0) {
                windows++;
                firstSamples += timestamp;
            }
        }
        return new Checksum(windows, firstSamples);
    }

    private static Checksum silenceFilter(ConventionalEngine engine, float[] x, long length)
            throws InterruptedException {
        BlockingQueue<Tuple> toDetector = engine.queue();
        BlockingQueue<Tuple> toJoin = engine.queue(); // the stream and the detector's output, merged
        BlockingQueue<Tuple> joined = engine.queue();
        source(engine, x, length, toDetector, toJoin);
        engine.start("silence-detector", () -> detect(toDetector, toJoin));
        engine.start("join", () -> join(toJoin, joined));
        return sumSink(joined);
    }

    /**
     * Ranges of voiced windows, each sent when its run ends, and after each unvoiced window a
     * watermark that lets the join evict the samples before it.
     */
    private static void detect(BlockingQueue<Tuple> in, BlockingQueue<Tuple> out) throws InterruptedException {
        WindowStats.Lanes lanes = new WindowStats.Lanes();
        long runStart = -1;
        long lastEnd = 0; // end of the last complete window
        for (Tuple t = in.take(); t != End.END; t = in.take()) {
            Sample s = (Sample) t;
            lanes.add(s.value());
            if (s.timestamp() % SILENCE_WINDOW == SILENCE_WINDOW - 1) {
                long start = s.timestamp() + 1 - SILENCE_WINDOW;
                lastEnd = s.timestamp() + 1;
                if (lanes.std() > GAMMA) {
                    if (runStart < 0) {
                        runStart = start;
                    }
                } else {
                    if (runStart >= 0) {
                        out.put(new Range(runStart, start));
                        runStart = -1;
                    }
                    out.put(new Watermark(lastEnd));
                }
                lanes.clear();
            }
        }
        if (runStart >= 0) {
            out.put(new Range(runStart, lastEnd));
        }
        out.put(End.END);
    }

    /**
     * A symmetric hash join on timestamp of the samples with the timestamps of the ranges: each
     * arrival is looked up in the other side's table and, if it finds no partner, entered in its
     * own. A range enters every timestamp it covers. Watermarks evict samples no range can match.
     * Both inputs arrive in timestamp order, so matches leave in timestamp order.
     */
    private static void join(BlockingQueue<Tuple> in, BlockingQueue<Tuple> out) throws InterruptedException {
        Map<Long, Sample> samples = new HashMap<>();
        Set<Long> voiced = new HashSet<>();
        ArrayDeque<Sample> arrivals = new ArrayDeque<>(); // the sample table in timestamp order, for eviction
        int ends = 0;
        while (ends < 2) {
            switch (in.take()) {
                case Sample s -> {
                    if (voiced.remove(s.timestamp())) {
                        out.put(s);
                    } else {
                        samples.put(s.timestamp(), s);
                        arrivals.add(s);
                    }
                }
                case Range r -> {
                    for (long timestamp = r.start(); timestamp < r.end(); timestamp++) {
                        Sample s = samples.remove(timestamp);
                        if (s != null) {
                            out.put(s);
                        } else {
                            voiced.add(timestamp);
                        }
                    }
                }
                case Watermark w -> {
                    while (!arrivals.isEmpty() && arrivals.peekFirst().timestamp() < w.time()) {
                        samples.remove(arrivals.pollFirst().timestamp());
                    }
                }
                case End.END -> ends++;
                case MicSample s -> throw new IllegalStateException("a microphone sample in SILENCEFILTER: " + s);
            }
        }
        out.put(End.END);
    }

    /**
     * DETECTAUDIO: the source sends a tuple per sample of each microphone to the join and those of
     * microphone 1 to the detector too; the detector forms windows of 32 from the timestamps, runs
     * the detection kernels and sends each detection's range, and every 64 quiet windows a
     * watermark; the join is a symmetric hash join on (microphone, timestamp) in place of
     * {@code sync}; the sink puts each detection's matches back in the checksum's order (a hash join
     * emits them as they match) and sums them once the range is complete.
     */
    private static Checksum detectAudio(ConventionalEngine engine, float[][] channels, long length)
            throws InterruptedException {
        BlockingQueue<Tuple> toDetector = engine.queue();
        BlockingQueue<Tuple> toJoin = engine.queue(); // the four microphones and the detector's output, merged
        BlockingQueue<Tuple> joined = engine.queue();
        engine.start("source", () -> {
            int n = channels[0].length;
            int position = 0;
            for (long t = 0; t < length; t++) {
                // Every microphone's sample t reaches the join before the detector can see it, so a
                // range always arrives after the samples it covers that have been taken.
                for (int c = 0; c < channels.length; c++) {
                    toJoin.put(new MicSample(c, t, channels[c][position]));
                }
                toDetector.put(new MicSample(0, t, channels[0][position]));
                position = position + 1 == n ? 0 : position + 1;
            }
            toJoin.put(End.END);
            toDetector.put(End.END);
        });
        engine.start("detector", () -> detectRanges(toDetector, toJoin, length));
        engine.start("join", () -> joinMicrophones(toJoin, joined));
        return detectionSink(joined);
    }

    private static void detectRanges(BlockingQueue<Tuple> in, BlockingQueue<Tuple> out, long length)
            throws InterruptedException {
        DetectAudioKernels kernels = new DetectAudioKernels();
        float[] window = new float[DetectAudio.WINDOW];
        int quiet = 0;
        long released = Long.MIN_VALUE;
        for (Tuple t = in.take(); t != End.END; t = in.take()) {
            MicSample s = (MicSample) t;
            int i = (int) (s.timestamp() % DetectAudio.WINDOW);
            window[i] = s.value();
            if (i < DetectAudio.WINDOW - 1) {
                continue;
            }
            int what = kernels.feed(window, 0);
            if (what == Cfar.END && kernels.rangeEnd() <= length) {
                out.put(new Range(kernels.rangeStart(), kernels.rangeEnd()));
            }
            if (what == Cfar.START) {
                quiet = 0;
            } else if (kernels.quiet() && ++quiet >= DetectAudioSamples.RELEASE_EVERY) {
                quiet = 0;
                long upTo = s.timestamp() + 1 - DetectAudio.WINDOW - DetectAudio.PAD_SAMPLES;
                if (upTo > released) {
                    out.put(new Watermark(upTo));
                    released = upTo;
                }
            }
        }
        out.put(End.END);
    }

    /**
     * The symmetric hash join: a sample is looked up in its microphone's table of timestamps that
     * ranges asked for and, if not there, entered in its table of samples; a range looks up each of
     * its timestamps on each microphone and enters those not there yet. The range itself goes on
     * first, so the sink knows what the matches belong to. Watermarks evict samples no range can ask
     * for.
     */
    private static void joinMicrophones(BlockingQueue<Tuple> in, BlockingQueue<Tuple> out)
            throws InterruptedException {
        List<Map<Long, MicSample>> samples = new ArrayList<>();
        List<Set<Long>> wanted = new ArrayList<>();
        List<ArrayDeque<MicSample>> arrivals = new ArrayList<>();
        for (int c = 0; c < DetectAudio.CHANNELS; c++) {
            samples.add(new HashMap<>());
            wanted.add(new HashSet<>());
            arrivals.add(new ArrayDeque<>());
        }
        int ends = 0;
        while (ends < 2) {
            switch (in.take()) {
                case MicSample s -> {
                    if (wanted.get(s.channel()).remove(s.timestamp())) {
                        out.put(s);
                    } else {
                        samples.get(s.channel()).put(s.timestamp(), s);
                        arrivals.get(s.channel()).add(s);
                    }
                }
                case Range r -> {
                    out.put(r);
                    for (int c = 0; c < DetectAudio.CHANNELS; c++) {
                        for (long timestamp = r.start(); timestamp < r.end(); timestamp++) {
                            MicSample s = samples.get(c).remove(timestamp);
                            if (s != null) {
                                out.put(s);
                            } else {
                                wanted.get(c).add(timestamp);
                            }
                        }
                    }
                }
                case Watermark w -> {
                    for (int c = 0; c < DetectAudio.CHANNELS; c++) {
                        ArrayDeque<MicSample> queue = arrivals.get(c);
                        while (!queue.isEmpty() && queue.peekFirst().timestamp() < w.time()) {
                            samples.get(c).remove(queue.pollFirst().timestamp());
                        }
                    }
                }
                case End.END -> ends++;
                case Sample s -> throw new IllegalStateException("a recording sample in DETECTAUDIO: " + s);
            }
        }
        out.put(End.END);
    }

    /** Puts each range's matches in place and sums a range, microphone by microphone, once all are in. */
    private static Checksum detectionSink(BlockingQueue<Tuple> in) throws InterruptedException {
        long detections = 0;
        double sum = 0;
        Range range = null;
        float[][] values = new float[DetectAudio.CHANNELS][];
        long missing = 0;
        for (Tuple t = in.take(); t != End.END; t = in.take()) {
            if (t instanceof Range r) {
                if (missing > 0) {
                    throw new IllegalStateException("range " + r + " before the samples of " + range);
                }
                range = r;
                int n = Math.toIntExact(r.end() - r.start());
                for (int c = 0; c < values.length; c++) {
                    values[c] = new float[n];
                }
                missing = (long) n * values.length;
            } else if (range != null && t instanceof MicSample s) {
                values[s.channel()][(int) (s.timestamp() - range.start())] = s.value();
                if (--missing == 0) {
                    for (float[] channel : values) {
                        for (float v : channel) {
                            sum += v;
                        }
                    }
                    detections++;
                }
            } else {
                throw new IllegalStateException("a match before any range: " + t);
            }
        }
        return new Checksum(detections, sum);
    }
}
