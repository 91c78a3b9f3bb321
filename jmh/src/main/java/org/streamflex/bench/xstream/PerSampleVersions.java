package org.streamflex.bench.xstream;

import java.util.List;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;

/**
 * The paper's XStream-NoSigSeg in StreamFlex: each workload as a graph whose channels carry one
 * sample per item ({@code FloatChannel}, with {@code LongChannel}s for window starts and ranges),
 * the source putting one batch per release of its free-running clock, released on the calling
 * thread under the {@code GraphDriver}. A new graph per run, built by {@link Version#prepare}: making
 * it (a few milliseconds, the recording's copy into the source included) is not part of a timed
 * round.
 *
 * <pre>{@code
 * Checksum c = XStreamVersions.find(Workload.SILENCEFILTER, Version.PER_SAMPLE).run(input, 1);
 * }</pre>
 */
final class PerSampleVersions {
    private PerSampleVersions() {
    }

    static List<Version> versions() {
        return List.of(
                version(Workload.PASSCHAIN, PassChainSamples::new),
                version(Workload.STATFILTER, StatFilterSamples::new),
                version(Workload.SILENCEFILTER, SilenceFilterSamples::new),
                version(Workload.DETECTAUDIO, (input, length) -> new DetectAudioSamples(input.detectAudio().arrays(),
                        input.batch(), length).driver()));
    }

    /** Makes a workload's graph. */
    private interface GraphFactory {
        SampleGraph make(float[] recording, int batch, long length);
    }

    /** Builds a version's graph for one run over a stream of {@code length} samples (per channel). */
    private interface Factory {
        Version.Prepared make(XStreamInput input, long length);
    }

    private static Version version(Workload workload, GraphFactory factory) {
        return version(workload, (Factory) (input, length) -> factory.make(input.recording().array(), input.batch(),
                length).driver());
    }

    private static Version version(Workload workload, Factory factory) {
        return new Version() {
            @Override
            public Workload workload() {
                return workload;
            }

            @Override
            public String name() {
                return PER_SAMPLE;
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
