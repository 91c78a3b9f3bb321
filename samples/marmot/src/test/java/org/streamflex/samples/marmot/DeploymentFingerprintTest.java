package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a deployment's fingerprint tells apart: the positions and their order, not how the files are written. */
class DeploymentFingerprintTest {
    private static final List<String> NODES = List.of("node,x_m,y_m,heading_deg", "A,1.0,2.0,90", "B,-3.5,0,0");
    private static final List<String> MICS = List.of("node,mic,x_m,y_m",
            "A,1,0.04,0.04", "A,2,-0.04,0.04", "A,3,-0.04,-0.04", "A,4,0.04,-0.04",
            "B,1,0.04,0.04", "B,2,-0.04,0.04", "B,3,-0.04,-0.04", "B,4,0.04,-0.04");

    private static Deployment read(Path dir, List<String> nodes, List<String> mics) throws IOException,
            BadCsvException {
        Files.createDirectories(dir);
        Files.write(dir.resolve("nodes.csv"), nodes);
        Files.write(dir.resolve("mics.csv"), mics);
        return Deployment.read(dir.resolve("nodes.csv"), dir.resolve("mics.csv"));
    }

    @Test
    void filesThatDifferOnlyInHowTheyAreWrittenHaveOneFingerprint(@TempDir Path dir) throws Exception {
        Deployment plain = read(dir.resolve("a"), NODES, MICS);
        Deployment spaced = read(dir.resolve("b"), List.of("# surveyed 2026-11-27", "node, x_m, y_m, heading_deg",
                "A, 1.000, 2e0, 90.0", "", "B,-3.50,-0.0,0"), MICS.stream().map(l -> l.replace("0.04", "0.0400"))
                .toList());
        assertEquals(plain.fingerprint(), spaced.fingerprint());
        assertEquals(16, plain.fingerprintText().length());
    }

    @Test
    void aMovedMicrophoneChangesTheFingerprint(@TempDir Path dir) throws Exception {
        Deployment plain = read(dir.resolve("a"), NODES, MICS);
        Deployment moved = read(dir.resolve("b"), NODES, MICS.stream()
                .map(l -> l.equals("B,3,-0.04,-0.04") ? "B,3,-0.04,-0.041" : l).toList());
        assertNotEquals(plain.fingerprint(), moved.fingerprint());
    }

    @Test
    void aTurnedNodeChangesTheFingerprint(@TempDir Path dir) throws Exception {
        Deployment plain = read(dir.resolve("a"), NODES, MICS);
        Deployment turned = read(dir.resolve("b"), List.of(NODES.get(0), "A,1.0,2.0,91", NODES.get(2)), MICS);
        assertNotEquals(plain.fingerprint(), turned.fingerprint());
    }

    @Test
    void nodesListedInAnotherOrderChangeTheFingerprint(@TempDir Path dir) throws Exception {
        // A node's index in the file travels in its items: B first makes B index 0.
        Deployment plain = read(dir.resolve("a"), NODES, MICS);
        Deployment swapped = read(dir.resolve("b"), List.of(NODES.get(0), NODES.get(2), NODES.get(1)), MICS);
        assertNotEquals(plain.fingerprint(), swapped.fingerprint());
    }

    @Test
    void renamingANodeChangesTheFingerprint(@TempDir Path dir) throws Exception {
        Deployment plain = read(dir.resolve("a"), NODES, MICS);
        Deployment renamed = read(dir.resolve("b"), NODES.stream().map(l -> l.replace("B,", "C,")).toList(),
                MICS.stream().map(l -> l.replace("B,", "C,")).toList());
        assertNotEquals(plain.fingerprint(), renamed.fingerprint());
    }
}
