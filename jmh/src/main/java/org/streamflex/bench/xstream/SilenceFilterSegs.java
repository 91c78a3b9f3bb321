package org.streamflex.bench.xstream;

import static org.streamflex.bench.xstream.XStreamWorkloads.GAMMA;
import static org.streamflex.bench.xstream.XStreamWorkloads.LONGEST_VOICED_RANGE;
import static org.streamflex.bench.xstream.XStreamWorkloads.SILENCE_WINDOW;

import org.streamflex.bench.xstream.SegFilters.SilenceDetector;
import org.streamflex.bench.xstream.SegFilters.TupleSumSink;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.SegTuple;
import org.streamflex.dsp.Signal;
import org.streamflex.dsp.TimeRange;
import org.streamflex.dsp.join.SyncPolicy;

/**
 * SILENCEFILTER on signal segments, XStream's way: the source's segments go both to
 * {@code rewindow(1024)} and a {@link SilenceDetector}, which sends the voiced ranges as
 * {@code TimeRange} control tuples ({@code emit = true}) and releases ({@code emit = false}), and
 * to the data input of the library's {@code Sync}, which cuts each voiced range out of the
 * segments it holds, without copying, for a sink that sums the concatenated voiced audio.
 *
 * <pre>{@code
 * SilenceFilterSegs graph = new SilenceFilterSegs(XStreamInput.load(4096), 396_900);
 * Checksum c = graph.driver().run();   // samples out, their sum
 * }</pre>
 */
final class SilenceFilterSegs extends SegGraph {
    private final TupleSumSink sink;

    SilenceFilterSegs(XStreamInput input, long length) {
        super(input, length);
        int batch = input.batch();
        // Per release: the windows of a batch, and at most a range and a release per window.
        setSignalCapacity(batch / SILENCE_WINDOW + 8);
        Signal<FloatSeg> audio = recording();
        long lastEnd = length / SILENCE_WINDOW * SILENCE_WINDOW;
        Signal<TimeRange> ranges = step("silence-detector", SilenceDetector.class, d -> d.configure(GAMMA, lastEnd),
                TimeRange.class, rewindow(audio, SILENCE_WINDOW, 0));
        // Released in steps: a sync holds at most the longest range, a step and a batch or two.
        int held = LONGEST_VOICED_RANGE + SilenceDetector.RELEASE_EVERY + 2 * batch + 4 * SILENCE_WINDOW;
        Signal<SegTuple> voiced = sync(ranges, held, SyncPolicy.DROP_INCOMPLETE, audio);
        sink = makeFilter("sink", TupleSumSink.class);
        into(voiced, sink, "in");
        validate();
    }

    @Override
    Checksum checksum() {
        return new Checksum(sink.count(), sink.sum());
    }
}
