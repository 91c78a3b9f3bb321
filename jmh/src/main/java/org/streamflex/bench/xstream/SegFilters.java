package org.streamflex.bench.xstream;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;
import org.streamflex.TimeChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegTuple;
import org.streamflex.dsp.TimeRange;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.stats.Stats;

/**
 * The filters the signal-segment versions share: sources cutting the replayed recording into
 * segments of one batch each (copying it, or by reference), a pass-through, sinks that count and
 * sum, in stream order, what reaches them, and SILENCEFILTER's silence detector.
 */
final class SegFilters {
    /** The recording's clock: 44.1 kHz from sample 0, numbers continuing across replays. */
    static final Timebase RECORDING = Timebase.of("counting", CountingRecording.SAMPLE_RATE, 0);
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED;

    private SegFilters() {
    }

    /**
     * Puts the next {@code batch} samples of the replayed recording on each release as one segment,
     * until the stream's length is reached: the acquisition step, which copies the samples once
     * into a pooled off-heap buffer. It keeps its own copy of the recording (a filter keeps only
     * arrays it allocated).
     */
    public static final class SegmentSource extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private SharedChannel<FloatSeg> out;
        private final float[] samples = new float[CountingRecording.SAMPLES];
        private int batch = 1;
        private long remaining;
        private long next;
        private int position;

        /** Copies the recording, before the graph runs. */
        void load(float[] recording, int batch, long length) {
            System.arraycopy(recording, 0, samples, 0, samples.length);
            this.batch = batch;
            this.remaining = length;
        }

        @Override
        public void work() {
            int n = (int) Math.min(batch, remaining);
            if (n == 0) {
                return;
            }
            FloatSeg s = FloatSeg.make(RECORDING, next, n);
            int done = 0;
            while (done < n) {
                int run = Math.min(n - done, samples.length - position);
                s.set(done, samples, position, run);
                done += run;
                position = position + run == samples.length ? 0 : position + run;
            }
            next += n;
            remaining -= n;
            out.put(s);
        }
    }

    /**
     * Puts the next {@code batch} samples of the replayed recording on each release as one segment,
     * until the stream's length is reached, without copying them: the recording was loaded once
     * into off-heap sample memory before the run ({@link XStreamInput#recordingSegment()}), and each
     * batch is a segment over that memory, renumbered to its place in the stream (a batch that runs
     * across the end of a replay is two such segments joined). The plain loop reads the recording's
     * array in place the same way.
     */
    public static final class ReplaySource extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private SharedChannel<FloatSeg> out;
        private final SharedQueue<FloatSeg> recording = new SharedQueue<>(1);
        private int batch = 1;
        private long remaining;
        private long next;
        private int position;

        /** Holds the loaded recording, before the graph runs. */
        void load(FloatSeg loaded, int samplesPerRelease, long length) {
            recording.add(loaded);
            this.batch = samplesPerRelease;
            this.remaining = length;
        }

        @Override
        public void work() {
            int n = (int) Math.min(batch, remaining);
            if (n == 0) {
                return;
            }
            out.put(replay(recording.get(0), RECORDING, next, position, n));
            position = (int) ((position + (long) n) % recording.get(0).length());
            next += n;
            remaining -= n;
        }
    }

    /**
     * Samples {@code first ..} of the stream that replays {@code recording} over and over, {@code n}
     * of them from the recording's sample {@code position}, on {@code timebase}: renumbered cuts of
     * the recording's memory, joined where they wrap.
     */
    static FloatSeg replay(FloatSeg recording, Timebase timebase, long first, int position, int n) {
        int length = recording.length();
        int head = Math.min(n, length - position);
        FloatSeg s = recording.renumbered(position, head, timebase, first);
        int done = head;
        while (done < n) {
            int part = Math.min(n - done, length);
            s = s.append(recording.renumbered(0, part, timebase, first + done));
            done += part;
        }
        return s;
    }

    /** Forwards every segment it finds, by reference. */
    public static final class SegPass extends Filter {
        private SharedChannel<FloatSeg> in;
        private SharedChannel<FloatSeg> out;

        @Override
        public void work() {
            while (in.size() > 0) {
                out.put(in.take());
            }
        }
    }

    /** Counts and sums, in stream order, the samples of the segments that reach it. */
    public static final class SegSumSink extends Filter {
        private SharedChannel<FloatSeg> in;
        private long count;
        private double sum;

        @Override
        public void work() {
            while (in.size() > 0) {
                FloatSeg s = in.take();
                count += s.length();
                sum = addSamples(s, sum);
            }
        }

        public long count() {
            return count;
        }

        public double sum() {
            return sum;
        }
    }

    /** Counts the windows that reach it and sums their first sample numbers: STATFILTER's checksum. */
    public static final class WindowSink extends Filter {
        private SharedChannel<FloatSeg> in;
        private long windows;
        private long firstSamples;

        @Override
        public void work() {
            while (in.size() > 0) {
                FloatSeg window = in.take();
                windows++;
                firstSamples += window.start();
            }
        }

        public long windows() {
            return windows;
        }

        public long firstSamples() {
            return firstSamples;
        }
    }

    /**
     * Counts and sums the samples of each tuple a {@code sync} emits: tuple by tuple, place by
     * place, each segment in sample order, as one double.
     */
    public static final class TupleSumSink extends Filter {
        private SharedChannel<SegTuple> in;
        private long tuples;
        private long count;
        private double sum;

        @Override
        public void work() {
            while (in.size() > 0) {
                SegTuple t = in.take();
                tuples++;
                for (int i = 0, n = t.size(); i < n; i++) {
                    FloatSeg s = (FloatSeg) t.get(i);
                    count += s.length();
                    sum = addSamples(s, sum);
                }
            }
        }

        public long tuples() {
            return tuples;
        }

        public long count() {
            return count;
        }

        public double sum() {
            return sum;
        }
    }

    /**
     * SILENCEFILTER's silence detector over windows of the stream: a window is voiced if its
     * standard deviation ({@link Stats#std}, the workloads' arithmetic) is above gamma. When a run
     * of voiced windows ends, it sends the run's time range with {@code emit = true}; a run still
     * open when the last complete window of the stream ends is ended there. Once at least
     * {@value #RELEASE_EVERY} samples before the last unvoiced window's end (or the open run's start)
     * have not been released yet, it sends one {@code emit = false} range releasing them: XStream's
     * {@code sync} may let go of them. Releasing in steps of that many samples rather than after
     * every window keeps the control stream short; the sync holds that much more at most.
     */
    public static final class SilenceDetector extends Filter {
        /** The samples a release lets go of at least: four default batches, 0.37 s. */
        static final int RELEASE_EVERY = 16_384;

        private SharedChannel<FloatSeg> in;
        private Channel<TimeRange> out;
        private double gamma;
        private long lastEnd = Long.MAX_VALUE;
        private boolean inRun;
        private long runStart;
        private long releasable;
        private long released;
        private long ranges;

        /** Sets the threshold and the end of the stream's last complete window (a sample number). */
        void configure(double threshold, long lastWindowEnd) {
            this.gamma = threshold;
            this.lastEnd = lastWindowEnd;
        }

        @Override
        public void work() {
            while (in.size() > 0) {
                FloatSeg window = in.take();
                if (Stats.std(window) > gamma) {
                    if (!inRun) {
                        inRun = true;
                        runStart = window.start();
                    }
                    if (window.end() == lastEnd) {
                        send(runStart, window.end(), true);
                        inRun = false;
                        releasable = window.end();
                    }
                } else {
                    if (inRun) {
                        send(runStart, window.start(), true);
                        inRun = false;
                    }
                    releasable = window.end();
                }
            }
            if (releasable - released >= RELEASE_EVERY) {
                send(released, releasable, false);
                released = releasable;
            }
        }

        /** Sends the range of samples {@code [from, to)} as nanoseconds on the recording's clock. */
        private void send(long from, long to, boolean emit) {
            TimeRange r = makeCapsule(TimeRange.class);
            r.startNanos = RECORDING.timeNanos(from);
            r.endNanos = RECORDING.timeNanos(to);
            r.emit = emit;
            out.put(r);
            if (emit) {
                ranges++;
            }
        }

        /** Voiced ranges sent so far. */
        public long ranges() {
            return ranges;
        }
    }

    /**
     * {@code sum} plus every sample of {@code s} in order, one piece at a time, straight from its
     * memory (an int index and the unaligned layout: what C2 compiles best, see the DSP library's
     * {@code Stats}).
     */
    static double addSamples(FloatSeg s, double sum) {
        double total = sum;
        for (int k = 0, pieces = s.pieceCount(); k < pieces; k++) {
            MemorySegment memory = s.pieceMemory(k);
            long base = s.pieceOffset(k);
            for (int i = 0, n = s.pieceLength(k); i < n; i++) {
                total += memory.get(FLOAT, base + (long) Float.BYTES * i);
            }
        }
        return total;
    }
}
