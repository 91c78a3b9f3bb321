package org.streamflex.runtime.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Atomic;
import org.streamflex.BoundaryError;
import org.streamflex.Clock;
import org.streamflex.FailurePolicy;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.IntChannel;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestGraph;

@Timeout(600) // a guard against a hang only
class FlightEventsTest {

    /** Puts five items per release. */
    public static final class Burst extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        private IntChannel out;
        private int next;

        @Override
        public void work() {
            for (int i = 0; i < 5; i++) {
                out.put(next++);
            }
        }
    }

    /** Takes one item per work(). */
    public static final class Taker extends Filter {
        private IntChannel in;
        public int taken;

        @Override
        public void work() {
            in.take();
            taken++;
        }
    }

    /** Throws at its third work(). */
    public static final class Boom extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        private int works;

        @Override
        public void work() {
            if (++works == 3) {
                throw new IllegalStateException("third time unlucky");
            }
        }
    }

    /** Raises its event at every work(). */
    public static final class Alarm extends Filter {
        private static final FilterEvent OVERLOAD = FilterEvent.named("overload");
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;

        @Override
        public void work() {
            raise(OVERLOAD);
        }
    }

    /** Where a test holds a Java thread inside an atomic call, after its reads. */
    @SuppressWarnings("StreamFlex") // a test hook: it waits on a latch, outside what atomic code may call
    public static final class Hold {
        static final AtomicBoolean ARMED = new AtomicBoolean();
        static final CountDownLatch REACHED = new CountDownLatch(1);
        static final CountDownLatch RELEASE = new CountDownLatch(1);

        static void pause() {
            if (ARMED.compareAndSet(true, false)) {
                REACHED.countDown();
                try {
                    RELEASE.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** Counts its releases; an atomic call reads the count, then writes another field. */
    public static final class Ticker extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        private int ticks;
        public int marked;

        @Override
        public void work() {
            ticks++;
        }

        @Atomic
        public int mark(int value) {
            int seen = ticks;
            Hold.pause();
            marked = value;
            return seen;
        }
    }

    private static TestGraph dropGraph() {
        TestGraph g = new TestGraph();
        Burst burst = g.filter(Burst.class);
        Taker taker = g.filter(Taker.class);
        g.link(g.clock(100), burst).link(burst, taker, 2).check();
        return g;
    }

    @Test
    void aWorkThatDropsIsOneEventNamingTheChannelWithItsCount() {
        TestGraph g = dropGraph();
        try (FlightRecording recording = FlightRecording.everything()) {
            GraphDriver.of(g).run(4);
            List<RecordedEvent> drops = recording.events("org.streamflex.ChannelDrop");
            assertEquals(4, drops.size(), "one per work() that dropped, not one per item: " + drops);
            for (int i = 0; i < drops.size(); i++) {
                RecordedEvent drop = drops.get(i);
                assertEquals("Burst.out -> Taker.in", drop.getString("channel"));
                assertEquals(2, drop.getInt("capacity"));
                assertEquals(3, drop.getInt("count"), "five put on a channel of two emptied by each release");
                assertEquals(3L * (i + 1), drop.getLong("dropped"));
            }
        }
    }

    @Test
    void aFailureNamesTheFilterItsCauseAndWhoReleasedIt() {
        TestGraph g = new TestGraph();
        g.link(g.clock(100), g.filter(Boom.class)).check();
        try (FlightRecording recording = FlightRecording.everything()) {
            GraphDriver driver = GraphDriver.of(g);
            assertThrows(BoundaryError.class, () -> driver.run(5));
            List<RecordedEvent> failures = recording.events("org.streamflex.FilterFailure");
            assertEquals(1, failures.size());
            RecordedEvent failure = failures.get(0);
            assertEquals("Boom", failure.getString("filter"));
            assertEquals(Boom.class.getName(), failure.getString("filterClass"));
            assertEquals(IllegalStateException.class.getName(), failure.getString("cause"));
            assertEquals("GraphDriver", failure.getString("releasedBy"));
            assertFalse(failure.getBoolean("skipped"));
            assertTrue(failure.getString("message").contains("third time unlucky"), failure.getString("message"));
        }
    }

    @Test
    void aFailureThePolicySkipsIsRecordedAsSkipped() {
        TestGraph g = new TestGraph();
        g.link(g.clock(100), g.filter(Boom.class)).check();
        g.setFailurePolicy(FailurePolicy.skip(10));
        try (FlightRecording recording = FlightRecording.everything()) {
            GraphDriver.of(g).run(5);
            List<RecordedEvent> failures = recording.events("org.streamflex.FilterFailure");
            assertEquals(1, failures.size(), "the third work() threw, and the graph went on");
            RecordedEvent failure = failures.get(0);
            assertEquals("Boom", failure.getString("filter"));
            assertTrue(failure.getBoolean("skipped"));
            assertEquals(Thread.currentThread().getName(), failure.getString("releasedBy"),
                    "the driver runs the filter on the calling thread");
        }
    }

    @Test
    void aRaisedFilterEventIsCountedAndRecorded() {
        TestGraph g = new TestGraph();
        Alarm alarm = g.filter(Alarm.class);
        g.link(g.clock(100), alarm).check();
        try (FlightRecording recording = FlightRecording.everything()) {
            GraphDriver.of(g).run(3);
            List<RecordedEvent> raised = recording.events("org.streamflex.FilterEvent");
            assertEquals(3, raised.size());
            assertEquals("Alarm", raised.get(0).getString("filter"));
            assertEquals("overload", raised.get(0).getString("event"));
            assertEquals(3, g.counters().value(alarm, "event.overload"));
        }
    }

    @Test
    void aCallTurnedBackAtCommitIsRecordedOnTheCallersThread() throws Exception {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(200);
        Ticker ticker = g.filter(Ticker.class);
        g.link(clock, ticker).check();
        try (FlightRecording recording = FlightRecording.everything()) {
            g.start();
            Hold.ARMED.set(true);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread caller = Thread.ofPlatform().name("flight-caller").start(() -> {
                try {
                    ticker.mark(1);
                } catch (Throwable e) {
                    failure.set(e);
                }
            });
            assertTrue(Hold.REACHED.await(60, TimeUnit.SECONDS), "the call reached the hook");
            // Releases change what the held call read, so its commit must be turned back.
            TestGraph.awaitReleases(clock, clock.releases() + 3);
            Hold.RELEASE.countDown();
            caller.join(60_000);
            g.stop();
            assertTrue(g.awaitTermination(10, TimeUnit.SECONDS));
            assertTrue(failure.get() == null, () -> "the call failed: " + failure.get());
            assertEquals(1, ticker.marked, "the call applied in the end");
            List<RecordedEvent> turnedBack = recording.events("org.streamflex.AtomicTurnedBack");
            assertTrue(!turnedBack.isEmpty(), "the held call was turned back at least once");
            RecordedEvent first = turnedBack.get(0);
            assertEquals("Ticker", first.getString("filter"));
            assertEquals(1, first.getInt("reads"));
            assertEquals(1, first.getInt("writes"));
            assertEquals(1, first.getLong("retries"));
            assertEquals("flight-caller", first.getThread().getJavaName());
        }
    }

    @Test
    void aFilterEventCarriesTheFilterAndTheEventsName() {
        try (FlightRecording recording = FlightRecording.everything()) {
            Flight.filterEvent("Detector", "overload");
            List<RecordedEvent> raised = recording.events("org.streamflex.FilterEvent");
            assertEquals(1, raised.size());
            assertEquals("Detector", raised.get(0).getString("filter"));
            assertEquals("overload", raised.get(0).getString("event"));
        }
    }

    @Test
    void disabledEventsRecordNothing() {
        TestGraph drops = dropGraph();
        TestGraph failing = new TestGraph();
        failing.link(failing.clock(100), failing.filter(Boom.class)).check();
        try (FlightRecording recording = FlightRecording.nothing()) {
            GraphDriver.of(drops).run(4);
            assertThrows(BoundaryError.class, () -> GraphDriver.of(failing).run(5));
            Flight.filterEvent("Detector", "overload");
            assertEquals(List.of(), recording.all());
        }
    }
}
