package org.streamflex.dsp.spectrum;

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
import org.streamflex.runtime.GraphDriver;

/** The {@link Ifft} operator: spectra back to their windows, at the spectrum's time. */
class IfftTest {
    private static final class Rig {
        final OpGraph graph = new OpGraph();
        final FloatSource source = graph.recorder(FloatSource.class);
        final Fft fft = graph.filter(Fft.class);
        final Ifft ifft = graph.filter(Ifft.class);
        final FloatSink sink = graph.recorder(FloatSink.class);

        Rig(int fftSize, int ifftSize) {
            fft.configure(fftSize);
            ifft.configure(ifftSize);
            graph.chain(source, fft, ifft, sink).check();
        }
    }

    @Test
    void fftThenIfftGivesBackEachWindowAtItsStart() {
        Rig rig = new Rig(64, 64);
        float[] x = Signals.noise(64 * 5, 11);
        rig.source.signal(x);
        rig.source.script(new int[] {64, 64, 64, 64}, new long[] {0, 0, 64, 0}, false);
        GraphDriver.of(rig.graph).run(5);
        assertEquals(4, rig.sink.recorded());
        double tolerance = NaiveDft.fftTolerance(64) * NaiveDft.peak(x);
        long[] starts = {0, 64, 192, 256};
        for (int i = 0; i < 4; i++) {
            assertEquals(starts[i], rig.sink.start(i));
            assertEquals(64, rig.sink.length(i));
            for (int j = 0; j < 64; j++) {
                assertEquals(x[(int) starts[i] + j], rig.sink.sample(i, j), tolerance, "window " + i + " sample " + j);
            }
        }
        rig.graph.stop();
    }

    @Test
    void aSpectrumOfAnotherSizeIsRefusedNamingIt() {
        Rig rig = new Rig(64, 32);
        rig.source.signal(Signals.noise(64, 12));
        rig.source.contiguous(64, 1, false);
        BoundaryError e = assertThrows(BoundaryError.class, () -> GraphDriver.of(rig.graph).run(1));
        assertEquals("Ifft", e.filterName());
        assertEquals(SegSizeException.class.getName(), e.causeClassName());
        assertTrue(e.causeMessage().startsWith("Ifft configured for 32 got ComplexSeg[test@8000Hz samples 0..33 (33),"
                + " 1 piece] of 33: its fftSize is 64"), e.causeMessage());
    }

    @Test
    void aWarmIfftAllocatesNothingPerSpectrumAndGivesEveryBufferBack() {
        long inUse = OpGraph.buffersInUse();
        Rig rig = new Rig(128, 128);
        rig.source.signal(Signals.noise(4096, 13));
        rig.source.contiguous(128, 32, true);
        OpGraph.assertNoHeapBytesPerWork(rig.graph, GraphDriver.of(rig.graph), rig.ifft, 2000, 1000);
        assertEquals(inUse, OpGraph.buffersInUse());
        rig.graph.stop();
    }
}
