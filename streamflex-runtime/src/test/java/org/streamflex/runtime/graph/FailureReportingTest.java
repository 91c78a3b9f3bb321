package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.Failure;
import org.streamflex.FailurePolicy;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.fixtures.Soak;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestFilters.Counter;
import org.streamflex.runtime.graph.TestFilters.IntSink;

/**
 * Every failure is seen: logged once through {@code System.Logger} (captured here with a
 * java.util.logging handler, the default backend) and told to the graph's listeners, on the
 * thread that ran the filter.
 */
class FailureReportingTest {

    /** Forwards values, failing on every {@code v % every == 1}; fails on every value with every = 1. */
    public static final class Poisoned extends Filter {
        private IntChannel in;
        private IntChannel out;
        public int every = 4;

        @Override
        public void work() {
            int v = in.take();
            if (every == 1 || v % every == 1) {
                throw new IllegalArgumentException("malformed " + v);
            }
            out.put(v);
        }
    }

    /** The log records of logger {@code org.streamflex.runtime} about filter Poisoned. */
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            if (r.getMessage().contains("Poisoned")) {
                records.add(r);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final Logger logger = Logger.getLogger("org.streamflex.runtime");

    private final TestGraph graph = new TestGraph();
    private final Counter counter = graph.filter(Counter.class);
    private final Poisoned poisoned = graph.filter(Poisoned.class);
    private final IntSink sink = graph.filter(IntSink.class);
    private final List<Failure> told = new CopyOnWriteArrayList<>();
    private final List<String> threads = new CopyOnWriteArrayList<>();

    FailureReportingTest() {
        graph.link(graph.clock(100), counter).link(counter, poisoned, 64).link(poisoned, sink, 64).check();
        graph.addFailureListener(f -> {
            told.add(f);
            threads.add(Thread.currentThread().getName());
        });
    }

    @BeforeEach
    void capture() {
        logger.addHandler(handler);
    }

    @AfterEach
    void release() {
        logger.removeHandler(handler);
        graph.stop();
    }

    @Test
    void aFailureThatStopsTheGraphIsLoggedOnceAtErrorAndToldOnTheClockThread() throws Exception {
        graph.start();
        BoundaryError error = assertThrows(BoundaryError.class, () -> graph.awaitTermination(60, TimeUnit.SECONDS));
        assertEquals(1, records.size(), "logged once: " + records);
        LogRecord record = records.getFirst();
        assertEquals(Level.SEVERE, record.getLevel(), "System.Logger's ERROR");
        assertSame(error, record.getThrown(), "with the BoundaryError and its stack trace");
        assertEquals("StreamFlex TestGraph: " + error.getMessage(), record.getMessage());
        assertEquals(1, told.size());
        Failure failure = told.getFirst();
        assertEquals("Poisoned", failure.filterName());
        assertEquals(Failure.Outcome.GRAPH_STOPPED, failure.outcome());
        assertSame(error, failure.error());
        assertEquals(1, failure.failures());
        assertTrue(threads.getFirst().startsWith("streamflex-clock-"), threads.getFirst());
    }

    @Test
    void skippedFailuresAreLoggedAsWarningsTenInFullThenAtPowersOfTwoAndAllCounted() {
        graph.setFailurePolicy(FailurePolicy.skip(Long.MAX_VALUE));
        poisoned.every = 1;
        GraphDriver.of(graph).run(100);
        assertEquals(100, graph.failureCount(poisoned));
        assertEquals(100, graph.discardedCount(poisoned));
        assertEquals(100, told.size(), "listeners hear of every failure");
        for (int i = 0; i < told.size(); i++) {
            assertEquals(Failure.Outcome.SKIPPED, told.get(i).outcome());
            assertEquals(i + 1, told.get(i).failures());
        }
        assertEquals(13, records.size(), "failures 1..10, then 16, 32 and 64: " + records.size());
        for (int i = 0; i < 10; i++) {
            assertEquals(Level.WARNING, records.get(i).getLevel());
            assertTrue(records.get(i).getThrown() instanceof BoundaryError, "in full, with the error");
            assertTrue(records.get(i).getMessage().contains("malformed " + i + "; skipped by failure policy"
                    + " skip(Long.MAX_VALUE) (failure " + (i + 1) + ")"), records.get(i).getMessage());
        }
        assertTrue(records.get(9).getMessage().endsWith("further skipped failures of Poisoned are logged at each"
                + " power of two only, with the counts"), records.get(9).getMessage());
        assertEquals("StreamFlex TestGraph: filter Poisoned under failure policy skip(Long.MAX_VALUE): 64 failures"
                + " and 64 items discarded; the last: work() of filter Poisoned ("
                + Poisoned.class.getName() + ") threw java.lang.IllegalArgumentException: malformed 63; skipped by"
                + " failure policy skip(Long.MAX_VALUE) (failure 64): nothing it put was published and the item it"
                + " took was discarded", records.get(12).getMessage());
        graph.stop();
        assertEquals(14, records.size());
        assertEquals("StreamFlex TestGraph: filter Poisoned under failure policy skip(Long.MAX_VALUE): 100 failures"
                + " and 100 items discarded in all: the graph has stopped", records.get(13).getMessage());
    }

    @Test
    void skippedFailuresOnAClockThreadAreToldThereAndTheGoodItemsFlow() throws Exception {
        graph.setFailurePolicy(FailurePolicy.skip(1_000_000));
        counter.limit = 40;
        graph.start();
        // The listener is told after the log line is written: once it has heard of all ten, both are complete.
        Soak.awaitCondition(() -> told.size() == 10 && sink.received == 30,
                "the 10 failures of 0..39 to be told and its 30 good values to arrive");
        assertEquals(10, graph.failureCount(poisoned));
        assertEquals(10, told.size());
        assertTrue(threads.stream().allMatch(t -> t.startsWith("streamflex-clock-")), threads.toString());
        assertEquals(10, records.size());
        assertTrue(records.stream().allMatch(r -> Level.WARNING.equals(r.getLevel())));
        assertNull(graph.failure());
    }

    @Test
    void aListenerThatThrowsDoesNotChangeHowTheGraphStops() throws Exception {
        graph.addFailureListener(f -> {
            throw new IllegalStateException("listener bug");
        });
        graph.start();
        BoundaryError error = assertThrows(BoundaryError.class, () -> graph.awaitTermination(60, TimeUnit.SECONDS));
        assertEquals("malformed 1", error.causeMessage(), "the filter's failure, not the listener's");
        assertEquals(1, told.size(), "the listener added first was told");
        List<LogRecord> listenerBugs = records.stream()
                .filter(r -> r.getMessage().contains("failure listener")).toList();
        assertEquals(1, listenerBugs.size());
        assertTrue(listenerBugs.getFirst().getMessage().endsWith("; ignored, the graph stops as it would have: fix the"
                + " listener"), listenerBugs.getFirst().getMessage());
    }

    @Test
    void aListenerThatThrowsIsLoggedAndTheGraphGoesOn() throws Exception {
        graph.setFailurePolicy(FailurePolicy.skip(1_000_000));
        graph.addFailureListener(f -> {
            throw new IllegalStateException("listener bug");
        });
        counter.limit = 40;
        graph.start();
        // The listener is told after the log line is written: once it has heard of all ten, both are complete.
        Soak.awaitCondition(() -> told.size() == 10 && sink.received == 30,
                "the 10 failures of 0..39 to be told and its 30 good values to arrive");
        assertNull(graph.failure(), "the graph did not stop");
        assertEquals(10, told.size(), "the other listener heard of every failure");
        List<LogRecord> listenerBugs = records.stream()
                .filter(r -> r.getMessage().contains("failure listener")).toList();
        assertEquals(10, listenerBugs.size());
        assertTrue(listenerBugs.getFirst().getMessage().endsWith("threw java.lang.IllegalStateException: listener bug"
                + " while told of a failure of filter Poisoned; ignored, the graph goes on: fix the listener"),
                listenerBugs.getFirst().getMessage());
        assertEquals("listener bug", listenerBugs.getFirst().getThrown().getMessage());
    }
}
