package org.streamflex.bench.xstream;

import org.streamflex.Filter;
import org.streamflex.StreamFlexGraph;
import org.streamflex.bench.xstream.SegFilters.ReplaySource;
import org.streamflex.bench.xstream.SegFilters.SegPass;
import org.streamflex.bench.xstream.SegFilters.SegSumSink;
import org.streamflex.bench.xstream.SegFilters.SegmentSource;

/**
 * PASSCHAIN on signal segments: the source puts one segment per batch, ten filters pass each one
 * on by reference, the sink counts and sums its samples in stream order.
 *
 * <pre>{@code
 * Checksum c = new PassChainSegs(XStreamInput.load(4096), 396_900).driver().run();
 * }</pre>
 */
final class PassChainSegs extends StreamFlexGraph {
    private final SegSumSink sink;
    private final long releases;

    PassChainSegs(XStreamInput input, long length) {
        int batch = input.batch();
        Filter previous;
        if (input.copyingSources()) {
            SegmentSource source = makeFilter(SegmentSource.class, SampleFilters.SOURCE_STABLE_BYTES,
                    DEFAULT_TRANSIENT_BYTES);
            source.load(input.recording().array(), batch, length);
            previous = source;
        } else {
            ReplaySource source = makeFilter(ReplaySource.class);
            source.load(input.recordingSegment(), batch, length);
            previous = source;
        }
        connect(makeClock(0), previous);
        for (int i = 0; i < XStreamWorkloads.PASS_STAGES; i++) {
            SegPass pass = makeFilter(SegPass.class);
            connect(previous, pass, 4);
            previous = pass;
        }
        sink = makeFilter(SegSumSink.class);
        connect(previous, sink, 4);
        validate();
        releases = (length + batch - 1) / batch;
    }

    Version.Prepared driver() {
        return DrivenRun.of(this, releases, () -> new Checksum(sink.count(), sink.sum()));
    }
}
