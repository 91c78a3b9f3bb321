package org.streamflex.bench.streamit;

import org.junit.jupiter.api.Test;

class SerializedBeamFormerTest {
    @Test
    void theFirst100000OutputsMatchTheStreamItLibrary() throws Exception {
        SerializedBeamFormer graph = new SerializedBeamFormer();
        ReferenceTrace.assertGraphMatches("serialized-beamformer.out", graph, graph.printer,
                SerializedBeamFormer.OUTPUTS_PER_ITERATION);
    }
}
