package org.streamflex.bench.passchain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.streamflex.runtime.GraphDriver;

class PassChainTest {
    @Test
    void everyItemGoesThroughTheTenStagesInOneRelease() {
        PassChainGraph graph = new PassChainGraph(64, 256);
        GraphDriver.of(graph).run(1000);
        assertEquals(64_000, graph.source().generated());
        assertEquals(64_000, graph.sink().received());
        assertEquals(64_000L * 63_999 / 2, graph.sink().sum());
    }

    @Test
    void theBaselinesComputeTheSameSum() throws Exception {
        PlainPassChain plain = new PlainPassChain();
        for (int i = 0; i < 64_000; i++) {
            plain.push(i);
        }
        assertEquals(64_000L * 63_999 / 2, plain.sum());
        long sum = 0;
        try (QueuePassChain queues = new QueuePassChain(16)) {
            for (int i = 0; i < 64_000; i++) {
                int v = queues.take();
                assertEquals(i, v);
                sum += v;
            }
        }
        assertEquals(64_000L * 63_999 / 2, sum);
    }
}
