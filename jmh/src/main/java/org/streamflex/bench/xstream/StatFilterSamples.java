package org.streamflex.bench.xstream;

import static org.streamflex.bench.xstream.XStreamWorkloads.ALPHA;
import static org.streamflex.bench.xstream.XStreamWorkloads.BETA;
import static org.streamflex.bench.xstream.XStreamWorkloads.STAT_WINDOW;

import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.LongChannel;

/**
 * STATFILTER, one sample per item: source -> {@link StdFilter} -> {@link MeanFilter} ->
 * {@link WindowSink}. A filter takes each sample into a window buffer of its own as it arrives and,
 * when the window is complete and passes, puts its samples on, one item each, with the window's first
 * sample number on a long channel beside them: once windows are dropped, the samples' positions no
 * longer say where a window started.
 *
 * <pre>{@code
 * StatFilterSamples graph = new StatFilterSamples(recording.samples(), 4096, 396_900);
 * Checksum c = graph.driver().run();   // windows passed, sum of their first sample numbers
 * }</pre>
 */
final class StatFilterSamples extends SampleGraph {
    private final WindowSink sink;

    StatFilterSamples(float[] recording, int batch, long length) {
        super(batch, length);
        Filter source = source(recording);
        StdFilter std = makeFilter(StdFilter.class);
        MeanFilter mean = makeFilter(MeanFilter.class);
        sink = makeFilter(WindowSink.class);
        // A release of B samples completes at most B / W + 1 windows, all of which may pass.
        int samples = batch + STAT_WINDOW;
        int starts = batch / STAT_WINDOW + 2;
        connect(source, std, batch);
        connect(std, "out", mean, "in", samples);
        connect(std, "starts", mean, "starts", starts);
        connect(mean, "out", sink, "in", samples);
        connect(mean, "passed", sink, "starts", starts);
        validate();
    }

    @Override
    Checksum checksum() {
        if (sink.samples() != sink.windows() * STAT_WINDOW) {
            throw new IllegalStateException(sink.samples() + " samples in " + sink.windows() + " windows");
        }
        return new Checksum(sink.windows(), sink.firstSamples());
    }

    /** Passes the windows whose standard deviation is above alpha. */
    public static final class StdFilter extends Filter {
        private FloatChannel in;
        private FloatChannel out;
        private LongChannel starts;
        private final float[] window = new float[STAT_WINDOW];
        private final WindowStats.Lanes lanes = new WindowStats.Lanes();
        private int filled;
        private long start;

        @Override
        public void work() {
            while (in.size() > 0) {
                float x = in.take();
                window[filled++] = x;
                lanes.add(x);
                if (filled == STAT_WINDOW) {
                    if (lanes.std() > ALPHA) {
                        starts.put(start);
                        for (float v : window) {
                            out.put(v);
                        }
                    }
                    start += STAT_WINDOW;
                    filled = 0;
                    lanes.clear();
                }
            }
        }
    }

    /** Passes the windows whose mean is below beta; they arrive whole, with their first sample numbers. */
    public static final class MeanFilter extends Filter {
        private FloatChannel in;
        private LongChannel starts;
        private FloatChannel out;
        private LongChannel passed;
        private final float[] window = new float[STAT_WINDOW];
        private final WindowStats.Lanes lanes = new WindowStats.Lanes();
        private int filled;

        @Override
        public void work() {
            while (in.size() > 0) {
                float x = in.take();
                window[filled++] = x;
                lanes.add(x);
                if (filled == STAT_WINDOW) {
                    long start = starts.take();
                    if (lanes.mean() < BETA) {
                        passed.put(start);
                        for (float v : window) {
                            out.put(v);
                        }
                    }
                    filled = 0;
                    lanes.clear();
                }
            }
        }
    }

    /** Counts the windows and their samples, and sums the windows' first sample numbers. */
    public static final class WindowSink extends Filter {
        private FloatChannel in;
        private LongChannel starts;
        private long windows;
        private long firstSamples;
        private long samples;

        @Override
        public void work() {
            while (starts.size() > 0) {
                firstSamples += starts.take();
                windows++;
            }
            while (in.size() > 0) {
                in.take();
                samples++;
            }
        }

        public long windows() {
            return windows;
        }

        public long firstSamples() {
            return firstSamples;
        }

        public long samples() {
            return samples;
        }
    }
}
