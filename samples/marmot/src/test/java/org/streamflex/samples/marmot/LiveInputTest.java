package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.fixtures.LoopbackPorts;

/**
 * A node reading live input ({@code --live}) through {@code javax.sound.sampled}: the test mixer
 * plays node A's recording as a capture line at 20 times real time, and the server's answers are
 * those of the one-JVM run on the recording.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class LiveInputTest {
    @TempDir
    Path dir;

    @AfterEach
    void noFeed() {
        System.clearProperty(TestCaptureLine.FEED);
        System.clearProperty(TestCaptureLine.SPEED);
    }

    /** The bundled scene's node A alone: nodes.csv and mics.csv cut to it, and its recording. */
    private void nodeAOnly() throws Exception {
        OneNodeScene.write(dir, "A");
        Files.copy(Path.of("scenes", "small", "node-A.wav"), dir.resolve("node-A.wav"));
    }

    private static List<String> doaLines(String out) {
        return out.lines().filter(l -> l.startsWith("DOA ")).toList();
    }

    @Test
    void aNodeOnLiveInputGivesTheAnswersOfItsRecording() throws Exception {
        nodeAOnly();
        Run whole = Run.of("--scene", dir.toString(), "--plots", "none");
        assertEquals(0, whole.exit(), whole.out() + whole.err());
        assertEquals(2, doaLines(whole.out()).size(), whole.out());
        System.setProperty(TestCaptureLine.FEED, dir.resolve("node-A.wav").toString());
        System.setProperty(TestCaptureLine.SPEED, "20");
        long frames = (Files.size(dir.resolve("node-A.wav")) - 44) / 8;
        OneNodeScene.Server server = OneNodeScene.server(dir, 120);
        Run node = Run.of("--site", "node", "--node", "A", "--scene", dir.toString(), "--server", server.address(),
                "--live", TestCaptureMixer.NAME, "--live-rate", "44100", "--live-seconds",
                Double.toString(frames / 44_100.0), "--speed", "20", "--timeout", "120");
        assertEquals(0, node.exit(), node.out() + node.err());
        assertTrue(node.err().contains("marmot: node A: " + String.format(java.util.Locale.ROOT, "%.1f", frames
                / 44_100.0) + " s of audio at 44100 Hz"), node.err());
        assertTrue(node.out().contains("# node A: 2.0 s of audio at 44100 Hz, 2 detections and"), node.out());
        Run ended = server.run().get(150, TimeUnit.SECONDS);
        assertEquals(0, ended.exit(), ended.out() + ended.err());
        assertEquals(doaLines(whole.out()), doaLines(ended.out()));
    }

    /**
     * A node on live input with no {@code --live-seconds} runs until it is told to stop: SIGTERM (what
     * {@code kill} and service managers send) ends its input, it sends its end mark and has its items
     * acknowledged before the JVM exits, and its server, waiting for that mark, ends without its timeout.
     */
    @Test
    void sigtermEndsALiveNodeCleanlyAndItsServerGetsItsEndMark() throws Exception {
        nodeAOnly();
        SplitRunJvmTest.Jvm server = null;
        int port = 0;
        for (int attempt = 0; server == null; attempt++) {
            port = LoopbackPorts.unused().getPort();
            SplitRunJvmTest.Jvm started = SplitRunJvmTest.Jvm.start(dir, "server", List.of(), List.of("--site",
                    "server", "--scene", dir.toString(), "--listen", "127.0.0.1:" + port, "--timeout", "200",
                    "--plots", "none"));
            if (started.awaitErr("listening at", "cannot listen") || attempt == 2) {
                server = started;
            }
        }
        SplitRunJvmTest.Jvm node = SplitRunJvmTest.Jvm.start(dir, "node-A", List.of("-D" + TestCaptureLine.FEED + "="
                + dir.resolve("node-A.wav"), "-D" + TestCaptureLine.SPEED + "=1"), List.of("--site", "node", "--node",
                "A", "--scene", dir.toString(), "--server", "127.0.0.1:" + port, "--live", TestCaptureMixer.NAME,
                "--live-rate", "44100"));
        assertTrue(node.awaitErr("live audio until stopped", "Exception"), node.describe());
        // The line captures the 2 s recording in 2 s of wall time from its start, before this line was
        // printed: by the signal it holds every frame, which the node delivers before it ends, however
        // far behind a loaded machine has left it.
        Thread.sleep(3000);
        node.process().destroy();
        assertTrue(node.process().waitFor(120, TimeUnit.SECONDS), node.describe());
        String out = node.out();
        java.util.regex.Matcher sent = java.util.regex.Pattern.compile("(?m)^# link A:[^:]*: accepted (\\d+), sent"
                + " (\\d+), acknowledged (\\d+), droppedAtSender 0, discardedAtClose 0, lostInFlight 0").matcher(out);
        assertTrue(sent.find(), node.describe());
        assertEquals(sent.group(1), sent.group(3), "every item acknowledged before the JVM exited: " + out);
        assertTrue(Long.parseLong(sent.group(1)) >= 1, "at least the end mark: " + out);
        assertTrue(out.contains("# dropped in the node: nothing"), node.describe());
        assertTrue(out.contains("# node A: 2.0 s of audio at 44100 Hz, 2 detections and"), node.describe());
        assertEquals(0, server.exit(), server.describe());
        assertTrue(!server.describe().contains("timeout"), server.describe());
        Run whole = Run.of("--scene", dir.toString(), "--plots", "none");
        assertEquals(doaLines(whole.out()), doaLines(server.out()), server.describe());
    }

    @Test
    void aLiveDeviceThatCannotBeFoundIsSaidAndTheServerDoesNotWaitForTheNode() throws Exception {
        nodeAOnly();
        OneNodeScene.Server server = OneNodeScene.server(dir, 120);
        Run node = Run.of("--site", "node", "--node", "A", "--scene", dir.toString(), "--server", server.address(),
                "--live", "no such card", "--speed", "20", "--timeout", "60");
        assertEquals(ExitCode.UNREADABLE_INPUT.code(), node.exit(), node.out() + node.err());
        assertTrue(node.err().contains("capture device \"no such card\": no mixer has this name; the mixers that can"
                + " capture: "), node.err());
        assertTrue(node.err().contains("node A sends its end mark with no audio"), node.err());
        Run ended = server.run().get(90, TimeUnit.SECONDS);
        assertEquals(ExitCode.PARTIAL_INPUT.code(), ended.exit(), ended.out() + ended.err());
        assertTrue(ended.err().contains("nodes [A] ended without sending any audio"), ended.err());
    }

    @Test
    void liveOptionsBelongToANodeWithLiveInput() {
        Run rateAlone = Run.of("--site", "node", "--node", "A", "--scene", "scenes/small", "--server", "127.0.0.1:1",
                "--live-rate", "48000");
        assertEquals(ExitCode.USAGE.code(), rateAlone.exit());
        assertTrue(rateAlone.err().contains("--live-rate and --live-seconds are options of --live DEVICE"),
                rateAlone.err());
        Run onServer = Run.of("--site", "server", "--scene", "scenes/small", "--listen", "127.0.0.1:0", "--live",
                "default");
        assertEquals(ExitCode.USAGE.code(), onServer.exit());
        assertTrue(onServer.err().contains("--live is not an option of --site server"), onServer.err());
    }
}
