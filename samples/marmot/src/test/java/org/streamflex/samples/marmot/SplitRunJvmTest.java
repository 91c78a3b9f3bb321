package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.fixtures.ReadmeBlock;

/**
 * The README's "Nodes and a server in separate JVMs": its commands, each in a JVM of its own with
 * this JVM's java and class path in place of the jar (the jar's own run is {@code MarmotJarIT}), on
 * 127.0.0.1 with a port free at the test's start in place of 7400: a server and three nodes on the
 * bundled scene. Their answers are the one-JVM run's, compared so:
 *
 * <ul>
 *   <li>{@code DOA} lines: the same lines, and each node's in the same order. Lines of different
 *       nodes may interleave otherwise: the server prints detections in the order they arrived,
 *       and nodes in separate JVMs send them at their own pace.
 *   <li>{@code LOC} lines: the same lines in the same order (groups leave clustering earliest
 *       first once every node has listened past them, whatever the arrival order).
 *   <li>{@code #} summary lines: the same, but for the one-JVM run's plots line and the server's
 *       link lines.
 * </ul>
 *
 * <p>And each node's link: what it sent is what the server received and took from it, acknowledged,
 * nothing dropped in the node.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SplitRunJvmTest {
    static final String JAR = "java -jar samples/marmot/target/streamflex-marmot.jar";
    /** The one channel that crosses: the Joiner's vectors, or (the DOA on the server) the feed's tuples. */
    private static final String CROSSING = "(?:Joiner\\.out->doa-log\\.in|doa-feed\\.out->doa\\.in)";
    private static final Pattern NODE_LINK = Pattern.compile("(?m)^# link (\\w+):" + CROSSING + ": accepted"
            + " (\\d+), sent (\\d+), acknowledged (\\d+), droppedAtSender 0, discardedAtClose 0, lostInFlight 0,"
            + " connections 1$");
    private static final Pattern SERVER_LINK = Pattern.compile("(?m)^# link (\\w+):" + CROSSING + ":"
            + " delivered (\\d+), taken (\\d+), unread 0, droppedAtReceiver 0, droppedAtSender 0, lostInTransit 0$");

    @TempDir
    Path dir;

    /** The commands of the README's section, in order: the server's, then each node's. */
    static List<String> commands() throws IOException {
        return ReadmeBlock.bashLines(Path.of("README.md"), "## Nodes and a server in separate JVMs");
    }

    @Test
    void aServerAndThreeNodeJvmsGiveTheOneJvmAnswers() throws Exception {
        runAndCompare(dir, List.of(), List.of());
    }

    /**
     * The README's commands with {@code --doa server} on each JVM: the sync's tuples and the marks
     * cross in one channel, a DOA on the server serves every node, and the answers are the one-JVM
     * run's (where the DOA runs on the nodes).
     */
    @Test
    void withTheDoaOnTheServerTheyGiveTheOneJvmAnswers() throws Exception {
        String out = runAndCompare(dir, List.of(), List.of(), List.of("--doa", "server"));
        assertTrue(out.contains("# link A:doa-feed.out->doa.in: delivered "), out);
    }

    /**
     * Runs the README's commands with {@code serverOptions} and {@code nodeOptions} for their JVMs,
     * and compares their answers with the one-JVM run's.
     */
    static void runAndCompare(Path dir, List<String> serverOptions, List<String> nodeOptions) throws Exception {
        runAndCompare(dir, serverOptions, nodeOptions, List.of());
    }

    /**
     * {@link #runAndCompare(Path, List, List)} with {@code args} after each command's own arguments;
     * returns the server's output.
     */
    static String runAndCompare(Path dir, List<String> serverOptions, List<String> nodeOptions, List<String> args)
            throws Exception {
        Run whole = Run.of("--scene", "scenes/small", "--plots", "none");
        assertEquals(0, whole.exit(), whole.out() + whole.err());
        List<String> commands = commands();
        Listening listening = startServer(dir, commands, serverOptions, args);
        Jvm server = listening.server();
        int port = listening.port();
        List<Jvm> nodes = new ArrayList<>();
        for (String command : commands.subList(1, 4)) {
            assertTrue(command.startsWith(JAR + " --site node "), command);
            nodes.add(Jvm.start(dir, "node-" + nodes.size(), nodeOptions, with(args(command, port), args)));
        }
        long[] sent = new long[3];
        int detections = 0;
        for (int n = 0; n < 3; n++) {
            Jvm node = nodes.get(n);
            assertEquals(0, node.exit(), node.describe());
            String out = node.out();
            assertTrue(out.contains("# dropped in the node: nothing"), out);
            Matcher m = NODE_LINK.matcher(out);
            assertTrue(m.find(), node.describe());
            assertEquals("ABC".substring(n, n + 1), m.group(1));
            sent[n] = Long.parseLong(m.group(3));
            assertEquals(sent[n], Long.parseLong(m.group(2)), out);
            assertEquals(sent[n], Long.parseLong(m.group(4)), out);
            Matcher counts = Pattern.compile("(?m)^# node \\w: 2\\.0 s of audio at 44100 Hz, (\\d+) detections and"
                    + " (\\d+) marks sent$").matcher(out);
            assertTrue(counts.find(), out);
            assertEquals(sent[n], Long.parseLong(counts.group(1)) + Long.parseLong(counts.group(2)), out);
            detections += Integer.parseInt(counts.group(1));
        }
        assertEquals(0, server.exit(), server.describe());
        String out = server.out();
        Matcher m = SERVER_LINK.matcher(out);
        for (int n = 0; n < 3; n++) {
            assertTrue(m.find(), server.describe());
            assertEquals("ABC".substring(n, n + 1), m.group(1));
            assertEquals(sent[n], Long.parseLong(m.group(2)), out);
            assertEquals(sent[n], Long.parseLong(m.group(3)), out);
        }
        assertEquals(detections, lines(out, "DOA ").size(), out);
        assertSameAnswers(whole.out(), out);
        assertServerPlots(dir.resolve("server-plots"), out);
        return out;
    }

    /** The server's command with its plots in {@code dir/server-plots} rather than the working directory. */
    static List<String> serverArgs(Path dir, String command, int port) {
        List<String> a = new ArrayList<>(args(command, port));
        int plots = a.indexOf("--plots");
        assertTrue(plots >= 0 && a.get(plots + 1).equals("server-plots"), a.toString());
        a.set(plots + 1, dir.resolve("server-plots").toString());
        return a;
    }

    /**
     * A server writes a polar plot per detection and a map per location (the bundled scene's six and
     * two), and no score plots: the scores stay on the nodes.
     */
    static void assertServerPlots(Path plots, String out) throws IOException {
        assertTrue(out.contains("# plots: 8 PNG files in " + plots.toAbsolutePath()), out);
        try (var files = Files.list(plots)) {
            List<String> names = files.map(f -> f.getFileName().toString()).sorted().toList();
            assertEquals(6, names.stream().filter(n -> n.startsWith("polar-") && n.endsWith(".png")).count(),
                    names.toString());
            assertEquals(2, names.stream().filter(n -> n.startsWith("map-") && n.endsWith(".png")).count(),
                    names.toString());
            assertEquals(8, names.size(), names.toString());
        }
        for (Path f : List.of(plots.resolve("map-000.png"), plots.resolve("map-001.png"))) {
            assertTrue(javax.imageio.ImageIO.read(f.toFile()).getWidth() > 0, f.toString());
        }
    }

    /**
     * The server, started and listening before any node, prints each node's detections as they come:
     * with only node A started it cannot end (B's and C's end marks have not come), and A's {@code DOA}
     * lines appear on its output while it waits; then B and C end the run as usual.
     */
    @Test
    void theServerPrintsEachDetectionWhileItStillWaitsForOtherNodes() throws Exception {
        List<String> commands = commands();
        Listening listening = startServer(dir, commands, List.of(), List.of());
        Jvm server = listening.server();
        Jvm a = Jvm.start(dir, "node-A", List.of(), args(commands.get(1), listening.port()));
        assertEquals(0, a.exit(), a.describe());
        int expected = Integer.parseInt(a.out().replaceAll("(?s).*# node A: [^\\n]*, (\\d+) detections and.*",
                "$1"));
        assertTrue(expected > 0, a.describe());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (lines(server.out(), "DOA node=A ").size() < expected && System.nanoTime() < deadline) {
            assertTrue(server.process().isAlive(), server.describe());
            Thread.sleep(20);
        }
        assertEquals(expected, lines(server.out(), "DOA node=A ").size(), server.describe());
        assertTrue(server.process().isAlive(), "the server cannot have ended before nodes B and C: "
                + server.describe());
        assertTrue(lines(server.out(), "# ").isEmpty(), "no summary before the end: " + server.describe());
        for (String command : commands.subList(2, 4)) {
            Jvm node = Jvm.start(dir, "node-" + command.replaceAll(".*--node (\\w+).*", "$1"), List.of(),
                    args(command, listening.port()));
            assertEquals(0, node.exit(), node.describe());
        }
        assertEquals(0, server.exit(), server.describe());
        assertEquals(6, lines(server.out(), "DOA ").size(), server.describe());
        assertEquals(2, lines(server.out(), "LOC ").size(), server.describe());
    }

    /** A server JVM listening, and its port. */
    record Listening(Jvm server, int port) {
    }

    /** Starts the README's server command (the first of {@code commands}) on a free port. */
    static Listening startServer(Path dir, List<String> commands, List<String> serverOptions, List<String> args)
            throws IOException, InterruptedException {
        assertEquals(4, commands.size(), commands.toString());
        assertTrue(commands.get(0).startsWith(JAR + " --site server "), commands.get(0));
        for (int attempt = 0;; attempt++) {
            // A port free now; another process may take it before the server binds: then try another.
            int port;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = s.getLocalPort();
            }
            Jvm started = Jvm.start(dir, "server", serverOptions, with(serverArgs(dir, commands.get(0), port), args));
            if (started.awaitErr("listening at", "cannot listen") || attempt == 2) {
                return new Listening(started, port);
            }
        }
    }

    private static List<String> with(List<String> first, List<String> more) {
        List<String> all = new ArrayList<>(first);
        all.addAll(more);
        return all;
    }

    /** The comparison the class comment defines. */
    static void assertSameAnswers(String oneJvm, String split) {
        List<String> doa = lines(oneJvm, "DOA ");
        assertEquals(sorted(doa), sorted(lines(split, "DOA ")), split);
        for (String node : List.of("A", "B", "C")) {
            assertEquals(lines(oneJvm, "DOA node=" + node + " "), lines(split, "DOA node=" + node + " "), split);
        }
        assertEquals(lines(oneJvm, "LOC "), lines(split, "LOC "), split);
        assertEquals(6, doa.size(), oneJvm);
        assertEquals(2, lines(oneJvm, "LOC ").size(), oneJvm);
        List<String> summary = new ArrayList<>(lines(oneJvm, "# "));
        summary.removeIf(l -> l.startsWith("# plots:"));
        List<String> splitSummary = new ArrayList<>(lines(split, "# "));
        splitSummary.removeIf(l -> l.startsWith("# link ") || l.startsWith("# plots:"));
        assertEquals(summary, splitSummary, split);
    }

    private static List<String> lines(String out, String prefix) {
        return out.lines().filter(l -> l.startsWith(prefix)).toList();
    }

    private static List<String> sorted(List<String> lines) {
        return lines.stream().sorted().toList();
    }

    /** The command's arguments after the jar, paths from this module, 7400 replaced by {@code port}. */
    private static List<String> args(String command, int port) {
        List<String> args = new ArrayList<>();
        for (String word : Pattern.compile(" +").splitAsStream(command.substring(JAR.length()).trim()).toList()) {
            args.add(word.replaceFirst("^samples/marmot/", "").replace("127.0.0.1:7400", "127.0.0.1:" + port));
        }
        return args;
    }

    /** One JVM running MarmotMain with this JVM's class path and {@code options}, its output in files. */
    record Jvm(String name, Process process, Path outFile, Path errFile) {
        static Jvm start(Path dir, String name, List<String> options, List<String> args) throws IOException {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC"));
            command.addAll(options);
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), MarmotMain.class.getName()));
            command.addAll(args);
            Path out = dir.resolve(name + ".out");
            Path err = dir.resolve(name + ".err");
            return new Jvm(name, new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                    .start(), out, err);
        }

        /** Waits until standard error holds {@code good} (true) or {@code bad}, or the JVM ends (false). */
        boolean awaitErr(String good, String bad) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (System.nanoTime() < deadline) {
                String text = Files.readString(errFile, StandardCharsets.UTF_8);
                if (text.contains(good)) {
                    return true;
                }
                if (text.contains(bad) || !process.isAlive()) {
                    process.waitFor(10, TimeUnit.SECONDS);
                    return false;
                }
                Thread.sleep(20);
            }
            throw new AssertionError(name + " said neither \"" + good + "\" nor \"" + bad + "\" in 120 s: "
                    + describe());
        }

        int exit() throws InterruptedException {
            if (!process.waitFor(240, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(name + " did not exit within 240 s: " + describe());
            }
            return process.exitValue();
        }

        String out() {
            return read(outFile);
        }

        String describe() {
            return name + ":\n" + read(outFile) + "\n" + read(errFile);
        }

        private static String read(Path file) {
            try {
                return Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                return e.toString();
            }
        }
    }
}
