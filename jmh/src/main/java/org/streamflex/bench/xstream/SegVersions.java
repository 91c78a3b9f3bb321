package org.streamflex.bench.xstream;

import java.util.List;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;

/** The signal-segment versions: StreamFlex graphs passing {@code FloatSeg}s, the paper's XStream. */
final class SegVersions {
    private SegVersions() {
    }

    static List<Version> versions() {
        return List.of(
                version(Workload.PASSCHAIN, (input, length) -> new PassChainSegs(input, length).driver()),
                version(Workload.STATFILTER, (input, length) -> new StatFilterSegs(input, length).driver()),
                version(Workload.SILENCEFILTER, (input, length) -> new SilenceFilterSegs(input, length).driver()),
                version(Workload.DETECTAUDIO, (input, length) -> new DetectAudioSegs(DetectAudioSegs.Shape.SYNC, input,
                        length).driver()));
    }

    /** Builds a version's graph for one run over a stream of {@code length} samples (per channel). */
    interface GraphFactory {
        Version.Prepared make(XStreamInput input, long length);
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
                return factory.make(input, input.length(workload, replays));
            }
        };
    }
}
