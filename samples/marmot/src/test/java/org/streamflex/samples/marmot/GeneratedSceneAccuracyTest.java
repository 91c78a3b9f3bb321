package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The accuracy goals on generated scenes at 20 dB SNR, at 44.1 and 48 kHz: every call
 * detected at every node with its onset within one window plus the padding, median azimuth error
 * at most 2 degrees, every call located within one grid cell (3 nodes or more).
 */
class GeneratedSceneAccuracyTest {
    static final List<Scenes.Run> RUNS = new ArrayList<>();
    static final List<SceneSpec> SPECS = List.of(
            SceneSpec.defaults().withSeed(21).withNodes(4).withCalls(8).withSeconds(40).withRadius(25),
            SceneSpec.defaults().withSeed(22).withNodes(3).withCalls(6).withSeconds(30).withRadius(15)
                    .withSampleRate(48_000));
    static final MarmotConfig CONFIG = MarmotConfig.defaults();
    static Path dir;

    @BeforeAll
    static void runScenes() throws Exception {
        dir = Files.createTempDirectory("marmot-accuracy");
        for (int i = 0; i < SPECS.size(); i++) {
            RUNS.add(Scenes.run(SPECS.get(i), CONFIG, dir.resolve("scene-" + i)));
        }
    }

    @AfterAll
    static void cleanUp() throws Exception {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void everyCallIsDetectedAtEveryNodeWithItsOnsetWithinOneWindowPlusThePadding() {
        for (int i = 0; i < RUNS.size(); i++) {
            Scenes.Run run = RUNS.get(i);
            double limit = MarmotConfig.WINDOW / SPECS.get(i).sampleRate() + CONFIG.padMillis() / 1e3;
            List<Scoring.DoaScore> scored = Scenes.scored(run, CONFIG.speedOfSound());
            for (TrueCall call : run.scene().calls()) {
                for (NodeSite node : run.result().nodes().nodes()) {
                    boolean found = scored.stream().anyMatch(s -> call.equals(s.call())
                            && s.detection().node().equals(node.id()) && Math.abs(s.onsetError()) <= limit);
                    assertTrue(found, "scene " + i + ": call " + call + " not detected at node " + node.id()
                            + " with its onset within " + limit + " s: " + scored);
                }
            }
        }
    }

    @Test
    void theMedianAzimuthErrorIsAtMostTwoDegrees() {
        for (Scenes.Run run : RUNS) {
            double[] errors = Scenes.scored(run, CONFIG.speedOfSound()).stream().filter(s -> s.call() != null)
                    .mapToDouble(Scoring.DoaScore::error).toArray();
            assertTrue(errors.length >= run.scene().calls().size() * run.result().nodes().nodes().size());
            double median = Scoring.median(errors);
            assertTrue(median <= 2.0, "median azimuth error " + median);
        }
    }

    @Test
    void everyCallIsLocatedWithinOneGridCell() {
        for (Scenes.Run run : RUNS) {
            double cell = run.result().grid().cell();
            List<Scoring.FixScore> fixes = Scoring.fixes(run.result(), run.scene().calls());
            for (TrueCall call : run.scene().calls()) {
                Scoring.FixScore fix = fixes.stream().filter(f -> call.equals(f.call())).findFirst().orElseThrow(
                        () -> new AssertionError("call " + call + " not located: " + fixes));
                assertTrue(fix.fix().detections().length >= 3, fix.toString());
                assertTrue(Math.abs(fix.fix().x() - call.x()) <= cell && Math.abs(fix.fix().y() - call.y()) <= cell,
                        "call " + call + " located at " + fix.fix().x() + ", " + fix.fix().y() + ", cell " + cell);
            }
            assertEquals(run.scene().calls().size(), fixes.stream().filter(f -> f.call() != null).count());
        }
    }

    @Test
    void falseDetectionsStayBelowOnePerMinutePerNode() {
        for (int i = 0; i < RUNS.size(); i++) {
            Scenes.Run run = RUNS.get(i);
            long falseOnes = Scenes.scored(run, CONFIG.speedOfSound()).stream().filter(s -> s.call() == null).count();
            double nodeMinutes = SPECS.get(i).seconds() / 60 * SPECS.get(i).nodes();
            assertTrue(falseOnes <= Math.max(1, nodeMinutes), falseOnes + " false detections in " + nodeMinutes
                    + " node-minutes");
        }
    }
}
