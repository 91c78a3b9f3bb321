package org.streamflex.dsp.join;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.Clock;
import org.streamflex.Joiner;
import org.streamflex.StreamFlexGraph;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.testing.Heap;
import org.streamflex.dsp.testing.Pools;
import org.streamflex.dsp.testing.Recorded;
import org.streamflex.dsp.testing.Recorded.Window;
import org.streamflex.dsp.testing.SegScript;
import org.streamflex.dsp.testing.SegSink;
import org.streamflex.dsp.testing.SegSource;
import org.streamflex.dsp.testing.TaggedSink;
import org.streamflex.runtime.GraphDriver;

/**
 * Merging segment streams: the built-in Joiner passes the segments themselves on in arrival order,
 * and TaggedMerge does so with the number of the input each came from.
 */
class MergeTest {
    private static final Timebase LEFT = Timebase.of("merge-left", 48_000, 0);
    private static final Timebase RIGHT = Timebase.of("merge-right", 48_000, 0);

    /** source with two outputs, Joiner, sink. */
    static final class JoinerGraph extends StreamFlexGraph {
        final SegSource source;
        final Joiner joiner;
        final SegSink sink;

        JoinerGraph() {
            Clock clock = makeClock(100);
            source = makeFilter(SegSource.class, SegSource.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            joiner = makeFilter(Joiner.class);
            sink = makeFilter(SegSink.class, SegSink.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            connect(clock, source);
            connect(source, "out", joiner, 16);
            connect(source, "out", joiner, 16);
            connect(joiner, sink, 64);
            validate();
        }
    }

    /** source with two outputs, TaggedMerge, sink. */
    static final class TaggedGraph extends StreamFlexGraph {
        final SegSource source;
        final TaggedMerge merge;
        final TaggedSink sink;

        TaggedGraph() {
            Clock clock = makeClock(100);
            source = makeFilter(SegSource.class, SegSource.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            merge = makeFilter(TaggedMerge.class);
            sink = makeFilter(TaggedSink.class, TaggedSink.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            connect(clock, source);
            connect(source, "out", merge, "in", 16);
            connect(source, "out", merge, "in", 16);
            connect(merge, "out", sink, "in", 64);
            validate();
        }
    }

    /** Release 0: left 0, right 1, left 2; release 1: right 3, left 4. */
    private static SegScript twoInputs() {
        return new SegScript().add(0, 0, LEFT, 0, 16).add(0, 1, RIGHT, 0, 8).add(0, 0, LEFT, 16, 16)
                .add(1, 1, RIGHT, 8, 8).add(1, 0, LEFT, 32, 16);
    }

    @Test
    void theJoinerPassesTheSegmentsThemselvesOnInArrivalOrder() {
        JoinerGraph graph = new JoinerGraph();
        SegScript script = twoInputs();
        Pools pools = Pools.baseline();
        script.load(graph.source);
        GraphDriver.of(graph).run(3);
        List<Window> out = Recorded.of(graph.sink);
        int[] order = {0, 2, 1, 4, 3}; // each release: input by input, in connection order
        assertEquals(5, out.size());
        for (int k = 0; k < 5; k++) {
            assertEquals(Recorded.madeHeader(graph.source, order[k]), out.get(k).header(), "shared, not copied");
        }
        Recorded.assertCutFrom(out, script, graph.source);
        assertEquals(0, Recorded.mismatches(graph.sink));
        pools.assertEveryBufferIdle();
    }

    @Test
    void taggedMergeTagsEachSegmentWithItsInput() {
        TaggedGraph graph = new TaggedGraph();
        SegScript script = twoInputs();
        Pools pools = Pools.baseline();
        script.load(graph.source);
        GraphDriver.of(graph).run(3);
        List<Window> out = Recorded.of(graph.sink);
        assertEquals(List.of(0, 0, 1, 0, 1), Recorded.tags(graph.sink));
        int[] order = {0, 2, 1, 4, 3};
        for (int k = 0; k < 5; k++) {
            assertEquals(Recorded.madeHeader(graph.source, order[k]), out.get(k).header(), "the segment itself");
        }
        assertEquals(0, Recorded.mismatches(graph.sink));
        pools.assertEveryBufferIdle();
    }

    @Test
    void noHeapBytesPerSegmentAfterWarmUpInTaggedMerge() {
        TaggedGraph graph = new TaggedGraph();
        SegScript script = new SegScript();
        for (int r = 0; r < 1_500; r++) {
            script.add(r, r % 2, r % 3 == 0 ? LEFT : RIGHT, 8L * r, 8);
        }
        Pools pools = Pools.baseline();
        script.load(graph.source);
        GraphDriver driver = GraphDriver.of(graph).run(500);
        Heap.assertNone(graph, driver, 300, graph.merge);
        driver.run(1_000);
        assertEquals(1_500, Recorded.of(graph.sink).size());
        pools.assertEveryBufferIdle(graph.merge);
    }
}
