package org.streamflex.dsp.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.Clock;
import org.streamflex.StreamFlexGraph;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.testing.Heap;
import org.streamflex.dsp.testing.Pools;
import org.streamflex.dsp.testing.Samples;
import org.streamflex.dsp.testing.ScalarSink;
import org.streamflex.dsp.testing.SegScript;
import org.streamflex.dsp.testing.SegSource;
import org.streamflex.runtime.GraphDriver;

/**
 * Dewindow emits every sample of every segment in order, and when its output channel is full keeps
 * the rest of the segment for later instead of losing it.
 */
class DoubleDewindowTest {
    private static final Timebase MIC = Timebase.of("dewindow-mic", 48_000, 0);
    private static final Timebase OTHER = Timebase.of("dewindow-other", 8_000, 0);

    /** source, dewindow, sink. */
    static final class DewindowGraph extends StreamFlexGraph {
        final SegSource source;
        final DoubleDewindow dewindow;
        final ScalarSink sink;

        DewindowGraph(int outCapacity) {
            Clock clock = makeClock(100);
            source = makeFilter(SegSource.class, SegSource.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            dewindow = makeFilter(DoubleDewindow.class);
            sink = makeFilter(ScalarSink.class, ScalarSink.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            connect(clock, source);
            connect(source, "out", dewindow, "in", 64);
            connect(dewindow, "out", sink, "in", outCapacity);
            validate();
        }

        long event(String name) {
            return counters().value(dewindow, "event." + name);
        }
    }

    /** Every sample of every segment of the script, in order, duplicates included: dewindow keeps no time. */
    private static List<Double> expected(SegScript script) {
        List<Double> values = new ArrayList<>();
        for (SegScript.Entry e : script.entries()) {
            for (long s = e.start(); s < e.end(); s++) {
                values.add(Samples.value(e.timebaseId(), s));
            }
        }
        return values;
    }

    private static List<Double> taken(ScalarSink sink) {
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < sink.count(); i++) {
            values.add(sink.value(i));
        }
        return values;
    }

    @Test
    void everySampleOfEverySegmentInOrder() {
        DewindowGraph graph = new DewindowGraph(1024);
        SegScript script = new SegScript().add(0, MIC, 0, 10).add(0, MIC, 10, 5).add(1, OTHER, 3, 7)
                .add(2, MIC, 12, 0).add(2, MIC, 4, 3);
        script.load(graph.source);
        GraphDriver.of(graph).run(4);
        assertEquals(expected(script), taken(graph.sink));
        assertEquals(0, graph.event("output-full"));
    }

    @Test
    void aFullOutputChannelKeepsTheRestOfTheSegmentAndLosesNothing() {
        DewindowGraph graph = new DewindowGraph(5);
        SegScript script = new SegScript();
        for (int i = 0; i < 10; i++) {
            script.add(i, MIC, 32L * i, 32);
        }
        script.load(graph.source);
        GraphDriver.of(graph).run(200);
        assertEquals(expected(script), taken(graph.sink), "all 320 samples, in order");
        long refused = graph.channel(graph.dewindow, "out").dropped();
        assertTrue(refused > 0, "the channel was full");
        assertEquals(refused, graph.event("output-full"), "every refusal was a sample kept, not lost");
        assertEquals(0, graph.channel(graph.source, "out[0]").dropped(), "it took a segment only when it had room");
    }

    @Test
    void noHeapBytesPerSegmentAfterWarmUpAndEveryBufferBackInThePool() {
        DewindowGraph graph = new DewindowGraph(16);
        SegScript script = SegScript.periodic(200, MIC, OTHER);
        Pools pools = Pools.baseline();
        script.load(graph.source);
        GraphDriver driver = GraphDriver.of(graph).run(800);
        Heap.assertNone(graph, driver, 300, graph.dewindow);
        driver.run(3_000);
        assertEquals(expected(script), taken(graph.sink));
        pools.assertEveryBufferIdle(graph.dewindow);
    }
}
