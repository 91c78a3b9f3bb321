package org.streamflex.runtime.counter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.FilterEvent;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.GraphDriver;

class FilterEventTest {
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void eventsDeclaredInTheFilterClassAndItsSuperclassesAreCountersAtZeroFromTheStart() {
        CounterGraph graph = new CounterGraph(100, 4, CounterFilters.LoudSource.class, "Drain");
        String source = CounterGraph.nameOf(graph.source);
        assertEquals(0, graph.counters().value("filter." + source + ".event.never"));
        assertEquals(0, graph.counters().value("filter." + source + ".event.odd"));
        assertFalse(graph.counters().names().contains("filter." + source + ".event.undeclared"));
        assertFalse(graph.counters().names().contains("filter.Drain.event.odd"), "events belong to their filter");
    }

    @Test
    void raisingCountsEachOccurrenceAndTwoEventsOfOneNameShareTheCounter() {
        CounterGraph graph = new CounterGraph(100, 4, CounterFilters.LoudSource.class, "Drain");
        GraphDriver.of(graph).run(101);
        assertEquals(50, graph.counters().value(graph.source, "event.odd"));
        assertEquals(0, graph.counters().value(graph.source, "event.never"));
        graph.stop();
    }

    @Test
    void anEventDeclaredElsewhereGetsItsCounterOnItsFirstRaise() {
        CounterGraph graph = new CounterGraph(100, 4);
        graph.source.raiseUndeclared = true;
        GraphDriver driver = GraphDriver.of(graph);
        driver.run(1);
        assertEquals(1, graph.counters().value(graph.source, "event.undeclared"));
        driver.run(9);
        assertEquals(10, graph.counters().value(graph.source, "event.undeclared"));
        graph.stop();
    }

    @Test
    void raisingADeclaredEventAllocatesNothing() {
        CounterGraph graph = new CounterGraph(100, 4);
        GraphDriver driver = GraphDriver.of(graph);
        driver.run(20_000); // warm-up: the JIT compiles the path
        long allocated = Long.MAX_VALUE;
        long releases = 20_000;
        // A one-off deoptimization or a compilation finishing late (a loaded machine) can allocate a few
        // hundred bytes once: try again for up to 30 s (three tries at least), one must be clean. An
        // allocation per event would show in every try.
        long giveUpAt = System.nanoTime() + 30_000_000_000L;
        for (int attempt = 0; allocated != 0 && (attempt < 3 || System.nanoTime() < giveUpAt); attempt++) {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            driver.run(100_000);
            allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            releases += 100_000;
        }
        assertEquals(0, allocated, "heap bytes allocated by 100,000 releases raising 50,000 events");
        assertEquals(releases / 2, graph.counters().value(graph.source, "event.odd"));
        graph.stop();
    }

    @Test
    void raisingNullStopsTheGraphNamingTheFilterAndTheFix() {
        CounterGraph graph = new CounterGraph(100, 4);
        graph.source.raiseNull = true;
        BoundaryError error = assertThrows(BoundaryError.class, () -> GraphDriver.of(graph).run(1));
        assertTrue(error.getMessage().contains("raise(null) in filter Source: declare the event as a static final"
                + " field"), error.getMessage());
    }

    @Test
    void eventNamesAreCheckedWhenTheEventIsMade() {
        assertEquals("malformed-frame", FilterEvent.named("malformed-frame").name());
        StreamFlexError digit = assertThrows(StreamFlexError.class, () -> FilterEvent.named("1st"));
        assertEquals("FilterEvent.named(\"1st\"): character '1' at 0 is not allowed; an event name starts with an"
                + " ASCII letter and goes on with letters, digits, '-' and '_', as in \"malformed-frame\" (it becomes"
                + " part of counter names)", digit.getMessage());
        assertThrows(StreamFlexError.class, () -> FilterEvent.named("bad frame"));
        assertThrows(StreamFlexError.class, () -> FilterEvent.named(""));
        assertThrows(StreamFlexError.class, () -> FilterEvent.named("x".repeat(FilterEvent.MAX_NAME_LENGTH + 1)));
        StreamFlexError missing = assertThrows(StreamFlexError.class, () -> FilterEvent.named(null));
        assertTrue(missing.getMessage().startsWith("FilterEvent.named(null): "), missing.getMessage());
    }
}
