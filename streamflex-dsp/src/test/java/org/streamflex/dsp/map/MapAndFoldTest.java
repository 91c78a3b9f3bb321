package org.streamflex.dsp.map;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.streamflex.dsp.DoubleSink;
import org.streamflex.dsp.DoubleSource;
import org.streamflex.dsp.FloatSink;
import org.streamflex.dsp.FloatSource;
import org.streamflex.dsp.OpGraph;
import org.streamflex.dsp.ShortSource;
import org.streamflex.dsp.Signals;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.TimedValueSink;
import org.streamflex.runtime.GraphDriver;

/**
 * Maps and folds over segments, from the {@code double} templates and their generated siblings:
 * values, time kept, one value per segment, and nothing allocated per segment; and {@link ToFloat}.
 */
class MapAndFoldTest {
    private static final Timebase SENSOR = Timebase.of("sensor", 100, 5_000_000_000L);

    /** {@code 3x + 1}: a map with no state. */
    public static final class Affine extends DoubleMap {
        @Override
        protected double apply(double x) {
            return 3 * x + 1;
        }
    }

    /** {@code |x|} over floats, from the generated FloatMap. */
    public static final class Rectify extends FloatMap {
        @Override
        protected float apply(float x) {
            return Math.abs(x);
        }
    }

    /** The largest magnitude, starting from 1. */
    public static final class PeakAboveOne extends DoubleFold {
        @Override
        protected double combine(double acc, double x) {
            return Math.max(acc, Math.abs(x));
        }

        @Override
        protected double initial() {
            return 1;
        }
    }

    /** A 16-bit sum that wraps, from the generated ShortFold. */
    public static final class ShortSum extends ShortFold {
        @Override
        protected short combine(short acc, short x) {
            return (short) (acc + x);
        }
    }

    private static double[] ramp(int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * 0.5 - 100;
        }
        return x;
    }

    @Test
    void aMapAppliesItsFunctionToEverySampleAndKeepsTheSegmentsTime() {
        OpGraph graph = new OpGraph();
        DoubleSource source = graph.recorder(DoubleSource.class);
        Affine map = graph.filter(Affine.class);
        DoubleSink sink = graph.recorder(DoubleSink.class);
        graph.chain(source, map, sink).check();
        double[] x = ramp(1000);
        source.timebase(SENSOR);
        source.signal(x);
        source.script(new int[] {300, 0, 700}, new long[] {0, 0, 0}, false);
        GraphDriver.of(graph).run(4);
        assertEquals(3, sink.recorded());
        int[] lengths = {300, 0, 700};
        int at = 0;
        for (int i = 0; i < 3; i++) {
            assertEquals(at, sink.start(i));
            assertEquals(lengths[i], sink.length(i));
            assertEquals(100.0, sink.timebase(i).sampleRate(), "the input's timebase");
            for (int j = 0; j < lengths[i]; j++) {
                assertEquals(3 * x[at + j] + 1, sink.sample(i, j));
            }
            at += lengths[i];
        }
        graph.stop();
    }

    @Test
    void aGeneratedFloatMapWorksAsTheTemplate() {
        OpGraph graph = new OpGraph();
        FloatSource source = graph.recorder(FloatSource.class);
        Rectify map = graph.filter(Rectify.class);
        FloatSink sink = graph.recorder(FloatSink.class);
        graph.chain(source, map, sink).check();
        float[] x = Signals.noise(600, 101);
        source.signal(x);
        source.contiguous(600, 1, false);
        GraphDriver.of(graph).run(2);
        for (int j = 0; j < 600; j++) {
            assertEquals(Math.abs(x[j]), sink.sample(0, j));
        }
        graph.stop();
    }

    @Test
    void aFoldGivesOneValuePerSegmentWithItsTimeRangeAndAnEmptySegmentFoldsToTheInitialValue() {
        OpGraph graph = new OpGraph();
        DoubleSource source = graph.recorder(DoubleSource.class);
        PeakAboveOne fold = graph.filter(PeakAboveOne.class);
        TimedValueSink sink = graph.recorder(TimedValueSink.class);
        graph.chain(source, fold, sink).check();
        double[] x = ramp(1000);
        source.timebase(SENSOR);
        source.signal(x);
        source.script(new int[] {100, 0, 600}, new long[] {0, 0, 300}, false);
        GraphDriver.of(graph).run(4);
        assertEquals(3, sink.count);
        assertEquals(100.0, sink.value(0), "|x| peaks at the first sample, -100");
        assertEquals(1.0, sink.value(1), "initial()");
        assertEquals(Math.max(Math.abs(x[400]), Math.abs(x[999])), sink.value(2));
        assertEquals(SENSOR.timeNanos(0), sink.start(0));
        assertEquals(SENSOR.timeNanos(100), sink.end(0));
        assertEquals(SENSOR.timeNanos(400), sink.start(2));
        assertEquals(5_000_000_000L + 10_000_000_000L, sink.end(2), "sample 1000 at 100 Hz, after the origin");
        graph.stop();
    }

    @Test
    void aGeneratedShortFoldWrapsAsJavasShortArithmetic() {
        OpGraph graph = new OpGraph();
        ShortSource source = graph.recorder(ShortSource.class);
        ShortSum fold = graph.filter(ShortSum.class);
        TimedValueSink sink = graph.recorder(TimedValueSink.class);
        graph.chain(source, fold, sink).check();
        short[] x = new short[1000];
        short expected = 0;
        for (int i = 0; i < x.length; i++) {
            x[i] = (short) (i * 97);
            expected = (short) (expected + x[i]);
        }
        source.signal(x);
        source.contiguous(1000, 1, false);
        GraphDriver.of(graph).run(2);
        assertEquals(expected, sink.value(0));
        graph.stop();
    }

    @Test
    void toFloatScalesPcm16IntoMinusOneToOne() {
        OpGraph graph = new OpGraph();
        ShortSource source = graph.recorder(ShortSource.class);
        ToFloat pcm = graph.filter(ToFloat.class);
        FloatSink sink = graph.recorder(FloatSink.class);
        graph.chain(source, pcm, sink).check();
        short[] x = new short[700];
        for (int i = 0; i < x.length; i++) {
            x[i] = (short) (i * 331 - 32768);
        }
        x[0] = Short.MIN_VALUE;
        x[1] = Short.MAX_VALUE;
        x[2] = 0;
        source.timebase(SENSOR);
        source.signal(x);
        source.contiguous(700, 1, false);
        GraphDriver.of(graph).run(2);
        assertEquals(-1f, sink.sample(0, 0));
        assertEquals(32767f / 32768f, sink.sample(0, 1));
        assertEquals(0f, sink.sample(0, 2));
        for (int j = 0; j < 700; j++) {
            assertEquals(x[j] / 32768.0, sink.sample(0, j), 0.0, "exact");
        }
        assertEquals(100.0, sink.timebase(0).sampleRate());
        graph.stop();
    }

    @Test
    void warmMapsAndFoldsAllocateNothingPerSegmentAndGiveEveryBufferBack() {
        long inUse = OpGraph.buffersInUse();
        OpGraph graph = new OpGraph();
        DoubleSource source = graph.recorder(DoubleSource.class);
        Affine map = graph.filter(Affine.class);
        PeakAboveOne fold = graph.filter(PeakAboveOne.class);
        TimedValueSink sink = graph.recorder(TimedValueSink.class);
        graph.chain(source, map, fold, sink).check();
        source.signal(ramp(4096));
        source.script(new int[] {1000, 3, 700, 256}, new long[4], true);
        GraphDriver driver = GraphDriver.of(graph);
        OpGraph.assertNoHeapBytesPerWork(graph, driver, map, 2000, 1000);
        OpGraph.assertNoHeapBytesPerWork(graph, driver, fold, 0, 1000);
        assertEquals(inUse, OpGraph.buffersInUse());
        graph.stop();

        OpGraph pcmGraph = new OpGraph();
        ShortSource pcmSource = pcmGraph.recorder(ShortSource.class);
        ToFloat pcm = pcmGraph.filter(ToFloat.class);
        FloatSink pcmSink = pcmGraph.recorder(FloatSink.class);
        pcmGraph.chain(pcmSource, pcm, pcmSink).check();
        pcmSource.signal(new short[] {1, -2, 3, 30_000});
        pcmSource.contiguous(512, 4, true);
        OpGraph.assertNoHeapBytesPerWork(pcmGraph, GraphDriver.of(pcmGraph), pcm, 2000, 1000);
        assertEquals(inUse, OpGraph.buffersInUse());
        pcmGraph.stop();
    }
}
