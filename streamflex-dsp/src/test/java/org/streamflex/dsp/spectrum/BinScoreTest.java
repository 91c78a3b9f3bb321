package org.streamflex.dsp.spectrum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;
import org.streamflex.dsp.ComplexSeg;
import org.streamflex.dsp.ComplexSource;
import org.streamflex.dsp.FloatSource;
import org.streamflex.dsp.OpGraph;
import org.streamflex.dsp.SegSizeException;
import org.streamflex.dsp.Signals;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.TimedValueSink;
import org.streamflex.runtime.GraphDriver;

/** The {@link BinScore} operator: BinMagnitudes' scores of each spectrum, with the window's time range. */
class BinScoreTest {
    private static final Timebase AUDIO = Timebase.of("audio", 8000, 0);

    private static final class Rig {
        final OpGraph graph = new OpGraph();
        final FloatSource source = graph.recorder(FloatSource.class);
        final Fft fft = graph.filter(Fft.class);
        final BinScore score = graph.filter(BinScore.class);
        final TimedValueSink sink = graph.recorder(TimedValueSink.class);

        Rig() {
            fft.configure(32);
            graph.chain(source, fft, score, sink).check();
            source.timebase(AUDIO);
        }
    }

    private static float[] bins(float[] x, int from) {
        RealFft kernel = new RealFft(32);
        float[] bins = new float[34];
        kernel.forward(x, from, bins, 0);
        return bins;
    }

    @Test
    void theDefaultScoreIsTheSumOfTheMagnitudesOfEveryBinWithTheWindowsTimeRange() {
        Rig rig = new Rig();
        float[] x = Signals.noise(32 * 4, 41);
        rig.source.signal(x);
        rig.source.script(new int[] {32, 32, 32}, new long[] {0, 32, 0}, false);
        GraphDriver.of(rig.graph).run(4);
        assertEquals(3, rig.sink.count);
        int[] starts = {0, 64, 96};
        for (int i = 0; i < 3; i++) {
            double expected = BinMagnitudes.sumOfMagnitudes(bins(x, starts[i] % x.length), 0, 0, 17);
            assertEquals(expected, rig.sink.value(i), "window " + i + ": the kernel's value exactly");
            assertEquals(starts[i] * 125_000L, rig.sink.start(i), "8000 Hz: 125 us a sample");
            assertEquals((starts[i] + 32) * 125_000L, rig.sink.end(i));
        }
        rig.graph.stop();
    }

    @Test
    void weightsMakeTheWeightedSumOfMagnitudes() {
        Rig rig = new Rig();
        float[] weights = Signals.noise(17, 42);
        rig.score.configure(weights);
        float[] x = Signals.noise(64, 43);
        rig.source.signal(x);
        rig.source.contiguous(32, 2, false);
        GraphDriver.of(rig.graph).run(3);
        for (int i = 0; i < 2; i++) {
            double expected = BinMagnitudes.weightedSumOfMagnitudes(bins(x, 32 * i), 0, weights, 0, 0, 17);
            assertEquals(expected, rig.sink.value(i), "window " + i);
        }
        rig.graph.stop();
    }

    @Test
    void aSpectrumWithAnotherNumberOfBinsThanWeightsIsRefused() {
        Rig rig = new Rig();
        rig.score.configure(new float[16]);
        rig.source.signal(Signals.noise(32, 44));
        rig.source.contiguous(32, 1, false);
        BoundaryError e = assertThrows(BoundaryError.class, () -> GraphDriver.of(rig.graph).run(1));
        assertEquals("BinScore", e.filterName());
        assertEquals(SegSizeException.class.getName(), e.causeClassName());
        assertTrue(e.causeMessage().startsWith("BinScore configured for 16 got ComplexSeg[audio@8000Hz samples 0..17"
                + " (17), 1 piece] of 17: the score has one weight per bin"), e.causeMessage());
    }

    /** Appends each pair of spectra into one of two pieces. */
    public static final class PairUp extends Filter {
        private SharedChannel<ComplexSeg> in;
        private SharedChannel<ComplexSeg> out;
        private final SharedQueue<ComplexSeg> held = new SharedQueue<>(1);

        @Override
        public void work() {
            ComplexSeg next = in.take();
            if (held.isEmpty()) {
                held.add(next);
                return;
            }
            ComplexSeg first = held.removeFirst();
            out.put(first.append(next));
        }
    }

    @Test
    void aSpectrumInSeveralPiecesIsReadPieceByPiece() {
        OpGraph graph = new OpGraph();
        ComplexSource source = graph.recorder(ComplexSource.class);
        PairUp pairs = graph.filter(PairUp.class);
        BinScore score = graph.filter(BinScore.class);
        TimedValueSink sink = graph.recorder(TimedValueSink.class);
        graph.chain(source, pairs, score, sink).check();
        float[] parts = Signals.noise(2 * 40, 45);
        source.signal(parts);
        source.contiguous(20, 2, false);
        GraphDriver.of(graph).run(3);
        assertEquals(1, sink.count);
        assertEquals(BinMagnitudes.sumOfMagnitudes(parts, 0, 0, 40), sink.value(0));
        graph.stop();
    }

    @Test
    void aWarmBinScoreAllocatesNothingPerSpectrumAndGivesEveryBufferBack() {
        long inUse = OpGraph.buffersInUse();
        Rig rig = new Rig();
        rig.score.configure(Signals.noise(17, 46));
        rig.source.signal(Signals.noise(4096, 47));
        rig.source.contiguous(32, 128, true);
        OpGraph.assertNoHeapBytesPerWork(rig.graph, GraphDriver.of(rig.graph), rig.score, 3000, 1000);
        assertEquals(inUse, OpGraph.buffersInUse());
        rig.graph.stop();
    }
}
