package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.streamflex.runtime.GraphDriver;

class PipelineGraphTest {
    @Test
    void everyNumberIsSquaredAndAddedOnceInVirtualTime() {
        PipelineGraph graph = new PipelineGraph(100);
        GraphDriver.of(graph).run(1_000);   // 1000 releases, single-threaded, no sleeping
        assertEquals(1_000, graph.total().received());
        long expected = 0;
        for (long i = 0; i < 1_000; i++) {
            expected += i * i;
        }
        assertEquals(expected, graph.total().sum());
    }

    @Test
    void onAClockThreadWhatWasCountedArrivesOrIsCountedAsDropped() throws Exception {
        PipelineGraph graph = new PipelineGraph(100);
        graph.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);   // a hang guard, not a timing
        while (graph.clock().releases() < 100 && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        graph.stop();
        assertTrue(graph.awaitTermination(10, TimeUnit.SECONDS));
        assertTrue(graph.clock().releases() >= 100, "the clock made no progress in 60 s");
        // After each release the clock's thread runs Square and Total until their inputs are empty.
        long dropped = graph.channel(graph.counter(), "out").dropped() + graph.channel(graph.square(), "out").dropped();
        assertEquals(graph.counter().counted(), graph.total().received() + dropped);
    }
}
