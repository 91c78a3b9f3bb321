package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.Clock;
import org.streamflex.DuplicateSplitter;
import org.streamflex.FailurePolicy;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Rate;
import org.streamflex.RoundRobinJoiner;
import org.streamflex.RoundRobinSplitter;
import org.streamflex.StreamFlexError;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.TemporaryProperty;

/** Static subgraphs run as fused tasks: the same items out as unfused, and the contract at the boundary. */
class FusionTest {

    /** Puts five numbers of its count per release. */
    public static final class Five extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock's channel: connected, released on, never read
        private TimeChannel timer;
        @Rate(5)
        private IntChannel out;
        private int next;

        @Override
        public void work() {
            for (int i = 0; i < 5; i++) {
                out.put(next++);
            }
        }
    }

    /** Sums three items, looking at a fourth: a peek window beyond what it takes. */
    public static final class Window extends Filter {
        @Rate(value = 3, peek = 4)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;

        @Override
        public void work() {
            int sum = in.peek(3);
            for (int i = 0; i < 3; i++) {
                sum += in.take() * (i + 1);
            }
            out.put(sum);
        }
    }

    /** Puts each item twice, scaled: one in, two out. */
    public static final class Expand extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(2)
        private IntChannel out;
        private int calls;

        @Override
        public void work() {
            int x = in.take();
            out.put(x * 10 + calls);
            out.put(-x);
            calls++;
        }
    }

    /** Throws on a chosen item; passes the others. */
    public static final class Fragile extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;
        public int failOn = -1;

        @Override
        public void work() {
            int x = in.take();
            if (x == failOn) {
                throw new IllegalStateException("bad item " + x);
            }
            out.put(x);
        }
    }

    /** Records the items it takes, one per work(): the first 8192 of them. */
    public static final class Recorder extends Filter {
        @Rate(1)
        private IntChannel in;
        private final int[] items = new int[8192];
        private int count;

        @Override
        public void work() {
            int x = in.take();
            if (count < items.length) {
                items[count] = x;
            }
            count++;
        }

        int[] items() {
            return Arrays.copyOf(items, Math.min(count, items.length));
        }
    }

    /** A graph and the sink whose items are compared. */
    private record Built(TestGraph graph, Recorder sink) {
    }

    /** Five -> Window -> Expand -> Recorder. */
    private static Built chain() {
        TestGraph g = new TestGraph();
        Five source = g.filter(Five.class);
        Window window = g.filter(Window.class);
        Expand expand = g.filter(Expand.class);
        Recorder sink = g.filter(Recorder.class);
        g.link(g.clock(10), source, "timer").link(source, window, 8).link(window, expand, 4).link(expand, sink, 4);
        return new Built(g.check(), sink);
    }

    /** Five -> roundrobin(1, 2) -> (Expand, Window-free pass) -> roundrobin(2, 1) -> duplicate -> two sinks. */
    private static Built splitJoin() {
        TestGraph g = new TestGraph();
        Five source = g.filter(Five.class);
        RoundRobinSplitter split = g.filter(RoundRobinSplitter.class);
        split.weights(1, 2);
        Expand expand = g.filter(Expand.class);
        Fragile pass = g.filter(Fragile.class);
        RoundRobinJoiner join = g.filter(RoundRobinJoiner.class);
        join.weights(2, 2);
        DuplicateSplitter dup = g.filter(DuplicateSplitter.class);
        Recorder sink = g.filter("sink", Recorder.class);
        Recorder other = g.filter("other", Recorder.class);
        g.link(g.clock(10), source, "timer").link(source, split, 16).link(split, expand, 16).link(split, pass, 16)
                .link(expand, join, 16).link(pass, join, 16).link(join, dup, 16).link(dup, sink, 16)
                .link(dup, other, 16);
        return new Built(g.check(), sink);
    }

    private static int[] itemsOf(Supplier<Built> graph, boolean fusion, int releases) {
        Built b;
        try (var _ = TemporaryProperty.set("streamflex.fusion", String.valueOf(fusion))) {
            b = graph.get();
        }
        GraphDriver.of(b.graph()).run(releases);
        return b.sink().items();
    }

    @Test
    void fusedAndUnfusedChainsPutOutTheSameItems() {
        int[] fused = itemsOf(FusionTest::chain, true, 200);
        assertArrayEquals(itemsOf(FusionTest::chain, false, 200), fused);
        // 1000 items in; Window takes 3 and looks at a fourth, and each of its items is two out of Expand.
        assertEquals(2 * ((1000 - 4) / 3 + 1), fused.length);
    }

    @Test
    void fusedAndUnfusedSplitJoinsPutOutTheSameItems() {
        int[] fused = itemsOf(FusionTest::splitJoin, true, 300);
        assertArrayEquals(itemsOf(FusionTest::splitJoin, false, 300), fused);
        assertTrue(fused.length > 1000, "items came through: " + fused.length);
    }

    @Test
    void scheduleSaysWhatFusionDid() {
        assertTrue(chain().graph().schedule().endsWith("static subgraph 1: fused, 3 of 4 filters in batches\n"),
                chain().graph().schedule());
        Built off;
        try (var _ = TemporaryProperty.set("streamflex.fusion", "false")) {
            off = chain();
        }
        assertTrue(off.graph().schedule().endsWith("fusion is off (-Dstreamflex.fusion=false)\n"),
                off.graph().schedule());
    }

    @Test
    void aSubgraphTwoClocksReachIsNotFused() {
        TestGraph g = new TestGraph();
        Five a = g.filter("a", Five.class);
        Five b = g.filter("b", Five.class);
        Fragile pass = g.filter(Fragile.class);
        Recorder sink = g.filter(Recorder.class);
        RoundRobinJoiner join = g.filter(RoundRobinJoiner.class);
        g.link(g.clock(10), a, "timer").link(g.clock(20), b, "timer").link(a, join, 64).link(b, join, 64)
                .link(join, pass, 64).link(pass, sink, 8).check();
        assertTrue(g.schedule().contains("static subgraph 1: not fused, RoundRobinJoiner is reached by 2 clocks"),
                g.schedule());
        GraphDriver.of(g).run(4);
        // a released 4 times (20 items), b twice (10): 10 rounds of the joiner.
        assertEquals(10 + 10, sink.items().length);
    }

    @Test
    void aChannelSmallerThanOneWorkIsAValidateError() {
        TestGraph g = new TestGraph();
        Five source = g.filter(Five.class);
        Window window = g.filter(Window.class);
        Recorder sink = g.filter(Recorder.class);
        g.link(g.clock(10), source, "timer").link(source, window, 3).link(window, sink, 4);
        StreamFlexError e = assertThrows(StreamFlexError.class, g::check);
        assertEquals(List.of("Five.out -> Window.in: capacity 3 is less than the 5 items each work() of Five puts"
                + " (@Rate(5)); connect it with a capacity of at least 5",
                "Five.out -> Window.in: capacity 3 is less than the 4 items each work() of Window needs"
                + " (@Rate(value = 3, peek = 4)), so it could never run; connect it with a capacity of at least 4"),
                e.problems());
    }

    @Test
    void internalChannelsOfAFusedTaskDropNothing() {
        // Expand puts two per item into a channel of 4 while the source puts 5 per release: the fused task runs
        // Expand only as often as the channel has room, then the sink, then Expand again.
        Built b = chain();
        GraphDriver.of(b.graph()).run(50);
        for (Filter f : ((RuntimeGraph) ApiAccess.assemblyOf(b.graph())).filters()) {
            if (!(f instanceof Recorder)) {
                assertEquals(0, b.graph().channel(f, "out").dropped(), f + ".out");
            }
        }
        assertEquals(2 * ((250 - 4) / 3 + 1), b.sink().items().length);
    }

    /**
     * Five -> Fragile -> Recorder, Fragile throwing on {@code failOn}; run in batches (the depth-first path, on
     * by default for this chain, is tested with its failures in {@code DepthFirstChainTest}).
     */
    private record Breaking(TestGraph graph, Fragile fragile, Recorder sink) {
        static Breaking failingOn(int item) {
            try (var _ = TemporaryProperty.set("streamflex.fusion.depthFirst", "false")) {
                return build(item);
            }
        }

        private static Breaking build(int item) {
            TestGraph g = new TestGraph();
            Five source = g.filter(Five.class);
            Fragile fragile = g.filter(Fragile.class);
            fragile.failOn = item;
            Recorder sink = g.filter(Recorder.class);
            g.link(g.clock(10), source, "timer").link(source, fragile, 8).link(fragile, sink, 8);
            return new Breaking(g.check(), fragile, sink);
        }
    }

    @Test
    void aFailureInsideAFusedIterationUndoesThatFiltersRunAndStopsNamingIt() {
        Breaking b = Breaking.failingOn(7);
        GraphDriver driver = GraphDriver.of(b.graph());
        driver.run(1);
        BoundaryError error = assertThrows(BoundaryError.class, () -> driver.run(1));
        assertEquals("Fragile", error.filterName());
        assertEquals("bad item 7", error.causeMessage());
        // Fragile's run of the second release (items 5 to 9) was one transaction: undone, so none of 5 and 6 reached
        // the sink, and the five items are still in Fragile's input.
        assertArrayEquals(new int[] {0, 1, 2, 3, 4}, b.sink().items());
        IntChannel in = (IntChannel) b.graph().channel(b.fragile(), "in");
        assertEquals(5, in.size());
    }

    @Test
    void aSkippedFailureInsideAFusedIterationDiscardsAndCountsThatFiltersTakes() {
        Breaking b = Breaking.failingOn(7);
        b.graph().setFailurePolicy(b.fragile(), FailurePolicy.skip(10));
        GraphDriver.of(b.graph()).run(3);
        // Fragile's run of the second release took 5, 6 and 7 in one transaction: discarded and counted, while 8 and
        // 9, not yet taken, went through in the next iteration.
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 8, 9, 10, 11, 12, 13, 14}, b.sink().items());
        assertEquals(1, b.graph().failureCount(b.fragile()));
        assertEquals(3, b.graph().discardedCount(b.fragile()));
    }

    @Test
    void aStartedGraphRunsItsFusedTaskOnItsClockThread() throws InterruptedException {
        TestGraph g = new TestGraph();
        Five source = g.filter(Five.class);
        Window window = g.filter(Window.class);
        Expand expand = g.filter(Expand.class);
        Recorder sink = g.filter(Recorder.class);
        Clock clock = g.clock(1000);
        g.link(clock, source, "timer").link(source, window, 8).link(window, expand, 4).link(expand, sink, 4).check();
        Built b = new Built(g, sink);
        b.graph().start();
        try {
            TestGraph.awaitReleases(clock, 30);
        } finally {
            b.graph().stop();
        }
        assertTrue(b.graph().awaitTermination(1, TimeUnit.MINUTES));
        int[] items = b.sink().items();
        assertTrue(items.length >= 2 * 49, "at least 30 releases' items: " + items.length);
        // The same items as the same number of releases unfused, driven.
        assertArrayEquals(itemsOf(FusionTest::chain, false, (int) clock.releases()), items);
    }
}
