package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.fixtures.Pass;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestFilters.Counter;
import org.streamflex.runtime.graph.TestFilters.IntSink;
import org.streamflex.runtime.graph.TestGraph;

class EagerSchedulingTest {

    /** Fires only when three values wait; sums a sliding window of three with peek, then slides by one. */
    public static final class Window extends Filter {
        private IntChannel in;
        private IntChannel out;
        public int works;

        @Override
        protected boolean trigger() {
            return in.size() >= 3;
        }

        @Override
        public void work() {
            works++;
            out.put(in.peek(0) + in.peek(1) + in.peek(2));
            in.take();
        }
    }

    /** Its trigger always holds: it must run once per release, not spin. */
    public static final class Eager extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private org.streamflex.TimeChannel timer;
        private IntChannel out;
        public int works;

        @Override
        protected boolean trigger() {
            return true;
        }

        @Override
        public void work() {
            out.put(works++);
        }
    }

    /** Takes two values, keeps the larger, gives the smaller back with untake. */
    public static final class Larger extends Filter {
        private IntChannel in;
        private IntChannel out;

        @Override
        protected boolean trigger() {
            return in.size() >= 2;
        }

        @Override
        public void work() {
            int a = in.take();
            int b = in.take();
            out.put(Math.max(a, b));
            in.untake(Math.min(a, b));
        }
    }

    /** Leaves its input where it is: its trigger keeps holding, but work() makes no progress. */
    public static final class Lazy extends Filter {
        @SuppressWarnings("UnusedVariable") // never taken from, on purpose: the trigger keeps holding
        private IntChannel in;
        public int works;

        @Override
        public void work() {
            works++;
        }
    }

    /** Sends each value around a loop to itself until it reaches zero, then out. */
    public static final class Countdown extends Filter {
        private IntChannel in;
        private IntChannel back;
        private IntChannel loop;
        private IntChannel out;
        public int works;

        @Override
        public void work() {
            works++;
            int v = back.size() > 0 ? back.take() : in.take();
            if (v > 0) {
                loop.put(v - 1);
            } else {
                out.put(v);
            }
        }
    }

    @Test
    void downstreamFiltersRunInTheSameReleaseDepthFirst() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        Pass a = g.filter(Pass.class);
        Pass b = g.filter(Pass.class);
        IntSink sink = g.filter(IntSink.class);
        g.link(g.clock(5), counter).link(counter, a, 1).link(a, b, 1).link(b, sink, 1).check();
        GraphDriver driver = GraphDriver.of(g);
        for (int i = 1; i <= 100; i++) {
            driver.step();
            assertEquals(i, sink.received, "the value put in release " + i + " reached the sink in that release");
        }
        assertEquals(99, sink.last);
        assertEquals(100, sink.works);
    }

    @Test
    void aUserTriggerDecidesWhenAFilterRunsAndPeekReadsAhead() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        Window window = g.filter(Window.class);
        IntSink sink = g.filter(IntSink.class);
        g.link(g.clock(5), counter).link(counter, window, 8).link(window, sink, 8).check();
        GraphDriver.of(g).run(10); // values 0..9
        assertEquals(8, window.works);
        assertEquals(8, sink.received);
        assertEquals(7 + 8 + 9, sink.last);
        assertEquals(2, g.channel(window, "in").size());
    }

    @Test
    void anAlwaysTrueTriggerRunsOncePerRelease() {
        TestGraph g = new TestGraph();
        Eager eager = g.filter(Eager.class);
        IntSink sink = g.filter(IntSink.class);
        g.link(g.clock(5), eager).link(eager, sink, 4).check();
        GraphDriver.of(g).run(50);
        assertEquals(50, eager.works);
        assertEquals(50, sink.received);
    }

    @Test
    void untakeGivesAValueBackForTheNextWork() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        Larger larger = g.filter(Larger.class);
        IntSink sink = g.filter(IntSink.class);
        g.link(g.clock(5), counter).link(counter, larger, 4).link(larger, sink, 4).check();
        GraphDriver.of(g).run(6); // 0..5: pairs (0,1) (0,2) (0,3) ... the 0 keeps coming back
        assertEquals(5, sink.received);
        assertEquals(1 + 2 + 3 + 4 + 5, sink.sum);
        assertEquals(1, g.channel(larger, "in").size(), "the smallest value is still waiting");
    }

    /** No TimeChannel field: the clock's tick goes to a hidden slot and still releases it. */
    public static final class Untimed extends Filter {
        private IntChannel out;
        public int works;

        @Override
        public void work() {
            out.put(works++);
        }
    }

    @Test
    void aClockReleasesAFilterThatDeclaresNoTimeChannel() {
        TestGraph g = new TestGraph();
        Untimed untimed = g.filter(Untimed.class);
        IntSink sink = g.filter(IntSink.class);
        g.link(g.clock(5), untimed).link(untimed, sink, 2).check();
        GraphDriver.of(g).run(30);
        assertEquals(30, untimed.works);
        assertEquals(30, sink.received);
    }

    @Test
    @Timeout(600) // a guard against a hang, not a limit on speed: a busy machine is slower, never wrong
    void aFilterThatTakesNothingRunsOncePerReleaseInsteadOfSpinning() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        Lazy lazy = g.filter(Lazy.class);
        g.link(g.clock(5), counter).link(counter, lazy, 64).check();
        GraphDriver.of(g).run(10);
        assertEquals(10, lazy.works);
        assertEquals(10, g.channel(lazy, "in").size());
    }

    @Test
    void aCycleDoesNotRecurseForever() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        Countdown countdown = g.filter(Countdown.class);
        IntSink sink = g.filter(IntSink.class);
        g.link(g.clock(5), counter).link(counter, "out", countdown, "in", 4)
                .link(countdown, "loop", countdown, "back", 4).link(countdown, "out", sink, "in", 4).check();
        counter.limit = 20;
        GraphDriver.of(g).run(20); // value v loops v times
        assertEquals(20, sink.received);
        assertEquals(0, sink.sum);
        assertEquals(20 + (19 * 20) / 2, countdown.works);
    }
}
