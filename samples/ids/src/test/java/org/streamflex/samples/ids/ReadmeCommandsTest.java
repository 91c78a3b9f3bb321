package org.streamflex.samples.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.samples.ids.pcap.TrafficGenerator;

/**
 * Runs every command of the README's first {@code bash} block as it is written there, in this
 * JVM: the IDS's with {@link IdsMain#run} (the exit code its comment states, 0 if none), the
 * generator's with its main. Paths under {@code samples/ids/} resolve from this module. The jar
 * itself is run by {@code IdsJarIT}.
 */
@Timeout(300)
class ReadmeCommandsTest {
    static final Pattern EXEC = Pattern.compile("\\./mvnw -q compile exec:java(?: -Dids\\.args=\"([^\"]*)\")?");
    static final String JAR = "java -jar samples/ids/target/streamflex-ids.jar";
    static final String GENERATOR = "java -cp samples/ids/target/streamflex-ids.jar "
            + TrafficGenerator.class.getName();
    static final String PACKAGE = "./mvnw -q package -pl samples/ids -am -DskipTests";

    @TempDir
    Path dir;

    static List<String> commands() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int start = readme.indexOf("```bash\n") + "```bash\n".length();
        return readme.substring(start, readme.indexOf("```", start)).lines().toList();
    }

    static String[] args(String text) {
        return text == null || text.isBlank() ? new String[0]
                : Arrays.stream(text.trim().split(" +")).map(a -> a.replaceFirst("^samples/ids/", ""))
                        .toArray(String[]::new);
    }

    @Test
    void everyCommandOfTheReadmeRunsAsItSays() throws Exception {
        List<String> commands = commands();
        assertTrue(commands.size() >= 8, commands.toString());
        int ran = 0;
        for (String line : commands) {
            int hash = line.indexOf(" #");
            String command = (hash < 0 ? line : line.substring(0, hash)).trim();
            Matcher exit = Pattern.compile("# exit (\\d)").matcher(line);
            int expected = exit.find() ? Integer.parseInt(exit.group(1)) : 0;
            Matcher exec = EXEC.matcher(command);
            if (exec.matches()) {
                assertExit(expected, command, Run.of(args(exec.group(1))));
            } else if (command.startsWith(JAR + " ")) {
                assertExit(expected, command, Run.of(args(command.substring(JAR.length()))));
            } else if (command.startsWith(GENERATOR + " ")) {
                String[] a = args(command.substring(GENERATOR.length()));
                a[0] = dir.resolve(a[0]).toString();
                TrafficGenerator.main(a);
                assertTrue(Files.size(Path.of(a[0])) > 1_000_000, command);
            } else {
                // The build runs package itself: IdsJarIT runs the jar it makes.
                assertEquals(PACKAGE, command, "a README command no test runs");
                continue;
            }
            ran++;
        }
        assertEquals(commands.size() - 1, ran);
    }

    static void assertExit(int expected, String command, Run run) {
        assertEquals(expected, run.exit(), command + "\n" + run.out() + run.err());
        assertTrue(run.out().contains("packets analyzed") || run.out().startsWith("usage:"),
                command + "\n" + run.out());
    }
}
