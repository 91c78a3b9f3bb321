package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.fixtures.ReadmeBlock;

/**
 * Runs every command of the README's {@code bash} block as it is written there, in this JVM, with
 * {@link MarmotMain#run}: the jar's arguments, and {@code exec:java}'s {@code -Dmarmot.args} words
 * (or the pom's default ones). Paths under {@code samples/marmot/} resolve from this module; the
 * files a command writes ({@code my-scene}, the plots) go to a temporary directory. The jar itself is
 * run by {@code MarmotJarIT}; {@code package} is what the build does before it.
 */
class ReadmeCommandsTest {
    static final String JAR = "java -jar samples/marmot/target/streamflex-marmot.jar";
    static final Pattern EXEC = Pattern.compile("\\./mvnw -q compile exec:java -pl samples/marmot -am"
            + " -Dmarmot\\.skip=false(?: -Dmarmot\\.args=\"([^\"]*)\")?");
    static final String PACKAGE = "./mvnw -q package -pl samples/marmot -am -DskipTests";

    @TempDir
    Path dir;

    static List<String> commands() throws IOException {
        return ReadmeBlock.firstBashLines(Path.of("README.md"));
    }

    /** The pom's default -Dmarmot.args. */
    static String defaultArgs() throws IOException {
        Matcher m = Pattern.compile("<marmot.args>([^<]*)</marmot.args>").matcher(Files.readString(Path.of("pom.xml")));
        assertTrue(m.find());
        return m.group(1);
    }

    String[] args(String text) {
        String[] words = text.trim().split(" +");
        for (int i = 0; i < words.length; i++) {
            String w = words[i].replaceFirst("^samples/marmot/", "");
            if (w.equals("my-scene") || w.equals("marmot-plots") || w.startsWith("target/")) {
                w = dir.resolve(w).toString();
            }
            words[i] = w;
        }
        return words;
    }

    @Test
    void everyCommandOfTheReadmeRunsAsItSays() throws Exception {
        List<String> commands = commands();
        assertEquals(7, commands.size(), commands.toString());
        int ran = 0;
        for (String command : commands) {
            Run run;
            Matcher exec = EXEC.matcher(command);
            if (exec.matches()) {
                run = Run.of(args(exec.group(1) == null ? defaultArgs() : exec.group(1)));
            } else if (command.startsWith(JAR + " ")) {
                run = Run.of(args(command.substring(JAR.length())));
            } else {
                assertEquals(PACKAGE, command, "a README command no test runs");
                continue;
            }
            ran++;
            assertEquals(0, run.exit(), command + "\n" + run.out() + run.err());
            if (command.contains("generate")) {
                assertTrue(Files.exists(dir.resolve("my-scene/node-D.wav")), run.out());
            } else if (command.endsWith("--help")) {
                assertTrue(run.err().startsWith("usage:"), run.err());
            } else if (command.contains("my-scene")) {
                assertEquals(10, run.out().lines().filter(l -> l.startsWith("LOC ")).count(), run.out());
            } else {
                double cell = Double.parseDouble(run.out().replaceAll("(?s).*grid cell (\\d+\\.\\d+) m.*", "$1"));
                CommandOutput.assertMatchesTheBundledTruth(run.out(), cell);
            }
        }
        assertEquals(6, ran);
        assertTrue(Files.exists(dir.resolve("marmot-plots/map-000.png")));
        assertTrue(Files.exists(dir.resolve("target/marmot-plots/scores-A.png")));
    }
}
