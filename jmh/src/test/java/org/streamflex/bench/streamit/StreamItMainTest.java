package org.streamflex.bench.streamit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.streamflex.bench.streamit.StreamItMain.Options;

class StreamItMainTest {
    @Test
    void theProgramAndIterationsAreReadAsTheOutsideHarnessGivesThem() {
        assertEquals(new Options(true, 100_000, false, null), Options.parse("beamformer"));
        assertEquals(new Options(false, 250, false, null), Options.parse("filterbank", "250"));
        assertEquals(new Options(false, 12_500, true, null), Options.parse("filterbank", "12500", "--print"));
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
                List.of("filterbank", "0"), List.of("filterbank", "10", "20"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Options.parse(args.toArray(String[]::new)), args.toString());
            assertTrue(!e.getMessage().isBlank(), args.toString());
        }
    }

    @Test
    void anUnknownFlagIsAUsageErrorWithExitStatus2() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), StreamItMain.class.getName(), "filterbank", "10", "--fusoin=on")
                .redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "StreamItMain did not exit");
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("unknown option --fusoin=on") && out.contains(StreamItMain.USAGE), out);
    }
}
