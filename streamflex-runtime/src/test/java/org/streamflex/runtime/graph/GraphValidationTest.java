package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Joiner;
import org.streamflex.StreamFlexError;
import org.streamflex.fixtures.Pass;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestFilters.BadCapsuleSink;
import org.streamflex.runtime.graph.TestFilters.Counter;
import org.streamflex.runtime.graph.TestFilters.FloatSink;
import org.streamflex.runtime.graph.TestFilters.Fork;
import org.streamflex.runtime.graph.TestFilters.IntSink;
import org.streamflex.runtime.graph.TestFilters.PacketSource;
import org.streamflex.runtime.graph.TestFilters.TcpSink;
import org.streamflex.runtime.weaving.PluginCompiler;

class GraphValidationTest {

    /** The problems validate() reports for a graph built by {@code build}. */
    private static List<String> problems(TestGraph g) {
        return assertThrows(StreamFlexError.class, g::check).problems();
    }

    /** A clock, a counter and a sink: a valid start that tests then break. */
    private static TestGraph pipeline(TestGraph g, Counter counter, IntSink sink) {
        return g.link(g.clock(100), counter, "timer").link(counter, sink, 4);
    }

    @Test
    void aCorrectGraphValidates() {
        TestGraph g = new TestGraph();
        pipeline(g, g.filter(Counter.class), g.filter(IntSink.class)).check();
    }

    @Test
    void rejectsAGraphWithoutAClock() {
        TestGraph g = new TestGraph();
        g.link(g.filter(Pass.class), g.filter(IntSink.class), 1);
        assertTrue(problems(g).contains("the graph has no clock: nothing would release its filters;"
                + " add makeClock(period) and connect it to the first filter"));
    }

    @Test
    void rejectsAClockConnectedToNothing() {
        TestGraph g = new TestGraph();
        pipeline(g, g.filter(Counter.class), g.filter(IntSink.class));
        g.clock(50);
        assertEquals(List.of("clock 1 (50 us) is not connected to a filter: connect(clock, filter)"), problems(g));
    }

    @Test
    void rejectsAClockConnectedTwice() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        Clock clock = g.clock(10);
        g.link(clock, counter).link(counter, g.filter(IntSink.class), 1);
        g.link(clock, g.filter(Counter.class));
        assertTrue(problems(g).contains(
                "clock 0 (10 us) is already connected to Counter: a clock releases one filter; make another clock"));
    }

    @Test
    void anUnconnectedOutputSuggestsConnectingItToAConsumer() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        g.link(g.clock(100), counter);
        assertEquals(List.of("Counter.out (IntChannel) is not connected: Counter puts to it, so connect it to a"
                + " consumer, as in connect(counter, \"out\", consumer, \"in\", capacity), or remove the field"),
                problems(g));
    }

    @Test
    void anUnconnectedInputSuggestsConnectingAProducerToIt() {
        TestGraph g = new TestGraph();
        IntSink sink = g.filter(IntSink.class);
        g.link(g.clock(100), sink); // IntSink has no TimeChannel field: a hidden one is used
        assertEquals(List.of("IntSink.in (IntChannel) is not connected: IntSink takes from it, so connect a"
                + " producer to it, as in connect(producer, \"out\", intSink, \"in\", capacity), or remove the field"),
                problems(g));
    }

    @Test
    void aFieldItsCodeDoesNotUseGetsBothFormsSayingWhichIsWhich() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        Spare spare = g.filter(Spare.class);
        g.link(g.clock(100), counter).link(counter, spare, 4);
        assertEquals(List.of("Spare.unused (IntChannel) is not connected: connect it, as in connect(producer,"
                + " \"out\", spare, \"unused\", capacity) if it is an input, or connect(spare, \"unused\","
                + " consumer, \"in\", capacity) if it is an output, or remove the field"), problems(g));
    }

    @Test
    void aFilterCompiledWithoutThePluginGetsBothFormsForEachField(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("Plain.java");
        Files.writeString(source, """
                public class Plain extends org.streamflex.Filter {
                    private org.streamflex.IntChannel in;
                    public void work() { in.take(); }
                }
                """);
        PluginCompiler.withoutPlugin(dir, List.of(), source);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            TestGraph g = new TestGraph();
            Filter plain = g.filter(loader.loadClass("Plain").asSubclass(Filter.class));
            g.link(g.clock(100), plain);
            assertEquals(List.of("Plain.in (IntChannel) is not connected: connect it, as in connect(producer,"
                    + " \"out\", plain, \"in\", capacity) if it is an input, or connect(plain, \"in\", consumer,"
                    + " \"in\", capacity) if it is an output, or remove the field"), problems(g));
        }
    }

    @Test
    void aReversedConnectIsReportedWithTheCorrectedCall() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        IntSink sink = g.filter(IntSink.class);
        g.link(g.clock(100), counter).link(sink, "in", counter, "out", 4);
        // Reported as what it is, not later as an IntSink that no clock reaches.
        assertEquals(List.of("connect(intSink, \"in\", counter, \"out\", 4) is reversed: IntSink.in (IntChannel)"
                + " is an input (IntSink takes from it) and Counter.out (IntChannel) is an output (Counter puts to"
                + " it); a channel runs from a field its filter puts to, to a field its filter takes from:"
                + " connect(counter, \"out\", intSink, \"in\", 4)"), problems(g));
    }

    @Test
    void aReversedShortFormIsReportedWithTheFieldsItChose() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        IntSink sink = g.filter(IntSink.class);
        g.link(g.clock(100), counter).link(sink, counter, 4);
        assertEquals(List.of("connect(intSink, \"in\", counter, \"out\", 4) is reversed: IntSink.in (IntChannel)"
                + " is an input (IntSink takes from it) and Counter.out (IntChannel) is an output (Counter puts to"
                + " it); a channel runs from a field its filter puts to, to a field its filter takes from:"
                + " connect(counter, \"out\", intSink, \"in\", 4)"), problems(g));
    }

    @Test
    void aConnectOfTwoInputsSaysSo() {
        TestGraph g = new TestGraph();
        IntSink first = g.filter(IntSink.class);
        IntSink second = g.filter(IntSink.class);
        g.link(g.clock(100), first).link(first, "in", second, "in", 4);
        assertEquals(List.of("connect(intSink, \"in\", intSink2, \"in\", 4) connects two inputs:"
                + " IntSink.in (IntChannel) is an input (IntSink takes from it) and IntSink#2.in (IntChannel) is an"
                + " input (IntSink#2 takes from it); a channel runs from a field its filter puts to, to a field its"
                + " filter takes from"), problems(g));
    }

    @Test
    void rejectsAnUnconnectedTimeChannel() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        IntSink sink = g.filter(IntSink.class);
        g.link(g.clock(100), sink);  // sink has no TimeChannel field: a hidden one is used
        g.link(counter, sink, 1);
        List<String> problems = problems(g);
        assertTrue(problems.contains("Counter.timer (TimeChannel) is not connected: connect it, as in"
                + " connect(clock, counter, \"timer\"), or remove the field"), problems.toString());
    }

    @Test
    void rejectsAnUnknownFieldName() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        IntSink sink = g.filter(IntSink.class);
        g.link(g.clock(100), counter).link(counter, "out", sink, "input", 1);
        assertEquals("filter IntSink has no channel field \"input\": its channel fields are [in]; fix the name in"
                + " connect", problems(g).getFirst());
    }

    @Test
    void rejectsATimeChannelUsedAsADataChannel() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        g.link(g.clock(100), counter, "timer").link(counter, "timer", g.filter(IntSink.class), 1);
        assertTrue(problems(g).contains("Counter.timer (TimeChannel) is a time channel: only clocks write"
                + " time channels; use connect(clock, counter, \"timer\")"));
    }

    @Test
    void rejectsAFieldConnectedTwice() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        IntSink sink = g.filter(IntSink.class);
        pipeline(g, counter, sink);
        Counter other = g.filter(Counter.class);
        g.link(g.clock(100), other).link(other, "out", sink, "in", 1);
        // The source field named in the failed connect is not reported again as unconnected.
        assertEquals(List.of("IntSink.in (IntChannel) is already connected; each channel field takes one connect;"
                + " a field that takes several is an array of channels, as in private IntChannel[] in;"),
                problems(g));
    }

    @Test
    void rejectsAnAmbiguousShortForm() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        Fork fork = g.filter(Fork.class);
        g.link(g.clock(100), counter).link(counter, fork, 1);
        g.link(fork, g.filter(IntSink.class), 1);
        assertTrue(problems(g).contains("cannot choose the output field of Fork among [left, right]:"
                + " name it in connect, as in \"left\""));
    }

    @Test
    void rejectsAShortFormWithNoFreeField() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        IntSink sink = g.filter(IntSink.class);
        pipeline(g, counter, sink);
        g.link(g.filter(Pass.class), sink, 1);
        assertTrue(problems(g).contains("IntSink has no free channel field for an input: declare one"
                + " (for example private IntChannel in;) or check the earlier connects"));
    }

    @Test
    void rejectsMismatchedPrimitiveTypes() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        g.link(g.clock(100), counter).link(counter, g.filter(FloatSink.class), 1);
        assertTrue(problems(g).contains("element types do not match: Counter.out (IntChannel) cannot feed"
                + " FloatSink.in (FloatChannel); declare both fields with the same channel type"));
    }

    @Test
    void rejectsACapsuleChannelFeedingANarrowerCapsuleType() {
        TestGraph g = new TestGraph();
        PacketSource source = g.filter(PacketSource.class);
        g.link(g.clock(100), source).link(source, g.filter(TcpSink.class), 1);
        assertTrue(problems(g).contains("element types do not match: PacketSource.out (Channel<Packet>) cannot"
                + " feed TcpSink.in (Channel<TcpPacket>); declare both fields with the same channel type"
                + " (a Channel<A> feeds a Channel<B> only if A is a B)"));
    }

    @Test
    void rejectsNonPositiveAndHugeCapacities() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        g.link(g.clock(100), counter).link(counter, g.filter(IntSink.class), 0);
        assertTrue(problems(g).contains(
                "capacity of channel Counter.out -> IntSink.in must be between 1 and 16777216, was 0"));

        TestGraph h = new TestGraph();
        Counter c2 = h.filter(Counter.class);
        h.link(h.clock(100), c2).link(c2, h.filter(IntSink.class), Integer.MAX_VALUE);
        assertTrue(problems(h).contains("capacity of channel Counter.out -> IntSink.in must be between 1 and"
                + " 16777216, was 2147483647"));
    }

    @Test
    void rejectsANegativeClockPeriod() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        g.link(g.clock(-5), counter).link(counter, g.filter(IntSink.class), 1);
        assertEquals(List.of("clock 0 has unsupported period -5 us: use 0 (free-running) or a positive number"
                + " of microseconds"), problems(g));
    }

    @Test
    void rejectsRegionSizesThatDoNotFit() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class, -1, 1024);
        IntSink sink = g.filter(IntSink.class, Integer.MAX_VALUE, Integer.MAX_VALUE);
        pipeline(g, counter, sink);
        assertEquals(List.of("Counter has a negative region size (stable -1 bytes, transient 1024 bytes):"
                        + " sizes must be 0 or more",
                "the filters' regions need 4294968318 bytes in total, more than the limit of 1073741824 bytes:"
                        + " give smaller sizes to makeFilter or raise -Dstreamflex.regions.maxBytes"),
                problems(g));
    }

    @Test
    void rejectsAFilterNoClockReaches() {
        TestGraph g = new TestGraph();
        pipeline(g, g.filter(Counter.class), g.filter(IntSink.class));
        Pass orphan = g.filter(Pass.class);
        g.link(orphan, "out", orphan, "in", 1); // a loop onto itself: connected, but never released
        assertEquals(List.of("Pass can never run: no clock reaches it through its input channels;"
                + " connect a clock to it or to a filter upstream of it"), problems(g));
    }

    @Test
    void rejectsAJoinerWithoutInputs() {
        TestGraph g = new TestGraph();
        pipeline(g, g.filter(Counter.class), g.filter(IntSink.class));
        Joiner join = g.filter(Joiner.class);
        g.link(join, g.filter(IntSink.class), 1);
        assertTrue(problems(g).contains("Joiner has no inputs: connect at least one filter to it"));
    }

    @Test
    void theUnconnectedFieldOfABuiltInIsToldByItsRole() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        Joiner join = g.filter(Joiner.class);
        g.link(g.clock(100), counter).link(counter, join, 1);
        assertEquals(List.of("Joiner.out (DataChannel) is not connected: Joiner puts to it, so connect it to a"
                + " consumer, as in connect(joiner, \"out\", consumer, \"in\", capacity)"), problems(g));
    }

    @Test
    void rejectsAJoinerMixingKinds() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        Joiner join = g.filter(Joiner.class);
        g.link(g.clock(100), counter).link(counter, join, 1).link(join, g.filter(FloatSink.class), 1);
        assertEquals(List.of("element types do not match: Joiner input from Counter.out (IntChannel) cannot feed"
                + " its output to FloatSink.in (FloatChannel); every channel of a Joiner must carry the same"
                + " kind of item"), problems(g));
    }

    @Test
    void rejectsACapsuleTypeBreakingRuleR5() {
        TestGraph g = new TestGraph();
        BadCapsuleSink sink = g.filter(BadCapsuleSink.class);
        PacketSource source = g.filter(PacketSource.class);
        g.link(g.clock(100), source);
        // A raw connection of a Channel<Packet> to a Channel<BadCapsule> fails on the element type first,
        // so feed the bad sink from a filter of its own kind.
        g.link(g.filter(BadSource.class), sink, 1);
        List<String> problems = problems(g);
        assertTrue(problems.contains("capsule " + TestFilters.BadCapsule.class.getName() + " has field"
                + " BadCapsule.text of type java.lang.String: capsule fields must be primitives or primitive"
                + " arrays (rule R5); it is carried by BadSource.out -> BadCapsuleSink.in"), problems.toString());
    }

    @Test
    void reportsEveryProblemAtOnce() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        g.link(g.clock(-1), counter).link(counter, g.filter(FloatSink.class), 0);
        StreamFlexError error = assertThrows(StreamFlexError.class, g::check);
        assertEquals(2, error.problems().size(), error.getMessage());
        assertTrue(error.getMessage().startsWith("2 problems in the graph:"), error.getMessage());
    }

    @Test
    void makeFilterNamesWhyAClassCannotBeAFilter() {
        TestGraph g = new TestGraph();
        assertEquals("cannot create filter " + AbstractFilter.class.getName()
                + ": it is abstract; make a concrete subclass",
                assertThrows(StreamFlexError.class, () -> g.filter(AbstractFilter.class)).getMessage());
        assertEquals("cannot create filter " + NeedsArgument.class.getName() + ": it has no constructor without"
                        + " parameters; add one (any visibility)",
                assertThrows(StreamFlexError.class, () -> g.filter(NeedsArgument.class)).getMessage());
        assertEquals("cannot create filter " + Inner.class.getName() + ": it has no constructor without"
                        + " parameters; it is an inner class, declare it static",
                assertThrows(StreamFlexError.class, () -> g.filter(Inner.class)).getMessage());
        assertEquals("cannot create filter " + Throws.class.getName() + ": its constructor threw"
                        + " java.lang.IllegalStateException: no",
                assertThrows(StreamFlexError.class, () -> g.filter(Throws.class)).getMessage());
    }

    @Test
    void aFilterFromAnotherGraphIsRejected() {
        TestGraph other = new TestGraph();
        Counter foreign = other.filter(Counter.class);
        TestGraph g = new TestGraph();
        IntSink sink = g.filter(IntSink.class);
        g.link(g.clock(1), sink).link(foreign, sink, 1);
        assertTrue(problems(g).contains(
                "Counter was not made by this graph: create filters with this graph's makeFilter"));
    }

    @Test
    void aClockFromAnotherGraphIsRejected() {
        TestGraph other = new TestGraph();
        Clock foreign = other.clock(10);
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        g.link(foreign, counter).link(counter, g.filter(IntSink.class), 1);
        assertTrue(problems(g).contains(
                "a clock passed to connect was not made by this graph: use this graph's makeClock"));
    }

    @Test
    void aJoinerCannotFeedAJoiner() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        Joiner first = g.filter(Joiner.class);
        Joiner second = g.filter(Joiner.class);
        g.link(g.clock(10), counter).link(counter, first, 1).link(first, second, 1)
                .link(second, g.filter(IntSink.class), 1);
        assertTrue(problems(g).contains("cannot connect a Joiner directly to a Joiner: put a filter between them,"
                + " or connect all inputs to one Joiner"));
    }

    @Test
    void aClockMustBeToldWhichOfSeveralTimeChannelsToUse() {
        TestGraph g = new TestGraph();
        TwoTimers timers = g.filter(TwoTimers.class);
        g.link(g.clock(10), timers);
        assertTrue(problems(g).contains("cannot choose the time channel of TwoTimers among [fast, slow]:"
                + " name it, as in connect(clock, twoTimers, \"fast\")"));
        TestGraph h = new TestGraph();
        TwoTimers named = h.filter(TwoTimers.class);
        h.link(h.clock(10), named, "fast").link(h.clock(100), named, "slow").check();
    }

    @Test
    void theGraphIsFrozenAfterValidate() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        IntSink sink = g.filter(IntSink.class);
        pipeline(g, counter, sink).check();
        assertEquals("connect after validate(): the graph is frozen once validated",
                assertThrows(StreamFlexError.class, () -> g.link(counter, sink, 1)).getMessage());
        assertEquals("makeFilter after validate(): the graph is frozen once validated",
                assertThrows(StreamFlexError.class, () -> g.filter(Pass.class)).getMessage());
    }

    @Test
    void aGraphStartsOnlyValidatedAndOnlyOnce() {
        TestGraph g = new TestGraph();
        pipeline(g, g.filter(Counter.class), g.filter(IntSink.class));
        assertEquals("start() before validate(): call validate() at the end of the graph's constructor",
                assertThrows(StreamFlexError.class, g::start).getMessage());
        g.check();
        GraphDriver.of(g).run(3);
        assertEquals("start() on a graph that already ran (driven): a graph runs once; build a new one",
                assertThrows(StreamFlexError.class, g::start).getMessage());
    }

    @Test
    void aFilterCreatedWithNewCannotMakeCapsules() {
        Filter loose = new PacketSource();
        StreamFlexError e = assertThrows(StreamFlexError.class, loose::work);
        assertEquals(PacketSource.class.getName() + " was created with new: create filters with"
                + " makeFilter(Class) in a StreamFlexGraph", e.getMessage());
    }

    public abstract static class AbstractFilter extends Filter {
    }

    public static final class NeedsArgument extends Filter {
        NeedsArgument(int x) {
        }

        @Override
        public void work() {
        }
    }

    /** Inner on purpose, to test the runtime's message; the checker would reject it first (R2). */
    @SuppressWarnings({"StreamFlex", "ClassCanBeStatic"})
    public final class Inner extends Filter {
        @Override
        public void work() {
        }
    }

    public static final class Throws extends Filter {
        Throws() {
            throw new IllegalStateException("no");
        }

        @Override
        public void work() {
        }
    }

    @SuppressWarnings("UnusedVariable") // only validate() looks at its channels
    public static final class TwoTimers extends Filter {
        private org.streamflex.TimeChannel fast;
        private org.streamflex.TimeChannel slow;

        @Override
        public void work() {
        }
    }

    /** Takes from {@code in}; its code never touches {@code unused}, so the plugin records no role for it. */
    public static final class Spare extends Filter {
        private IntChannel in;
        private IntChannel unused;

        @Override
        public void work() {
            in.take();
        }
    }

    @SuppressWarnings("UnusedVariable") // only validate() looks at its channel
    public static final class BadSource extends Filter {
        private org.streamflex.Channel<TestFilters.BadCapsule> out;

        @Override
        public void work() {
        }
    }

}
