package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.DuplicateSplitter;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Joiner;
import org.streamflex.RoundRobinJoiner;
import org.streamflex.RoundRobinSplitter;
import org.streamflex.StreamFlexError;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestFilters.Counter;

class SplitJoinTest {
    /** Puts {@code perRelease} consecutive ints per release, from {@code start}. */
    public static final class Numbers extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private IntChannel out;
        public int next;
        public int perRelease = 10;

        public void from(int start, int count) {
            next = start;
            perRelease = count;
        }

        @Override
        public void work() {
            for (int i = 0; i < perRelease; i++) {
                out.put(next++);
            }
        }
    }

    /** Keeps what it receives, in order. */
    public static final class Recorder extends Filter {
        private IntChannel in;
        private final int[] seen = new int[256];
        public int count;

        @Override
        public void work() {
            while (in.size() > 0) {
                seen[count++] = in.take();
            }
        }

        public int at(int i) {
            return seen[i];
        }
    }

    static int[] recorded(Recorder r) {
        int[] values = new int[r.count];
        for (int i = 0; i < values.length; i++) {
            values[i] = r.at(i);
        }
        return values;
    }

    @Test
    void aDuplicateSplitterGivesEveryOutputEveryItemInOrder() {
        TestGraph g = new TestGraph();
        Numbers numbers = g.filter(Numbers.class);
        DuplicateSplitter split = g.filter(DuplicateSplitter.class);
        Recorder[] sinks = {g.filter(Recorder.class), g.filter(Recorder.class), g.filter(Recorder.class)};
        g.link(g.clock(10), numbers).link(numbers, split, 16);
        for (Recorder r : sinks) {
            g.link(split, r, 16);
        }
        g.check();
        GraphDriver.of(g).run(3);
        int[] expected = java.util.stream.IntStream.range(0, 30).toArray();
        for (Recorder r : sinks) {
            assertArrayEquals(expected, recorded(r));
        }
    }

    @Test
    void aRoundRobinSplitterDealsWholeRoundsByWeight() {
        TestGraph g = new TestGraph();
        Numbers numbers = g.filter(Numbers.class);
        numbers.from(0, 7);
        RoundRobinSplitter split = g.filter(RoundRobinSplitter.class);
        split.weights(2, 1);
        Recorder left = g.filter(Recorder.class);
        Recorder right = g.filter(Recorder.class);
        g.link(g.clock(10), numbers).link(numbers, split, 16).link(split, left, 16).link(split, right, 16).check();
        GraphDriver.of(g).run(1);
        assertArrayEquals(new int[] {0, 1, 3, 4}, recorded(left), "6 of 7 items: two whole rounds of 2 + 1");
        assertArrayEquals(new int[] {2, 5}, recorded(right));
        assertEquals(1, g.channel(numbers, "out").size(), "item 6 waits for the rest of its round");
    }

    @Test
    void aRoundRobinJoinerTakesItsWeightFromEachInputInTurn() {
        TestGraph g = new TestGraph();
        Numbers a = g.filter(Numbers.class);
        a.from(0, 4);
        Numbers b = g.filter(Numbers.class);
        b.from(100, 4);
        RoundRobinJoiner join = g.filter(RoundRobinJoiner.class);
        join.weights(2, 1);
        Recorder sink = g.filter(Recorder.class);
        var clock = g.clock(10);
        g.link(clock, a).link(g.clock(10), b).link(a, join, 16).link(b, join, 16).link(join, sink, 16).check();
        GraphDriver.of(g).run(2);
        // a: 0 1 2 3, b: 100 101 102 103 -> rounds (0 1 100) (2 3 101); then b's 102 103 wait for a's next.
        int[] got = recorded(sink);
        assertArrayEquals(new int[] {0, 1, 100, 2, 3, 101}, Arrays.copyOf(got, 6));
    }

    @Test
    void aJoinerCanFeedASplitterDirectly() {
        TestGraph g = new TestGraph();
        Numbers a = g.filter(Numbers.class);
        a.from(0, 3);
        Joiner join = g.filter(Joiner.class);
        DuplicateSplitter split = g.filter(DuplicateSplitter.class);
        Recorder x = g.filter(Recorder.class);
        Recorder y = g.filter(Recorder.class);
        g.link(g.clock(10), a).link(a, join, 8).link(join, split, 8).link(split, x, 8).link(split, y, 8).check();
        GraphDriver.of(g).run(2);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, recorded(x));
        assertArrayEquals(recorded(x), recorded(y));
    }

    @Test
    void badSplitJoinWiringIsReportedWithTheFix() {
        TestGraph g = new TestGraph();
        Counter counter = g.filter(Counter.class);
        RoundRobinSplitter split = g.filter(RoundRobinSplitter.class);
        split.weights(1, 2, 3);
        DuplicateSplitter lonely = g.filter(DuplicateSplitter.class);
        RoundRobinJoiner join = g.filter(RoundRobinJoiner.class);
        g.link(g.clock(10), counter).link(counter, split, 4).link(split, g.filter(Recorder.class), 4)
                .link(split, g.filter(Recorder.class), 4).link(counter, "out", lonely, 4);
        g.link(join, g.filter(DuplicateSplitter.class), 4);
        List<String> problems = assertThrows(StreamFlexError.class, g::check).problems();
        assertTrue(problems.contains("RoundRobinSplitter has 3 weights for 2 branches: give one weight for all,"
                + " or one per branch in connection order"), problems.toString());
        assertTrue(problems.contains("DuplicateSplitter has no outputs: connect at least one filter from it"),
                problems.toString());
        // Two duplicate splitters: the second is named DuplicateSplitter#2.
        assertTrue(problems.contains("cannot tell what RoundRobinJoiner.out -> DuplicateSplitter#2.in carries:"
                + " connect the inputs of RoundRobinJoiner before its outputs"), problems.toString());
        assertEquals("every weight is 0: nothing would ever move",
                assertThrows(IllegalArgumentException.class, () -> split.weights(0, 0)).getMessage());
    }
}
