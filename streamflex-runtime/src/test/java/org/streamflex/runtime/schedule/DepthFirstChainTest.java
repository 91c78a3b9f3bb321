package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.DataChannel;
import org.streamflex.FailurePolicy;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Rate;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.TemporaryProperty;
import org.streamflex.runtime.channel.OneSlot;
import org.streamflex.runtime.channel.SlotDoubleChannel;
import org.streamflex.runtime.channel.SlotIntChannel;
import org.streamflex.runtime.graph.TestGraph;

/**
 * A fused chain of one-in one-out filters run depth first, through one-slot channels and a loop
 * generated per chain, against the same graph in batches and unfused: the same items, the same
 * counts on every channel, after every release, and after a failure at each place in the chain.
 * Channels of 9 slots fill up, so runs stop at full outputs as well as at empty inputs.
 */
class DepthFirstChainTest {
    private static final String DEPTH_FIRST = "streamflex.fusion.depthFirst";

    /** Passes one item per work(), plus its stage; throws on {@link #failOn}, before taking it if {@link #early}. */
    public static final class Step extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;
        int failOn = -1;
        boolean early;
        int stage;

        @Override
        public void work() {
            if (early && in.peek(0) == failOn) {
                throw new IllegalStateException("bad item " + failOn + " seen");
            }
            int x = in.take();
            if (x == failOn) {
                throw new IllegalStateException("bad item " + x);
            }
            out.put(x + stage * 1000);
        }
    }

    /** Puts each item twice, the second negated: one in, two out; throws on {@link #failOn} after its first put. */
    public static final class Twice extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(2)
        private IntChannel out;
        int failOn = -1;

        @Override
        public void work() {
            int x = in.take();
            out.put(x);
            if (x % 1000 == failOn) {
                throw new IllegalStateException("bad item " + x);
            }
            out.put(-x);
        }
    }

    /** Records the items it takes, one per work(); throws on {@link #failOn}. */
    public static final class Tail extends Filter {
        @Rate(1)
        private IntChannel in;
        private final int[] items = new int[1024];
        private int count;
        int failOn = -1;

        @Override
        public void work() {
            int x = in.take();
            if (Math.abs(x) % 1000 == failOn) {
                throw new IllegalStateException("bad item " + x);
            }
            items[count++] = x;
        }

        List<Integer> items() {
            return Arrays.stream(items, 0, count).boxed().toList();
        }
    }

    /**
     * Passes one item per work() in straight-line code ({@link RateProof} proves it takes and puts
     * once): {@code x + 100000 / (x - failOn)}, an {@link ArithmeticException} on {@link #failOn}
     * after its take and before its put.
     */
    public static final class Divides extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;
        int failOn = -1;

        @Override
        public void work() {
            int x = in.take();
            out.put(x + 100_000 / (x - failOn));
        }
    }

    /** Sums what it takes, one item per work(), in straight-line code. */
    public static final class Sums extends Filter {
        @Rate(1)
        private IntChannel in;
        long sum;
        long count;

        @Override
        public void work() {
            sum += in.take();
            count++;
        }
    }

    /** {@link FusedBatchTest.Seven} -> Divides d1 -> Divides d2 -> Sums, channels of 9: a chain proven throughout. */
    private static final class ProvenChain {
        final TestGraph graph;
        final FusedBatchTest.Seven source;
        final Divides d1;
        final Divides d2;
        final Sums sums;

        ProvenChain(String fusion) {
            try (var _ = TemporaryProperty.set("streamflex.fusion", fusion);
                    var _ = TemporaryProperty.set(DEPTH_FIRST, "true")) {
                graph = new TestGraph();
                source = graph.filter(FusedBatchTest.Seven.class);
                d1 = graph.filter("d1", Divides.class);
                d2 = graph.filter("d2", Divides.class);
                sums = graph.filter(Sums.class);
                graph.link(graph.clock(10), source, "timer").link(source, d1, 9).link(d1, d2, 9).link(d2, sums, 9)
                        .check();
            }
        }

        /** published, consumed, dropped and size of each channel, in chain order, then the sum and count. */
        long[] counts() {
            Filter[] producers = {source, d1, d2};
            long[] c = new long[4 * producers.length + 2];
            for (int i = 0; i < producers.length; i++) {
                DataChannel out = graph.channel(producers[i], "out");
                c[4 * i] = out.published();
                c[4 * i + 1] = ((org.streamflex.runtime.channel.RingBacked) out).ring().consumed();
                c[4 * i + 2] = out.dropped();
                c[4 * i + 3] = out.size();
            }
            c[c.length - 2] = sums.sum;
            c[c.length - 1] = sums.count;
            return c;
        }
    }

    /** {@link FusedBatchTest.Seven} -> Step s1 -> Step s2 -> (Twice ->) Tail, each channel of 9. */
    private static final class Chain {
        final TestGraph graph;
        final Filter[] filters;
        final Step s1;
        final Step s2;
        final Twice twice;
        final Tail tail;

        private Chain(boolean twiceInIt, String fusion, String depthFirst) {
            try (var _ = TemporaryProperty.set("streamflex.fusion", fusion);
                    var _ = TemporaryProperty.set(DEPTH_FIRST, depthFirst)) {
                graph = new TestGraph();
                FusedBatchTest.Seven source = graph.filter(FusedBatchTest.Seven.class);
                s1 = graph.filter("s1", Step.class);
                s2 = graph.filter("s2", Step.class);
                s1.stage = 1;
                s2.stage = 2;
                twice = twiceInIt ? graph.filter(Twice.class) : null;
                tail = graph.filter(Tail.class);
                graph.link(graph.clock(10), source, "timer").link(source, s1, 9).link(s1, s2, 9);
                if (twiceInIt) {
                    graph.link(s2, twice, 9).link(twice, tail, 9);
                    filters = new Filter[] {source, s1, s2, twice};
                } else {
                    graph.link(s2, tail, 9);
                    filters = new Filter[] {source, s1, s2};
                }
                graph.check();
            }
        }

        /** The three ways to run it: depth first, in batches, unfused. */
        static Chain[] threeWays(boolean twiceInIt) {
            return new Chain[] {new Chain(twiceInIt, "true", "true"), new Chain(twiceInIt, "true", "false"),
                new Chain(twiceInIt, "false", "true")};
        }

        /** published, consumed, dropped and size of each filter's output, in chain order. */
        long[] counts() {
            long[] c = new long[4 * filters.length];
            for (int i = 0; i < filters.length; i++) {
                DataChannel out = graph.channel(filters[i], "out");
                c[4 * i] = out.published();
                c[4 * i + 1] = ((org.streamflex.runtime.channel.RingBacked) out).ring().consumed();
                c[4 * i + 2] = out.dropped();
                c[4 * i + 3] = out.size();
            }
            return c;
        }
    }

    @Test
    void depthFirstBatchesAndUnfusedLeaveTheSameItemsAndCountsOnEveryChannel() {
        for (boolean twiceInIt : new boolean[] {false, true}) {
            Chain[] ways = Chain.threeWays(twiceInIt);
            GraphDriver[] drivers = Arrays.stream(ways).map(w -> GraphDriver.of(w.graph)).toArray(GraphDriver[]::new);
            for (int releases : new int[] {1, 2, 5, 29}) {
                for (GraphDriver d : drivers) {
                    d.run(releases);
                }
                for (int w = 1; w < ways.length; w++) {
                    assertArrayEquals(ways[w].counts(), ways[0].counts(), "way " + w + ", " + releases + " releases");
                    assertEquals(ways[w].tail.items(), ways[0].tail.items());
                }
            }
            assertEquals(7 * 37 * (twiceInIt ? 2 : 1), ways[0].tail.items().size());
            assertEquals(twiceInIt ? List.of(3000, -3000, 3001, -3001) : List.of(3000, 3001, 3002, 3003),
                    ways[0].tail.items().subList(0, 4));
        }
    }

    @Test
    void aChainOfOneInOneOutFiltersRunsThroughOneSlotChannelsAndTheSwitchTurnsItOff() throws Exception {
        Chain depthFirst = new Chain(false, "true", "true");
        Chain batches = new Chain(false, "true", "false");
        GraphDriver.of(depthFirst.graph).run(1);
        GraphDriver.of(batches.graph).run(1);
        // s1's input from the source is a ring the chain takes from; between s1, s2 and the tail, one slot each.
        assertInstanceOf(OneSlot.class, field(depthFirst.s1, "in"));
        assertInstanceOf(OneSlot.class, field(depthFirst.s1, "out"));
        assertInstanceOf(OneSlot.class, field(depthFirst.tail, "in"));
        assertFalse(field(batches.s1, "out") instanceof OneSlot);
        assertFalse(field(batches.tail, "in") instanceof OneSlot);
        // What graph.channel() names stays the link's ring channel, whose counters the chain keeps.
        assertFalse(depthFirst.graph.channel(depthFirst.s1, "out") instanceof OneSlot);
        assertEquals(7, depthFirst.graph.channel(depthFirst.s1, "out").published());
    }

    @Test
    void aFailureAnywhereInTheChainLeavesTheItemsAndCountsOfTheUnfusedGraph() {
        // Where it fails: the chain's first filter (its input a ring), one inside (between slots), the last (which
        // puts on a ring), the last after a put, and a filter that throws before it takes.
        String[] places = {"s1", "s2", "tail", "twice", "s2 early"};
        for (String place : places) {
            for (boolean skip : new boolean[] {false, true}) {
                if (skip && place.endsWith("early")) {
                    continue; // the one difference: aSkippedWorkThatThrowsBeforeItTakesHasItsItemDiscarded
                }
                boolean twiceInIt = place.equals("twice");
                Chain depthFirst = new Chain(twiceInIt, "true", "true");
                Chain unfused = new Chain(twiceInIt, "false", "true");
                String message = place + (skip ? ", skipped" : ", stopping");
                List<String> errors = new ArrayList<>();
                for (Chain c : new Chain[] {depthFirst, unfused}) {
                    Filter failing = switch (place) {
                        case "s1" -> c.s1;
                        case "s2", "s2 early" -> c.s2;
                        case "tail" -> c.tail;
                        default -> c.twice;
                    };
                    switch (failing) {
                        case Step s -> {
                            s.failOn = s == c.s1 ? 10 : 1010;
                            s.early = place.endsWith("early");
                        }
                        case Twice t -> t.failOn = 10;
                        case Tail t -> t.failOn = 10;
                        default -> throw new AssertionError(failing);
                    }
                    if (skip) {
                        c.graph.setFailurePolicy(failing, FailurePolicy.skip(10));
                    }
                    GraphDriver driver = GraphDriver.of(c.graph);
                    driver.run(1);
                    if (skip) {
                        driver.run(3);
                        errors.add(c.graph.failureCount(failing) + " failures, " + c.graph.discardedCount(failing)
                                + " discarded");
                    } else {
                        BoundaryError e = assertThrows(BoundaryError.class, () -> driver.run(1), message);
                        errors.add(e.filterName() + ": " + e.causeMessage());
                    }
                }
                assertEquals(errors.get(1), errors.get(0), message);
                assertTrue(depthFirst.tail.items().size() >= 7, message);
                if (!place.equals("twice") || skip) {
                    assertArrayEquals(unfused.counts(), depthFirst.counts(), message);
                    assertEquals(unfused.tail.items(), depthFirst.tail.items(), message);
                    continue;
                }
                // The tail is not in the chain (Twice puts two): it runs after the chain's run, so what it took
                // unfused before the graph stopped waits in its channel. Every channel published the same.
                long[] d = depthFirst.counts();
                long[] u = unfused.counts();
                for (int k = 0; k < d.length; k += 4) {
                    assertEquals(u[k], d[k], message + ", channel " + k / 4);
                }
                List<Integer> delivered = depthFirst.tail.items();
                assertEquals(unfused.tail.items().subList(0, delivered.size()), delivered, message);
                assertEquals(unfused.tail.items().size() - delivered.size(),
                        depthFirst.graph.channel(depthFirst.twice, "out").size(), message);
            }
        }
    }

    @Test
    void linksBetweenFiltersProvenToTakeAndPutOnceHaveNoChecksAndTheOthersKeepThem() throws Exception {
        ProvenChain proven = new ProvenChain("true");
        Chain steps = new Chain(false, "true", "true");
        GraphDriver.of(proven.graph).run(2);
        GraphDriver.of(steps.graph).run(2);
        for (Object slot : List.of(field(proven.d1, "in"), field(proven.d1, "out"), field(proven.sums, "in"))) {
            assertInstanceOf(SlotIntChannel.Trusted.class, slot);
        }
        assertSame(field(proven.d1, "out"), field(proven.d2, "in"));
        // Step branches (it may throw before its take): its links keep the checks, the tail's too (it branches).
        for (Object slot : List.of(field(steps.s1, "in"), field(steps.s1, "out"), field(steps.tail, "in"))) {
            assertSame(SlotIntChannel.class, slot.getClass());
        }
        assertEquals(14, proven.sums.count);
        long expected = 0;
        for (int x = 0; x < 14; x++) {
            int once = x + 100_000 / (x + 1);
            expected += once + 100_000 / (once + 1);
        }
        assertEquals(expected, proven.sums.sum);
    }

    @Test
    void aFailureInAProvenFilterOfAChainOfOneClassTwiceIsItsAndLeavesTheUnfusedItemsAndCounts() {
        // d1 and d2 are one class, each with its own call site in the loop: the failure is d2's, on the item d1
        // passed it from item 10, after d1 took and passed item 10 and the sink summed items 0 to 9.
        int seenByD2 = 10 + 100_000 / 11;
        for (boolean skip : new boolean[] {false, true}) {
            ProvenChain depthFirst = new ProvenChain("true");
            ProvenChain unfused = new ProvenChain("false");
            List<String> errors = new ArrayList<>();
            for (ProvenChain c : new ProvenChain[] {depthFirst, unfused}) {
                c.d2.failOn = seenByD2;
                if (skip) {
                    c.graph.setFailurePolicy(c.d2, FailurePolicy.skip(10));
                }
                GraphDriver driver = GraphDriver.of(c.graph);
                driver.run(1);
                if (skip) {
                    driver.run(3);
                    errors.add(c.graph.failureCount(c.d2) + " failures, " + c.graph.discardedCount(c.d2)
                            + " discarded, " + c.graph.failureCount(c.d1) + " in d1");
                } else {
                    BoundaryError e = assertThrows(BoundaryError.class, () -> driver.run(1));
                    errors.add(e.filterName() + ": " + e.causeMessage());
                }
            }
            String message = skip ? "skipped" : "stopping";
            assertEquals(errors.get(1), errors.get(0), message);
            assertTrue(skip ? errors.get(0).equals("1 failures, 1 discarded, 0 in d1") : errors.get(0).contains("d2"),
                    errors.get(0));
            assertArrayEquals(unfused.counts(), depthFirst.counts(), message);
            assertEquals(skip ? 27 : 10, depthFirst.sums.count, message);
        }
    }

    @Test
    void aSkippedWorkThatThrowsBeforeItTakesHasItsItemDiscarded() {
        // A one-slot channel cannot keep the item for the next run: the chain discards it and counts it, where unfused
        // the item stays, every release fails on it again, and the graph stops at the policy's limit.
        Chain depthFirst = new Chain(false, "true", "true");
        Chain unfused = new Chain(false, "false", "true");
        for (Chain c : new Chain[] {depthFirst, unfused}) {
            c.s2.failOn = 1010;
            c.s2.early = true;
            c.graph.setFailurePolicy(c.s2, FailurePolicy.skip(10));
        }
        GraphDriver.of(depthFirst.graph).run(4);
        assertEquals(1, depthFirst.graph.failureCount(depthFirst.s2));
        assertEquals(1, depthFirst.graph.discardedCount(depthFirst.s2));
        assertEquals(27, depthFirst.tail.items().size());
        assertFalse(depthFirst.tail.items().contains(3010));
        assertEquals(28, depthFirst.graph.channel(depthFirst.s1, "out").published());
        assertEquals(27, depthFirst.graph.channel(depthFirst.s2, "out").published());
        BoundaryError stopped = assertThrows(BoundaryError.class, () -> GraphDriver.of(unfused.graph).run(4));
        assertTrue(stopped.getMessage().contains("failure limit was exceeded"), stopped.getMessage());
    }

    @Test
    void scratchMemoryAskedForInAChainIsTheRunningFiltersAndFreedAfterItsWork() {
        // FusedBatchTest's scratch test runs its chain (ScratchStep -> Tail) depth first; here two filters of a
        // chain ask for scratch memory in turn, each getting its own arena's.
        TestGraph g;
        FusedBatchTest.ScratchStep first;
        FusedBatchTest.ScratchStep second;
        try (var _ = TemporaryProperty.set("streamflex.scratchBytes", "4096")) {
            g = new TestGraph();
            FusedBatchTest.Seven source = g.filter(FusedBatchTest.Seven.class);
            first = g.filter("first", FusedBatchTest.ScratchStep.class);
            second = g.filter("second", FusedBatchTest.ScratchStep.class);
            FusedBatchTest.Tail tail = g.filter(FusedBatchTest.Tail.class);
            g.link(g.clock(10), source, "timer").link(source, first, 9).link(first, second, 9).link(second, tail, 9)
                    .check();
        }
        GraphDriver.of(g).run(6);
        assertEquals(14, first.asked);
        assertEquals(14, second.asked);
        assertEquals(0, first.dirty + second.dirty);
    }

    @Test
    void aProvenFilterNotNamedInTheScopeLeavesTheFiltersAroundItTheirOwnScratchMemory() throws Exception {
        // d calls nothing but its channels, so the loop names neither it nor its memory: the next filter that asks
        // for scratch memory must still get its own arena, freed after its work().
        TestGraph g;
        FusedBatchTest.ScratchStep first;
        Divides d;
        FusedBatchTest.ScratchStep second;
        try (var _ = TemporaryProperty.set("streamflex.scratchBytes", "4096")) {
            g = new TestGraph();
            FusedBatchTest.Seven source = g.filter(FusedBatchTest.Seven.class);
            first = g.filter("first", FusedBatchTest.ScratchStep.class);
            d = g.filter("d", Divides.class);
            second = g.filter("second", FusedBatchTest.ScratchStep.class);
            FusedBatchTest.Tail tail = g.filter(FusedBatchTest.Tail.class);
            g.link(g.clock(10), source, "timer").link(source, first, 9).link(first, d, 9).link(d, second, 9)
                    .link(second, tail, 9).check();
        }
        GraphDriver.of(g).run(6);
        int expected = 0;
        for (int x = 0; x < 42; x++) {
            expected += (x + 100_000 / (x + 1)) % 3 == 0 ? 1 : 0;
        }
        assertInstanceOf(OneSlot.class, field(d, "in"));
        assertEquals(14, first.asked);
        assertEquals(expected, second.asked);
        assertEquals(0, first.dirty + second.dirty);
    }

    @Test
    void theGeneratorMakesALoopOfAClassOfItsOwnForEveryChain() throws Throwable {
        Set<Class<?>> classes = new HashSet<>();
        for (int length = 1; length <= 40; length++) {
            DepthFirstLoop loop = DepthFirstLoops.generated(length, SlotIntChannel.class, new boolean[length]);
            assertTrue(loop.getClass().isHidden(), loop.getClass().getName());
            assertTrue(classes.add(loop.getClass()));
        }
        assertThrows(IllegalArgumentException.class,
                () -> DepthFirstLoops.generated(0, SlotIntChannel.class, new boolean[0]));
    }

    @Test
    void chainsOfTheSameFilterClassesShareOneLoopAndOtherShapesGetTheirOwn() {
        List<Class<? extends Filter>> steps = List.of(Step.class, Step.class, Step.class);
        DepthFirstLoop a = DepthFirstLoops.loopFor(steps, SlotIntChannel.class, new boolean[3]);
        DepthFirstLoop b = DepthFirstLoops.loopFor(new ArrayList<>(steps), SlotIntChannel.class, new boolean[3]);
        assertSame(a, b, "a graph built again finds its chain's loop, compiled");
        assertTrue(a.getClass().isHidden());
        Set<Class<?>> others = new HashSet<>(List.of(a.getClass(),
                DepthFirstLoops.loopFor(List.of(Step.class, Step.class, Twice.class), SlotIntChannel.class,
                        new boolean[3]).getClass(),
                DepthFirstLoops.loopFor(steps, SlotIntChannel.class, new boolean[] {false, true, false}).getClass(),
                DepthFirstLoops.loopFor(steps, SlotDoubleChannel.class, new boolean[3]).getClass(),
                DepthFirstLoops.loopFor(List.of(Step.class, Step.class), SlotIntChannel.class,
                        new boolean[2]).getClass()));
        assertEquals(5, others.size(), "another filter class, quiet mark, head slot or length: a class of its own");
    }

    private static Object field(Filter filter, String name) throws ReflectiveOperationException {
        var f = filter.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(filter);
    }
}
