package org.streamflex.bench.streamit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.streamflex.bench.streamit.StreamItMain.Options;

class StreamItMainTest {
    @Test
    void theProgramAndIterationsAreReadAsTheOutsideHarnessGivesThem() {
        assertEquals(new Options(true, 100_000, false, null, SerializedBeamFormer.BATCH), Options.parse("beamformer"));
        assertEquals(new Options(false, 256, false, null, FilterBankGraph.BATCH), Options.parse("filterbank", "256"));
        assertEquals(new Options(false, 12_500, true, null, FilterBankGraph.BATCH),
                Options.parse("filterbank", "12500", "--print"));
    }

    @Test
    void theBatchIsOneOfTheSizesWithASourceClass() {
        assertEquals(8, Options.parse("filterbank", "--batch=8").batch());
        assertEquals(64, Options.parse("beamformer", "1024", "--batch=64").runBatch());
        assertEquals(1, Options.parse("beamformer", "--batch=1", "7").runBatch());
        for (int batch = 1; batch <= IterationBatch.MAX; batch *= 2) {
            assertTrue(IterationBatch.supported(batch));
            assertEquals(batch, new FilterBankGraph(batch).batch);
            assertEquals(batch, new SerializedBeamFormer(batch).batch);
        }
        for (int batch : new int[] {0, 3, 48, 128}) {
            assertTrue(!IterationBatch.supported(batch));
            int b = batch;
            assertThrows(IllegalArgumentException.class, () -> new FilterBankGraph(b));
            assertThrows(IllegalArgumentException.class, () -> new SerializedBeamFormer(b));
        }
    }

    @Test
    void channelsHoldTheBatchesAskedForAndAtLeastTwo() {
        assertEquals(2, new FilterBankGraph().linkBatches);
        assertEquals(2, new SerializedBeamFormer().linkBatches);
        assertEquals(8, new FilterBankGraph(32, 8).linkBatches);
        assertEquals(8, new SerializedBeamFormer(32, 8).linkBatches);
        // One batch would stop a member's batch at a full output: refused, naming the count.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new FilterBankGraph(32, 1));
        assertTrue(e.getMessage().contains("channels of 1 batches: at least 2"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SerializedBeamFormer(32, 1));
    }

    @Test
    void iterationsThatAreNotAMultipleOfTheBatchRunInTheLargestSmallerBatchThatDividesThem() {
        // The harness's output check runs 12,500 and 25,000 iterations: the run is still exactly that many.
        assertEquals(4, Options.parse("filterbank", "12500", "--batch=32").runBatch());
        assertEquals(8, Options.parse("beamformer", "25000", "--batch=32").runBatch());
        assertEquals(32, Options.parse("beamformer", "100000", "--batch=32").runBatch());
        assertEquals(32, Options.parse("beamformer", "100000", "--batch=64").runBatch());
        assertEquals(16, Options.parse("beamformer", "100000", "--batch=16").runBatch());
        assertEquals(1, Options.parse("filterbank", "100001", "--batch=64").runBatch());
        assertEquals(2, IterationBatch.dividing(10, 64));
    }

    @Test
    void fusionIsSwitchedOnOrOffOrLeftToTheProperty() {
        assertEquals("true", Options.parse("filterbank", "10", "--fusion=on").fusion());
        assertEquals("false", Options.parse("beamformer", "--fusion=off", "10").fusion());
        assertNull(Options.parse("beamformer", "10").fusion());
    }

    @Test
    void theFusionFlagSetsThePropertyTheRuntimeReadsWhenAGraphIsBuilt() {
        try (var _ = TemporaryProperties.set(StreamItMain.FUSION_PROPERTY, "true")) {
            Options.parse("filterbank", "--fusion=off").setProperties();
            assertEquals("false", System.getProperty(StreamItMain.FUSION_PROPERTY));
            Options.parse("filterbank").setProperties();
            assertEquals("false", System.getProperty(StreamItMain.FUSION_PROPERTY), "no flag leaves it alone");
        }
    }

    @Test
    void wrongArgumentsAreNamed() {
        for (List<String> args : List.of(List.<String>of(), List.of("fft"), List.of("filterbank", "--fusion"),
                List.of("filterbank", "--fusion=yes"), List.of("filterbank", "--fast"), List.of("filterbank", "ten"),
                List.of("filterbank", "0"), List.of("filterbank", "10", "20"), List.of("filterbank", "--batch=3"),
                List.of("filterbank", "--batch=0"), List.of("filterbank", "--batch=128"),
                List.of("filterbank", "--batch=-8"), List.of("beamformer", "--batch=x"), List.of("beamformer",
                        "--batch"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Options.parse(args.toArray(String[]::new)), args.toString());
            assertTrue(!e.getMessage().isBlank(), args.toString());
        }
    }

    @Test
    void anUnknownFlagIsAUsageErrorWithExitStatus2() throws Exception {
        String out = runExpectingStatus2("filterbank", "10", "--fusoin=on");
        assertTrue(out.contains("unknown option --fusoin=on") && out.contains(StreamItMain.USAGE), out);
    }

    @Test
    void aBatchWithoutASourceClassIsAUsageErrorWithExitStatus2() throws Exception {
        String out = runExpectingStatus2("beamformer", "10", "--batch=48");
        assertTrue(out.contains("--batch: a batch is 1, 2, 4, 8, 16, 32 or 64 iterations per release, not 48")
                && out.contains(StreamItMain.USAGE), out);
    }

    private static String runExpectingStatus2(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), StreamItMain.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "StreamItMain did not exit");
        assertEquals(2, p.exitValue(), out);
        return out;
    }
}
