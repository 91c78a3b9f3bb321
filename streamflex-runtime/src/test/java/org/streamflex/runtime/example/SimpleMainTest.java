package org.streamflex.runtime.example;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The top README's {@code ./mvnw -q compile exec:java -Dstreamflex.skipSimple=false}: with that
 * property, exec:java runs {@code SimpleMain} with no arguments in this module (the property only
 * lifts {@code exec.skip}, see pom.xml) before the IDS, whose run {@code ReadmeCommandsTest} of
 * samples/ids covers. This runs the same main with the same (no) arguments.
 */
@Timeout(300) // a guard against a hang, not a limit on speed
class SimpleMainTest {
    @Test
    void theReadmesSimpleCommandRunsTheGraphOnAClockThreadThenUnderTheDriver() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream original = System.out;
        try (PrintStream capture = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            SimpleMain.main(new String[0]);
        } finally {
            System.setOut(original);
        }
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("Simple graph (clock thread, 100 us period, 2.0 s)"), out);
        assertTrue(out.contains("Simple graph (deterministic driver, 100000 ticks)"), out);
        assertTrue(out.contains("items received       100000 (last value 99999, out of order 0)"), out);
    }
}
