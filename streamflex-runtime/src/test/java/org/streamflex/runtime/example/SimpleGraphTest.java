package org.streamflex.runtime.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.streamflex.runtime.GraphDriver;

class SimpleGraphTest {
    @Test
    void everyTickCarriesOneNumberFromGenToSinkInOrder() {
        SimpleGraph graph = new SimpleGraph(100);
        GraphDriver.of(graph).run(10_000);
        assertEquals(10_000, graph.clock().releases());
        assertEquals(10_000, graph.gen().generated());
        assertEquals(10_000, graph.sink().received());
        assertEquals(9_999, graph.sink().last());
        assertEquals(0, graph.sink().outOfOrder());
        assertEquals(0, graph.channel(graph.gen(), "out").dropped());
    }

    @Test
    void onAClockThreadEveryGeneratedNumberArrivesOrIsCounted() throws Exception {
        SimpleGraph graph = new SimpleGraph(50);
        graph.start();
        while (graph.clock().releases() < 200) {
            Thread.sleep(2);
        }
        graph.stop();
        assertTrue(graph.awaitTermination(30, TimeUnit.SECONDS));
        long dropped = graph.channel(graph.gen(), "out").dropped() + graph.channel(graph.mid(), "out").dropped();
        assertEquals(graph.gen().generated(), graph.sink().received() + dropped);
        assertEquals(0, graph.sink().outOfOrder());
    }
}
