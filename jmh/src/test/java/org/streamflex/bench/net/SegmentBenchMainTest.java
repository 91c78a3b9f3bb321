package org.streamflex.bench.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code SegmentBenchMain}: its options, and one tiny run with its peer JVM whose counts reconcile
 * (the run itself fails when a segment arrives wrong or is missing).
 */
@Timeout(300) // a guard against a hang, not a limit on speed
class SegmentBenchMainTest {
    @Test
    void optionsTakeSecondsWarmupAndAnEvenNumberOfSamples() {
        SegmentBenchMain.Options o = SegmentBenchMain.Options.parse("--seconds", "0.5", "--warmup", "0",
                "--samples", "512");
        assertEquals(0.5, o.run().seconds());
        assertEquals(0, o.run().warmup());
        assertEquals(512, o.samples());
        assertEquals(2048, SegmentBenchMain.Options.parse().samples(), "8 KiB by default");
        IllegalArgumentException odd = assertThrows(IllegalArgumentException.class,
                () -> SegmentBenchMain.Options.parse("--samples", "3"));
        assertTrue(odd.getMessage().contains("--samples needs an even whole number from 2 to 16384, not 3"),
                odd.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SegmentBenchMain.Options.parse("--samples", "32768"));
        assertThrows(IllegalArgumentException.class, () -> SegmentBenchMain.Options.parse("--seconds", "0"));
        assertThrows(IllegalArgumentException.class, () -> SegmentBenchMain.Options.parse("--bogus"));
    }

    @Test
    void aTinyRunPrintsTheTableAndItsCounts() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            SegmentBenchMain.run(SegmentBenchMain.Options.parse("--seconds", "0.3", "--warmup", "0.3", "--samples",
                    "256"), out);
        }
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("segments of 256 floats (1024 bytes)"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("raw Netty ")), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("segment link ")), text);
        assertTrue(text.contains("each with its start and samples") && text.contains("peer exited"), text);
    }
}
