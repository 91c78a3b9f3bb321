package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

    @Test
    void noiseCrossingTheThresholdHasNoOnsetAndIsDroppedAndCounted() throws Exception {
        // Without the minimum duration the detector lets single noise scores through: calls they are not.
        SceneSpec spec = SceneSpec.defaults().withSeed(99).withNodes(2).withCalls(0).withSeconds(90);
        MarmotConfig all = MarmotConfig.defaults().withMinDuration(0);
        Scenes.Run wholeSpan = Scenes.run(spec, all.withDoaFrames(0, 10), dir.resolve("span"));
        Scenes.Run frames = Scenes.run(spec, all, dir.resolve("frames"));
        assertTrue(wholeSpan.result().detections().size() > 0, "noise crosses the threshold without --min-ms");
        assertEquals(0, wholeSpan.result().withoutOnset(), "the whole span's spectrum keeps every detection");
        assertEquals(0, frames.result().detections().size(), "first arrivals find no onset in noise");
        assertEquals(wholeSpan.result().detections().size(), frames.result().withoutOnset(), "each one counted");
    }
}
