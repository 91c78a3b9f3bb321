package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Joiner;
import org.streamflex.Rate;
import org.streamflex.RateViolationError;
import org.streamflex.RoundRobinJoiner;
import org.streamflex.RoundRobinSplitter;
import org.streamflex.StreamFlexError;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.TemporaryProperty;
import org.streamflex.runtime.schedule.SchedulePlan;
import org.streamflex.runtime.schedule.StaticSubgraph;

/** What validate() and the runtime do with @Rate declarations. */
class DeclaredRatesTest {

    /** Puts three numbers of its count per release. */
    public static final class Triple extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock's channel: connected, released on, never read
        private TimeChannel timer;
        @Rate(3)
        private IntChannel out;
        private int next;

        @Override
        public void work() {
            out.put(next++);
            out.put(next++);
            out.put(next++);
        }
    }

    /** Sums pairs. */
    public static final class Pair extends Filter {
        @Rate(2)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;
        public int works;

        @Override
        public void work() {
            works++;
            int a = in.take();
            int b = in.take();
            out.put(a + b);
        }
    }

    /** Sums what it takes, one per work(). */
    public static final class Collect extends Filter {
        @Rate(1)
        private IntChannel in;
        public long sum;
        public int count;

        @Override
        public void work() {
            sum += in.take();
            count++;
        }
    }

    /** Takes one item where it declares two: the checker's W1 says so at compile time, the debug mode at run time. */
    @SuppressWarnings("StreamFlex:W1") // on purpose: this test is the run-time check's
    public static final class Sloppy extends Filter {
        @Rate(2)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;

        @Override
        public void work() {
            int a = in.take();
            if (a >= 0) {
                out.put(a);
            }
        }
    }

    /** Every misplaced declaration validate() refuses. */
    // The checker reports these at compile time (W1); this test is validate()'s. Its fields are only connected.
    @SuppressWarnings({"StreamFlex:W1", "UnusedVariable"})
    public static final class Misdeclared extends Filter {
        @Rate(1)
        private TimeChannel timer;
        @Rate(value = 2, peek = 1)
        private IntChannel in;
        @Rate(-1)
        private IntChannel out;
        @Rate(value = 1, peek = 4)
        private IntChannel back;
        @Rate(1)
        private int count;

        @Override
        public void work() {
            count++;
        }
    }

    /** Declares two per work() but has its own trigger, which decides alone; takes one at a time. */
    @SuppressWarnings("StreamFlex:W1") // takes one where it declares two: the trigger is what this tests
    public static final class OwnTrigger extends Filter {
        @Rate(2)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;
        public int works;

        @Override
        protected boolean trigger() {
            return in.size() > 0;
        }

        @Override
        public void work() {
            works++;
            if (in.size() > 0) {
                out.put(in.take());
            }
        }
    }

    /** Passes one item per work(). */
    public static final class Pass extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;

        @Override
        public void work() {
            out.put(in.take());
        }
    }

    /** Copies each item to two outputs. */
    public static final class Fork extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel left;
        @Rate(1)
        private IntChannel right;

        @Override
        public void work() {
            int x = in.take();
            left.put(x);
            right.put(x);
        }
    }

    /** Adds one item of each input. */
    public static final class Join extends Filter {
        @Rate(1)
        private IntChannel left;
        @Rate(1)
        private IntChannel right;
        @Rate(1)
        private IntChannel out;

        @Override
        public void work() {
            out.put(left.take() + right.take());
        }
    }

    /** Takes one per work() from an undeclared input. */
    public static final class Dynamic extends Filter {
        private IntChannel in;
        private IntChannel out;

        @Override
        public void work() {
            while (in.size() > 0) {
                out.put(in.take());
            }
        }
    }

    /** Triple -> middle -> Collect, released by one clock. */
    private record Pipeline<M extends Filter>(TestGraph graph, M middle, Collect sink) {
        static <M extends Filter> Pipeline<M> of(Class<M> middle) {
            TestGraph g = new TestGraph();
            Triple source = g.filter(Triple.class);
            M mid = g.filter(middle);
            Collect sink = g.filter(Collect.class);
            g.link(g.clock(10), source, "timer").link(source, mid, 64).link(mid, sink, 64);
            return new Pipeline<>(g, mid, sink);
        }
    }

    private static SchedulePlan planOf(TestGraph g) {
        return ((RuntimeGraph) ApiAccess.assemblyOf(g)).schedulePlan();
    }

    @Test
    void validateWorksOutTheSteadyStateOfDeclaredRates() {
        TestGraph g = Pipeline.of(Pair.class).graph().check();
        StaticSubgraph s = planOf(g).subgraphs().get(0);
        assertEquals(List.of("Triple", "Pair", "Collect"), s.filters());
        assertArrayEquals(new long[] {2, 3, 3}, s.repetitions());
        assertEquals("""
                schedule: 1 static subgraph, 0 dynamic filters, 0 dynamic channels
                static subgraph 1: Triple x2, Pair x3, Collect x3
                  Triple.out -> Pair.in (3:2), 6 items per iteration
                  Pair.out -> Collect.in (1:1), 3 items per iteration
                static subgraph 1: fused, 2 of 3 filters in batches
                """, g.schedule());
    }

    @Test
    void anUndeclaredChannelCutsTheGraph() {
        TestGraph g = Pipeline.of(Dynamic.class).graph().check();
        SchedulePlan plan = planOf(g);
        assertEquals(List.of(), plan.subgraphs());
        assertEquals(List.of("Triple", "Dynamic", "Collect"), plan.dynamicFilters());
        assertEquals(2, plan.cuts().size());
    }

    @Test
    void aFilterWhoseInputsDeclareRatesWaitsForAWholeWindow() {
        Pipeline<Pair> p = Pipeline.of(Pair.class);
        GraphDriver driver = GraphDriver.of(p.graph().check());
        driver.run(1);
        // Three items arrived: one pair summed, the odd item waits for the next release.
        assertEquals(1, p.middle().works);
        assertEquals(1, p.sink().count);
        driver.run(1);
        assertEquals(3, p.middle().works);
        assertEquals(0 + 1 + 2 + 3 + 4 + 5, p.sink().sum);
    }

    @Test
    void aFilterWithItsOwnTriggerKeepsItWhateverItsRates() {
        Pipeline<OwnTrigger> p = Pipeline.of(OwnTrigger.class);
        GraphDriver.of(p.graph().check()).run(1);
        // Its trigger holds while one item waits: all three of the release, not only while two wait.
        assertEquals(3, p.middle().works);
    }

    @Test
    void theBuiltInsCountOneRoundAsOneRun() {
        // Triple (3) -> roundrobin(1, 2) -> Pair (takes 2) and Collect-like Pass (takes 1) -> roundrobin(1, 1) -> sink.
        TestGraph g = new TestGraph();
        Triple source = g.filter(Triple.class);
        RoundRobinSplitter split = g.filter(RoundRobinSplitter.class);
        split.weights(1, 2);
        Pass one = g.filter(Pass.class);
        Pair two = g.filter(Pair.class);
        RoundRobinJoiner join = g.filter(RoundRobinJoiner.class);
        Collect sink = g.filter(Collect.class);
        g.link(g.clock(10), source, "timer").link(source, split, 8).link(split, one, 8).link(split, two, 8)
                .link(one, join, 8).link(two, join, 8).link(join, sink, 8).check();
        StaticSubgraph s = planOf(g).subgraphs().get(0);
        assertEquals(List.of("Triple", "RoundRobinSplitter", "Pass", "Pair", "RoundRobinJoiner", "Collect"),
                s.filters());
        // A round of the splitter takes 3: Triple x1; Pass x1 and Pair x1 (2 of the 3); the joiner's round takes
        // 1 from each, so x1, and puts 2: Collect x2.
        assertArrayEquals(new long[] {1, 1, 1, 1, 1, 2}, s.repetitions());
        GraphDriver.of(g).run(2);
        assertEquals((0 + 1 + 2) + (3 + 4 + 5), sink.sum);
    }

    @Test
    void aJoinerTakingWhateverArrivesIsDynamic() {
        TestGraph g = new TestGraph();
        Triple source = g.filter(Triple.class);
        Pass pass = g.filter(Pass.class);
        Joiner join = g.filter(Joiner.class);
        Collect sink = g.filter(Collect.class);
        g.link(g.clock(10), source, "timer").link(source, pass, 8).link(pass, join, 8).link(join, sink, 8).check();
        SchedulePlan plan = planOf(g);
        assertEquals(List.of("Triple", "Pass"), plan.subgraphs().get(0).filters());
        assertEquals(List.of("Joiner", "Collect"), plan.dynamicFilters());
    }

    @Test
    void scheduleBeforeValidateIsRefused() {
        TestGraph g = Pipeline.of(Pair.class).graph();
        assertEquals("schedule() before validate(): the plan is made when the graph is validated",
                assertThrows(StreamFlexError.class, g::schedule).getMessage());
    }

    @Test
    void misplacedDeclarationsAreValidateErrorsNamingTheField() {
        TestGraph g = new TestGraph();
        Misdeclared m = g.filter(Misdeclared.class);
        Collect c1 = g.filter("c1", Collect.class);
        Collect c2 = g.filter("c2", Collect.class);
        Triple t = g.filter(Triple.class);
        g.link(g.clock(10), m, "timer").link(m, "out", c1, 8).link(g.clock(10), t, "timer").link(t, m, "in", 8)
                .link(m, "back", c2, 8);
        StreamFlexError e = assertThrows(StreamFlexError.class, g::check);
        assertTrue(e.problems().contains("Misdeclared.timer: @Rate on a field of type TimeChannel; rates are for data"
                + " channels (IntChannel, Channel<T>, SharedChannel<T>...): a TimeChannel's ticks come from its clock,"
                + " remove it"), e.problems().toString());
        assertTrue(e.problems().contains("Misdeclared.in: @Rate(value = 2, peek = 1) peeks at fewer items than it"
                + " takes; peek counts the items taken, so it is at least 2"), e.problems().toString());
        assertTrue(e.problems().contains("Misdeclared.out: @Rate(value = -1, peek = 0) is negative; declare the items"
                + " moved per work(), 0 or more"), e.problems().toString());
        assertTrue(e.problems().contains("Misdeclared.back: @Rate(peek = 4) on an output; peek is how far an input"
                + " looks ahead, remove it"), e.problems().toString());
        assertTrue(e.problems().contains("Misdeclared.count: @Rate on a field of type int; rates are for data"
                + " channels (IntChannel, Channel<T>, SharedChannel<T>...)"), e.problems().toString());
    }

    @Test
    void ratesThatCannotBalanceAreAValidateError() {
        // Fork copies each item to two branches; one halves them (Pair), Join takes one from each.
        TestGraph g = new TestGraph();
        Triple source = g.filter(Triple.class);
        Fork fork = g.filter(Fork.class);
        Pair half = g.filter(Pair.class);
        Join join = g.filter(Join.class);
        Collect sink = g.filter(Collect.class);
        g.link(g.clock(10), source, "timer").link(source, fork, 8).link(fork, "left", half, 8)
                .link(fork, "right", join, "right", 8).link(half, join, "left", 8).link(join, sink, 8);
        StreamFlexError e = assertThrows(StreamFlexError.class, g::check);
        assertEquals(List.of("rates do not balance on Pair.out -> Join.left (1:1): it needs Join to run 3/2 times per"
                + " run of Triple (Pair running 3/2 times), but other channels of the same part need 3; a static part"
                + " must come back to the same channel contents after each iteration"), e.problems());
    }

    @Test
    void inTheDebugModeAWorkThatBreaksItsRatesStopsNamingTheChannel() {
        Pipeline<Sloppy> p;
        try (var _ = TemporaryProperty.set("streamflex.rates.check", "true")) {
            p = Pipeline.of(Sloppy.class);
        }
        GraphDriver driver = GraphDriver.of(p.graph().check());
        BoundaryError error = assertThrows(BoundaryError.class, () -> driver.run(1));
        assertEquals(RateViolationError.class.getName(), error.causeClassName());
        assertEquals("Sloppy.in: work() took 1 item, @Rate declares 2 per work(); fix the declaration or the work()",
                error.causeMessage());
        assertEquals("Sloppy", error.filterName());
        assertEquals(0, p.sink().count, "the violating work()'s put was not published");
    }

    @Test
    void withoutTheDebugModeRatesAreNotCounted() {
        Pipeline<Sloppy> unfused;
        try (var _ = TemporaryProperty.set("streamflex.fusion", "false")) {
            unfused = Pipeline.of(Sloppy.class);
        }
        GraphDriver.of(unfused.graph().check()).run(2);
        // Sloppy fires while two items wait (its declared window) and takes one each time: 2 of the
        // first release's 3 items, then 3 of the 4 waiting after the second.
        assertEquals(5, unfused.sink().count);
        Pipeline<Sloppy> fused = Pipeline.of(Sloppy.class);
        GraphDriver.of(fused.graph().check()).run(2);
        // Fused, Sloppy runs as often as its declared rate says the items allow: (3 - 2) / 2 + 1 = 1 of the first
        // release's 3, then (5 - 2) / 2 + 1 = 2 of the 5 waiting. The rest waits, counted in the channel, not lost.
        assertEquals(3, fused.sink().count);
        assertEquals(3, ((IntChannel) fused.graph().channel(fused.middle(), "in")).size());
    }

    @Test
    void inTheDebugModeWorksThatKeepTheirRatesRunAsUsual() {
        Pipeline<Pair> p;
        try (var _ = TemporaryProperty.set("streamflex.rates.check", "true")) {
            p = Pipeline.of(Pair.class);
        }
        GraphDriver.of(p.graph().check()).run(4);
        assertEquals(6, p.sink().count);
    }
}
