package org.streamflex.runtime.counter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.GraphCounters;
import org.streamflex.StreamFlexError;
import org.streamflex.fixtures.Soak;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.example.SimpleGraph;

class GraphCountersTest {
    @Test
    void everyFilterChannelAndClockHasNamedCountersAtZeroOnceValidated() {
        CounterGraph graph = new CounterGraph(100, 4);
        GraphCounters counters = graph.counters();
        for (String name : List.of("filter.Source.fires", "filter.Source.commits", "filter.Source.aborts",
                "filter.Source.heapBytes", "filter.Source.transientPeakBytes", "filter.Source.event.odd",
                "filter.Source.failures", "filter.Source.discarded",
                "filter.Drain.fires", "channel.Source.out->Drain.in.published",
                "channel.Source.out->Drain.in.dropped", "channel.Source.out->Drain.in.consumed",
                "clock.clock-0.releases", "clock.clock-0.missedDeadlines")) {
            assertTrue(counters.names().contains(name), name + " in " + counters.names());
            assertEquals(0, counters.value(name), name);
        }
        assertEquals(4, counters.value("channel.Source.out->Drain.in.capacity"));
        assertEquals(100, counters.value("clock.clock-0.periodMicros"));
        assertTrue(counters.value("filter.Source.stableBytes") > 0, "the filter object is in its stable region");
        assertTrue(counters.description("channel.Source.out->Drain.in.dropped").contains("dropped"));
    }

    @Test
    void countersFollowADrivenGraphExactly() {
        CounterGraph graph = new CounterGraph(100, 4);
        GraphDriver.of(graph).run(1000);
        GraphCounters counters = graph.counters();
        assertEquals(1000, counters.value("clock.clock-0.releases"));
        assertEquals(1000, counters.value(graph.source, "fires"));
        assertEquals(1000, counters.value(graph.source, "commits"));
        assertEquals(0, counters.value(graph.source, "aborts"));
        assertEquals(500, counters.value(graph.source, "event.odd"));
        assertEquals(1000, counters.value("channel.Source.out->Drain.in.published"));
        assertEquals(1000, counters.value("channel.Source.out->Drain.in.consumed"));
        assertEquals(graph.drain.received, counters.value("channel.Source.out->Drain.in.consumed"));
        Map<String, Long> snapshot = counters.snapshot();
        assertEquals(List.copyOf(counters.names()), List.copyOf(snapshot.keySet()), "sorted by name, all of them");
        assertEquals(1000L, snapshot.get("filter.Drain.fires"));
        graph.stop();
    }

    @Test
    void aWorkThatThrowsCountsAnAbortAndNoCommit() {
        CounterGraph graph = new CounterGraph(100, 4);
        graph.source.failAt = 10;
        BoundaryError error = assertThrows(BoundaryError.class, () -> GraphDriver.of(graph).run(100));
        assertEquals("Source", error.filterName());
        assertEquals(1, graph.counters().value(graph.source, "aborts"));
        assertEquals(10, graph.counters().value(graph.source, "commits"));
        assertEquals(11, graph.counters().value(graph.source, "fires"));
        assertEquals(10, graph.counters().value("channel.Source.out->Drain.in.published"), "the aborted put is not");
    }

    @Test
    void anUnknownNameIsRefusedNamingTheClosestOnes() {
        CounterGraph graph = new CounterGraph(100, 4);
        StreamFlexError error = assertThrows(StreamFlexError.class, () -> graph.counters().value("filter.Sourc.fire"));
        assertTrue(error.getMessage().startsWith("no counter named \"filter.Sourc.fire\" in this graph; the closest"
                + " are [filter.Source.fires, "), error.getMessage());
        StreamFlexError perFilter = assertThrows(StreamFlexError.class,
                () -> graph.counters().value(graph.drain, "event.odd"));
        assertTrue(perFilter.getMessage().contains("filter.Drain.event.odd"), perFilter.getMessage());
    }

    @Test
    void heapBytesAreCountedPerFilterOnRequestThroughTheApi() {
        CounterGraph graph = new CounterGraph(100, 4);
        graph.drain.allocate = true;
        GraphDriver driver = GraphDriver.of(graph).run(100);
        assertEquals(0, graph.counters().value(graph.drain, "heapBytes"), "off by default");
        graph.countHeapBytes(graph.drain); // while it runs: from the next work() on
        driver.run(1000);
        assertTrue(graph.counters().value(graph.drain, "heapBytes") >= 1000L * 24,
                "each label is a new String on the heap: " + graph.counters().value(graph.drain, "heapBytes"));
        assertEquals(0, graph.counters().value(graph.source, "heapBytes"), "not counted for the source");
        graph.stop();
    }

    @Test
    void countersAreReadFromAnotherThreadWhileClockThreadsWriteThem() throws Exception {
        CounterGraph graph = new CounterGraph(50, 64);
        GraphCounters counters = graph.counters();
        graph.start();
        try {
            long previous = 0;
            Soak soak = Soak.start();
            while (soak.more(previous, 200)) {
                long releases = counters.value("clock.clock-0.releases");
                assertTrue(releases >= previous, "a counter never goes back: " + previous + " then " + releases);
                previous = releases;
                Thread.sleep(1);
            }
        } finally {
            graph.stop();
        }
        assertTrue(graph.awaitTermination(10, TimeUnit.SECONDS));
        long releases = counters.value("clock.clock-0.releases");
        assertEquals(releases, counters.value(graph.source, "commits"), "one work() per release");
        assertEquals(counters.value("channel.Source.out->Drain.in.published")
                + counters.value("channel.Source.out->Drain.in.dropped"), releases, "every put published or dropped");
    }

    @Test
    void theRuntimeReadmesExamplesHoldForTheSimpleGraph() {
        SimpleGraph graph = new SimpleGraph(100);
        GraphDriver.of(graph).run(10);
        GraphCounters counters = graph.counters();
        assertEquals(10, counters.value(graph.sink(), "fires"));
        assertEquals(10, counters.value("filter.Sink.fires"));
        assertEquals(0, counters.value("channel.Gen.out->Mid.in.dropped"));
        StreamFlexError error = assertThrows(StreamFlexError.class, () -> counters.value("filter.Snk.fires"));
        assertTrue(error.getMessage().startsWith("no counter named \"filter.Snk.fires\" in this graph; the closest are"
                + " [filter.Sink.fires, "), error.getMessage());
        graph.stop();
    }
}
