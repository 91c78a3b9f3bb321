package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrays wider than the generator's 8 cm: the first-arrival frames grow with the time sound takes
 * to cross the array ({@link FirstArrivals#MIN_CROSSINGS}). With the 5 ms frames of an 8 cm array, the
 * 50 cm squares of this scene had a median error of 104 degrees.
 */
class WideArrayTest {
    @TempDir
    Path dir;

    @Test
    void framesGrowWithTheArraysWidthAndOnlyPastAFewCentimetres() {
        double[] small = {0.04, -0.04, -0.04, 0.04};
        double[] smallY = {0.04, 0.04, -0.04, -0.04};
        assertEquals(256, FirstArrivals.frameSamples(5_000_000, 44_100, small, smallY, 4, 343));
        assertEquals(FirstArrivals.frameSamples(5_000_000, 44_100),
                FirstArrivals.frameSamples(5_000_000, 44_100, small, smallY, 4, 343));
        double[] wide = {0.25, -0.25, -0.25, 0.25};
        double[] wideY = {0.25, 0.25, -0.25, -0.25};
        // 0.707 m across: 2.06 ms, 5.5 of them 11.3 ms, 500 samples at 44.1 kHz: 512.
        assertEquals(512, FirstArrivals.frameSamples(5_000_000, 44_100, wide, wideY, 4, 343));
        double[] wider = {0.5, -0.5, -0.5, 0.5};
        double[] widerY = {0.5, 0.5, -0.5, -0.5};
        assertEquals(1024, FirstArrivals.frameSamples(5_000_000, 44_100, wider, widerY, 4, 343));
        // A longer frame asked for is kept.
        assertEquals(2048, FirstArrivals.frameSamples(45_000_000, 44_100, wide, wideY, 4, 343));
    }

    @Test
    void aHalfMetreArrayFindsItsDirectionsAndLocations() throws Exception {
        SceneSpec spec = SceneSpec.defaults().withSeed(9).withNodes(3).withCalls(4).withSeconds(10).withRadius(25)
                .withMicSide(0.5);
        Scenes.Run run = Scenes.run(spec, MarmotConfig.defaults(), dir);
        List<Scoring.DoaScore> scored = Scenes.scored(run, 343);
        double[] errors = scored.stream().filter(s -> s.call() != null).mapToDouble(Scoring.DoaScore::error).toArray();
        assertEquals(12, errors.length, scored.toString());
        assertTrue(Scoring.median(errors) <= 2.0, "median azimuth error " + Scoring.median(errors));
        assertEquals(4, Scoring.fixes(run.result(), run.scene().calls()).stream().filter(f -> f.call() != null)
                .count());
    }
}
