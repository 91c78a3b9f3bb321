package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streamflex.BoundaryError;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.IntChannel;
import org.streamflex.Rate;
import org.streamflex.Stateless;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.TemporaryProperty;

/** Fission: a stateless fused filter's batches split across replicas, the items out in order, none lost. */
class FissionTest {

    /** Puts 64 numbers of its count per release. */
    public static final class Numbers extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock's channel: connected, released on, never read
        private TimeChannel timer;
        @Rate(64)
        private IntChannel out;
        private int next;

        @Override
        public void work() {
            for (int i = 0; i < 64; i++) {
                out.put(next++);
            }
        }
    }

    /** A mix of its input with the two after it and a configured salt: what it puts depends on the item alone. */
    @Stateless
    public static final class Mix extends Filter {
        private static final FilterEvent THIRD = FilterEvent.named("third");
        @Rate(value = 2, peek = 4)
        private IntChannel in;
        @Rate(3)
        private IntChannel out;
        /** Configuration, set before the graph runs: replicas must see it too. */
        int salt = 7;
        /** Throws on this item, if not negative. */
        int failOn = -1;

        @Override
        public void work() {
            int a = in.peek(0);
            int b = in.peek(3);
            if (a == failOn) {
                throw new IllegalArgumentException("bad item " + a);
            }
            if (a % 3 == 0) {
                raise(THIRD);
            }
            int h = a;
            for (int i = 0; i < 50; i++) {
                h = h * 31 + b + salt;
            }
            out.put(h);
            out.put(a - b);
            out.put(in.take() + in.take());
        }
    }

    /** Records the items it takes: the first 65,536. */
    public static final class Sink extends Filter {
        @Rate(1)
        private IntChannel in;
        private final int[] items = new int[1 << 16];
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

    private record Built(TestGraph graph, Mix mix, Sink sink, Clock clock) {
    }

    private static Built build(String replicas, boolean fission) {
        try (var _ = FissionSettings.replicated(replicas, fission)) {
            TestGraph g = new TestGraph();
            Numbers source = g.filter(Numbers.class);
            Mix mix = g.filter(Mix.class);
            mix.salt = 11;
            Sink sink = g.filter(Sink.class, 1 << 19, 4096);
            Clock clock = g.clock(1000);
            g.link(clock, source, "timer").link(source, mix, 256).link(mix, sink, 512).check();
            return new Built(g, mix, sink, clock);
        }
    }

    private static int[] driven(String replicas, boolean fission, int releases) {
        Built b = build(replicas, fission);
        GraphDriver.of(b.graph()).run(releases);
        return b.sink().items();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2", "3", "4"})
    void fissionKeepsOrderAndLosesOrDuplicatesNothing(String replicas) {
        int[] split = driven(replicas, true, 300);
        int[] alone = driven(replicas, false, 300);
        // 19,200 items in; Mix takes 2 and looks at 4: (19,200 - 4) / 2 + 1 runs, 3 items out each.
        assertEquals(3 * ((300 * 64 - 4) / 2 + 1), alone.length);
        assertArrayEquals(alone, split);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2", "3"})
    void eventsRaisedInReplicasAreCountedAsTheFiltersOwn(String replicas) {
        for (boolean fission : new boolean[] {true, false}) {
            Built b = build(replicas, fission);
            GraphDriver.of(b.graph()).run(300);
            // Mix's runs look at a = 0, 2, 4, ..., 19,194: 9,599 runs, a multiple of 3 in every third.
            assertEquals(3200, b.graph().counters().value(b.mix(), "event.third"),
                    (fission ? "split in " + replicas : "alone") + ": " + b.graph().schedule());
        }
    }

    @Test
    void scheduleSaysWhichFilterIsSplit() {
        assertTrue(build("3", true).graph().schedule().contains("  fission: Mix in 3 replicas\n"),
                build("3", true).graph().schedule());
        assertFalse(build("3", false).graph().schedule().contains("fission"));
        assertFalse(build("1", true).graph().schedule().contains("fission"), "one replica is no fission");
    }

    /**
     * Calls of very different costs: an item's cost is a loop of 0 to 60,000 steps depending on the
     * item, so the chunks the parts claim take very different times and the threads' shares of a
     * batch differ from batch to batch.
     */
    @Stateless
    public static final class Uneven extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(3)
        private IntChannel out;

        @Override
        public void work() {
            int x = in.take();
            int steps = x % 13 == 0 ? 60_000 : (x % 7) * 500;
            int h = x;
            for (int i = 0; i < steps; i++) {
                h = h * 31 + i;
            }
            out.put(x);
            out.put(h);
            out.put(System.identityHashCode(in)); // which replica ran the call: each has channels of its own
        }
    }

    private static int[] uneven(String replicas, boolean fission, int releases) {
        try (var _ = FissionSettings.replicated(replicas, fission)) {
            TestGraph g = new TestGraph();
            Numbers source = g.filter(Numbers.class);
            Uneven uneven = g.filter(Uneven.class);
            Sink sink = g.filter(Sink.class, 1 << 19, 4096);
            g.link(g.clock(1000), source, "timer").link(source, uneven, 256).link(uneven, sink, 512).check();
            assertEquals(fission, g.schedule().contains("fission: Uneven in " + replicas + " replicas"), g.schedule());
            GraphDriver.of(g).run(releases);
            return sink.items();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"2", "3"})
    void callsOfVeryDifferentCostsComeOutInOrderNoneLostOrTwice(String replicas) {
        int[] alone = uneven(replicas, false, 100);
        assertEquals(3 * 100 * 64, alone.length);
        for (int i = 0; i < alone.length; i += 3) {
            assertEquals(i / 3, alone[i], "item " + i / 3 + " unsplit");
        }
        // Runs until a batch's calls were run by the replicas in turns (replica A, then B, then A again: the
        // threads claimed chunks alternately), which a join in replica order instead of chunk order would put
        // out of order. Bounded by time only so that a worker never scheduled fails the test instead of hanging it.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        int runs = 0;
        while (System.nanoTime() < deadline) {
            int[] split = uneven(replicas, true, 100);
            runs++;
            assertEquals(alone.length, split.length);
            for (int i = 0; i < alone.length; i += 3) {
                assertEquals(alone[i], split[i], "item " + i / 3 + ", run " + runs);
                assertEquals(alone[i + 1], split[i + 1], "item " + i / 3 + "'s hash, run " + runs);
            }
            if (someBatchRanInTurns(split)) {
                return;
            }
        }
        throw new AssertionError("in " + runs + " runs no batch's chunks were run by the replicas in turns");
    }

    /** Whether the replicas that ran some batch of 64 calls changed twice or more within it. */
    private static boolean someBatchRanInTurns(int[] items) {
        for (int batch = 0; batch < items.length / (3 * 64); batch++) {
            int changes = 0;
            for (int call = 1; call < 64; call++) {
                int at = 3 * (batch * 64 + call) + 2;
                changes += items[at] != items[at - 3] ? 1 : 0;
            }
            if (changes >= 2) {
                return true;
            }
        }
        return false;
    }

    /** Spins a little on each item (about 20,000 steps), and throws on one. */
    @Stateless
    public static final class FailsOn extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;
        int failOn = -1;

        @Override
        public void work() {
            int x = in.take();
            int h = x;
            for (int i = 0; i < 20_000; i++) {
                h = h * 31 + i;
            }
            if (x == failOn) {
                throw new IllegalStateException("bad item " + x);
            }
            out.put(h);
        }
    }

    @Test
    void aFailureInAChunkOnAWorkerDropsEveryOutputOfTheBatchAndIsTheFilters() {
        // Which thread claims the failing item's chunk is not fixed: graphs are built and run until it was a
        // fission worker (the failure's stack, which the BoundaryError carries, is the worker's loop). Bounded by
        // time only so that a worker never scheduled fails the test instead of hanging it.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        int attempts = 0;
        while (System.nanoTime() < deadline) {
            attempts++;
            try (var _ = TemporaryProperty.set("streamflex.fission.replicas", "2");
                    var _ = TemporaryProperty.set("streamflex.fission.minPartNanos", "0")) {
                TestGraph g = new TestGraph();
                Numbers source = g.filter(Numbers.class);
                FailsOn fails = g.filter(FailsOn.class);
                Sink sink = g.filter(Sink.class, 1 << 19, 4096);
                g.link(g.clock(1000), source, "timer").link(source, fails, 256).link(fails, sink, 512).check();
                fails.failOn = 64 + 32 + attempts % 32; // in the second release's batch of 64 calls
                GraphDriver driver = GraphDriver.of(g);
                driver.run(1);
                assertEquals(64, sink.items().length);
                BoundaryError error = assertThrows(BoundaryError.class, () -> driver.run(1));
                assertEquals("FailsOn", error.filterName());
                assertEquals("bad item " + fails.failOn, error.causeMessage());
                // Whichever thread ran it, and whatever the other ran before and after: nothing of the batch is out.
                assertEquals(64, sink.items().length, "items of the failed batch reached the sink");
                IntChannel in = (IntChannel) g.channel(fails, "in");
                assertEquals(64, in.size(), "the failed batch's takes are undone");
                if (ranOnAFissionWorker(error)) {
                    return;
                }
            }
        }
        throw new AssertionError("in " + attempts + " graphs the failing item never ran on the fission worker");
    }

    private static boolean ranOnAFissionWorker(BoundaryError error) {
        for (StackTraceElement e : error.getStackTrace()) {
            if (e.getClassName().endsWith(".FissionWorkers") && e.getMethodName().equals("serve")) {
                return true;
            }
        }
        return false;
    }

    /** Puts 8 numbers per release. */
    public static final class Eight extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock's channel: connected, released on, never read
        private TimeChannel timer;
        @Rate(8)
        private IntChannel out;
        private int next;

        @Override
        public void work() {
            for (int i = 0; i < 8; i++) {
                out.put(next++);
            }
        }
    }

    /** A heavy stateless filter: each call spins a millisecond or more. */
    @Stateless
    public static final class Heavy extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;

        @Override
        public void work() {
            long until = System.nanoTime() + 1_000_000;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            out.put(in.take() * 3);
        }
    }

    @Test
    void aHeavyFilterIsSplitAfterAFewBatchesNotSixtyFour() {
        try (var _ = TemporaryProperty.set("streamflex.fission.replicas", "2")) {
            TestGraph g = new TestGraph();
            Eight source = g.filter(Eight.class);
            Heavy heavy = g.filter(Heavy.class);
            Sink sink = g.filter(Sink.class, 1 << 19, 4096);
            g.link(g.clock(10), source, "timer").link(source, heavy, 64).link(heavy, sink, 64).check();
            assertTrue(g.schedule().contains("fission: Heavy in 2 replicas"), g.schedule());
            // Batches of 8 calls of 1 ms or more: warmed up by the 7th batch (50 ms), timed by the 9th (10 ms),
            // so about 10 of the 20 are split, half of each (4 ms or more of spinning) on a worker.
            long before = workerCpuNanos();
            GraphDriver.of(g).run(20);
            long onWorkers = workerCpuNanos() - before;
            assertTrue(onWorkers >= 2_000_000, "the fission workers ran " + onWorkers + " ns in the first 20 batches");
            int[] items = sink.items();
            assertEquals(160, items.length);
            for (int i = 0; i < items.length; i++) {
                assertEquals(3 * i, items[i], "item " + i);
            }
        }
    }

    /** CPU time of the runtime's fission workers (threads named streamflex-worker-i) so far. */
    private static long workerCpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("streamflex-worker-")) {
                sum += Math.max(0, threads.getThreadCpuTime(t.threadId()));
            }
        }
        return sum;
    }

    /** The same as Mix, but keeps a count: not stateless, never replicated. */
    public static final class Counting extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;
        private int seen;

        @Override
        public void work() {
            out.put(in.take() + seen++);
        }
    }

    @Test
    void aFilterThatKeepsStateIsNotSplit() {
        try (var _ = TemporaryProperty.set("streamflex.fission.replicas", "2")) {
            TestGraph g = new TestGraph();
            Numbers source = g.filter(Numbers.class);
            Counting counting = g.filter(Counting.class);
            Sink sink = g.filter(Sink.class, 1 << 19, 4096);
            g.link(g.clock(10), source, "timer").link(source, counting, 64).link(counting, sink, 64).check();
            assertFalse(g.schedule().contains("fission"), g.schedule());
        }
    }

    @Test
    void aFailureInAReplicaIsTheFiltersAndUndoesItsWholeBatch() {
        Built b = build("2", true);
        b.mix().failOn = 64 + 40; // in the second release, in the second replica's part
        GraphDriver driver = GraphDriver.of(b.graph());
        driver.run(1);
        int before = b.sink().items().length;
        BoundaryError error = assertThrows(BoundaryError.class, () -> driver.run(1));
        assertEquals("Mix", error.filterName());
        assertEquals("bad item 104", error.causeMessage());
        // Mix's batch of the second release was undone: nothing of it reached the sink, its items are in its input.
        assertEquals(before, b.sink().items().length);
        IntChannel in = (IntChannel) b.graph().channel(b.mix(), "in");
        assertEquals(64 + 2, in.size(), "the release's 64 and the 2 the first release left for the peek window");
    }

    @Test
    void aStartedGraphSplitsOnWorkerThreadsAndPutsOutWhatOneThreadWould() throws InterruptedException {
        Built b = build("2", true);
        b.graph().start();
        try {
            TestGraph.awaitReleases(b.clock(), 50);
        } finally {
            b.graph().stop();
        }
        assertTrue(b.graph().awaitTermination(1, TimeUnit.MINUTES));
        int[] items = b.sink().items();
        assertArrayEquals(driven("2", false, (int) b.clock().releases()), items);
    }
}
