package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.Channel;
import org.streamflex.Failure;
import org.streamflex.FailurePolicy;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.runtime.graph.TestFilters.Counter;
import org.streamflex.runtime.graph.TestFilters.IntSink;
import org.streamflex.runtime.graph.TestFilters.Packet;
import org.streamflex.runtime.graph.TestFilters.PacketSink;
import org.streamflex.runtime.graph.TestFilters.PacketSource;
import org.streamflex.runtime.graph.TestGraph;

/** What each {@link FailurePolicy} does with a failed release, exactly, under the driver. */
class FailurePolicyTest {

    /** Forwards values, failing on those with {@code v % 4 == 1} after putting them (1, 5, 9...). */
    public static final class Picky extends Filter {
        private IntChannel in;
        private IntChannel out;

        @Override
        public void work() {
            int v = in.take();
            out.put(v);
            out.put(-v);
            if (v % 4 == 1) {
                throw new IllegalArgumentException("bad value " + v);
            }
        }
    }

    /** Fails without taking anything while the value at the head of its input is 1. */
    public static final class Stubborn extends Filter {
        private IntChannel in;
        private IntChannel out;

        @Override
        public void work() {
            if (in.peek(0) == 1) {
                throw new IllegalStateException("cannot take " + in.peek(0));
            }
            out.put(in.take());
        }
    }

    /** Its trigger throws while {@link #broken}; its work() takes everything. */
    public static final class FlakyTrigger extends Filter {
        private IntChannel in;
        public boolean broken = true;
        public int received;

        @Override
        protected boolean trigger() {
            if (broken) {
                throw new IllegalStateException("trigger broke");
            }
            return in.size() > 0;
        }

        @Override
        public void work() {
            while (in.size() > 0) {
                in.take();
                received++;
            }
        }
    }

    /** Throws an Error on value 2. */
    public static final class Overflowing extends Filter {
        private IntChannel in;

        @Override
        public void work() {
            if (in.take() == 2) {
                throw new StackOverflowError("too deep");
            }
        }
    }

    /** Takes a packet, makes another, puts both, and fails on every odd sequence number. */
    public static final class PacketMangler extends Filter {
        private Channel<Packet> in;
        private Channel<Packet> out;

        @Override
        public void work() {
            Packet p = in.take();
            Packet extra = makeCapsule(Packet.class);
            extra.seq = -p.seq;
            out.put(p);
            out.put(extra);
            if (p.seq % 2 == 1) {
                throw new IllegalArgumentException("odd packet " + p.seq);
            }
        }
    }

    private final TestGraph graph = new TestGraph();
    private final Counter counter = graph.filter(Counter.class);
    private final Picky picky = graph.filter(Picky.class);
    private final IntSink sink = graph.filter(IntSink.class);
    private final List<Failure> told = new ArrayList<>();

    FailurePolicyTest() {
        graph.link(graph.clock(10), counter).link(counter, picky, 8).link(picky, sink, 8).check();
        graph.addFailureListener(told::add);
        counter.limit = 12;
    }

    @Test
    void stopGraphIsTheDefaultAndLeavesTheFailedItemInItsChannel() {
        GraphDriver driver = GraphDriver.of(graph);
        BoundaryError error = assertThrows(BoundaryError.class, () -> driver.run(20));
        assertEquals("bad value 1", error.causeMessage());
        assertEquals(1, graph.channel(picky, "in").size(), "the failed take was undone");
        assertEquals(1, graph.failureCount(picky));
        assertEquals(0, graph.discardedCount(picky));
        assertEquals(List.of(Failure.Outcome.GRAPH_STOPPED), told.stream().map(Failure::outcome).toList());
    }

    @Test
    void skipConsumesThePoisonItemAndKeepsTheGoodOnesFlowing() {
        graph.setFailurePolicy(FailurePolicy.skip(100));
        GraphDriver.of(graph).run(20);
        // 0..11 in, 1, 5 and 9 fail: the other nine arrive, each with its negation, and nothing of the failed ones.
        assertEquals(18, sink.received);
        assertEquals(0, sink.sum, "each value arrives with its negation, and no failed work() published half");
        assertEquals(0, graph.channel(picky, "in").size(), "the poison items were consumed, not left at the head");
        assertEquals(3, graph.failureCount(picky));
        assertEquals(3, graph.discardedCount(picky));
        assertEquals(3, graph.counters().value("filter.Picky.failures"), "the counters registry reads the same");
        assertEquals(3, graph.counters().value(picky, "discarded"));
        assertEquals(3, graph.counters().value(picky, "aborts"), "a skipped work() is rolled back too");
        assertNull(graph.failure());
        assertEquals(List.of("Picky SKIPPED 1 1", "Picky SKIPPED 2 2", "Picky SKIPPED 3 3"), told.stream()
                .map(f -> f.filterName() + " " + f.outcome() + " " + f.failures() + " " + f.discarded()).toList());
        assertTrue(told.getFirst().error().getMessage().endsWith("; skipped by failure policy skip(100) (failure 1):"
                + " nothing it put was published and the item it took was discarded"),
                told.getFirst().error().getMessage());
    }

    @Test
    void pastTheLimitTheGraphStopsWithTheLastFailureAndSaysSo() {
        graph.setFailurePolicy(FailurePolicy.skip(2));
        GraphDriver driver = GraphDriver.of(graph);
        BoundaryError error = assertThrows(BoundaryError.class, () -> driver.run(20));
        assertEquals("bad value 9", error.causeMessage(), "the error carries the failure past the limit");
        assertEquals("work() of filter Picky (" + Picky.class.getName() + ") threw java.lang.IllegalArgumentException:"
                + " bad value 9; the failure limit was exceeded (failure 3 of Picky under its policy skip(2)), so the"
                + " graph stopped and nothing that work() put was published; if such input is expected, raise the"
                + " limit with setFailurePolicy(filter, FailurePolicy.skip(n))", error.getMessage());
        assertEquals(error, graph.failure());
        assertEquals(3, graph.failureCount(picky));
        assertEquals(2, graph.discardedCount(picky), "the last one is undone, as under STOP_GRAPH");
        assertEquals(1, graph.channel(picky, "in").size());
        assertEquals(Failure.Outcome.LIMIT_EXCEEDED, told.getLast().outcome());
        assertTrue(told.getLast().graphStopping());
    }

    @Test
    void aWorkThatThrowsBeforeTakingFailsAgainAtEachReleaseAndCountsTowardTheLimit() {
        TestGraph g = new TestGraph();
        Counter source = g.filter(Counter.class);
        Stubborn stubborn = g.filter(Stubborn.class);
        IntSink end = g.filter(IntSink.class);
        g.link(g.clock(10), source).link(source, stubborn, 8).link(stubborn, end, 8).check();
        g.setFailurePolicy(FailurePolicy.skip(5));
        GraphDriver driver = GraphDriver.of(g).run(6); // 0 passes, then 1 blocks the head: releases 2..6 fail
        assertEquals(5, g.failureCount(stubborn));
        assertEquals(0, g.discardedCount(stubborn), "nothing was taken, so nothing was discarded");
        assertEquals(1, end.received);
        BoundaryError error = assertThrows(BoundaryError.class, driver::step);
        assertTrue(error.getMessage().contains("failure limit was exceeded (failure 6 of Stubborn"),
                error.getMessage());
    }

    @Test
    void aFilterPolicyWinsOverTheGraphPolicy() {
        graph.setFailurePolicy(FailurePolicy.skip(100));
        graph.setFailurePolicy(picky, FailurePolicy.STOP_GRAPH);
        assertThrows(BoundaryError.class, () -> GraphDriver.of(graph).run(20));
        assertEquals(1, graph.failureCount(picky));

        TestGraph g = new TestGraph();
        Counter source = g.filter(Counter.class);
        Picky lenient = g.filter(Picky.class);
        IntSink end = g.filter(IntSink.class);
        g.link(g.clock(10), source).link(source, lenient, 8).link(lenient, end, 8).check();
        g.setFailurePolicy(lenient, FailurePolicy.skip(10));
        source.limit = 12;
        GraphDriver.of(g).run(20);
        assertEquals(3, g.failureCount(lenient));
        assertEquals(18, end.received);
    }

    @Test
    void aTriggerThatThrowsUnderSkipCountsAndIsNotSchedulable() {
        TestGraph g = new TestGraph();
        Counter source = g.filter(Counter.class);
        FlakyTrigger flaky = g.filter(FlakyTrigger.class);
        g.link(g.clock(10), source).link(source, flaky, 8).check();
        g.setFailurePolicy(FailurePolicy.skip(100));
        GraphDriver driver = GraphDriver.of(g).run(5);
        assertEquals(5, g.failureCount(flaky), "one failed trigger per release");
        assertEquals(0, flaky.received, "a failed trigger does not run work()");
        assertEquals(5, g.channel(source, "out").size(), "and takes nothing");
        flaky.broken = false;
        driver.step();
        assertEquals(6, flaky.received);
        assertEquals(0, g.discardedCount(flaky));
    }

    @Test
    void anErrorStopsTheGraphWhateverThePolicy() {
        TestGraph g = new TestGraph();
        Counter source = g.filter(Counter.class);
        Overflowing deep = g.filter(Overflowing.class);
        g.link(g.clock(10), source).link(source, deep, 8).check();
        g.setFailurePolicy(FailurePolicy.skip(Long.MAX_VALUE));
        BoundaryError error = assertThrows(BoundaryError.class, () -> GraphDriver.of(g).run(10));
        assertEquals(StackOverflowError.class.getName(), error.causeClassName());
        assertTrue(error.getMessage().endsWith("; the graph stopped and nothing that work() put was published"));
        assertEquals(1, g.failureCount(deep));
    }

    @Test
    void aSkippedWorkGivesBackEveryCapsuleItMadeOrTook() {
        TestGraph g = new TestGraph();
        PacketSource source = g.filter(PacketSource.class);
        PacketMangler mangler = g.filter(PacketMangler.class);
        PacketSink end = g.filter(PacketSink.class);
        g.link(g.clock(10), source).link(source, mangler, 4).link(mangler, end, 4).check();
        g.setFailurePolicy(FailurePolicy.skip(Long.MAX_VALUE));
        GraphDriver driver = GraphDriver.of(g).run(10);
        var pool = ((RuntimeGraph) ApiAccess.assemblyOf(g)).pools().pool(Packet.class);
        long created = pool.created();
        driver.run(1_000);
        assertEquals(created, pool.created(), "a leak of two capsules per failed release would show here");
        assertEquals(505, g.failureCount(mangler));
        assertEquals(505, g.discardedCount(mangler));
        assertEquals(1_010, end.received, "the even packets, each with the capsule made for it");
    }

    @Test
    void settingAPolicyAfterStartIsRefused() {
        GraphDriver.of(graph);
        StreamFlexError graphWide = assertThrows(StreamFlexError.class,
                () -> graph.setFailurePolicy(FailurePolicy.skip(1)));
        assertEquals("setFailurePolicy() on a graph that has started: call it before start()", graphWide.getMessage());
        assertThrows(StreamFlexError.class, () -> graph.setFailurePolicy(picky, FailurePolicy.skip(1)));

        TestGraph started = new TestGraph();
        Counter c = started.filter(Counter.class);
        started.link(started.clock(1000), c, "timer");
        IntSink s = started.filter(IntSink.class);
        started.link(c, s, 1).check();
        started.start();
        try {
            assertThrows(StreamFlexError.class, () -> started.setFailurePolicy(c, FailurePolicy.STOP_GRAPH));
        } finally {
            started.stop();
        }
    }

    @Test
    void aSkipLimitBelowOneIsRefusedWithTheFix() {
        StreamFlexError e = assertThrows(StreamFlexError.class, () -> FailurePolicy.skip(0));
        assertTrue(e.getMessage().contains("use FailurePolicy.STOP_GRAPH to skip none"), e.getMessage());
    }
}
