package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.DataChannel;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Rate;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.TemporaryProperty;
import org.streamflex.runtime.graph.TestGraph;

/**
 * What a fused batch's fast paths must keep: the cached tail and put limit each batch reads before it
 * runs, and the scratch memory reset only after a work() that asked for some. Channels of 9 slots
 * (storage of 16) wrap around and fill up, so batches stop at full outputs as well as at empty inputs.
 */
class FusedBatchTest {

    /** Puts seven numbers of its count per release. */
    public static final class Seven extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock's channel: connected, released on, never read
        private TimeChannel timer;
        @Rate(7)
        private IntChannel out;
        private int next;

        @Override
        public void work() {
            for (int i = 0; i < 7; i++) {
                out.put(next++);
            }
        }
    }

    /** Passes one item per work(); throws on {@link #failOn}. */
    public static final class Step extends Filter {
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

    /**
     * Passes one item per work(); every third asks for three quarters of the scratch memory, and
     * notes whether what it got was zeroed, as memory no earlier work() wrote to must be.
     */
    @SuppressWarnings({"StreamFlex:Internals", "StreamFlex:D4"}) // the DSP library's access path to scratch memory
    public static final class ScratchStep extends Filter {
        static final long BYTES = 3 * 1024;
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;
        int asked;
        int dirty;

        @Override
        public void work() {
            int x = in.take();
            if (x % 3 == 0) {
                MemorySegment m = org.streamflex.abi.Regions.current().workScope().scratch(BYTES, 8);
                asked++;
                if (m.get(ValueLayout.JAVA_BYTE, 0) != 0 || m.get(ValueLayout.JAVA_BYTE, BYTES - 1) != 0) {
                    dirty++;
                }
                m.fill((byte) 7);
            }
            out.put(x);
        }
    }

    /** Records the items it takes, one per work(): the first 512. */
    public static final class Tail extends Filter {
        @Rate(1)
        private IntChannel in;
        private final int[] items = new int[512];
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

    /** Seven -> three Steps -> Tail, on channels of 9. */
    private static final class Chain {
        private final TestGraph graph;
        private final Filter[] filters;
        private final Step[] steps;
        private final Tail tail;

        private Chain(TestGraph graph, Filter[] filters, Step[] steps, Tail tail) {
            this.graph = graph;
            this.filters = filters;
            this.steps = steps;
            this.tail = tail;
        }

        TestGraph graph() {
            return graph;
        }

        Step step(int i) {
            return steps[i];
        }

        Tail tail() {
            return tail;
        }

        /** Fused in batches (the depth-first path is off: {@code DepthFirstChainTest} tests it), or unfused. */
        static Chain build(boolean fusion) {
            try (var _ = TemporaryProperty.set("streamflex.fusion", String.valueOf(fusion));
                    var _ = TemporaryProperty.set("streamflex.fusion.depthFirst", "false")) {
                TestGraph g = new TestGraph();
                Seven source = g.filter(Seven.class);
                Step[] steps = {g.filter("s1", Step.class), g.filter("s2", Step.class), g.filter("s3", Step.class)};
                Tail tail = g.filter(Tail.class);
                g.link(g.clock(10), source, "timer").link(source, steps[0], 9).link(steps[0], steps[1], 9)
                        .link(steps[1], steps[2], 9).link(steps[2], tail, 9);
                return new Chain(g.check(), new Filter[] {source, steps[0], steps[1], steps[2]}, steps, tail);
            }
        }

        /** published, dropped and size of each filter's output, in chain order. */
        long[] counts() {
            long[] c = new long[3 * filters.length];
            for (int i = 0; i < filters.length; i++) {
                DataChannel out = graph.channel(filters[i], "out");
                c[3 * i] = out.published();
                c[3 * i + 1] = out.dropped();
                c[3 * i + 2] = out.size();
            }
            return c;
        }
    }

    @Test
    void aFusedChainLeavesTheSameItemsAndCountsOnEveryChannelAsUnfused() {
        Chain fused = Chain.build(true);
        Chain unfused = Chain.build(false);
        assertTrue(fused.graph().schedule().contains("fused, 4 of 5 filters in batches"), fused.graph().schedule());
        GraphDriver fusedDriver = GraphDriver.of(fused.graph());
        GraphDriver unfusedDriver = GraphDriver.of(unfused.graph());
        for (int releases : new int[] {1, 2, 5, 29}) {
            fusedDriver.run(releases);
            unfusedDriver.run(releases);
            assertArrayEquals(unfused.counts(), fused.counts(), "after " + releases + " more releases");
        }
        int[] items = fused.tail().items();
        assertArrayEquals(unfused.tail().items(), items);
        assertEquals(7 * 37, items.length);
        for (int i = 0; i < items.length; i++) {
            assertEquals(i, items[i]);
        }
    }

    @Test
    void aFailureInsideAFusedBatchLeavesEveryItemInAChannelOrDelivered() {
        Chain chain = Chain.build(true);
        chain.step(1).failOn = 10;
        GraphDriver driver = GraphDriver.of(chain.graph());
        driver.run(1);
        BoundaryError error = assertThrows(BoundaryError.class, () -> driver.run(1));
        assertEquals("s2", error.filterName());
        assertEquals("bad item 10", error.causeMessage());
        // s1 committed its batch of the second release (7 to 13); s2's batch took 7 to 10 and threw, so it was
        // undone: the seven items are in s2's input, nothing of that release went further, and nothing dropped.
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6}, chain.tail().items());
        assertArrayEquals(new long[] {14, 0, 0, 14, 0, 7, 7, 0, 0, 7, 0, 0}, chain.counts());
    }

    @Test
    void scratchMemoryOneWorkOfABatchAskedForIsFreeAndZeroedForTheNext() {
        TestGraph g;
        ScratchStep step;
        Tail tail;
        try (var _ = TemporaryProperty.set("streamflex.scratchBytes", "4096")) {
            g = new TestGraph();
            Seven source = g.filter(Seven.class);
            step = g.filter(ScratchStep.class);
            tail = g.filter(Tail.class);
            g.link(g.clock(10), source, "timer").link(source, step, 9).link(step, tail, 9).check();
        }
        assertTrue(g.schedule().contains("fused, 2 of 3 filters in batches"), g.schedule());
        // Each release is one batch of seven work() calls, three of which take 3 KiB of the 4 KiB: the second would
        // find the arena full unless the first's memory was freed, and the work() calls between ask for none.
        GraphDriver.of(g).run(6);
        assertEquals(42, tail.items().length);
        assertEquals(14, step.asked);
        assertEquals(0, step.dirty);
    }
}
