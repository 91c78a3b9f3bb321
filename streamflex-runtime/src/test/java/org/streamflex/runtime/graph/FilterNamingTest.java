package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.RegionFullError;
import org.streamflex.StreamFlexError;
import org.streamflex.fixtures.Pass;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestFilters.Counter;
import org.streamflex.runtime.graph.TestFilters.Fork;
import org.streamflex.runtime.graph.TestFilters.Hungry;
import org.streamflex.runtime.graph.TestFilters.IntSink;

/** Every filter has an instance name, and every message and error uses it: two IntSinks can be told apart. */
class FilterNamingTest {

    @Test
    void filtersOfOneClassAreNamedByTheirClassThenNumbered() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        Fork fork = g.filter(Fork.class);
        IntSink left = g.filter(IntSink.class);
        IntSink right = g.filter(IntSink.class);
        g.link(g.clock(10), counter).link(counter, fork, 4).link(fork, "left", left, 4).link(fork, "right", right, 4)
                .check();
        assertEquals("IntSink", nameOf(left));
        assertEquals("IntSink#2", nameOf(right));
        assertEquals("Fork.left -> IntSink.in", g.channel(left, "in").name());
        assertEquals("Fork.right -> IntSink#2.in", g.channel(right, "in").name());
    }

    @Test
    void aNameGivenToMakeFilterIsUsedInChannelsAndMessages() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter("gen", Counter.class);
        Fork fork = g.filter(Fork.class);
        IntSink left = g.filter("left", IntSink.class);
        IntSink right = g.filter("right", IntSink.class, 1024, 1024);
        Clock clock = g.clock(10);
        g.link(clock, counter).link(counter, fork, 4).link(fork, "left", left, 4).link(fork, "right", right, 4);
        assertEquals("gen", nameOf(counter));
        assertEquals("Fork.left -> left.in", g.channel(left, "in").name());
        assertEquals("Fork.right -> right.in", g.channel(right, "in").name());
        assertEquals("gen.out -> Fork.in", g.channel(counter, "out").name());
        g.link(clock, g.filter(Pass.class));
        assertTrue(problems(g).contains("clock 0 (10 us) is already connected to gen: a clock releases one filter;"
                + " make another clock"));
    }

    @Test
    void defaultNamesSkipNamesAlreadyTaken() {
        TestGraph g = new TestGraph();
        Pass pass = g.filter("IntSink#2", Pass.class);
        IntSink first = g.filter(IntSink.class);
        IntSink second = g.filter(IntSink.class);
        assertEquals("IntSink#2", nameOf(pass));
        assertEquals("IntSink", nameOf(first));
        assertEquals("IntSink#3", nameOf(second));
    }

    @Test
    void aDuplicateNameIsAProblemNamingBothFilters() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        IntSink sink = g.filter("sink", IntSink.class);
        Pass pass = g.filter("sink", Pass.class);
        g.link(g.clock(10), counter).link(counter, pass, 4).link(pass, sink, 4);
        assertEquals(List.of("two filters are named \"sink\": filter 2 in creation order (IntSink) and filter 3"
                + " (Pass); give each its own name in makeFilter(name, type)"), problems(g));
    }

    @Test
    void aBlankOrMissingNameIsRefusedAtOnce() {
        TestGraph g = new TestGraph();
        assertEquals("makeFilter(\" \", IntSink.class): a filter name must not be blank; give one, or call"
                        + " makeFilter(IntSink.class) for the default name",
                assertThrows(StreamFlexError.class, () -> g.filter(" ", IntSink.class)).getMessage());
        assertEquals("name", assertThrows(NullPointerException.class,
                () -> g.filter((String) null, IntSink.class)).getMessage());
    }

    @Test
    void validationTellsTwoFiltersOfOneClassApart() {
        TestGraph g = new TestGraph();
        IntSink first = g.filter(IntSink.class);
        IntSink second = g.filter(IntSink.class);
        g.link(g.clock(10), first).link(g.clock(10), second);
        assertEquals(List.of(
                "IntSink.in (IntChannel) is not connected: IntSink takes from it, so connect a producer to it, as in"
                        + " connect(producer, \"out\", intSink, \"in\", capacity), or remove the field",
                "IntSink#2.in (IntChannel) is not connected: IntSink#2 takes from it, so connect a producer to it, as"
                        + " in connect(producer, \"out\", intSink2, \"in\", capacity), or remove the field"),
                problems(g));
    }

    @Test
    void aFailureNamesTheFilterInstanceThatFailed() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        Fork fork = g.filter(Fork.class);
        Picky lenient = g.filter(Picky.class);
        Picky strict = g.filter(Picky.class);
        strict.limit = 1;
        g.link(g.clock(10), counter).link(counter, fork, 4).link(fork, "left", lenient, 4)
                .link(fork, "right", strict, 4).check();
        BoundaryError error = assertThrows(BoundaryError.class, () -> GraphDriver.of(g).run(10));
        assertEquals("Picky#2", error.filterName());
        assertEquals("work() of filter Picky#2 (" + Picky.class.getName() + ") threw java.lang.IllegalStateException:"
                + " 2 is over 1; the graph stopped and nothing that work() put was published", error.getMessage());
    }

    @Test
    void aRegionFullErrorNamesTheFilterInstance() {
        TestGraph g = new TestGraph();
        Hungry roomy = g.filter(Hungry.class);
        Hungry cramped = g.filter(Hungry.class, 64 * 1024, 256);
        g.link(g.clock(10), roomy).link(g.clock(10), cramped).check();
        BoundaryError error = assertThrows(BoundaryError.class, () -> GraphDriver.of(g).run(1));
        assertEquals("Hungry#2", error.filterName());
        assertEquals(RegionFullError.class.getName(), error.causeClassName());
        assertTrue(error.causeMessage().startsWith("the transient region of filter Hungry#2 (256 bytes) has no room"
                + " for new long[64]"), error.causeMessage());
        assertEquals(1, roomy.works);
    }

    private static String nameOf(Filter filter) {
        return ApiAccess.context(filter).filterName(); // what woven @Atomic code names the filter by
    }

    private static List<String> problems(TestGraph g) {
        return assertThrows(StreamFlexError.class, g::check).problems();
    }

    /** Throws on a value over its limit. */
    public static final class Picky extends Filter {
        private IntChannel in;
        public int limit = Integer.MAX_VALUE;

        @Override
        public void work() {
            int v = in.take();
            if (v > limit) {
                throw new IllegalStateException(v + " is over " + limit);
            }
        }
    }
}
