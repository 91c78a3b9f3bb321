package org.streamflex.dsp.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.FloatSink;
import org.streamflex.dsp.FloatSource;
import org.streamflex.dsp.OpGraph;
import org.streamflex.dsp.Signals;
import org.streamflex.dsp.Timebase;
import org.streamflex.runtime.GraphDriver;

/**
 * XStream's STATFILTER as {@link StdDevAbove} then {@link MeanBelow}: the windows kept are the
 * source's own segments, shared and not copied; and {@link WindowStats}' moments.
 */
class StatFilterTest {
    private static final Timebase AUDIO = Timebase.of("audio", 44_100, 0);
    private static final int WINDOW = 4096;

    /** Windows alternately loud or quiet and with a positive or negative DC offset. */
    private static float[] signal(int windows) {
        float[] x = new float[windows * WINDOW];
        float[] noise = Signals.noise(x.length, 91);
        for (int w = 0; w < windows; w++) {
            double gain = w % 2 == 0 ? 0.5 : 0.01;
            double offset = w % 3 == 0 ? 0.2 : -0.2;
            for (int i = 0; i < WINDOW; i++) {
                x[w * WINDOW + i] = (float) (offset + gain * noise[w * WINDOW + i]);
            }
        }
        return x;
    }

    @Test
    void theWindowsKeptAreTheSourcesOwnSegmentsWithEnoughDeviationAndALowEnoughMean() {
        OpGraph graph = new OpGraph();
        FloatSource source = graph.recorder(FloatSource.class);
        StdDevAbove loud = graph.filter(StdDevAbove.class);
        MeanBelow low = graph.filter(MeanBelow.class);
        FloatSink sink = graph.recorder(FloatSink.class);
        loud.configure(0.1);
        low.configure(0.0);
        graph.chain(source, loud, low, sink).check();
        int windows = 12;
        float[] x = signal(windows);
        source.timebase(AUDIO);
        source.signal(x);
        source.contiguous(WINDOW, windows, false);
        GraphDriver.of(graph).run(windows + 1);

        int kept = 0;
        for (int w = 0; w < windows; w++) {
            FloatSeg window = FloatSeg.copyOf(AUDIO, (long) w * WINDOW, x, w * WINDOW, WINDOW);
            boolean expected = Stats.std(window) > 0.1 && Stats.mean(window) < 0.0;
            window.release();
            assertEquals(w % 2 == 0 && w % 3 != 0, expected, "the signal is built so");
            if (expected) {
                assertEquals((long) w * WINDOW, sink.start(kept));
                assertEquals(source.identity(w), sink.identity(kept), "window " + w + " is the source's segment");
                kept++;
            }
        }
        assertEquals(kept, sink.recorded());
        assertEquals(4, kept);
        graph.stop();
    }

    @Test
    void windowStatsAreTheWindowsMeanAndDeviationWithItsTimes() {
        OpGraph graph = new OpGraph();
        FloatSource source = graph.recorder(FloatSource.class);
        WindowStats stats = graph.filter(WindowStats.class);
        WindowMomentsSink sink = graph.recorder(WindowMomentsSink.class);
        graph.chain(source, stats, sink).check();
        float[] x = signal(3);
        source.timebase(AUDIO);
        source.signal(x);
        source.script(new int[] {WINDOW, 100, 0}, new long[] {0, 0, 0}, false);
        GraphDriver.of(graph).run(4);
        assertEquals(3, sink.count);
        int[] lengths = {WINDOW, 100, 0};
        int at = 0;
        for (int i = 0; i < 3; i++) {
            FloatSeg window = FloatSeg.copyOf(AUDIO, at, x, at, lengths[i]);
            assertEquals(lengths[i], sink.samples(i));
            assertEquals(Stats.mean(window), sink.mean(i), "window " + i);
            assertEquals(Stats.std(window), sink.std(i), "window " + i);
            assertEquals(AUDIO.timeNanos(at), sink.start(i));
            assertEquals(AUDIO.timeNanos(at + lengths[i]), sink.end(i));
            window.release();
            at += lengths[i];
        }
        assertTrue(Double.isNaN(sink.mean(2)), "an empty window has no mean");
        graph.stop();
    }

    @Test
    void aWarmStatFilterAllocatesNothingPerWindowAndGivesEveryBufferBack() {
        long inUse = OpGraph.buffersInUse();
        OpGraph graph = new OpGraph();
        FloatSource source = graph.recorder(FloatSource.class);
        StdDevAbove loud = graph.filter(StdDevAbove.class);
        MeanBelow low = graph.filter(MeanBelow.class);
        WindowStats stats = graph.filter(WindowStats.class);
        WindowMomentsSink sink = graph.recorder(WindowMomentsSink.class);
        loud.configure(0.1);
        low.configure(0.0);
        graph.chain(source, loud, low, stats, sink).check();
        source.signal(signal(12));
        source.contiguous(WINDOW, 12, true);
        GraphDriver driver = GraphDriver.of(graph);
        OpGraph.assertNoHeapBytesPerWork(graph, driver, loud, 1000, 500);
        OpGraph.assertNoHeapBytesPerWork(graph, driver, low, 0, 500);
        OpGraph.assertNoHeapBytesPerWork(graph, driver, stats, 0, 500);
        assertEquals(inUse, OpGraph.buffersInUse());
        graph.stop();
    }
}
