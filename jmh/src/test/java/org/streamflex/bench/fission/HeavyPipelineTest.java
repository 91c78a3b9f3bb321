package org.streamflex.bench.fission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.streamflex.runtime.GraphDriver;

class HeavyPipelineTest {
    private static double sumOf(boolean fission) {
        HeavyPipeline graph;
        System.setProperty("streamflex.fission", String.valueOf(fission));
        System.setProperty("streamflex.fission.replicas", "2");
        System.setProperty("streamflex.fission.minPartNanos", "0");
        try {
            graph = new HeavyPipeline(100);
        } finally {
            System.clearProperty("streamflex.fission");
            System.clearProperty("streamflex.fission.replicas");
            System.clearProperty("streamflex.fission.minPartNanos");
        }
        assertEquals(fission, graph.schedule().contains("fission: Heavy in 2 replicas"), graph.schedule());
        GraphDriver.of(graph).run(40);
        assertEquals(40L * HeavyPipeline.BATCH, graph.sink().received());
        return graph.sink().sum();
    }

    @Test
    void theSplitPipelineSumsWhatThePlainLoopDoes() {
        double plain = 0;
        for (int i = 0; i < 40 * HeavyPipeline.BATCH; i++) {
            plain += HeavyPipeline.unit((double) (i % 1000), 100);
        }
        assertEquals(plain, sumOf(false));
        assertEquals(plain, sumOf(true));
    }

    @Test
    void theHarnessPrintsItsTable() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ScalingMain.run(2, 10, 1, 0.02, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("fission on 2 cores vs fused on one") && out.contains("mean speed-up on 2 cores: "),
                out);
    }
}
