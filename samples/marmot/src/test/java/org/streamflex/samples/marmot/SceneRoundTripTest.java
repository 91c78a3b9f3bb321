package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SceneRoundTripTest {
    @TempDir
    Path dir;

    @Test
    void whatTheGeneratorWritesTheReadersReadBackExactly() throws Exception {
        SceneSpec spec = SceneSpec.defaults().withSeed(5).withNodes(3).withCalls(2).withSeconds(3).withRadius(10)
                .withSampleRate(48_000);
        SceneGenerator.Result written = SceneGenerator.write(spec, dir);

        Deployment read = Deployment.read(dir.resolve("nodes.csv"), dir.resolve("mics.csv"));
        assertEquals(3, read.nodes().size());
        for (int k = 0; k < 3; k++) {
            NodeSite a = written.deployment().nodes().get(k);
            NodeSite b = read.nodes().get(k);
            assertEquals(a.id(), b.id());
            assertEquals(a.x(), b.x(), 0);
            assertEquals(a.y(), b.y(), 0);
            assertEquals(a.headingDegrees(), b.headingDegrees(), 0);
            assertArrayEquals(a.micXs(), b.micXs(), 1e-9);
            assertArrayEquals(a.micYs(), b.micYs(), 1e-9);
        }
        assertEquals(written.calls(), Truth.read(dir.resolve("truth.csv")));

        NodeSite site = written.deployment().nodes().get(1);
        short[] expected = new short[4 * SceneGenerator.frames(spec)];
        SceneGenerator.render(spec, site, written.deployment(), written.calls(), new SplittableRandom(5 * 1_000_003L
                + 1),
                expected);
        try (ArrayRecording r = ArrayRecording.open(SceneGenerator.recordingOf(dir, site.id()), 4)) {
            assertEquals(48_000f, r.sampleRate());
            assertEquals(SceneGenerator.frames(spec), r.declaredFrames());
            short[] all = new short[expected.length];
            short[] block = new short[4 * 1000];
            int at = 0;
            for (int n; (n = r.read(block, 1000)) > 0; at += 4 * n) {
                System.arraycopy(block, 0, all, at, 4 * n);
            }
            assertEquals(expected.length, at);
            assertArrayEquals(expected, all);
        }
    }

    @Test
    void theBundledSceneIsWhatItsGenerateCommandWrites() throws Exception {
        assertEquals(0, MarmotMain.run(new String[] {"generate", "--out", dir.toString(), "--seed", "11", "--nodes",
                "3",
            "--radius", "10", "--calls", "2", "--seconds", "2", "--noise", "20"}, System.out, System.err));
        Path bundled = Path.of("scenes/small");
        for (String f : List.of("nodes.csv", "mics.csv", "truth.csv", "node-A.wav", "node-B.wav", "node-C.wav")) {
            assertArrayEquals(Files.readAllBytes(bundled.resolve(f)), Files.readAllBytes(dir.resolve(f)), f);
        }
    }

    @Test
    void theCallArrivesAtEachMicrophoneAtItsOwnExactDistance() {
        SceneSpec spec = SceneSpec.defaults();
        // The waveform is closed-form: a delay of a fraction of a sample is exact, not interpolated.
        double t = 0.0123456;
        double fraction = 0.37 / spec.sampleRate();
        assertEquals(SceneGenerator.call(spec, t), SceneGenerator.call(spec, t + fraction - fraction), 1e-15);
        assertEquals(0.0, SceneGenerator.call(spec, -1e-9), 0);
        assertEquals(0.0, SceneGenerator.call(spec, spec.callSeconds()), 0);
    }
}
