package org.streamflex.samples.marmot.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Any bytes as a node's 4-channel recording, starting from WAV seeds ({@link WavSeeds}: 16-bit PCM
 * at two rates, WAVE_FORMAT_EXTENSIBLE, a LIST chunk and an odd-sized chunk before the audio, cut
 * short, a streamed writer's placeholder size, 24-bit, 8-bit, 32- and 64-bit float, RF64, sizes of
 * gigabytes declared in a few bytes, and what fuzzing found), opened and read to the end as plain
 * Java and as a node's source read it ({@link RecordingFuzzing}). Fuzzes for 5 s from its seeds with
 * {@code JAZZER_FUZZ=1}, in its own surefire execution ({@code fuzz-wav}: Jazzer fuzzes one test per
 * JVM); the seeds on disk are checked against {@link WavSeeds} in every build.
 */
class WavInputFuzzTest {
    @FuzzTest(maxDuration = "5s")
    void anyBytesAreRefusedNamingTheFileOrReadToTheirEnd(byte[] input) {
        RecordingFuzzing.survivedOrRefused(input);
    }

    @Test
    void theSeedCorpusIsWhatWavSeedsBuilds() throws IOException {
        for (Map.Entry<String, byte[]> seed : WavSeeds.all().entrySet()) {
            String name = "WavInputFuzzTestInputs/anyBytesAreRefusedNamingTheFileOrReadToTheirEnd/" + seed.getKey();
            try (InputStream in = WavInputFuzzTest.class.getResourceAsStream(name)) {
                assertNotNull(in, name + " missing: write the seeds with WavSeeds.main");
                assertArrayEquals(seed.getValue(), in.readAllBytes(),
                        name + " differs: write the seeds with WavSeeds.main");
            }
        }
    }
}
