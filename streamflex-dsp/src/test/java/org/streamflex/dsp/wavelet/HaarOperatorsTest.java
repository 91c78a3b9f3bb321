package org.streamflex.dsp.wavelet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.dsp.FloatSink;
import org.streamflex.dsp.FloatSource;
import org.streamflex.dsp.OpGraph;
import org.streamflex.dsp.SegSizeException;
import org.streamflex.dsp.Signals;
import org.streamflex.dsp.Timebase;
import org.streamflex.runtime.GraphDriver;

/** {@link HaarWavelet} and {@link HaarEnergies}: the Haar kernel on each window, with the window's time. */
class HaarOperatorsTest {
    private static final Timebase AUDIO = Timebase.of("audio", 8000, 0);

    @Test
    void eachWindowBecomesItsCoefficientsCoarsestFirstOverTheWindowsRange() {
        OpGraph graph = new OpGraph();
        FloatSource source = graph.recorder(FloatSource.class);
        HaarWavelet dwt = graph.filter(HaarWavelet.class);
        FloatSink sink = graph.recorder(FloatSink.class);
        dwt.configure(64, 3);
        graph.chain(source, dwt, sink).check();
        float[] x = Signals.noise(64 * 3, 61);
        source.timebase(AUDIO);
        source.signal(x);
        source.script(new int[] {64, 64, 64}, new long[] {0, 64, 0}, false);
        GraphDriver.of(graph).run(4);
        assertEquals(3, sink.recorded());
        Haar kernel = new Haar(64, 3);
        long[] starts = {0, 128, 192};
        for (int i = 0; i < 3; i++) {
            float[] expected = new float[64];
            kernel.forward(Signals.window(x, (int) (starts[i] % x.length), 64), 0, expected, 0);
            assertEquals(starts[i], sink.start(i));
            assertEquals(64, sink.length(i));
            for (int j = 0; j < 64; j++) {
                assertEquals(expected[j], sink.sample(i, j), "window " + i + " coefficient " + j);
            }
        }
        graph.stop();
    }

    @Test
    void aShortWindowIsDroppedAndCountedAndALongOneRefused() {
        OpGraph graph = new OpGraph();
        FloatSource source = graph.recorder(FloatSource.class);
        HaarWavelet dwt = graph.filter(HaarWavelet.class);
        FloatSink sink = graph.recorder(FloatSink.class);
        dwt.configure(32, 2);
        graph.chain(source, dwt, sink).check();
        source.signal(Signals.noise(200, 62));
        source.script(new int[] {32, 20, 32, 64}, new long[] {0, 0, 0, 0}, false);
        GraphDriver driver = GraphDriver.of(graph);
        BoundaryError e = assertThrows(BoundaryError.class, () -> driver.run(5));
        assertEquals(2, sink.recorded());
        assertEquals(52, sink.start(1), "the window after the short one");
        assertEquals(1, graph.counters().value(dwt, "event.short-window"));
        assertEquals(SegSizeException.class.getName(), e.causeClassName());
        assertTrue(e.causeMessage().startsWith("HaarWavelet configured for 32 got FloatSeg[test@8000Hz samples 84..148"
                + " (64), 1 piece] of 64: the transform is for windows of exactly 32 samples"), e.causeMessage());
    }

    @Test
    void bandEnergiesAreTheKernelsAndAddUpToTheWindowsEnergy() {
        OpGraph graph = new OpGraph();
        FloatSource source = graph.recorder(FloatSource.class);
        HaarEnergies bands = graph.filter(HaarEnergies.class);
        BandEnergiesSink sink = graph.recorder(BandEnergiesSink.class);
        bands.configure(256, 5);
        graph.chain(source, bands, sink).check();
        float[] x = Signals.tones(512, 8000, 0.2, new double[] {100, 3000}, new double[] {1, 0.3});
        source.timebase(AUDIO);
        source.signal(x);
        source.contiguous(256, 2, false);
        GraphDriver.of(graph).run(3);
        assertEquals(2, sink.count);
        Haar kernel = new Haar(256, 5);
        for (int i = 0; i < 2; i++) {
            double[] expected = new double[6];
            kernel.bandEnergies(x, 256 * i, expected, 0);
            assertEquals(6, sink.bands(i));
            double total = 0;
            double energy = 0;
            for (int b = 0; b < 6; b++) {
                assertEquals(expected[b], sink.energy(i, b), "window " + i + " band " + b);
                total += sink.energy(i, b);
            }
            for (int j = 0; j < 256; j++) {
                energy += (double) x[256 * i + j] * x[256 * i + j];
            }
            assertEquals(energy, total, 1e-6 * energy, "Parseval");
            assertEquals(256L * i * 125_000, sink.start(i));
            assertEquals(256L * (i + 1) * 125_000, sink.end(i));
        }
        assertTrue(sink.energy(0, 0) > sink.energy(0, 5), "the 100 Hz tone's band holds more than the top band");
        graph.stop();
    }

    @Test
    void warmHaarOperatorsAllocateNothingPerWindowAndGiveEveryBufferBack() {
        long inUse = OpGraph.buffersInUse();
        OpGraph graph = new OpGraph();
        FloatSource source = graph.recorder(FloatSource.class);
        HaarWavelet dwt = graph.filter(HaarWavelet.class);
        FloatSink sink = graph.recorder(FloatSink.class);
        dwt.configure(512, 4);
        graph.chain(source, dwt, sink).check();
        source.signal(Signals.noise(4096, 63));
        source.contiguous(512, 8, true);
        OpGraph.assertNoHeapBytesPerWork(graph, GraphDriver.of(graph), dwt, 2000, 1000);
        assertEquals(inUse, OpGraph.buffersInUse());
        graph.stop();

        OpGraph energyGraph = new OpGraph();
        FloatSource energySource = energyGraph.recorder(FloatSource.class);
        HaarEnergies bands = energyGraph.filter(HaarEnergies.class);
        BandEnergiesSink energySink = energyGraph.recorder(BandEnergiesSink.class);
        bands.configure(512, 4);
        energyGraph.chain(energySource, bands, energySink).check();
        energySource.signal(Signals.noise(4096, 64));
        energySource.contiguous(512, 8, true);
        OpGraph.assertNoHeapBytesPerWork(energyGraph, GraphDriver.of(energyGraph), bands, 2000, 1000);
        assertEquals(inUse, OpGraph.buffersInUse());
        energyGraph.stop();
    }
}
