package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fission of the direction-of-arrival stage: the node graph fuses {@link MarmotDoa} with its
 * forwarder and replicates it on more than one core, and a backlog of detections split across
 * replicas gives the vectors one thread gives, bit for bit, in order, none lost or put twice.
 */
class DoaFissionTest {
    @TempDir
    Path dir;

    @SuppressWarnings("ArrayRecordComponent") // a test's input, never compared
    private record Cuts(SceneGenerator.Result scene, short[] pcm, int frames, double rate, int[] starts,
            int[] lengths) {
    }

    /** Node A of a scene with 24 calls, and a cut around each call, as a detection's padded range would be. */
    private Cuts cuts() throws Exception {
        SceneSpec spec = SceneSpec.defaults().withSeed(61).withNodes(2).withSeconds(14).withCalls(24);
        SceneGenerator.Result scene = SceneGenerator.write(spec, dir);
        NodeSite a = scene.deployment().nodes().get(0);
        try (ArrayRecording rec = ArrayRecording.open(SceneGenerator.recordingOf(dir, a.id()), 4)) {
            short[] pcm = new short[(int) (4 * rec.declaredFrames())];
            int frames = 0;
            short[] block = new short[4 * 4096];
            for (int n; (n = rec.read(block, 4096)) > 0; frames += n) {
                System.arraycopy(block, 0, pcm, 4 * frames, 4 * n);
            }
            double rate = rec.sampleRate();
            List<TrueCall> calls = scene.calls();
            int[] starts = new int[calls.size()];
            int[] lengths = new int[calls.size()];
            for (int i = 0; i < starts.length; i++) {
                starts[i] = (int) Math.max(0, Math.round((calls.get(i).seconds() - 0.05) * rate));
                // Lengths differ from one cut to the next, as detections' do.
                lengths[i] = (int) Math.min(frames - starts[i], Math.round((0.25 + 0.01 * (i % 7)) * rate));
            }
            return new Cuts(scene, pcm, frames, rate, starts, lengths);
        }
    }

    private static DoaBacklog run(Cuts c, int replicas, int perRelease) {
        NodeSite a = c.scene().deployment().nodes().get(0);
        DoaBacklog b = DoaBacklog.build(MarmotConfig.defaults(), a, 0, c.rate(), c.pcm(), c.frames(), replicas,
                perRelease, 0);
        b.run(c.starts(), c.lengths());
        return b;
    }

    @Test
    void splitAcrossReplicasTheVectorsAreThoseOfOneThreadInOrderNoneLostOrTwice() throws Exception {
        Cuts c = cuts();
        int n = c.starts().length;
        DoaBacklog alone = run(c, 1, 4);
        assertEquals(n, alone.count(), "one vector per detection");
        for (int i = 1; i < n; i++) {
            assertTrue(alone.times(i)[0] > alone.times(i - 1)[0], "in the detections' order at " + i);
        }
        for (int[] shape : new int[][] {{2, 4}, {2, 5}, {3, 7}}) {
            DoaBacklog split = run(c, shape[0], shape[1]);
            String how = shape[0] + " replicas, batches of " + shape[1];
            assertTrue(split.schedule().contains("fission: doa-A in " + shape[0] + " replicas"), split.schedule());
            assertEquals(n, split.count(), how);
            for (int i = 0; i < n; i++) {
                assertArrayEquals(alone.times(i), split.times(i), how + ", vector " + i);
                assertEquals(Float.floatToIntBits(alone.azimuth(i)), Float.floatToIntBits(split.azimuth(i)),
                        how + ", vector " + i);
                assertEquals(Float.floatToIntBits(alone.peak(i)), Float.floatToIntBits(split.peak(i)), how);
                for (int az = 0; az < DoaVector.AZIMUTHS; az++) {
                    assertEquals(alone.level(i, az), split.level(i, az), how + ", vector " + i + " bin " + az);
                }
            }
        }
    }

    @Test
    void detectionsSlicedAcrossManyOfTheFeedersBlocksGiveTheVectorsOfWholeBlocks() throws Exception {
        Cuts c = cuts();
        NodeSite a = c.scene().deployment().nodes().get(0);
        int n = c.starts().length;
        DoaBacklog whole = DoaBacklog.build(MarmotConfig.defaults(), a, 0, c.rate(), c.pcm(), c.frames(), 1, 4, 0,
                DoaBacklog.MAX_FRAMES);
        whole.run(c.starts(), c.lengths());
        assertEquals(n, whole.count(), "one vector per detection");
        // Blocks of 1,500 frames: every detection (11,000 to 13,700 frames) is a slice of 8 to 10 of them.
        for (int replicas : new int[] {1, 2}) {
            DoaBacklog pieces = DoaBacklog.build(MarmotConfig.defaults(), a, 0, c.rate(), c.pcm(), c.frames(),
                    replicas, 4, 0, 1_500);
            pieces.run(c.starts(), c.lengths());
            assertEquals(n, pieces.count(), replicas + " replicas");
            for (int i = 0; i < n; i++) {
                String how = replicas + " replicas, blocks of 1,500 frames, vector " + i;
                assertArrayEquals(whole.times(i), pieces.times(i), how);
                assertEquals(Float.floatToIntBits(whole.azimuth(i)), Float.floatToIntBits(pieces.azimuth(i)), how);
                assertEquals(Float.floatToIntBits(whole.peak(i)), Float.floatToIntBits(pieces.peak(i)), how);
                for (int az = 0; az < DoaVector.AZIMUTHS; az++) {
                    assertEquals(whole.level(i, az), pieces.level(i, az), how + " bin " + az);
                }
            }
        }
    }

    @Test
    void aDetectionOutsideTheRecordingIsRefusedNamingItsFrames() throws Exception {
        Cuts c = cuts();
        DoaBacklog b = DoaBacklog.build(MarmotConfig.defaults(), c.scene().deployment().nodes().get(0), 0, c.rate(),
                c.pcm(), c.frames(), 1, 4, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> b.run(new int[] {0, c.frames() - 10}, new int[] {100, 20}));
        assertTrue(e.getMessage().contains("detection 1: frames " + (c.frames() - 10) + " to " + (c.frames() + 9)),
                e.getMessage());
    }

    @Test
    void theNodeGraphFusesTheDoaAndReplicatesItOnMoreThanOneCore() throws Exception {
        Cuts c = cuts();
        String before = System.setProperty("streamflex.fission.replicas", "2");
        try {
            MarmotGraph g = new MarmotGraph(MarmotConfig.defaults(), c.scene().deployment(),
                    new double[] {c.rate(), c.rate()});
            String schedule = g.schedule();
            assertTrue(schedule.contains("fission: doa-A in 2 replicas"), schedule);
            assertTrue(schedule.contains("fission: doa-B in 2 replicas"), schedule);
        } finally {
            restore("streamflex.fission.replicas", before);
        }
        String off = System.setProperty("streamflex.fission", "false");
        try {
            MarmotGraph g = new MarmotGraph(MarmotConfig.defaults(), c.scene().deployment(),
                    new double[] {c.rate(), c.rate()});
            assertFalse(g.schedule().contains("fission:"), g.schedule());
        } finally {
            restore("streamflex.fission", off);
        }
    }

    @Test
    void theOneJvmRunGivesTheSameDoaLinesWithAndWithoutFission() throws Exception {
        SceneSpec spec = SceneSpec.defaults().withSeed(7).withNodes(3).withSeconds(12).withCalls(5);
        List<Detection> split = detections(spec, "true", dir.resolve("split"));
        List<Detection> alone = detections(spec, "false", dir.resolve("alone"));
        assertTrue(alone.size() >= 15, alone.toString());
        assertEquals(lines(alone), lines(split));
    }

    private static List<Detection> detections(SceneSpec spec, String fission, Path where) throws Exception {
        String[] keys = {"streamflex.fission", "streamflex.fission.replicas", "streamflex.fission.minPartNanos"};
        String[] values = {fission, "2", "0"};
        String[] before = new String[keys.length];
        for (int i = 0; i < keys.length; i++) {
            before[i] = System.setProperty(keys[i], values[i]);
        }
        try {
            return Scenes.run(spec, MarmotConfig.defaults(), where).result().detections();
        } finally {
            for (int i = 0; i < keys.length; i++) {
                restore(keys[i], before[i]);
            }
        }
    }

    /** Each detection as its DOA line, with its vector. */
    private static List<String> lines(List<Detection> ds) {
        return ds.stream().map(d -> "DOA node=" + d.node() + " t=" + d.onsetSeconds() + " az=" + d.azimuth()
                + " from " + d.startSeconds() + " to " + d.endSeconds() + " " + Arrays.toString(d.levels())).toList();
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}
