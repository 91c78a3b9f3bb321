package org.streamflex.bench.xstream;

import java.util.List;
import org.streamflex.Filter;
import org.streamflex.bench.xstream.SegFilters.ReplaySource;
import org.streamflex.bench.xstream.SegFilters.SegmentSource;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Signal;
import org.streamflex.dsp.SignalGraph;
import org.streamflex.dsp.rewrite.Lowered;

/**
 * What the signal-segment graphs written as {@link SignalGraph} expressions share: the recording's
 * source released by a free-running clock, one segment of a batch per release, and a way to put
 * one of the library's filters that {@code SignalGraph} has no method for into an expression.
 */
abstract class SegGraph extends SignalGraph {
    private final XStreamInput input;
    private final int batch;
    private final long length;

    SegGraph(XStreamInput input, long length) {
        this.input = input;
        this.batch = input.batch();
        this.length = length;
    }

    /**
     * The source's signal: the replayed recording in segments of one batch, by reference to the
     * loaded recording, or copied batch by batch if the input says so.
     */
    protected Signal<FloatSeg> recording() {
        if (input.copyingSources()) {
            SegmentSource source = makeFilter("source", SegmentSource.class, SampleFilters.SOURCE_STABLE_BYTES,
                    DEFAULT_TRANSIENT_BYTES);
            source.load(input.recording().array(), batch, length);
            connect(makeClock(0), source);
            return signal(source, "out", FloatSeg.class);
        }
        ReplaySource source = makeFilter("source", ReplaySource.class);
        source.load(input.recordingSegment(), batch, length);
        connect(makeClock(0), source);
        return signal(source, "out", FloatSeg.class);
    }

    /** A filter of class {@code type}, configured by {@code setUp}, taking {@code in} on "in" and giving "out". */
    protected <F extends Filter, T> Signal<T> step(String name, Class<F> type, Configure<F> setUp, Class<T> out,
            Signal<?> in) {
        return operator(name, maker -> {
            F filter = maker.make(name, type);
            setUp.configure(filter);
            return new Lowered(filter, "out", List.of("in"));
        }, out, in);
    }

    /** Configures a filter made by {@link #step}. */
    @FunctionalInterface
    interface Configure<F> {
        void configure(F filter);
    }

    /** Samples per release. */
    protected int batch() {
        return batch;
    }

    /** Samples in the stream. */
    protected long length() {
        return length;
    }

    /** A run: the source released once per batch, then the checksum. */
    Version.Prepared driver() {
        return DrivenRun.of(this, (length + batch - 1) / batch, this::checksum);
    }

    abstract Checksum checksum();
}
