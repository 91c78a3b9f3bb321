package org.streamflex.bench.streamit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.streamflex.runtime.GraphDriver;

class SerializedBeamFormerTest {
    @Test
    void theFirst100000OutputsMatchTheStreamItLibrary() throws Exception {
        float[] expected = ReferenceTrace.load("serialized-beamformer.out");
        SerializedBeamFormer graph = new SerializedBeamFormer();
        GraphDriver.of(graph).run(expected.length / SerializedBeamFormer.OUTPUTS_PER_ITERATION);
        assertEquals(expected.length, graph.printer.count(), "one steady state of 4 outputs per release");
        int bad = ReferenceTrace.firstMismatch(expected, graph.printer);
        assertEquals(-1, bad, () -> "output " + bad + ": expected " + expected[bad] + ", got " + graph.printer.value(bad));
    }
}
