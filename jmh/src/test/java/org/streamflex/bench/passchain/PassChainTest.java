package org.streamflex.bench.passchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streamflex.fixtures.Soak;
import org.streamflex.runtime.GraphDriver;

class PassChainTest {
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void everyItemGoesThroughTheTenStagesInOneRelease(boolean bulk) {
        PassChainGraph graph = new PassChainGraph(64, 256, bulk);
        GraphDriver driver = GraphDriver.of(graph);
        for (int i = 1; i <= 1000; i++) {
            driver.step();
            assertEquals(64L * i, graph.sink().received());
        }
        assertEquals(64_000, graph.source().generated());
        assertEquals(64_000, graph.sink().received());
        assertEquals(64_000L * 63_999 / 2, graph.sink().sum());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 64})
    void aRatedChainRunsFusedAndPassesEveryItemInTheReleaseItArrives(int batch) {
        PassChainGraph graph = new PassChainGraph(batch, 256, PassChainGraph.Stages.RATED);
        assertTrue(graph.schedule().contains("static subgraph 1: fused, 11 of 12 filters in batches"),
                graph.schedule());
        GraphDriver driver = GraphDriver.of(graph);
        for (int i = 1; i <= 1000; i++) {
            driver.step();
            assertEquals((long) batch * i, graph.sink().received());
        }
        long n = batch * 1000L;
        assertEquals(n * (n - 1) / 2, graph.sink().sum());
    }

    @Test
    void theBaselinesComputeTheSameSum() throws Exception {
        // Bounded by time, not by count: the queue chain's twelve threads hand each item over eleven
        // times, and on a loaded machine they share two cores.
        long sum = 0;
        long n = 0;
        Soak soak = Soak.start();
        try (QueuePassChain queues = new QueuePassChain(16)) {
            for (; soak.more(n, 1_000); n++) {
                int v = queues.take();
                assertEquals(n, v);
                sum += v;
            }
        }
        assertEquals(n * (n - 1) / 2, sum);
        PlainPassChain plain = new PlainPassChain();
        for (int i = 0; i < n; i++) {
            plain.push(i);
        }
        assertEquals(sum, plain.sum());
    }
}
