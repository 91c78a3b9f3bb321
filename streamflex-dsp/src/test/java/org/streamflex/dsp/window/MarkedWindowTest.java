package org.streamflex.dsp.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.streamflex.Clock;
import org.streamflex.StreamFlexGraph;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.testing.Heap;
import org.streamflex.dsp.testing.Pools;
import org.streamflex.dsp.testing.Recorded;
import org.streamflex.dsp.testing.Recorded.Extent;
import org.streamflex.dsp.testing.SegScript;
import org.streamflex.dsp.testing.SegSink;
import org.streamflex.dsp.testing.SegSource;
import org.streamflex.runtime.GraphDriver;

/**
 * A marking dewindow and a marked window carry time across a scalar stream: WaveScript's rule
 * {@code window(n, dewindow(s)) = rewindow(n, 0, s)} holds with gaps, overlaps and timebase
 * changes, and back-pressure on either stream loses nothing.
 */
class MarkedWindowTest {
    private static final Timebase MIC = Timebase.of("marked-mic", 48_000, 0);
    private static final Timebase OTHER = Timebase.of("marked-other", 48_000, 20_833);
    private static final int WIDE = 4096;

    /** source, marking dewindow, (scalars and marks), marked window(n), sink. */
    static final class MarkedGraph extends StreamFlexGraph {
        final SegSource source;
        final DoubleMarkingDewindow dewindow;
        final DoubleMarkedWindow window;
        final SegSink sink;

        MarkedGraph(int n, int scalarCapacity, int markCapacity) {
            Clock clock = makeClock(100);
            source = makeFilter(SegSource.class, SegSource.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            dewindow = makeFilter(DoubleMarkingDewindow.class);
            window = makeFilter(DoubleMarkedWindow.class);
            window.configure(n);
            sink = makeFilter(SegSink.class, SegSink.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            connect(clock, source);
            connect(source, "out", dewindow, "in", WIDE);
            connect(dewindow, "out", window, "in", scalarCapacity);
            connect(dewindow, "marks", window, "marks", markCapacity);
            connect(window, "out", sink, "in", WIDE);
            validate();
        }

        long event(String name) {
            return counters().value(window, "event." + name);
        }
    }

    private static List<Extent> run(MarkedGraph graph, SegScript script, int releases) {
        script.load(graph.source);
        GraphDriver.of(graph).run(releases);
        assertEquals(0, Recorded.mismatches(graph.sink), "every sample at the time its mark gives");
        return Recorded.extents(Recorded.of(graph.sink));
    }

    @Test
    void windowOfMarkedDewindowIsRewindowWithoutOverlap() {
        SplittableRandom random = new SplittableRandom(23);
        for (int trial = 0; trial < 24; trial++) {
            int n = 1 + random.nextInt(24);
            SegScript script = SegScript.random(random, 80, MIC, OTHER);
            MarkedGraph marked = new MarkedGraph(n, WIDE, WIDE);
            List<Extent> windowed = run(marked, script, script.lastRelease() + 2);
            RewindowTest.RewindowGraph rewindowed = new RewindowTest.RewindowGraph(n, 0);
            script.load(rewindowed.source);
            GraphDriver.of(rewindowed).run(script.lastRelease() + 2);
            String law = "trial " + trial + ": window(" + n + ", dewindow(s)) = rewindow(" + n + ", 0, s)";
            assertEquals(Recorded.extents(Recorded.of(rewindowed.sink)), windowed, law);
            assertEquals(RewindowTest.reference(script, n, 0, GapPolicy.EMIT_SHORT), windowed, law);
            for (String event : List.of("gap", "timebase-change", "input-overlap", "input-in-past")) {
                assertEquals(rewindowed.counters().value(rewindowed.rewindow, "event." + event), marked.event(event),
                        law + ": " + event);
            }
        }
    }

    @Test
    void fullScalarAndMarkChannelsHoldSegmentsBackAndLoseNothing() {
        SegScript script = SegScript.random(new SplittableRandom(29), 120, MIC, OTHER);
        MarkedGraph graph = new MarkedGraph(10, 7, 1);
        List<Extent> windowed = run(graph, script, 2_000);
        assertEquals(RewindowTest.reference(script, 10, 0, GapPolicy.EMIT_SHORT), windowed);
        long refusedSamples = graph.channel(graph.dewindow, "out").dropped();
        long refusedMarks = graph.channel(graph.dewindow, "marks").dropped();
        assertTrue(refusedSamples > 0 && refusedMarks > 0, refusedSamples + " and " + refusedMarks);
        assertEquals(refusedSamples, graph.counters().value(graph.dewindow, "event.output-full"));
        assertEquals(refusedMarks, graph.counters().value(graph.dewindow, "event.marks-full"));
    }

    @Test
    void aBadConfigurationNamesTheFilterAndTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MarkedGraph(0, 8, 8));
        assertEquals("DoubleMarkedWindow.configure(n 0): a window has at least one sample", e.getMessage());
    }

    @Test
    void noHeapBytesPerSegmentAfterWarmUpAndEveryBufferBackInThePool() {
        MarkedGraph graph = new MarkedGraph(16, 256, 16);
        SegScript script = SegScript.periodic(250, MIC, OTHER);
        Pools pools = Pools.baseline();
        script.load(graph.source);
        GraphDriver driver = GraphDriver.of(graph).run(1_000);
        Heap.assertNone(graph, driver, 300, graph.dewindow, graph.window);
        driver.run(3_000);
        assertEquals(RewindowTest.reference(script, 16, 0, GapPolicy.EMIT_SHORT),
                Recorded.extents(Recorded.of(graph.sink)));
        pools.assertEveryBufferIdle(graph.dewindow, graph.window);
    }
}
