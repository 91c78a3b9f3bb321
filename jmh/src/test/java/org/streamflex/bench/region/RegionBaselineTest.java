package org.streamflex.bench.region;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.streamflex.runtime.GraphDriver;

class RegionBaselineTest {
    @Test
    void thePlainBaselineComputesWhatTheWovenFilterComputes() {
        AllocatingGraph graph = new AllocatingGraph();
        GraphDriver.of(graph).run(1_000);
        HeapFolder plain = new HeapFolder();
        for (int i = 0; i < 1_000; i++) {
            plain.work();
        }
        assertEquals(plain.checksum(), graph.checksum());
    }
}
