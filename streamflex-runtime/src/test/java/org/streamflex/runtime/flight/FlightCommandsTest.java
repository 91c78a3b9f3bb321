package org.streamflex.runtime.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.fixtures.ReadmeBlock;

/**
 * Runs the commands of the runtime README's "Flight recorder" section, as a user would type them:
 * {@code java} and {@code jfr} are this JDK's, {@code $CLASSPATH} is the tests' class path. One
 * addition: the recorded JVM gets {@code -Dstreamflex.clock.backend=park-spin}, as every test
 * graph does, so that it does not take SCHED_FIFO on a shared build machine.
 */
@Timeout(600) // a guard against a hang only
class FlightCommandsTest {
    @TempDir
    Path dir;

    @Test
    void theReadmesRecordingCommandsRecordReleases() throws Exception {
        List<String> commands = ReadmeBlock.bashLines(Path.of("README.md"), "## Flight recorder");
        assertEquals(3, commands.size(), "java, jfr print, jfr summary: " + commands);
        String printed = "";
        for (String command : commands) {
            List<String> words = new ArrayList<>(Arrays.asList(command.split(" ")));
            Path bin = Path.of(System.getProperty("java.home"), "bin");
            words.set(0, bin.resolve(words.get(0)).toString());
            if (command.startsWith("java ")) {
                words.add(1, "-Dstreamflex.clock.backend=park-spin");
            }
            words.replaceAll(w -> w.equals("\"$CLASSPATH\"") ? System.getProperty("java.class.path") : w);
            Process process = new ProcessBuilder(words).directory(dir.toFile()).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(300, TimeUnit.SECONDS), command);
            assertEquals(0, process.exitValue(), () -> command + "\n" + output);
            if (command.startsWith("jfr print")) {
                printed = output;
            }
        }
        assertTrue(printed.contains("org.streamflex.Release {"), printed);
        assertTrue(printed.contains("clock = \"clock 0 (100 us)\""), printed);
        assertTrue(printed.contains("filter = \"Gen\""), printed);
    }
}
