package org.streamflex.dsp.join;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.Clock;
import org.streamflex.StreamFlexGraph;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.testing.Heap;
import org.streamflex.dsp.testing.Pools;
import org.streamflex.dsp.testing.Recorded;
import org.streamflex.dsp.testing.Recorded.Window;
import org.streamflex.dsp.testing.SegScript;
import org.streamflex.dsp.testing.SegSource;
import org.streamflex.dsp.testing.TupleSink;
import org.streamflex.runtime.GraphDriver;

/** Zip pairs its inputs' segments by arrival order into tuples of the segments themselves. */
class ZipTest {
    private static final Timebase A = Timebase.of("zip-a", 48_000, 0);
    private static final Timebase B = Timebase.of("zip-b", 8_000, 0);
    private static final Timebase C = Timebase.of("zip-c", 100, 0);

    /** source with {@code inputs} outputs, zip, sink. */
    static final class ZipGraph extends StreamFlexGraph {
        final SegSource source;
        final Zip zip;
        final TupleSink sink;

        ZipGraph(int inputs, int inputCapacity) {
            Clock clock = makeClock(100);
            source = makeFilter(SegSource.class, SegSource.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            zip = makeFilter(Zip.class);
            sink = makeFilter(TupleSink.class, TupleSink.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            connect(clock, source);
            for (int i = 0; i < inputs; i++) {
                connect(source, "out", zip, "in", inputCapacity);
            }
            connect(zip, "out", sink, "in", 256);
            validate();
        }
    }

    @Test
    void segmentsArePairedByArrivalOrderOneFromEachInput() {
        ZipGraph graph = new ZipGraph(3, 16);
        // Time plays no part: other timebases, unrelated starts, arriving at different releases.
        SegScript script = new SegScript()
                .add(0, 0, A, 0, 10).add(0, 0, A, 10, 10).add(0, 0, A, 20, 10)
                .add(1, 1, B, 500, 4)
                .add(2, 1, B, 504, 4).add(2, 2, C, 7, 1).add(2, 2, C, 9, 2).add(2, 2, C, 3, 5).add(2, 2, C, 0, 1)
                .add(3, 0, A, 30, 10).add(3, 1, B, 508, 4).add(3, 1, B, 512, 4);
        script.load(graph.source);
        GraphDriver driver = GraphDriver.of(graph).run(2);
        assertEquals(0, Recorded.tuples(graph.sink).size(), "input 2 has nothing yet");
        driver.run(1);
        assertEquals(2, Recorded.tuples(graph.sink).size(), "input 1 has two");
        driver.run(2);
        List<List<Window>> tuples = Recorded.tuples(graph.sink);
        assertEquals(4, tuples.size());
        assertEquals(List.of(0L, 1L, 2L, 3L), Recorded.tags(graph.sink), "the pairing count");
        int[][] entries = {{0, 3, 5}, {1, 4, 6}, {2, 10, 7}, {9, 11, 8}};
        for (int t = 0; t < 4; t++) {
            for (int i = 0; i < 3; i++) {
                assertEquals(Recorded.madeHeader(graph.source, entries[t][i]), tuples.get(t).get(i).header(),
                        "tuple " + t + " place " + i + ": the segment itself");
            }
        }
        assertEquals(0, Recorded.mismatches(graph.sink));
        Recorded.assertCutFrom(Recorded.of(graph.sink), script, graph.source);
    }

    @Test
    void anInputThatRunsAheadOverflowsItsOwnChannelWhereItIsCounted() {
        ZipGraph graph = new ZipGraph(2, 4);
        SegScript script = new SegScript();
        for (int k = 0; k < 10; k++) {
            script.add(0, 0, A, 10L * k, 10);
        }
        for (int k = 0; k < 4; k++) {
            script.add(1 + k, 1, B, 10L * k, 10);
        }
        script.load(graph.source);
        GraphDriver.of(graph).run(6);
        assertEquals(6, graph.channel(graph.zip, "in[0]").dropped(), "four fit, six were dropped");
        assertEquals(0, graph.channel(graph.zip, "in[1]").dropped());
        List<List<Window>> tuples = Recorded.tuples(graph.sink);
        assertEquals(4, tuples.size(), "the four that fit, each with its partner");
        for (int t = 0; t < 4; t++) {
            assertEquals(Recorded.madeHeader(graph.source, t), tuples.get(t).get(0).header());
            assertEquals(Recorded.madeHeader(graph.source, 10 + t), tuples.get(t).get(1).header());
        }
    }

    @Test
    void noHeapBytesPerTupleAfterWarmUpAndEveryBufferBackInThePool() {
        ZipGraph graph = new ZipGraph(2, 16);
        SegScript script = new SegScript();
        for (int r = 0; r < 2_000; r++) {
            script.add(r, 0, A, 16L * r, 16);
            if (r % 2 == 1) {
                script.add(r, 1, B, 8L * r, 8).add(r, 1, B, 8L * r + 8, 8);
            }
        }
        Pools pools = Pools.baseline();
        script.load(graph.source);
        GraphDriver driver = GraphDriver.of(graph).run(600);
        Heap.assertNone(graph, driver, 300, graph.zip);
        driver.run(2_000);
        assertEquals(2_000, Recorded.tuples(graph.sink).size());
        pools.assertEveryBufferIdle(graph.zip);
    }
}
