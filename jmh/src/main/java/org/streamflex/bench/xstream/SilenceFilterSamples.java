package org.streamflex.bench.xstream;

import static org.streamflex.bench.xstream.XStreamWorkloads.GAMMA;
import static org.streamflex.bench.xstream.XStreamWorkloads.SILENCE_WINDOW;

import org.streamflex.DuplicateSplitter;
import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.LongChannel;
import org.streamflex.bench.xstream.SampleFilters.SumSink;

/**
 * SILENCEFILTER, one sample per item: the source feeds, through the runtime's
 * {@link DuplicateSplitter}, a {@link Detector} and the data input of a {@link Join}; the detector
 * sends the join the voiced ranges on a long channel, and the join puts out the samples inside them.
 *
 * <p>The control channel carries pairs {@code (start, end)} in increasing order. A voiced range is
 * sent when its run ends, so the join must hold every sample that may still turn out voiced: the
 * detector also sends an empty pair {@code (t, t)} after each window that ends unvoiced, which lets
 * the join drop the samples before {@code t} (WaveScript's {@code syncSelect} takes the same kind
 * of "release, do not emit" control). The join's data channel therefore holds at most the longest
 * voiced range plus a window and a batch.
 *
 * <pre>{@code
 * SilenceFilterSamples graph = new SilenceFilterSamples(recording.samples(), 4096, 396_900);
 * Checksum c = graph.driver().run();   // samples out, their sum
 * }</pre>
 */
final class SilenceFilterSamples extends SampleGraph {
    /** The join's data buffer: 131,072 samples, 3 s, nearly four times the longest voiced range. */
    static final int DATA_BUFFER = 1 << 17;

    private final SumSink sink;

    SilenceFilterSamples(float[] recording, int batch, long length) {
        super(batch, length);
        Filter source = source(recording);
        DuplicateSplitter split = makeFilter(DuplicateSplitter.class);
        Detector detector = makeFilter(Detector.class);
        detector.lastEnd = length / SILENCE_WINDOW * SILENCE_WINDOW;
        Join join = makeFilter(Join.class);
        sink = makeFilter(SumSink.class);
        int data = DATA_BUFFER + 2 * batch;
        connect(source, split, batch);
        connect(split, detector, batch);
        connect(split, join, "data", data);
        // Per window at most a range and a release mark, two longs each.
        connect(detector, "ranges", join, "ranges", 4 * (batch / SILENCE_WINDOW + 2));
        connect(join, "out", sink, "in", data);
        validate();
    }

    @Override
    Checksum checksum() {
        return new Checksum(sink.count(), sink.sum());
    }

    /** Sends the maximal runs of voiced windows as {@code (start, end)}, and release marks. */
    public static final class Detector extends Filter {
        private FloatChannel in;
        private LongChannel ranges;
        private long lastEnd;
        private final WindowStats.Lanes lanes = new WindowStats.Lanes();
        private long windowStart;
        private long runStart = -1;

        @Override
        public void work() {
            while (in.size() > 0) {
                lanes.add(in.take());
                if (lanes.count() == SILENCE_WINDOW) {
                    long end = windowStart + SILENCE_WINDOW;
                    if (lanes.std() > GAMMA) {
                        if (runStart < 0) {
                            runStart = windowStart;
                        }
                        if (end == lastEnd) { // the stream ends inside the run: the run ends with it
                            ranges.put(runStart);
                            ranges.put(end);
                            runStart = -1;
                        }
                    } else {
                        if (runStart >= 0) {
                            ranges.put(runStart);
                            ranges.put(windowStart);
                            runStart = -1;
                        }
                        ranges.put(end);
                        ranges.put(end);
                    }
                    windowStart = end;
                    lanes.clear();
                }
            }
        }
    }

    /**
     * Joins the stream with the ranges: drops the samples before each range's start and puts the
     * ones inside it. A range whose samples have not all arrived waits, half done, for the next
     * release.
     */
    public static final class Join extends Filter {
        private FloatChannel data;
        private LongChannel ranges;
        private FloatChannel out;
        private long next; // the sample number at the head of data
        private long start;
        private long end;
        private boolean pending;

        @Override
        protected boolean trigger() {
            return ranges.size() >= 2 || (pending && data.size() > 0);
        }

        @Override
        public void work() {
            for (;;) {
                if (!pending) {
                    if (ranges.size() < 2) {
                        return;
                    }
                    start = ranges.take();
                    end = ranges.take();
                    pending = true;
                }
                while (next < start && data.size() > 0) {
                    data.take();
                    next++;
                }
                while (next < end && data.size() > 0) {
                    out.put(data.take());
                    next++;
                }
                if (next < end) {
                    return;
                }
                pending = false;
            }
        }
    }
}
