package org.streamflex.dsp.fir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.streamflex.dsp.FloatSink;
import org.streamflex.dsp.FloatSource;
import org.streamflex.dsp.OpGraph;
import org.streamflex.dsp.Timebase;
import org.streamflex.runtime.GraphDriver;

/**
 * The {@link Fir} operator: a stream cut into segments of any sizes is filtered as one signal, in
 * direct form or by overlap-save, and a gap or a timebase change starts a new run.
 */
class FirTest {
    private static final Timebase AUDIO = Timebase.of("audio", 16_000, 0);

    private static final class Rig {
        final OpGraph graph = new OpGraph();
        final FloatSource source = graph.recorder(FloatSource.class);
        final Fir fir = graph.filter(Fir.class);
        final FloatSink sink = graph.recorder(FloatSink.class);

        Rig(float[] taps) {
            fir.configure(taps);
            graph.chain(source, fir, sink).check();
            source.timebase(AUDIO);
        }

        /** Runs the script and returns the output, every segment's samples one after the other. */
        float[] run(float[] signal, int[] lengths, long[] gaps) {
            source.signal(signal);
            source.script(lengths, gaps, false);
            GraphDriver.of(graph).run(lengths.length + 1);
            graph.stop();
            assertEquals(lengths.length, sink.recorded());
            float[] out = new float[sink.sampleCount()];
            sink.copySamples(out);
            return out;
        }
    }

    private static int[] segmentSizes(int total, Random random) {
        return DirectConvolution.randomSplit(total, 700, random);
    }

    @Test
    void aStreamInRandomSegmentsIsFilteredInDirectFormAsOneSignalBitForBit() {
        Random random = new Random(51);
        float[] taps = DirectConvolution.noise(31, random);
        float[] x = DirectConvolution.noise(6000, random);
        int[] sizes = segmentSizes(x.length, random);
        Rig rig = new Rig(taps);
        assertFalse(rig.fir.overlapSave(), "31 taps: direct form");
        float[] y = rig.run(x, sizes, new long[sizes.length]);

        float[] whole = new float[x.length];
        new FirFilter(taps).filter(x, 0, whole, 0, x.length);
        double[] exact = DirectConvolution.of(taps, x);
        double[] scale = DirectConvolution.absoluteSums(taps, x);
        long start = 0;
        for (int i = 0; i < sizes.length; i++) {
            assertEquals(start, rig.sink.start(i));
            assertEquals(sizes[i], rig.sink.length(i));
            start += sizes[i];
        }
        for (int t = 0; t < x.length; t++) {
            assertEquals(whole[t], y[t], "sample " + t + ": the kernel on the whole signal, bit for bit");
            double bound = Math.ulp(1f) / 2 * Math.abs(exact[t]) + taps.length * 0x1p-53 * scale[t];
            assertTrue(Math.abs(y[t] - exact[t]) <= bound, "sample " + t);
        }
    }

    @Test
    void longTapsRunByOverlapSaveWithinItsBoundOfDirectConvolution() {
        Random random = new Random(52);
        float[] taps = DirectConvolution.noise(127, random);
        float[] x = DirectConvolution.noise(8000, random);
        int[] sizes = segmentSizes(x.length, random);
        Rig rig = new Rig(taps);
        assertTrue(rig.fir.overlapSave(), "127 taps: overlap-save");
        float[] y = rig.run(x, sizes, new long[sizes.length]);

        double[] exact = DirectConvolution.of(taps, x);
        double peak = 0;
        for (double v : exact) {
            peak = Math.max(peak, Math.abs(v));
        }
        for (int t = 0; t < x.length; t++) {
            assertEquals(exact[t], y[t], 1e-5 * peak, "sample " + t);
        }
    }

    @Test
    void theThresholdChoosesTheKernel() {
        Rig rig = new Rig(new float[] {1f});
        rig.fir.configure(new float[64]);
        assertTrue(rig.fir.overlapSave(), "64 taps reach the default threshold");
        rig.fir.configure(new float[63]);
        assertFalse(rig.fir.overlapSave());
        rig.fir.configure(new float[200], Integer.MAX_VALUE);
        assertFalse(rig.fir.overlapSave(), "never");
        rig.fir.configure(new float[3], 1);
        assertTrue(rig.fir.overlapSave(), "always");
        assertEquals(3, rig.fir.taps());
    }

    @Test
    void aGapAnOverlapOrATimebaseChangeStartsANewRunAndIsCounted() {
        Random random = new Random(53);
        float[] taps = DirectConvolution.noise(17, random);
        float[] x = DirectConvolution.noise(1000, random);
        Rig rig = new Rig(taps);
        // [0, 100) | gap | [150, 250) [250, 350) | other timebase [350, 450) | back [450, 550) | overlap [530, 630)
        rig.source.otherTimebase(Timebase.of("other", 16_000, 0), new int[] {3});
        int[] lengths = {100, 100, 100, 100, 100, 100};
        float[] y = rig.run(x, lengths, new long[] {0, 50, 0, 0, 0, -20});

        int[][] runs = {{0, 100}, {150, 350}, {350, 450}, {450, 550}, {530, 630}};
        float[] expected = new float[600];
        int at = 0;
        for (int[] run : runs) {
            int length = run[1] - run[0];
            new FirFilter(taps).filter(x, run[0], expected, at, length);
            at += length;
        }
        for (int t = 0; t < 600; t++) {
            assertEquals(expected[t], y[t], "output " + t + ": each run filtered from zero history");
        }
        assertEquals(2, rig.graph.counters().value(rig.fir, "event.gap-reset"), "the gap and the overlap");
        assertEquals(2, rig.graph.counters().value(rig.fir, "event.timebase-reset"), "onto the other and back");
    }

    @Test
    void aWarmFirAllocatesNothingPerSegmentInEitherFormAndGivesEveryBufferBack() {
        for (int m : new int[] {31, 255}) {
            long inUse = OpGraph.buffersInUse();
            Rig rig = new Rig(DirectConvolution.noise(m, new Random(m)));
            float[] x = DirectConvolution.noise(4096, new Random(54));
            rig.source.signal(x);
            int[] sizes = Arrays.copyOf(segmentSizes(4096, new Random(55)), 64);
            for (int i = 0; i < sizes.length; i++) {
                sizes[i] = Math.max(1, sizes[i]);
            }
            rig.source.script(sizes, new long[sizes.length], true);
            OpGraph.assertNoHeapBytesPerWork(rig.graph, GraphDriver.of(rig.graph), rig.fir, 3000, 1000);
            assertEquals(inUse, OpGraph.buffersInUse(), m + " taps");
            rig.graph.stop();
        }
    }
}
