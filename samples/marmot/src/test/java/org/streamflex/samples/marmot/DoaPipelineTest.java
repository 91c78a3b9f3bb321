package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one-JVM run's direction-of-arrival stage pipelined behind the detectors (a {@link DoaQueue}
 * before each node's {@link MarmotDoa}, a {@link DoaMerge} after them) and placed after the merge as on a server
 * ({@code --doa server}): the same detections and locations as a DOA behind each node's sync (the
 * run before the queue), field for field and in the same order, on one core and split across two.
 */
class DoaPipelineTest {
    @TempDir
    Path dir;

    /** A run's outcome as {@link MarmotRun} gave it, and where its steps' time went. */
    private record Outcome(MarmotRun.Result result, MarmotRun.StepTiming timing) {
    }

    private static Outcome run(MarmotConfig config, Deployment deployment, Path scene, boolean doaOnServer,
            int queue, int replicas) throws UnreadableInputException {
        String key = "streamflex.fission.replicas";
        String before = System.setProperty(key, String.valueOf(replicas));
        try {
            List<MarmotRun.StepTiming> timing = new ArrayList<>();
            MarmotRun.Result r = MarmotRun.run(config, deployment, id -> SceneGenerator.recordingOf(scene, id),
                    new MarmotRun.Listener() {
                        @Override
                        public void timing(MarmotRun.StepTiming t) {
                            timing.add(t);
                        }
                    }, doaOnServer, queue);
            assertEquals(1, timing.size(), "one timing per run");
            return new Outcome(r, timing.get(0));
        } finally {
            if (before == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, before);
            }
        }
    }

    /** Every detection and location of {@code got} is {@code want}'s, bit for bit, in the same order. */
    private static void assertSameAnswers(MarmotRun.Result want, MarmotRun.Result got, String how) {
        assertEquals(want.detections().size(), got.detections().size(), how + ": detections");
        for (int i = 0; i < want.detections().size(); i++) {
            Detection a = want.detections().get(i);
            Detection b = got.detections().get(i);
            String at = how + ", detection " + i;
            assertEquals(a.seq(), b.seq(), at);
            assertEquals(a.node(), b.node(), at);
            assertEquals(Double.doubleToLongBits(a.onsetSeconds()), Double.doubleToLongBits(b.onsetSeconds()), at);
            assertEquals(Double.doubleToLongBits(a.startSeconds()), Double.doubleToLongBits(b.startSeconds()), at);
            assertEquals(Double.doubleToLongBits(a.endSeconds()), Double.doubleToLongBits(b.endSeconds()), at);
            assertEquals(Double.doubleToLongBits(a.azimuth()), Double.doubleToLongBits(b.azimuth()), at);
            assertArrayEquals(a.levels(), b.levels(), at);
        }
        assertEquals(want.fixes().size(), got.fixes().size(), how + ": locations");
        for (int i = 0; i < want.fixes().size(); i++) {
            Fix a = want.fixes().get(i);
            Fix b = got.fixes().get(i);
            String at = how + ", location " + i;
            assertEquals(Double.doubleToLongBits(a.seconds()), Double.doubleToLongBits(b.seconds()), at);
            assertEquals(Double.doubleToLongBits(a.x()), Double.doubleToLongBits(b.x()), at);
            assertEquals(Double.doubleToLongBits(a.y()), Double.doubleToLongBits(b.y()), at);
            assertEquals(Double.doubleToLongBits(a.logLikelihood()), Double.doubleToLongBits(b.logLikelihood()), at);
            assertArrayEquals(a.detections(), b.detections(), at);
        }
        assertEquals(want.withoutOnset(), got.withoutOnset(), how + ": detections without an onset");
    }

    @Test
    void queuedDetectionsGiveTheUnpipelinedRunsAnswersInOrderOnOneCoreAndTwo() throws Exception {
        Path small = Path.of("scenes/small");
        Deployment bundled = Deployment.read(small.resolve(Deployment.NODES_FILE), small.resolve(Deployment.MICS_FILE));
        SceneSpec spec = SceneSpec.defaults().withSeed(71).withNodes(4).withSeconds(40).withCalls(12);
        Path generated = dir.resolve("generated");
        SceneGenerator.Result scene = SceneGenerator.write(spec, generated);
        MarmotConfig config = MarmotConfig.defaults();
        for (Object[] s : new Object[][] {{"bundled", bundled, small}, {"generated", scene.deployment(), generated}}) {
            Deployment deployment = (Deployment) s[1];
            Path files = (Path) s[2];
            MarmotRun.Result before = run(config, deployment, files, false, 0, 1).result();
            assertTrue(before.detections().size() >= 6 && before.fixes().size() >= 2, s[0] + ": " + before);
            for (int replicas : new int[] {1, 2}) {
                for (int queue : new int[] {1, 8, MarmotRun.DEFAULT_QUEUE}) {
                    String how = s[0] + ", a queue of " + queue + ", " + replicas + " replicas";
                    Outcome o = run(config, deployment, files, false, queue, replicas);
                    assertSameAnswers(before, o.result(), how);
                    assertEquals(before.detections().size(), o.timing().sent(), how + ": every detection queued");
                }
            }
        }
        // The generated scene's 48 detections went to the DOA in batches of several, not one per step.
        Outcome queued = run(config, scene.deployment(), generated, false, MarmotRun.DEFAULT_QUEUE, 2);
        assertEquals(48, queued.timing().sent());
        assertTrue(queued.timing().doaSteps() <= 48 / 4, queued.timing() + " in " + queued.timing().doaSteps()
                + " steps");
    }

    @Test
    void eachNodesQueuedDoaIsFusedAndReplicatedOnTwoCores() throws Exception {
        Path small = Path.of("scenes/small");
        Deployment bundled = Deployment.read(small.resolve(Deployment.NODES_FILE), small.resolve(Deployment.MICS_FILE));
        double[] rates = {44_100, 44_100, 44_100};
        String key = "streamflex.fission.replicas";
        String before = System.setProperty(key, "2");
        try {
            String queued = MarmotGraph.whole(MarmotConfig.defaults(), bundled, rates, false, false, 8).schedule();
            for (String id : new String[] {"A", "B", "C"}) {
                assertTrue(queued.contains("fission: doa-" + id + " in 2 replicas"), queued);
                assertTrue(queued.contains("doa-queue-" + id), queued);
            }
            assertTrue(queued.contains("doa-merge") && !queued.contains("not fused"), queued);
            String unqueued = MarmotGraph.whole(MarmotConfig.defaults(), bundled, rates, false, false, 0).schedule();
            assertTrue(unqueued.contains("fission: doa-A in 2 replicas") && !unqueued.contains("doa-queue"), unqueued);
        } finally {
            if (before == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, before);
            }
        }
        assertEquals(null, System.getProperty("streamflex.fission.minPartNanos"), "the build's setting undone");
    }

    @Test
    void detectionsTheDoaDropsKeepTheMarksBehindThemInOrder() throws Exception {
        // Without a minimum duration, noise crosses the threshold: detections dropped without an onset.
        SceneSpec spec = SceneSpec.defaults().withSeed(72).withNodes(3).withSeconds(40).withCalls(6);
        SceneGenerator.Result scene = SceneGenerator.write(spec, dir);
        MarmotConfig config = MarmotConfig.defaults().withMinDuration(0).withBeta(4);
        MarmotRun.Result before = run(config, scene.deployment(), dir, false, 0, 1).result();
        assertTrue(before.withoutOnset() > 0, "noise crossed the threshold: " + before.withoutOnset());
        for (int replicas : new int[] {1, 2}) {
            assertSameAnswers(before, run(config, scene.deployment(), dir, false, 4, replicas).result(),
                    "dropped detections, " + replicas + " replicas");
        }
    }

    @Test
    void theDoaAfterTheMergeAsOnAServerGivesTheSameAnswersInOneJvm() throws Exception {
        SceneSpec spec = SceneSpec.defaults().withSeed(73).withNodes(4).withSeconds(30).withCalls(8);
        SceneGenerator.Result scene = SceneGenerator.write(spec, dir);
        MarmotConfig config = MarmotConfig.defaults();
        MarmotRun.Result nodes = run(config, scene.deployment(), dir, false, 0, 1).result();
        assertEquals(32, nodes.detections().size());
        Outcome server = run(config, scene.deployment(), dir, true, 0, 2);
        assertSameAnswers(nodes, server.result(), "the DOA after the merge");
        assertEquals(0, server.timing().sent(), "no queue");
    }

    @Test
    void theCommandWithTheDoaOnTheServerPrintsTheSameLines() {
        Run nodes = Run.of("--scene", "scenes/small", "--plots", "none", "--doa-queue", "0");
        Run queued = Run.of("--scene", "scenes/small", "--plots", "none");
        Run server = Run.of("--scene", "scenes/small", "--plots", "none", "--doa", "server");
        assertEquals(0, nodes.exit(), nodes.err());
        assertTrue(nodes.out().contains("DOA node=") && nodes.out().contains("LOC t="), nodes.out());
        assertEquals(nodes.out(), queued.out());
        assertEquals(0, server.exit(), server.err());
        assertEquals(nodes.out(), server.out());
    }

    @Test
    void theQueuesOptionIsCheckedAndBelongsToTheOneJvmRunWithTheDoaOnTheNodes() throws IOException {
        Run both = Run.of("--scene", "scenes/small", "--plots", "none", "--doa", "server", "--doa-queue", "4");
        assertEquals(2, both.exit());
        assertTrue(both.err().contains("--doa-queue is an option of --doa nodes"), both.err());
        Run big = Run.of("--scene", "scenes/small", "--plots", "none", "--doa-queue", "33");
        assertEquals(2, big.exit());
        assertTrue(big.err().contains("--doa-queue: 33 is outside [0.0, 32.0]"), big.err());
        Run node = Run.of("--site", "node", "--node", "A", "--scene", "scenes/small", "--server", "127.0.0.1:1",
                "--doa-queue", "4");
        assertEquals(2, node.exit());
        assertTrue(node.err().contains("--doa-queue is not an option of --site node"), node.err());
    }
}
