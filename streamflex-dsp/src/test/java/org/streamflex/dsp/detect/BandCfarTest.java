package org.streamflex.dsp.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.streamflex.dsp.FloatSource;
import org.streamflex.dsp.OpGraph;
import org.streamflex.dsp.TimeRangeSink;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.spectrum.BandScore;
import org.streamflex.dsp.window.GapPolicy;
import org.streamflex.runtime.GraphDriver;

/**
 * The fused {@link BandCfar} against the pair it replaces, {@link BandScore} then
 * {@link CfarDetector}, on the same segments: the same ranges (detections and releases) in the same
 * order, bit for bit, and the same window events counted.
 */
class BandCfarTest {
    private static final Timebase AUDIO = Timebase.of("audio", 8000, 0);
    private static final double LOW = 500;
    private static final double HIGH = 2500;
    private static final int SAMPLES = 1 << 17;
    private static final String[] EVENTS = {"gap", "input-overlap", "input-in-past", "timebase-change",
        "zero-padded", "short-window-dropped"};

    /** Noise, with in-band tone bursts of 300 to 1,500 samples every few thousand. */
    private static float[] signal(long seed) {
        Random random = new Random(seed);
        float[] x = new float[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            x[i] = (float) (0.01 * random.nextGaussian());
        }
        for (int start = 5000; start < SAMPLES - 2000; start += 3000 + random.nextInt(4000)) {
            int length = 300 + random.nextInt(1200);
            for (int i = start; i < start + length; i++) {
                x[i] += (float) (0.2 * Math.sin(2 * Math.PI * 1500 * i / 8000.0));
            }
        }
        return x;
    }

    /** The detector's parameters, the same for both versions. */
    private static final CfarSettings SETTINGS = CfarSettings.DEFAULTS.withDetector(5, 256, 256, 4, 1e-3)
            .withPadding("test", 20_000_000L, 30_000_000L).withRelease("test", 16);

    private static final class Pair {
        final OpGraph graph = new OpGraph();
        final FloatSource source = graph.recorder(FloatSource.class);
        final BandScore score = graph.filter(BandScore.class);
        final CfarDetector detector = graph.filter(CfarDetector.class);
        final TimeRangeSink sink = graph.recorder(TimeRangeSink.class);

        Pair(int n, int overlap, GapPolicy gaps) {
            score.configure(n, overlap, LOW, HIGH, gaps);
            detector.configure(SETTINGS);
            graph.chain(source, score, detector, sink).check();
        }
    }

    private static final class Fused {
        final OpGraph graph = new OpGraph();
        final FloatSource source = graph.recorder(FloatSource.class);
        final BandCfar detector = graph.filter(BandCfar.class);
        final TimeRangeSink sink = graph.recorder(TimeRangeSink.class);

        Fused(int n, int overlap, GapPolicy gaps) {
            detector.configureWindows(n, overlap, LOW, HIGH, gaps);
            detector.configure(SETTINGS);
            graph.chain(source, detector, sink).check();
        }
    }

    /**
     * Segments of 1 to {@code longest} samples, mostly back to back, some after a gap or overlapping
     * (the source reads the signal by sample number, around again past its end).
     */
    private static void script(FloatSource source, int segments, int longest, long seed) {
        Random random = new Random(seed);
        int[] lengths = new int[segments];
        long[] gaps = new long[segments];
        for (int i = 0; i < segments; i++) {
            lengths[i] = 1 + random.nextInt(longest);
            int kind = random.nextInt(20);
            gaps[i] = kind == 0 ? 1 + random.nextInt(100) : kind == 1 ? -random.nextInt(40) : 0;
        }
        source.script(lengths, gaps, false);
    }

    private static void assertSame(int n, int overlap, GapPolicy gaps, int segments, int longest, long seed,
            int[] otherTimebase) {
        float[] x = signal(seed);
        Pair pair = new Pair(n, overlap, gaps);
        Fused fused = new Fused(n, overlap, gaps);
        for (FloatSource source : new FloatSource[] {pair.source, fused.source}) {
            source.timebase(AUDIO);
            source.signal(x);
            if (otherTimebase.length > 0) {
                source.otherTimebase(Timebase.of("fast", 16_000, 0), otherTimebase);
            }
            script(source, segments, longest, seed);
        }
        GraphDriver.of(pair.graph).run(segments + 1);
        GraphDriver.of(fused.graph).run(segments + 1);
        pair.graph.stop();
        fused.graph.stop();
        assertEquals(0, pair.graph.channel(pair.score, "out").dropped(), "the pair's scores all reached the detector");
        assertTrue(pair.detector.detections() > 2, "the bursts are detected: " + pair.detector.detections());
        assertEquals(pair.detector.detections(), fused.detector.detections(), "detections");
        assertEquals(pair.sink.count, fused.sink.count, "ranges, detections and releases");
        for (int i = 0; i < pair.sink.count; i++) {
            assertEquals(pair.sink.emit(i), fused.sink.emit(i), "range " + i + ": a detection or a release");
            assertEquals(pair.sink.start(i), fused.sink.start(i), "range " + i + ": start");
            assertEquals(pair.sink.end(i), fused.sink.end(i), "range " + i + ": end");
        }
        for (String event : EVENTS) {
            assertEquals(pair.graph.counters().value(pair.score, "event." + event),
                    fused.graph.counters().value(fused.detector, "event." + event), event);
        }
    }

    @Test
    void theFusedDetectorGivesThePairsRangesOverSegmentsWithGapsAndOverlaps() {
        assertSame(32, 0, GapPolicy.EMIT_SHORT, 400, 600, 11, new int[0]);
    }

    @Test
    void theFusedDetectorGivesThePairsRangesWithOverlappingWindowsDroppingShortOnes() {
        assertSame(32, 12, GapPolicy.DROP_SHORT, 400, 500, 12, new int[0]);
    }

    @Test
    void theFusedDetectorGivesThePairsRangesAcrossChangesOfTimebase() {
        assertSame(32, 8, GapPolicy.EMIT_SHORT, 300, 900, 13, new int[] {100, 101, 250});
    }

    @Test
    void aConfigurationOutOfRangeIsRefusedNamingTheValues() {
        BandCfar detector = new OpGraph().filter(BandCfar.class);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> detector.configureWindows(32, 32, 0, 100, GapPolicy.EMIT_SHORT));
        assertEquals("BandCfar.configure(size 32, overlap 32): the size must be at least 1 and the overlap from 0"
                + " to size - 1 samples", e.getMessage());
    }
}
