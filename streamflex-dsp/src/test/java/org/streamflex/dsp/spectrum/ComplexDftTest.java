package org.streamflex.dsp.spectrum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.dsp.ComplexSink;
import org.streamflex.dsp.ComplexSource;
import org.streamflex.dsp.OpGraph;
import org.streamflex.dsp.Signals;
import org.streamflex.runtime.GraphDriver;

/** The {@link ComplexDft} operator: forward and inverse complex DFTs of segments. */
class ComplexDftTest {
    private static final class Rig {
        final OpGraph graph = new OpGraph();
        final ComplexSource source = graph.recorder(ComplexSource.class);
        final ComplexDft forward = graph.filter(ComplexDft.class);
        final ComplexSink spectra = graph.recorder(ComplexSink.class);

        Rig(int n) {
            forward.configure(n, false);
            graph.chain(source, forward, spectra).check();
        }
    }

    @Test
    void forwardIsTheDftOfEachSegment() {
        Rig rig = new Rig(64);
        float[] z = Signals.noise(2 * 64 * 3, 21);
        rig.source.signal(z);
        rig.source.contiguous(64, 3, false);
        GraphDriver.of(rig.graph).run(4);
        assertEquals(3, rig.spectra.recorded());
        for (int i = 0; i < 3; i++) {
            float[] segment = Signals.window(z, 2 * 64 * i, 2 * 64);
            double[] reference = NaiveDft.ofComplex(segment);
            double tolerance = NaiveDft.fftTolerance(64) * NaiveDft.norm(segment);
            assertEquals(64L * i, rig.spectra.start(i));
            assertEquals(64, rig.spectra.length(i));
            assertEquals(64, rig.spectra.fftSize(i));
            for (int k = 0; k < 64; k++) {
                double error = Math.hypot(rig.spectra.re(i, k) - reference[2 * k],
                        rig.spectra.im(i, k) - reference[2 * k + 1]);
                assertTrue(error <= tolerance, "segment " + i + " bin " + k + ": " + error);
            }
        }
        rig.graph.stop();
    }

    @Test
    void inverseAfterForwardGivesBackTheValuesAndAShortSegmentIsPaddedAndCounted() {
        OpGraph graph = new OpGraph();
        ComplexSource source = graph.recorder(ComplexSource.class);
        ComplexDft forward = graph.filter("Forward", ComplexDft.class);
        ComplexDft inverse = graph.filter("Inverse", ComplexDft.class);
        ComplexSink back = graph.recorder(ComplexSink.class);
        forward.configure(32, false);
        inverse.configure(32, true);
        graph.chain(source, forward, inverse, back).check();
        float[] z = Signals.noise(2 * 100, 22);
        source.signal(z);
        source.script(new int[] {32, 20, 32}, new long[] {0, 0, 0}, false);
        GraphDriver.of(graph).run(4);
        assertEquals(3, back.recorded());
        double tolerance = NaiveDft.fftTolerance(32) * NaiveDft.peak(z);
        int[] starts = {0, 32, 52};
        for (int i = 0; i < 3; i++) {
            assertEquals(starts[i], back.start(i));
            assertEquals(32, back.length(i));
            for (int k = 0; k < 32; k++) {
                boolean padded = i == 1 && k >= 20;
                float re = padded ? 0f : z[2 * (starts[i] + k)];
                float im = padded ? 0f : z[2 * (starts[i] + k) + 1];
                assertEquals(re, back.re(i, k), tolerance, "segment " + i + " value " + k);
                assertEquals(im, back.im(i, k), tolerance, "segment " + i + " value " + k);
            }
        }
        assertEquals(1, graph.counters().value(forward, "event.zero-padded"));
        assertEquals(0, graph.counters().value(inverse, "event.zero-padded"));
        graph.stop();
    }

    @Test
    void aWarmComplexDftAllocatesNothingPerSegmentAndGivesEveryBufferBack() {
        long inUse = OpGraph.buffersInUse();
        Rig rig = new Rig(256);
        rig.source.signal(Signals.noise(2 * 1024, 23));
        rig.source.contiguous(256, 4, true);
        OpGraph.assertNoHeapBytesPerWork(rig.graph, GraphDriver.of(rig.graph), rig.forward, 2000, 1000);
        assertEquals(inUse, OpGraph.buffersInUse());
        rig.graph.stop();
    }
}
