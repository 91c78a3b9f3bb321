package org.streamflex.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.Filter;

/**
 * The README's "Plain javac" command, {@code javac -d classes -cp streamflex-api.jar -processorpath
 * streamflex-checker.jar -Xplugin:StreamFlex MyGraph.java}, in a javac process of its own: the
 * plugin alone on the processor path (the API is not there), the API alone on the class path. The
 * jars are this build's class directories, which hold what the jars will.
 */
@Timeout(300) // a guard against a hang, not a limit on speed
class PlainJavacTest {
    static final String GRAPH = """
            import org.streamflex.*;

            public final class MyGraph extends StreamFlexGraph {
                public MyGraph() {
                    Clock clock = makeClock(100);
                    Gen gen = makeFilter(Gen.class);
                    Sink sink = makeFilter(Sink.class);
                    connect(clock, gen, "timer");
                    connect(gen, "out", sink, "in", 4);
                    validate();
                }

                public static final class Gen extends Filter {
                    private TimeChannel timer;
                    private IntChannel out;
                    private int next;
                    @Override public void work() { out.put(next++); }
                }

                public static final class Sink extends Filter {
                    private IntChannel in;
                    private long sum;
                    @Override public void work() { sum += in.take(); }
                }
            }
            """;

    @TempDir
    Path dir;

    record Result(int exit, String output) {
    }

    Result javac(String source) throws IOException, InterruptedException {
        return javac(source, "-d", "classes");
    }

    Result javac(String source, String... outputOptions) throws IOException, InterruptedException {
        Path file = dir.resolve("MyGraph.java");
        Files.writeString(file, source);
        Path javac = Path.of(System.getProperty("java.home"), "bin", "javac");
        List<String> command = new ArrayList<>(List.of(javac.toString()));
        command.addAll(List.of(outputOptions));
        command.addAll(List.of("-cp", location(Filter.class),
                "-processorpath", location(StreamFlexPlugin.class), "-Xplugin:StreamFlex", "MyGraph.java"));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "javac did not finish");
        return new Result(p.exitValue(), output);
    }

    static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theReadmesJavacCommandCompilesAndWeavesAGraph() throws Exception {
        Result r = javac(GRAPH);
        assertEquals(0, r.exit(), r.output());
        String gen = Files.readString(dir.resolve("classes/MyGraph$Gen.class"), StandardCharsets.ISO_8859_1);
        assertTrue(gen.contains("Lorg/streamflex/abi/Woven;"), "the plugin wove Gen:\n" + r.output());
    }

    @Test
    void theReadmesJavacCommandRejectsAFilterThatBreaksARule() throws Exception {
        Result r = javac(GRAPH.replace("private long sum;", "private long sum;\n        static Object seen;")
                .replace("sum += in.take();", "sum += in.take(); seen = new int[1];"));
        assertEquals(1, r.exit(), r.output());
        assertTrue(r.output().contains("[StreamFlex:R3]"), r.output());
    }

    @Test
    void javacWithoutAnOutputDirectoryWarnsThatNothingWasWoven() throws Exception {
        Result r = javac(GRAPH, new String[0]);
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("[StreamFlex] filter code was not woven: the plugin found no class output"
                + " directory (javac without -d"), r.output());
        assertTrue(r.output().contains("Compile with -d DIR"), r.output());
        String gen = Files.readString(dir.resolve("MyGraph$Gen.class"), StandardCharsets.ISO_8859_1);
        assertFalse(gen.contains("Lorg/streamflex/abi/Woven;"), "javac wrote Gen next to its source, unwoven");
    }
}
