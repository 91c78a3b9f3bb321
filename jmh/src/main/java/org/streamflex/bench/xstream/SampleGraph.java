package org.streamflex.bench.xstream;

import org.streamflex.StreamFlexGraph;
import org.streamflex.bench.xstream.SampleFilters.RecordingSource;

/**
 * What the per-sample graphs share: a {@link RecordingSource} released by a free-running clock,
 * and a run that releases it until the whole stream is in, on the calling thread under the
 * {@link GraphDriver}. Each release runs every filter downstream of the source depth first, exactly
 * as the clock's own thread would, so all of the stream has gone through when the last release
 * returns.
 */
abstract class SampleGraph extends StreamFlexGraph {
    private final int batch;
    private final long length;

    SampleGraph(int batch, long length) {
        this.batch = batch;
        this.length = length;
    }

    /** The source of this graph, released by its clock, with its copy of the recording. */
    protected RecordingSource source(float[] recording) {
        RecordingSource source = makeFilter(RecordingSource.class, SampleFilters.SOURCE_STABLE_BYTES,
                DEFAULT_TRANSIENT_BYTES);
        source.load(recording, batch, length);
        connect(makeClock(0), source);
        return source;
    }

    /** Samples per release. */
    protected int batch() {
        return batch;
    }

    /** Samples in the stream. */
    protected long length() {
        return length;
    }

    /**
     * A run of this graph: it releases the source once per batch, then checks that no channel
     * dropped anything (a drop means a capacity below what the graph needs, and a checksum that
     * would be wrong) and returns the checksum.
     */
    Version.Prepared driver() {
        return DrivenRun.of(this, (length + batch - 1) / batch, this::checksum);
    }

    abstract Checksum checksum();
}
