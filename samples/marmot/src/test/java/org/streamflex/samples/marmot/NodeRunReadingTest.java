package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A node JVM's source reading its recording: one cut short is reported once and ends the node there. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NodeRunReadingTest {
    @Test
    void aNodeWhoseRecordingIsCutShortSaysWhereOnceAndSendsWhatItRead(@TempDir Path dir) throws Exception {
        for (String f : new String[] {"nodes.csv", "mics.csv", "node-B.wav"}) {
            Files.copy(Path.of("scenes", "small", f), dir.resolve(f));
        }
        Path cut = dir.resolve("node-B.wav");
        byte[] all = Files.readAllBytes(cut);
        // 44 header bytes, then 8 per frame: 40,000 whole frames and half of the next.
        Files.write(cut, Arrays.copyOf(all, 44 + 8 * 40_000 + 4));
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        Run run = Run.of("--site", "node", "--node", "B", "--scene", dir.toString(), "--server", "127.0.0.1:" + port,
                "--speed", "20", "--timeout", "3");
        String said = "node-B.wav: node B's recording broke off after frame 40000 (0.91 s), the node ends there:"
                + " truncated: the header declares";
        assertTrue(run.err().contains(said), run.err());
        assertEquals(run.err().indexOf(said), run.err().lastIndexOf(said), "said once: " + run.err());
        assertTrue(run.err().contains("; the node sends what it read before"), run.err());
        // 40,000 frames are 40 blocks of 1,024 (the last a part): marks after blocks 16 and 32, and the end.
        assertTrue(run.out().contains("# node B: 0.9 s of audio at 44100 Hz, ") && run.out().contains(" and 3 marks"),
                run.out());
        // Nothing listens: the server's acknowledgements never come, which decides the exit code.
        assertEquals(ExitCode.INCOMPLETE.code(), run.exit(), run.out() + run.err());
    }

    /**
     * A node whose recording cannot be opened still sends its end mark, with no audio: its server
     * (waiting for that node only, with a timeout far off) ends at once, names the node, and exits 4
     * as the one-JVM run does with a recording it cannot use; the node says why and exits 3.
     */
    @Test
    void aNodeWhoseRecordingCannotBeOpenedStillEndsItsServersWait(@TempDir Path dir) throws Exception {
        OneNodeScene.write(dir, "B");
        Files.writeString(dir.resolve("node-B.wav"), "not a recording");
        OneNodeScene.Server server = OneNodeScene.server(dir, 100);
        Run node = Run.of("--site", "node", "--node", "B", "--scene", dir.toString(), "--server", server.address(),
                "--speed", "20", "--timeout", "60");
        assertEquals(ExitCode.UNREADABLE_INPUT.code(), node.exit(), node.out() + node.err());
        assertTrue(node.err().contains("node-B.wav: not a WAV file"), node.err());
        assertTrue(node.err().contains("node B sends its end mark with no audio"), node.err());
        assertTrue(node.out().contains("# node B: 0.0 s of audio at 44100 Hz, 0 detections and 1 marks sent"),
                node.out());
        Run ended = server.run().get(90, TimeUnit.SECONDS);
        assertEquals(ExitCode.PARTIAL_INPUT.code(), ended.exit(), ended.out() + ended.err());
        assertTrue(ended.err().contains("nodes [B] ended without sending any audio"), ended.err());
        assertTrue(!ended.err().contains("timeout"), "ended by the end mark, not the timeout: " + ended.err());
    }

    /**
     * A node that read other files than its server's (here one microphone moved by 3 cm) sends its
     * detections stamped with its deployment's fingerprint; the server names the node and both
     * fingerprints, ignores and counts those detections (no DOA line comes from them), still takes
     * the node's end mark to end the run, and exits 4. The node itself delivered everything: 0.
     */
    @Test
    void aServerIgnoresDetectionsOfANodeThatReadAnotherDeployment(@TempDir Path dir) throws Exception {
        Path serverDir = dir.resolve("server");
        Path nodeDir = dir.resolve("node");
        Files.createDirectories(serverDir);
        Files.createDirectories(nodeDir);
        OneNodeScene.write(serverDir, "B");
        OneNodeScene.write(nodeDir, "B");
        Files.copy(Path.of("scenes", "small", "node-B.wav"), nodeDir.resolve("node-B.wav"));
        Path mics = nodeDir.resolve("mics.csv");
        String moved = Files.readString(mics).replace("B,2,-0.040000,0.040000", "B,2,-0.070000,0.040000");
        assertTrue(!moved.equals(Files.readString(mics)), "the test moves a microphone of node B");
        Files.writeString(mics, moved);
        String serverPrint = Deployment.read(serverDir.resolve("nodes.csv"), serverDir.resolve("mics.csv"))
                .fingerprintText();
        String nodePrint = Deployment.read(nodeDir.resolve("nodes.csv"), mics).fingerprintText();
        OneNodeScene.Server server = OneNodeScene.server(serverDir, 100);
        Run node = Run.of("--site", "node", "--node", "B", "--scene", nodeDir.toString(), "--server",
                server.address(), "--speed", "20", "--timeout", "60");
        assertEquals(ExitCode.OK.code(), node.exit(), node.out() + node.err());
        java.util.regex.Matcher sent = java.util.regex.Pattern.compile("(\\d+) detections and").matcher(node.out());
        assertTrue(sent.find() && Integer.parseInt(sent.group(1)) > 0, "the node detects its calls: " + node.out());
        Run ended = server.run().get(90, TimeUnit.SECONDS);
        assertEquals(ExitCode.PARTIAL_INPUT.code(), ended.exit(), ended.out() + ended.err());
        assertTrue(ended.err().contains("node B (index 0 in the server's nodes.csv) read another deployment: its items"
                + " carry fingerprint " + nodePrint + ", the server's nodes.csv and mics.csv give " + serverPrint),
                ended.err());
        assertTrue(ended.err().contains("nodes [B (" + sent.group(1) + " detections ignored)] read another"
                + " deployment"), ended.err());
        assertTrue(!ended.out().contains("DOA node="), "no DOA line from the other deployment: " + ended.out());
        assertTrue(!ended.err().contains("timeout"), "ended by the node's end mark: " + ended.err());
    }
}
