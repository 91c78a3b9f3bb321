package org.streamflex.bench.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.samples.marmot.ArrayRecording;
import org.streamflex.samples.marmot.DoaLog;
import org.streamflex.samples.marmot.DoaVector;
import org.streamflex.samples.marmot.MarmotConfig;
import org.streamflex.samples.marmot.SceneSpec;

/**
 * The plain-Java node finds what the sample's graph finds, detection for detection, on generated
 * scenes: the same onsets, audio ranges, azimuths and likelihood vectors, bit for bit, so that
 * MarmotBench compares the same work.
 */
@Timeout(600) // a guard against a hang, not a limit on speed: a busy machine is slower, never wrong
class PlainMarmotNodeTest {
    static final int BLOCK = 1024;

    @Test
    void theSameDetectionsAndAzimuthsAsTheGraphAt44100() {
        compare(SceneSpec.defaults().withSeed(51).withNodes(2).withCalls(12).withSeconds(20), MarmotConfig.defaults());
    }

    @Test
    void theSameAt48000WithPlainAmlAndAnotherBand() {
        compare(SceneSpec.defaults().withSeed(52).withNodes(2).withCalls(8).withSeconds(12).withSampleRate(48_000f)
                .withSnrDb(10), MarmotConfig.defaults().withWhitening(0).withBand(2_500, 6_000));
    }

    private static void compare(SceneSpec spec, MarmotConfig config) {
        MarmotScene scene = MarmotScene.generate(spec);
        PlainMarmotNode plain = new PlainMarmotNode(config, scene.site(), scene.sampleRate());
        GraphMarmotNode graph = new GraphMarmotNode(config, scene);
        // Both read the scene's WAV bytes through the same reader, a block at a time, as MarmotBench times them.
        try (ArrayRecording r = scene.open()) {
            plain.read(r, BLOCK);
        }
        try (ArrayRecording r = scene.open()) {
            graph.run(r);
        }
        assertEquals(scene.frames(), plain.frames(), "frames the plain node read");
        DoaLog log = graph.log();
        assertTrue(log.count() >= scene.calls(), "the graph found " + log.count() + " of " + scene.calls()
                + " calls: the scene does not test what it should");
        assertEquals(log.count(), plain.detections(), "detections");
        for (int i = 0; i < log.count(); i++) {
            String which = "detection " + i;
            assertEquals(log.onsetNanos(i), plain.onsetNanos(i), which + " onset");
            assertEquals(log.startNanos(i), plain.startNanos(i), which + " start");
            assertEquals(log.endNanos(i), plain.endNanos(i), which + " end");
            assertEquals(log.azimuth(i), plain.azimuth(i), which + " azimuth");
            int[] g = new int[DoaVector.AZIMUTHS];
            int[] p = new int[DoaVector.AZIMUTHS];
            for (int a = 0; a < g.length; a++) {
                g[a] = log.level(i, a);
                p[a] = plain.level(i, a);
            }
            assertTrue(Arrays.equals(g, p), which + " likelihood vector");
        }
        assertEquals(0, plain.dropped(), "plain detections lost");
    }
}
