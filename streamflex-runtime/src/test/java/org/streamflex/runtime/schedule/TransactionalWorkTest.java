package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestFilters.Counter;
import org.streamflex.runtime.graph.TestFilters.IntSink;
import org.streamflex.runtime.graph.TestGraph;

class TransactionalWorkTest {

    /** Takes one value, puts it twice, and throws when it took {@link #failOn}. */
    public static final class Faulty extends Filter {
        private IntChannel in;
        private IntChannel out;
        public int failOn = 3;

        @Override
        public void work() {
            int v = in.take();
            out.put(v);
            out.put(v);
            if (v == failOn) {
                throw new IllegalArgumentException("bad value " + v);
            }
        }
    }

    /** Its trigger throws once it has seen two values. */
    public static final class BadTrigger extends Filter {
        private IntChannel in;

        @Override
        protected boolean trigger() {
            if (in.size() > 1) {
                throw new IllegalStateException("trigger broke");
            }
            return in.size() > 0;
        }

        @Override
        public void work() {
        }
    }

    private final TestGraph graph = new TestGraph();
    private final Counter counter = graph.filter(Counter.class);
    private final Faulty faulty = graph.filter(Faulty.class);
    private final IntSink sink = graph.filter(IntSink.class);

    TransactionalWorkTest() {
        graph.link(graph.clock(10), counter).link(counter, faulty, 8).link(faulty, sink, 8).check();
    }

    @Test
    void putsOfAFailedWorkAreNotPublishedAndItsTakesAreUndone() {
        GraphDriver driver = GraphDriver.of(graph);
        driver.run(3);
        assertEquals(6, sink.received);
        BoundaryError error = assertThrows(BoundaryError.class, () -> driver.run(1));
        assertEquals(6, graph.channel(faulty, "out").published(), "nothing of the failed work() was published");
        assertEquals(1, graph.channel(faulty, "in").size(), "the failed take is back in the channel");
        assertEquals(4, graph.channel(counter, "out").published(), "the counter's work() before it did publish");
        assertEquals(6, sink.received);
        assertSame(error, graph.failure());
    }

    @Test
    void theBoundaryErrorNamesTheFilterAndTheCause() {
        GraphDriver driver = GraphDriver.of(graph);
        BoundaryError error = assertThrows(BoundaryError.class, () -> driver.run(10));
        assertEquals(Faulty.class.getName(), error.filterClassName());
        assertEquals(IllegalArgumentException.class.getName(), error.causeClassName());
        assertEquals("bad value 3", error.causeMessage());
        assertNull(error.getCause(), "the exception lived in transient memory and is not kept");
        assertEquals("Faulty", error.filterName());
        assertEquals("work() of filter Faulty (" + Faulty.class.getName()
                + ") threw java.lang.IllegalArgumentException: bad value 3; the graph stopped and nothing that"
                + " work() put was published", error.getMessage());
        assertTrue(error.getStackTrace()[0].getClassName().endsWith("Faulty"), "the stack trace points into work()");
    }

    @Test
    void anExceptionFromATriggerStopsTheGraphLikeOneFromWork() throws Exception {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        BadTrigger bad = g.filter(BadTrigger.class);
        g.link(g.clock(50), counter).link(counter, bad, 8).check();
        g.start();
        BoundaryError error = assertThrows(BoundaryError.class, () -> g.awaitTermination(30, TimeUnit.SECONDS));
        assertEquals("trigger() of filter BadTrigger (" + BadTrigger.class.getName()
                + ") threw java.lang.IllegalStateException: trigger broke; the graph stopped and nothing that"
                + " work() put was published", error.getMessage());
    }

    @Test
    void aStoppedGraphCannotBeDrivenFurther() {
        GraphDriver driver = GraphDriver.of(graph);
        assertThrows(BoundaryError.class, () -> driver.run(10));
        StreamFlexError e = assertThrows(StreamFlexError.class, () -> driver.run(1));
        assertTrue(e.getMessage().startsWith("the graph was stopped by work() of filter"), e.getMessage());
    }

    @Test
    void aFailureOnAClockThreadStopsTheGraphAndReachesTheCaller() throws Exception {
        graph.start();
        BoundaryError error = assertThrows(BoundaryError.class, () -> graph.awaitTermination(30, TimeUnit.SECONDS));
        assertEquals("bad value 3", error.causeMessage());
        assertSame(error, graph.failure());
        long releases = counter.next;
        Thread.sleep(20);
        assertEquals(releases, counter.next, "no clock releases after the failure");
        assertEquals(6, sink.received);
        graph.stop(); // does nothing more, and does not throw
    }
}
