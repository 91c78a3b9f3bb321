package org.streamflex.bench.xstream;

import java.util.List;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;

/** The signal-segment versions: StreamFlex graphs passing {@code FloatSeg}s, the paper's XStream. */
final class SegVersions {
    private SegVersions() {
    }

    static List<Version> versions() {
        return List.of(
                version(Workload.PASSCHAIN, (recording, batch, length) -> new PassChainSegs(recording, batch, length)
                        .driver()),
                version(Workload.STATFILTER, (recording, batch, length) -> new StatFilterSegs(recording, batch, length)
                        .driver()),
                version(Workload.SILENCEFILTER, (recording, batch, length) -> new SilenceFilterSegs(recording, batch,
                        length).driver()));
    }

    /** Builds a version's graph for one run and returns its timed part. */
    interface GraphFactory {
        Version.Prepared make(float[] recording, int batch, long length);
    }

    private static Version version(Workload workload, GraphFactory factory) {
        return new Version() {
            @Override
            public Workload workload() {
                return workload;
            }

            @Override
            public String name() {
                return SIGSEG;
            }

            @Override
            public Checksum run(XStreamInput input, int replays) throws InterruptedException {
                return prepare(input, replays).run();
            }

            @Override
            public Prepared prepare(XStreamInput input, int replays) {
                return factory.make(input.recording().array(), input.batch(), input.length(replays));
            }
        };
    }
}
