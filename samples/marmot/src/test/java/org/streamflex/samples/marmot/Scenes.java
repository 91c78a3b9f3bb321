package org.streamflex.samples.marmot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** Test helper: writes a generated scene and runs the graph over it. */
final class Scenes {
    private Scenes() {
    }

    record Run(SceneGenerator.Result scene, MarmotRun.Result result) {
    }

    static Run run(SceneSpec spec, MarmotConfig config, Path dir) throws UnreadableInputException {
        SceneGenerator.Result scene;
        try {
            scene = SceneGenerator.write(spec, dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        MarmotRun.Result r = MarmotRun.run(config, scene.deployment(), id -> SceneGenerator.recordingOf(dir, id),
                MarmotRun.Listener.NONE);
        return new Run(scene, r);
    }

    static List<Scoring.DoaScore> scored(Run run, double c) {
        return Scoring.detections(run.result(), run.scene().calls(), c);
    }
}
