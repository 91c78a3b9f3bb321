package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node's recording rendered a block at a time is the recording rendered whole, sample for sample,
 * whatever the block size, so the generator writes long scenes in a heap of one block.
 */
class SceneAudioTest {
    @TempDir
    Path dir;

    @Test
    void blocksOfAnySizeGiveTheSamplesOfOneBlock() {
        SceneSpec spec = SceneSpec.defaults().withSeed(9).withNodes(3).withCalls(3).withSeconds(4).withRadius(10)
                .withReflections(2, 0.5);
        SceneGenerator.Result plan = SceneGenerator.plan(spec);
        NodeSite site = plan.deployment().nodes().get(2);
        short[] whole = new short[4 * SceneGenerator.frames(spec)];
        long clipped = SceneGenerator.render(spec, site, plan.deployment(), plan.calls(), new SplittableRandom(17),
                whole);
        for (int block : new int[] {1, 999, 4096, SceneAudio.BLOCK_FRAMES}) {
            SceneAudio audio = new SceneAudio(spec, site, plan.deployment(), plan.calls(), new SplittableRandom(17),
                    block);
            short[] got = new short[whole.length];
            short[] buffer = new short[4 * block];
            int at = 0;
            for (int n; (n = audio.renderNext(buffer)) > 0; at += 4 * n) {
                assertTrue(n <= block, n + " frames from blocks of " + block);
                System.arraycopy(buffer, 0, got, at, 4 * n);
            }
            assertEquals(whole.length, at, "blocks of " + block);
            assertArrayEquals(whole, got, "blocks of " + block);
            assertEquals(clipped, audio.clipped());
            assertEquals(0, audio.renderNext(buffer), "the recording is over");
        }
    }

    @Test
    void asAStreamItGivesTheSamplesLittleEndian() throws Exception {
        SceneSpec spec = SceneSpec.defaults().withSeed(4).withNodes(3).withCalls(1).withSeconds(2).withRadius(10);
        SceneGenerator.Result plan = SceneGenerator.plan(spec);
        NodeSite site = plan.deployment().nodes().get(0);
        short[] whole = new short[4 * SceneGenerator.frames(spec)];
        SceneGenerator.render(spec, site, plan.deployment(), plan.calls(), new SplittableRandom(3), whole);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (SceneAudio audio = new SceneAudio(spec, site, plan.deployment(), plan.calls(), new SplittableRandom(3),
                1000)) {
            byte[] odd = new byte[777]; // reads that end inside a sample and inside a block
            for (int n; (n = audio.read(odd, 0, odd.length)) > 0; ) {
                bytes.write(odd, 0, n);
            }
            assertEquals(-1, audio.read());
        }
        byte[] b = bytes.toByteArray();
        assertEquals(2 * whole.length, b.length);
        for (int i = 0; i < whole.length; i++) {
            assertEquals(whole[i], (short) ((b[2 * i] & 0xff) | (b[2 * i + 1] << 8)), "sample " + i);
        }
    }

    @Test
    void aSceneLongerThanTheHeapIsWrittenInASmallHeap() throws Exception {
        // 60 s of 4 channels at 48 kHz: 92 MB of doubles and 23 MB of samples per node rendered whole,
        // more than a 48 MiB heap holds; a block at a time it needs one block.
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx48m", "-cp", System.getProperty("java.class.path"), MarmotMain.class.getName(), "generate",
                "--out", dir.toString(), "--seed", "5", "--nodes", "3", "--calls", "4", "--seconds", "60",
                "--rate", "48000");
        Path log = dir.resolve("generate.log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertEquals(0, p.waitFor(), "generate in 48 MiB: " + Files.readString(log));
        for (String id : new String[] {"A", "B", "C"}) {
            try (ArrayRecording r = ArrayRecording.open(SceneGenerator.recordingOf(dir, id), 4)) {
                assertEquals(60 * 48_000, r.declaredFrames(), "node " + id);
            }
        }
        assertEquals(4, Truth.read(dir.resolve("truth.csv")).size());
    }
}
