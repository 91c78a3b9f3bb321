package org.streamflex.bench.xstream;

import static org.streamflex.bench.xstream.XStreamWorkloads.ALPHA;
import static org.streamflex.bench.xstream.XStreamWorkloads.BETA;
import static org.streamflex.bench.xstream.XStreamWorkloads.STAT_WINDOW;

import org.streamflex.bench.xstream.SegFilters.WindowSink;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Signal;
import org.streamflex.dsp.stats.MeanBelow;
import org.streamflex.dsp.stats.StdDevAbove;

/**
 * STATFILTER on signal segments, as XStream builds it: {@code rewindow(4096)} of the source's
 * segments, the library's {@link StdDevAbove} (alpha) and {@link MeanBelow} (beta), a sink that
 * counts the windows and sums their first sample numbers. Windows travel by reference: a window
 * that is exactly one source segment is that segment, one that spans two is a two-piece join of
 * theirs, and the filters pass on the window they took.
 *
 * <pre>{@code
 * StatFilterSegs graph = new StatFilterSegs(XStreamInput.load(4096), 396_900);
 * Checksum c = graph.driver().run();   // windows passed, sum of their first sample numbers
 * }</pre>
 */
final class StatFilterSegs extends SegGraph {
    private final WindowSink sink;

    StatFilterSegs(XStreamInput input, long length) {
        super(input, length);
        int batch = input.batch();
        setSignalCapacity(batch / STAT_WINDOW + 4); // the windows one release completes, and some
        Signal<FloatSeg> windows = rewindow(recording(), STAT_WINDOW, 0);
        Signal<FloatSeg> deviating = step("std-above", StdDevAbove.class, f -> f.configure(ALPHA), FloatSeg.class,
                windows);
        Signal<FloatSeg> passed = step("mean-below", MeanBelow.class, f -> f.configure(BETA), FloatSeg.class,
                deviating);
        sink = makeFilter("sink", WindowSink.class);
        into(passed, sink, "in");
        validate();
    }

    @Override
    Checksum checksum() {
        return new Checksum(sink.windows(), sink.firstSamples());
    }
}
