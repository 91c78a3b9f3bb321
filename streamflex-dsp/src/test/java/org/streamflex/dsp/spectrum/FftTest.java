package org.streamflex.dsp.spectrum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.FailurePolicy;
import org.streamflex.dsp.ComplexSink;
import org.streamflex.dsp.FloatSource;
import org.streamflex.dsp.OpGraph;
import org.streamflex.dsp.SegSizeException;
import org.streamflex.dsp.Signals;
import org.streamflex.dsp.Timebase;
import org.streamflex.runtime.GraphDriver;

/** The {@link Fft} operator: each window's real DFT, with the window's time; short windows padded, long refused. */
class FftTest {
    private static final Timebase MIC = Timebase.of("mic", 8000, 0);

    private static final class Rig {
        final OpGraph graph = new OpGraph();
        final FloatSource source = graph.recorder(FloatSource.class);
        final Fft fft = graph.filter(Fft.class);
        final ComplexSink sink = graph.recorder(ComplexSink.class);

        Rig(int n) {
            fft.configure(n);
            graph.chain(source, fft, sink).check();
            source.timebase(MIC);
        }
    }

    private static void assertSpectrumOf(float[] window, ComplexSink sink, int i) {
        int n = window.length;
        double[] reference = NaiveDft.ofReal(window);
        double tolerance = NaiveDft.fftTolerance(n) * NaiveDft.norm(window);
        assertEquals(n / 2 + 1, sink.length(i));
        assertEquals(n, sink.fftSize(i));
        for (int k = 0; k <= n / 2; k++) {
            double error = Math.hypot(sink.re(i, k) - reference[2 * k], sink.im(i, k) - reference[2 * k + 1]);
            assertTrue(error <= tolerance, "window " + i + " bin " + k + ": error " + error);
        }
    }

    @Test
    void eachWindowBecomesItsDftWithTheWindowsStartAndFftSize() {
        Rig rig = new Rig(32);
        float[] x = Signals.noise(32 * 6, 1);
        rig.source.signal(x);
        rig.source.contiguous(32, 6, false);
        GraphDriver.of(rig.graph).run(8);
        assertEquals(6, rig.sink.recorded());
        for (int i = 0; i < 6; i++) {
            assertEquals(32L * i, rig.sink.start(i));
            assertSpectrumOf(Signals.window(x, 32 * i, 32), rig.sink, i);
        }
        rig.graph.stop();
    }

    @Test
    void aShortWindowIsZeroPaddedAndCounted() {
        Rig rig = new Rig(64);
        float[] x = Signals.noise(200, 2);
        rig.source.signal(x);
        rig.source.script(new int[] {64, 40, 64}, new long[] {0, 0, 24}, false);
        GraphDriver.of(rig.graph).run(4);
        assertEquals(3, rig.sink.recorded());
        assertSpectrumOf(Signals.window(x, 0, 64), rig.sink, 0);
        float[] padded = new float[64];
        System.arraycopy(x, 64, padded, 0, 40);
        assertSpectrumOf(padded, rig.sink, 1);
        assertEquals(64, rig.sink.start(1));
        assertEquals(64, rig.sink.fftSize(1), "a padded window's spectrum still describes n samples");
        assertEquals(128, rig.sink.start(2));
        assertSpectrumOf(Signals.window(x, 128, 64), rig.sink, 2);
        assertEquals(1, rig.graph.counters().value(rig.fft, "event.zero-padded"));
        rig.graph.stop();
    }

    @Test
    void aLongWindowStopsTheGraphNamingTheFilterTheWindowAndTheSizes() {
        Rig rig = new Rig(32);
        rig.source.signal(Signals.noise(48, 3));
        rig.source.script(new int[] {48}, new long[] {0}, false);
        BoundaryError e = assertThrows(BoundaryError.class, () -> GraphDriver.of(rig.graph).run(1));
        assertEquals("Fft", e.filterName());
        assertEquals(SegSizeException.class.getName(), e.causeClassName());
        assertEquals("Fft configured for 32 got FloatSeg[mic@8000Hz samples 0..48 (48), 1 piece] of 48: windows"
                + " longer than the FFT size cannot be transformed whole; rewindow the stream to at most 32 samples"
                + " per window, or configure(48)", e.causeMessage());
    }

    @Test
    void underASkipPolicyALongWindowIsSkippedAndCountedAndTheRestGoOn() {
        Rig rig = new Rig(32);
        rig.graph.setFailurePolicy(rig.fft, FailurePolicy.skip(10));
        rig.source.signal(Signals.noise(256, 4));
        rig.source.script(new int[] {32, 48, 32}, new long[] {0, 0, 0}, false);
        GraphDriver.of(rig.graph).run(4);
        assertEquals(2, rig.sink.recorded());
        assertEquals(1, rig.graph.failureCount(rig.fft));
        assertEquals(80, rig.sink.start(1), "the window after the skipped one");
        rig.graph.stop();
    }

    @Test
    void aWarmFftAllocatesNothingPerWindowAndGivesEveryBufferBack() {
        long inUse = OpGraph.buffersInUse();
        Rig rig = new Rig(256);
        rig.source.signal(Signals.noise(4096, 5));
        rig.source.contiguous(256, 16, true);
        GraphDriver driver = GraphDriver.of(rig.graph);
        OpGraph.assertNoHeapBytesPerWork(rig.graph, driver, rig.fft, 2000, 1000);
        assertEquals(inUse, OpGraph.buffersInUse(), "every sample buffer back in the pool once the graph drained");
        rig.graph.stop();
    }

    @Test
    void configureRefusesASizeBelowOne() {
        Rig rig = new Rig(32);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> rig.fft.configure(0));
        assertTrue(e.getMessage().startsWith("Fft: the FFT size must be at least 1, was 0"), e.getMessage());
    }
}
