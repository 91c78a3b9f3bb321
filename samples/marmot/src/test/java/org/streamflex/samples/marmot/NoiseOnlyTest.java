package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NoiseOnlyTest {
    @TempDir
    Path dir;

    @Test
    void noiseOnlyInputGivesAtMostOneFalseDetectionPerMinute() throws Exception {
        SceneSpec spec = SceneSpec.defaults().withSeed(99).withNodes(2).withCalls(0).withSeconds(90);
        Scenes.Run run = Scenes.run(spec, MarmotConfig.defaults(), dir);
        double minutes = spec.seconds() / 60 * spec.nodes();
        assertTrue(run.result().detections().size() <= minutes, run.result().detections().size()
                + " detections in " + minutes + " node-minutes of noise");
    }
}
