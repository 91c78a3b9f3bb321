package org.streamflex.bench.xstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;

class VersionsAgreeTest {
    static final XStreamInput INPUT = XStreamInput.load(XStreamWorkloads.DEFAULT_BATCH);

    static Stream<Arguments> workloadsAndReplays() {
        return Stream.of(Workload.values()).filter(Workload::runnable)
                .flatMap(w -> Stream.of(Arguments.of(w, 1), Arguments.of(w, 2)));
    }

    @ParameterizedTest
    @MethodSource("workloadsAndReplays")
    void everyVersionGivesTheChecksumOfTheDefinitionReadLiterally(Workload workload, int replays)
            throws InterruptedException {
        Checksum expected = workload == Workload.DETECTAUDIO
                ? ReferenceWorkloads.detectAudio(INPUT.detectAudio().arrays(), replays)
                : ReferenceWorkloads.checksum(workload, INPUT.recording().samples(), replays);
        List<Version> versions = XStreamVersions.of(workload);
        assertEquals(List.of(Version.PLAIN, Version.PER_SAMPLE, Version.CONVENTIONAL, Version.SIGSEG),
                versions.stream().map(Version::name).toList());
        for (Version v : versions) {
            String what = workload + " " + v.name() + ", " + replays + " replays";
            assertEquals(expected, v.run(INPUT, replays), what);
            assertEquals(expected, v.prepare(INPUT, replays).run(), what + ", prepared first as the harness does");
        }
    }

    static Stream<Arguments> workloadsAndBatches() {
        return Stream.of(Workload.values()).filter(Workload::runnable)
                .flatMap(w -> Stream.of(1, 1000, 100_000).map(b -> Arguments.of(w, b)));
    }

    @ParameterizedTest
    @MethodSource("workloadsAndBatches")
    void theBatchChangesHowTheGraphIsDrivenNotWhatItComputes(Workload workload, int batch) throws InterruptedException {
        XStreamInput input = new XStreamInput(INPUT.recording(), batch);
        Checksum plain = XStreamVersions.find(workload, Version.PLAIN).run(input, 2);
        for (String graph : List.of(Version.PER_SAMPLE, Version.SIGSEG)) {
            assertEquals(plain, XStreamVersions.find(workload, graph).run(input, 2), workload + " " + graph + ", batch "
                    + batch);
        }
    }

    @Test
    void theWorkloadsSelectWhatTheirDocumentationSays() throws InterruptedException {
        Selectivity one = Selectivity.of(INPUT.recording(), 1);
        assertEquals(96, one.statWindows());
        assertEquals(34, one.statDeviating());
        assertEquals(16, one.statPassed());
        assertEquals(387, one.silenceWindows());
        assertEquals(124, one.voicedWindows());
        assertEquals(5, one.ranges());
        assertEquals(XStreamWorkloads.LONGEST_VOICED_RANGE, one.longestRange());
        assertEquals(one.statPassed(), XStreamVersions.find(Workload.STATFILTER, Version.PLAIN).run(INPUT, 1).count());
        assertEquals(one.voicedSamples(),
                XStreamVersions.find(Workload.SILENCEFILTER, Version.PLAIN).run(INPUT, 1).count());
        assertEquals(396_900, XStreamVersions.find(Workload.PASSCHAIN, Version.PLAIN).run(INPUT, 1).count());
        // The thresholds sit in gaps: no window is near enough for a rounding to move it across.
        assertTrue(one.alphaFactor() > 2 && one.gammaFactor() > 2 && one.betaDistance() > 1e-5, one.toString());
    }
}
