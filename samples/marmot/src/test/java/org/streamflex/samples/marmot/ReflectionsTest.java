package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two specular reflections of each call at half amplitude (image sources, exact delays): every call
 * is still detected and located, the median azimuth error stays within the goal, and PHAT
 * whitening (the default) keeps the worst detection nearer the truth than the plain steered
 * response does, which is why it is the default.
 */
class ReflectionsTest {
    @TempDir
    Path dir;

    static double medianError(Scenes.Run run) {
        return Scoring.median(Scenes.scored(run, 343).stream().filter(s -> s.call() != null)
                .mapToDouble(Scoring.DoaScore::error).toArray());
    }

    static double largestError(Scenes.Run run) {
        return Scenes.scored(run, 343).stream().filter(s -> s.call() != null).mapToDouble(Scoring.DoaScore::error)
                .max().orElseThrow();
    }

    @Test
    void withTwoReflectionsEveryCallIsFoundAndPhatBeatsThePlainResponse() throws Exception {
        SceneSpec spec = SceneSpec.defaults().withSeed(31).withNodes(4).withCalls(10).withSeconds(60).withRadius(25)
                .withReflections(2, 0.5);
        Scenes.Run phat = Scenes.run(spec, MarmotConfig.defaults(), dir.resolve("a"));
        Scenes.Run plain = Scenes.run(spec, MarmotConfig.defaults().withWhitening(0), dir.resolve("b"));
        List<Scoring.DoaScore> scored = Scenes.scored(phat, 343);
        assertEquals(40, scored.stream().filter(s -> s.call() != null).count(), scored.toString());
        assertEquals(10, Scoring.fixes(phat.result(), phat.scene().calls()).stream().filter(f -> f.call() != null)
                .count());
        double withPhat = medianError(phat);
        assertTrue(withPhat <= 2.0, "median azimuth error with PHAT " + withPhat);
        // Plain AML may be as close at the median; reflections show in the worst detections.
        double worstWithPhat = largestError(phat);
        double worstWithoutWhitening = largestError(plain);
        assertTrue(worstWithPhat < worstWithoutWhitening, "largest azimuth error: PHAT " + worstWithPhat
                + " against plain " + worstWithoutWhitening);
    }
}
