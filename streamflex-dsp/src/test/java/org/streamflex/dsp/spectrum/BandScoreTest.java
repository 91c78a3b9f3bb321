package org.streamflex.dsp.spectrum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.streamflex.dsp.FloatSource;
import org.streamflex.dsp.OpGraph;
import org.streamflex.dsp.Signals;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.TimedValueSink;
import org.streamflex.dsp.window.GapPolicy;
import org.streamflex.runtime.GraphDriver;

/**
 * The {@link BandScore} operator against a plain reference: each window's samples picked from the
 * signal by sample number, zero-padded to n, transformed, and the magnitudes of the bins whose
 * frequency is in the band summed in double, in bin order.
 */
class BandScoreTest {
    private static final Timebase AUDIO = Timebase.of("audio", 8000, 0);
    private static final double LOW = 500;
    private static final double HIGH = 2500;
    private static final float[] SIGNAL = Signals.noise(1 << 12, 61);

    private static final class Rig {
        final OpGraph graph = new OpGraph();
        final FloatSource source = graph.recorder(FloatSource.class);
        final BandScore score = graph.filter(BandScore.class);
        final TimedValueSink sink = graph.recorder(TimedValueSink.class);

        Rig(int n, int overlap, GapPolicy gaps) {
            score.configure(n, overlap, LOW, HIGH, gaps);
            graph.chain(source, score, sink).check();
            source.timebase(AUDIO);
            source.signal(SIGNAL);
        }

        Rig run(int[] lengths, long[] gapsBefore) {
            source.script(lengths, gapsBefore, false);
            GraphDriver.of(graph).run(lengths.length + 1);
            graph.stop();
            assertEquals(0, graph.channel(score, "out").dropped(), "scores dropped");
            return this;
        }

        long event(String name) {
            return graph.counters().value(score, "event." + name);
        }

        /** Asserts that score {@code i} is the reference's for the window at {@code start} of {@code length}. */
        void assertScore(int i, long start, int length, int n) {
            assertEquals(reference(start, length, n, 8000), sink.value(i), "score " + i + ": bit for bit");
            assertEquals(start * 125_000L, sink.start(i), "score " + i + ": 125 us a sample at 8 kHz");
            assertEquals((start + n) * 125_000L, sink.end(i), "score " + i + ": the FFT's n samples");
        }
    }

    /** The plain reference: the window by sample number, padded, its real FFT, the in-band magnitudes summed. */
    private static double reference(long start, int length, int n, double rate) {
        float[] x = new float[n + 2];
        for (int i = 0; i < length; i++) {
            x[i] = SIGNAL[(int) Math.floorMod(start + i, (long) SIGNAL.length)];
        }
        new RealFft(n).forward(x, 0, x, 0);
        double sum = 0;
        for (int k = 0; k <= n / 2; k++) {
            double f = k * rate / n;
            if (LOW <= f && f <= HIGH) {
                sum += Math.sqrt((double) x[2 * k] * x[2 * k] + (double) x[2 * k + 1] * x[2 * k + 1]);
            }
        }
        return sum;
    }

    @Test
    void everyWindowAcrossSegmentsOfAnyLengthGetsItsInBandSumOfMagnitudes() {
        Rig rig = new Rig(32, 0, GapPolicy.EMIT_SHORT).run(new int[] {100, 37, 64, 27}, new long[] {0, 0, 0, 0});
        assertEquals(7, rig.sink.count, "228 samples: 7 whole windows, the last 4 samples wait");
        for (int i = 0; i < 7; i++) {
            rig.assertScore(i, 32L * i, 32, 32);
        }
        assertEquals(0, rig.event("zero-padded"));
    }

    @Test
    void longSegmentsAreScoredAcrossTheirCopyChunksWithAndWithoutOverlap() {
        // at most 64 windows a segment: what the rig's channels hold
        Rig rig = new Rig(32, 0, GapPolicy.EMIT_SHORT).run(new int[] {1100, 1030}, new long[] {0, 0});
        assertEquals(2130 / 32, rig.sink.count);
        for (int i = 0; i < rig.sink.count; i++) {
            rig.assertScore(i, 32L * i, 32, 32);
        }
        Rig overlapping = new Rig(32, 12, GapPolicy.EMIT_SHORT).run(new int[] {1100, 1030}, new long[] {0, 0});
        assertEquals((2130 - 32) / 20 + 1, overlapping.sink.count);
        for (int i = 0; i < overlapping.sink.count; i++) {
            overlapping.assertScore(i, 20L * i, 32, 32);
        }
    }

    @Test
    void theScoreIsTheBandsMagnitudesOfTheDefinitionOfTheDft() {
        Rig rig = new Rig(32, 0, GapPolicy.EMIT_SHORT).run(new int[] {32}, new long[] {96});
        assertEquals(1, rig.sink.count);
        double sum = 0;
        for (int k = 2; k <= 10; k++) { // 500 to 2500 Hz in bins of 250 Hz
            double re = 0;
            double im = 0;
            for (int j = 0; j < 32; j++) {
                re += SIGNAL[96 + j] * Math.cos(2 * Math.PI * j * k / 32);
                im -= SIGNAL[96 + j] * Math.sin(2 * Math.PI * j * k / 32);
            }
            sum += Math.hypot(re, im);
        }
        assertEquals(sum, rig.sink.value(0), 1e-5 * sum, "the naive DFT, to float rounding");
    }

    @Test
    void aGapEndsTheRunWithItsShortWindowZeroPaddedAndTheNextRunAlignsOnItsFirstSample() {
        Rig rig = new Rig(32, 0, GapPolicy.EMIT_SHORT).run(new int[] {40, 50}, new long[] {0, 10});
        assertEquals(3, rig.sink.count);
        rig.assertScore(0, 0, 32, 32);
        rig.assertScore(1, 32, 8, 32);
        rig.assertScore(2, 50, 32, 32);
        assertEquals(1, rig.event("gap"));
        assertEquals(1, rig.event("zero-padded"));
    }

    @Test
    void overlappingWindowsStartEveryHopAndAGapScoresEachUnfinishedOne() {
        Rig rig = new Rig(32, 16, GapPolicy.EMIT_SHORT).run(new int[] {70, 8}, new long[] {0, 1});
        // run 0..70: windows at 0, 16, 32; at the gap 48..70 and 64..70 are unfinished
        assertEquals(5, rig.sink.count);
        rig.assertScore(0, 0, 32, 32);
        rig.assertScore(1, 16, 32, 32);
        rig.assertScore(2, 32, 32, 32);
        rig.assertScore(3, 48, 22, 32);
        rig.assertScore(4, 64, 6, 32);
        assertEquals(2, rig.event("zero-padded"));
    }

    @Test
    void dropShortDropsAndCountsTheWindowsAGapCuts() {
        Rig rig = new Rig(32, 16, GapPolicy.DROP_SHORT).run(new int[] {70, 8}, new long[] {0, 1});
        assertEquals(3, rig.sink.count);
        rig.assertScore(2, 32, 32, 32);
        assertEquals(2, rig.event("short-window-dropped"));
        assertEquals(0, rig.event("zero-padded"));
    }

    @Test
    void samplesAlreadyReceivedAreNotScoredTwice() {
        // 0..64, then 48..80 (16 new), then 32..48 (all in the past), then 80..96
        Rig rig = new Rig(32, 0, GapPolicy.EMIT_SHORT).run(new int[] {64, 32, 16, 16},
                new long[] {0, -16, -48, 32});
        assertEquals(3, rig.sink.count);
        rig.assertScore(2, 64, 32, 32);
        assertEquals(1, rig.event("input-overlap"));
        assertEquals(1, rig.event("input-in-past"));
        assertEquals(0, rig.event("gap"));
    }

    @Test
    void aChangeOfTimebaseEndsTheRunAndTheBandFollowsTheNewRate() {
        Rig rig = new Rig(32, 0, GapPolicy.EMIT_SHORT);
        rig.source.otherTimebase(Timebase.of("fast", 16_000, 0), new int[] {1});
        rig.run(new int[] {40, 32}, new long[] {0, 0});
        assertEquals(3, rig.sink.count);
        rig.assertScore(0, 0, 32, 32);
        rig.assertScore(1, 32, 8, 32);
        assertEquals(reference(40, 32, 32, 16_000), rig.sink.value(2), "bins of 500 Hz at 16 kHz");
        assertEquals(40 * 62_500L, rig.sink.start(2));
        assertEquals(1, rig.event("timebase-change"));
    }

    @Test
    void aBlockOfWindowsAllocatesNothing() {
        Rig rig = new Rig(32, 0, GapPolicy.EMIT_SHORT);
        rig.source.script(new int[] {1024, 1000, 24}, new long[] {0, 0, 0}, true);
        GraphDriver driver = GraphDriver.of(rig.graph);
        OpGraph.assertNoHeapBytesPerWork(rig.graph, driver, rig.score, 50, 30);
        rig.graph.stop();
    }

    @Test
    void aConfigurationOutOfRangeIsRefusedNamingTheValues() {
        BandScore score = new OpGraph().filter(BandScore.class);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> score.configure(32, 32, 0, 100, GapPolicy.EMIT_SHORT));
        assertEquals("BandScore.configure(size 32, overlap 32): the size must be at least 1 and the overlap from 0"
                + " to size - 1 samples", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> score.configure(32, 0, 200, 100, GapPolicy.EMIT_SHORT));
        assertEquals("BandScore: the band must satisfy 0 <= low <= high, was [200.0, 100.0] Hz", e.getMessage());
    }
}
