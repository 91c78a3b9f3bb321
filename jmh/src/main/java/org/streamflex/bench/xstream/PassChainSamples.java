package org.streamflex.bench.xstream;

import org.streamflex.Filter;
import org.streamflex.bench.xstream.SampleFilters.Pass;
import org.streamflex.bench.xstream.SampleFilters.SumSink;

/**
 * PASSCHAIN, one sample per item: the source, ten pass-through filters and a sink, linked by
 * float channels of one batch each (the chain drains a batch before the next release).
 *
 * <pre>{@code
 * PassChainSamples graph = new PassChainSamples(recording.samples(), 4096, 396_900);
 * Checksum c = graph.driver().run();
 * }</pre>
 */
final class PassChainSamples extends SampleGraph {
    private final SumSink sink;

    PassChainSamples(float[] recording, int batch, long length) {
        super(batch, length);
        Filter previous = source(recording);
        for (int i = 0; i < XStreamWorkloads.PASS_STAGES; i++) {
            Pass pass = makeFilter(Pass.class);
            connect(previous, pass, batch);
            previous = pass;
        }
        sink = makeFilter(SumSink.class);
        connect(previous, sink, batch);
        validate();
    }

    @Override
    Checksum checksum() {
        return new Checksum(sink.count(), sink.sum());
    }
}
