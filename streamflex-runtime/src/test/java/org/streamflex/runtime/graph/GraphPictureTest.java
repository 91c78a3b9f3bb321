package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.Clock;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.example.SimpleGraph;

class GraphPictureTest {
    /** A DOT quoted string: anything but a bare quote or backslash, or a backslash escape. */
    private static final String QUOTED = "\"(?:[^\"\\\\]|\\\\.)*\"";
    private static final Pattern STATEMENT = Pattern.compile("  (" + QUOTED + ")(?: -> (" + QUOTED + "))? \\[(.*)];");

    @Test
    void everyClockFilterAndChannelIsDrawnWithItsCounters() {
        SimpleGraph graph = new SimpleGraph(100);
        GraphDriver.of(graph).run(10);
        String dot = graph.toDot();
        List<Matcher> statements = statements(dot);
        String clock = node(statements, "clock:clock-0");
        assertTrue(clock.startsWith("shape=ellipse, label=\"clock-0\\nperiod 100 us\\ndriven: "), clock);
        assertTrue(clock.endsWith("\\nreleases 10\""), clock);
        for (String filter : List.of("Gen", "Mid", "Sink")) {
            String label = node(statements, "filter:" + filter);
            assertTrue(label.contains(filter + "\\norg.streamflex.runtime.example.SimpleGraph$" + filter
                    + "\\naborts 0\\ncommits 10\\n"), label);
        }
        assertTrue(edge(statements, "clock:clock-0", "filter:Gen").contains("style=dashed"), dot);
        assertTrue(edge(statements, "filter:Gen", "filter:Mid").contains("label=\"Gen.out -> Mid.in\\ncapacity 1\\n"
                + "consumed 10\\ndropped 0\\npublished 10\""), dot);
        assertTrue(edge(statements, "filter:Mid", "filter:Sink").contains("Mid.out -> Sink.in"), dot);
        assertEquals(7, statements.size(), "one clock, three filters, a clock edge and two channels:\n" + dot);
        graph.stop();
    }

    @Test
    void instanceNamesAreQuotedAndEscaped() {
        TestGraph graph = new TestGraph();
        Clock clock = graph.clock(10);
        TestFilters.Counter counter = graph.filter("say \"hi\"\\now", TestFilters.Counter.class);
        TestFilters.IntSink first = graph.filter(TestFilters.IntSink.class);
        TestFilters.IntSink second = graph.filter(TestFilters.IntSink.class);
        TestFilters.Fork fork = graph.filter("clock-0", TestFilters.Fork.class);
        graph.link(clock, counter).link(counter, fork, 2).link(fork, "left", first, 1)
                .link(fork, "right", second, 1).check();
        String dot = graph.toDot();
        List<Matcher> statements = statements(dot);
        assertTrue(dot.contains("\"filter:say \\\"hi\\\"\\\\now\""), dot);
        assertTrue(node(statements, "filter:IntSink#2").startsWith("shape=box, label=\"IntSink#2\\n"), dot);
        assertTrue(node(statements, "filter:clock-0").startsWith("shape=box"), "a filter named like a clock: " + dot);
        assertTrue(node(statements, "clock:clock-0").startsWith("shape=ellipse"), dot);
        assertTrue(edge(statements, "filter:clock-0", "filter:IntSink#2").contains("clock-0.right -> IntSink#2.in"),
                dot);
        assertEquals(9, statements.size(), dot);
        assertTrue(dot.startsWith("digraph \"TestGraph\" {"), "not started: the class's simple name");
    }

    @Test
    void graphvizAcceptsThePictureWhereItIsInstalled(@TempDir Path dir) throws Exception {
        SimpleGraph graph = new SimpleGraph(100);
        GraphDriver.of(graph).run(3);
        String dot = graph.toDot();
        graph.stop();
        assertEquals(7, statements(dot).size(), dot);
        String dotBinary = onPath("dot");
        if (dotBinary == null) {
            return; // Graphviz is not installed here: the parse-level checks above are what runs
        }
        Path file = dir.resolve("graph.dot");
        Files.writeString(file, dot, StandardCharsets.UTF_8);
        Process process = new ProcessBuilder(dotBinary, "-Tsvg", "-o", dir.resolve("graph.svg").toString(),
                file.toString()).redirectErrorStream(true).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "dot did not finish in 60 s");
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), output);
        assertTrue(Files.readString(dir.resolve("graph.svg")).contains("Gen.out -&gt; Mid.in"));
    }

    /** The picture's statements; fails on any line that is not one, or on a missing header or end. */
    private static List<Matcher> statements(String dot) {
        List<String> lines = dot.lines().toList();
        assertTrue(lines.getFirst().matches("digraph " + QUOTED + " \\{"), lines.getFirst());
        assertEquals("}", lines.getLast());
        List<Matcher> found = new ArrayList<>();
        for (String line : lines.subList(1, lines.size() - 1)) {
            if (line.matches("  (graph|node|edge) \\[.*];")) {
                continue;
            }
            Matcher m = STATEMENT.matcher(line);
            assertTrue(m.matches(), "not a DOT statement of quoted strings: " + line);
            found.add(m);
        }
        return found;
    }

    private static String node(List<Matcher> statements, String id) {
        for (Matcher m : statements) {
            if (m.group(2) == null && unquote(m.group(1)).equals(id)) {
                return m.group(3);
            }
        }
        throw new AssertionError("no node " + id);
    }

    private static String edge(List<Matcher> statements, String from, String to) {
        for (Matcher m : statements) {
            if (m.group(2) != null && unquote(m.group(1)).equals(from) && unquote(m.group(2)).equals(to)) {
                return m.group(3);
            }
        }
        throw new AssertionError("no edge " + from + " -> " + to);
    }

    private static String unquote(String quoted) {
        return quoted.substring(1, quoted.length() - 1).replaceAll("\\\\(.)", "$1");
    }

    private static String onPath(String program) {
        String path = System.getenv("PATH");
        String[] dirs = path == null ? new String[0] : Pattern.compile(Pattern.quote(File.pathSeparator)).split(path);
        for (String dir : dirs) {
            File candidate = new File(dir, program);
            if (candidate.canExecute()) {
                return candidate.getPath();
            }
        }
        return null;
    }
}
