package org.streamflex.dsp.spectrum;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.streamflex.dsp.ComplexSink;
import org.streamflex.dsp.ComplexSource;
import org.streamflex.dsp.OpGraph;
import org.streamflex.dsp.Signals;
import org.streamflex.dsp.Timebase;
import org.streamflex.runtime.GraphDriver;

/** The {@link BandMask} operator: SpectralMask's bin rule on spectra, for the rate of their timebase. */
class BandMaskTest {
    private static final class Rig {
        final OpGraph graph = new OpGraph();
        final ComplexSource source = graph.recorder(ComplexSource.class);
        final BandMask mask = graph.filter(BandMask.class);
        final ComplexSink sink = graph.recorder(ComplexSink.class);

        Rig(double lowHz, double highHz) {
            mask.configure(lowHz, highHz);
            graph.chain(source, mask, sink).check();
        }
    }

    private static void assertKept(float[] parts, ComplexSink sink, int segment, int from, int bins, int first,
            int last, int size) {
        for (int k = 0; k < bins; k++) {
            int folded = k <= size / 2 ? k : size - k;
            boolean kept = folded >= first && folded <= last;
            String where = "segment " + segment + " bin " + k;
            assertEquals(kept ? parts[2 * (from + k)] : 0f, sink.re(segment, k), where);
            assertEquals(kept ? parts[2 * (from + k) + 1] : 0f, sink.im(segment, k), where);
        }
    }

    @Test
    void keepsTheBinsInTheBandBothEdgesIncludedAndZeroesTheRest() {
        Rig rig = new Rig(1000, 2000);   // 8000 Hz, 32 points: 250 Hz a bin, so bins 4 .. 8
        float[] parts = Signals.noise(2 * 17 * 2, 31);
        rig.source.signal(parts);
        rig.source.fftSize(32);
        rig.source.contiguous(17, 2, false);
        GraphDriver.of(rig.graph).run(3);
        assertEquals(2, rig.sink.recorded());
        for (int i = 0; i < 2; i++) {
            assertEquals(17L * i, rig.sink.start(i));
            assertEquals(32, rig.sink.fftSize(i));
            assertKept(parts, rig.sink, i, 17 * i, 17, 4, 8, 32);
        }
        rig.graph.stop();
    }

    @Test
    void aFullComplexSpectrumKeepsTheNegativeFrequenciesOfTheBand() {
        Rig rig = new Rig(1000, 2000);
        float[] parts = Signals.noise(2 * 32, 32);
        rig.source.signal(parts);
        rig.source.contiguous(32, 1, false);
        GraphDriver.of(rig.graph).run(1);
        assertKept(parts, rig.sink, 0, 0, 32, 4, 8, 32);
        assertEquals(0f, rig.sink.re(0, 23));
        assertEquals(parts[2 * 24], rig.sink.re(0, 24), "bin 24 is -2000 Hz");
        assertEquals(parts[2 * 28], rig.sink.re(0, 28), "bin 28 is -1000 Hz");
        rig.graph.stop();
    }

    @Test
    void theBandFollowsTheRateOfEachSpectrumsTimebase() {
        Rig rig = new Rig(1000, 2000);
        float[] parts = Signals.noise(2 * 17 * 3, 33);
        rig.source.signal(parts);
        rig.source.fftSize(32);
        rig.source.contiguous(17, 3, false);
        rig.source.otherTimebase(Timebase.of("fast", 16_000, 0), new int[] {1});
        GraphDriver.of(rig.graph).run(3);
        assertKept(parts, rig.sink, 0, 0, 17, 4, 8, 32);
        assertKept(parts, rig.sink, 1, 17, 17, 2, 4, 32);   // 500 Hz a bin
        assertKept(parts, rig.sink, 2, 34, 17, 4, 8, 32);
        rig.graph.stop();
    }

    @Test
    void theBinRuleIsSpectralMasks() {
        Random random = new Random(34);
        double[] rates = {8000, 44_100, 48_000, 1000.5, 3};
        for (int trial = 0; trial < 2000; trial++) {
            int n = 1 + random.nextInt(80);
            double rate = rates[random.nextInt(rates.length)];
            double low;
            double high;
            if (random.nextBoolean()) {
                low = random.nextInt(n / 2 + 1) * rate / n;          // on a bin frequency exactly
                high = low + random.nextInt(n / 2 + 1) * rate / n;
            } else {
                low = random.nextDouble() * rate / 2;
                high = low + random.nextDouble() * rate / 2;
            }
            SpectralMask kernel = new SpectralMask(n, rate, low, high);
            assertEquals(kernel.firstKeptBin(), BinBand.first(n, rate, low, high), n + " " + rate + " " + low);
            assertEquals(kernel.lastKeptBin(), BinBand.last(n, rate, low, high), n + " " + rate + " " + high);
        }
    }

    @Test
    void aWarmBandMaskAllocatesNoHeapPerSpectrumAndGivesEveryBufferBack() {
        long inUse = OpGraph.buffersInUse();
        Rig rig = new Rig(300, 3000);
        rig.source.signal(Signals.noise(2 * 129 * 4, 35));
        rig.source.fftSize(256);
        rig.source.contiguous(129, 4, true);
        OpGraph.assertNoHeapBytesPerWork(rig.graph, GraphDriver.of(rig.graph), rig.mask, 2000, 1000);
        assertEquals(inUse, OpGraph.buffersInUse());
        rig.graph.stop();
    }
}
