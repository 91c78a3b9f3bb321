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

    @Test
    void aWaveFormatExtensibleRecordingIsReadLikeAPlainOne() throws Exception {
        // Multichannel writers (libsndfile among them) use WAVE_FORMAT_EXTENSIBLE with the PCM subtype.
        int frames = 1000;
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(68 + 8 * frames).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.put("RIFF".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).putInt(60 + 8 * frames)
                .put("WAVEfmt ".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        b.putInt(40).putShort((short) 0xFFFE).putShort((short) 4).putInt(48_000).putInt(48_000 * 8).putShort((short) 8)
                .putShort((short) 16);
        b.putShort((short) 22).putShort((short) 16).putInt(0x33);
        b.putInt(1).putShort((short) 0).putShort((short) 0x10)
                .put(new byte[] {(byte) 0x80, 0, 0, (byte) 0xaa, 0, 0x38, (byte) 0x9b, 0x71});
        b.put("data".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).putInt(8 * frames);
        for (int i = 0; i < 4 * frames; i++) {
            b.putShort((short) (i - 2000));
        }
        Path f = dir.resolve("extensible.wav");
        Files.write(f, b.array());
        try (ArrayRecording r = ArrayRecording.open(f, 4)) {
            short[] s = new short[4 * 2000];
            assertEquals(frames, r.read(s, 2000));
            assertEquals(48_000f, r.sampleRate());
            assertEquals(-2000, s[0]);
            assertEquals(-2000 + 4 * 999 + 3, s[4 * 999 + 3]);
        }
    }
}
