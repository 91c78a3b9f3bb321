package org.streamflex.dsp.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.streamflex.dsp.OpGraph;
import org.streamflex.dsp.TimeRangeSink;
import org.streamflex.dsp.TimedValueSource;
import org.streamflex.runtime.GraphDriver;

/**
 * The {@link CfarDetector} operator: the Cfar kernel's events as padded time ranges of the scores'
 * times, and release ranges that never cut into a later event.
 */
class CfarDetectorTest {
    private static final long PERIOD = 725_624;   // one 32-sample window at 44.1 kHz, in ns
    private static final long PAD = 50_000_000;

    private static final class Rig {
        final OpGraph graph = new OpGraph();
        final TimedValueSource scores = graph.recorder(TimedValueSource.class);
        final CfarDetector detector = graph.filter(CfarDetector.class);
        final TimeRangeSink sink = graph.recorder(TimeRangeSink.class);

        Rig() {
            graph.chain(scores, detector, sink).check();
            scores.period(PERIOD);
        }
    }

    /** Noise of mean 1 and deviation 0.1, with bursts of 20 deviations at {@code starts} for {@code lengths}. */
    private static double[] scores(int n, int[] starts, int[] lengths, long seed) {
        Random random = new Random(seed);
        double[] s = new double[n];
        for (int i = 0; i < n; i++) {
            s[i] = 1 + 0.1 * random.nextGaussian();
        }
        for (int b = 0; b < starts.length; b++) {
            for (int i = starts[b]; i < starts[b] + lengths[b]; i++) {
                s[i] += 2;
            }
        }
        return s;
    }

    /** {first, last} score indexes of each event the kernel reports, and each release's end, in order. */
    private static List<long[]> kernelOutput(Cfar cfar, double[] scores, int releaseEvery) {
        List<long[]> out = new ArrayList<>();
        int quiet = 0;
        for (int i = 0; i < scores.length; i++) {
            int what = cfar.feed((float) scores[i]);
            if (what == Cfar.END) {
                out.add(new long[] {cfar.lastStart(), cfar.lastEnd()});
            }
            if (!cfar.inEvent() && ++quiet == releaseEvery) {
                quiet = 0;
                out.add(new long[] {-1, i});
            } else if (cfar.inEvent()) {
                quiet = 0;
            }
        }
        return out;
    }

    @Test
    void eachEventIsOnePaddedRangeFromItsFirstScoreAboveTheThresholdToItsLast() {
        Rig rig = new Rig();
        rig.detector.configure(5, 512, 512, 8, 1e-3);
        rig.detector.configureRelease(0);
        int[] starts = {2000, 3001, 5000};
        int[] lengths = {40, 1, 300};
        double[] s = scores(6000, starts, lengths, 71);
        rig.scores.script(s, false);
        GraphDriver.of(rig.graph).run(s.length + 1);
        assertEquals(3, rig.sink.count);
        assertEquals(3, rig.detector.detections());
        for (int e = 0; e < 3; e++) {
            assertTrue(rig.sink.emit(e));
            assertEquals(starts[e] * PERIOD - PAD, rig.sink.start(e), "event " + e);
            assertEquals((starts[e] + lengths[e]) * PERIOD + PAD, rig.sink.end(e), "event " + e);
        }
        rig.graph.stop();
    }

    @Test
    void rangesAreTheKernelsEventsAndReleasesComeEveryReleaseEveryQuietScores() {
        Rig rig = new Rig();
        rig.detector.configure(3, 256, 256, 4, 1e-3);   // beta 3: plenty of short events in noise
        rig.detector.configurePadding(PAD, 2 * PAD);
        rig.detector.configureRelease(64);
        double[] s = scores(20_000, new int[] {7000}, new int[] {500}, 72);
        rig.scores.script(s, false);
        GraphDriver.of(rig.graph).run(s.length + 1);

        List<long[]> expected = kernelOutput(new Cfar(3, 256, 256, 4, 1e-3), s, 64);
        assertTrue(expected.size() > 300, "releases and events: " + expected.size());
        assertEquals(expected.size(), rig.sink.count);
        long released = Long.MIN_VALUE;
        for (int r = 0; r < expected.size(); r++) {
            long[] e = expected.get(r);
            if (e[0] >= 0) {
                assertTrue(rig.sink.emit(r), "range " + r + " is an event");
                assertEquals(e[0] * PERIOD - PAD, rig.sink.start(r), "range " + r);
                assertEquals((e[1] + 1) * PERIOD + 2 * PAD, rig.sink.end(r), "range " + r);
                assertTrue(rig.sink.start(r) >= released, "no release before it reached into it");
            } else {
                assertFalse(rig.sink.emit(r), "range " + r + " is a release");
                assertEquals(e[1] * PERIOD - PAD, rig.sink.end(r), "up to the last quiet score's start, less padding");
                assertEquals(released, rig.sink.start(r), "from the previous release");
                released = rig.sink.end(r);
            }
        }
        rig.graph.stop();
    }

    @Test
    void nothingIsDetectedDuringTheWarmUp() {
        Rig rig = new Rig();
        rig.detector.configure(5, 100, 1000, 8, 1e-3);
        double[] s = scores(1500, new int[] {10, 900}, new int[] {20, 20}, 73);
        rig.scores.script(s, false);
        GraphDriver.of(rig.graph).run(s.length + 1);
        for (int r = 0; r < rig.sink.count; r++) {
            assertFalse(rig.sink.emit(r), "range " + r + ": the bursts are inside the warm-up");
        }
        assertEquals(0, rig.detector.detections());
        assertEquals(1500 / CfarDetector.DEFAULT_RELEASE_EVERY, rig.sink.count, "the warm-up's scores are quiet");
        rig.graph.stop();
    }

    @Test
    void aWarmDetectorAllocatesNothingPerScore() {
        Rig rig = new Rig();
        rig.detector.configure(3, 128, 128, 4, 1e-3);
        rig.scores.script(scores(4096, new int[] {1000, 3000}, new int[] {50, 10}, 74), true);
        OpGraph.assertNoHeapBytesPerWork(rig.graph, GraphDriver.of(rig.graph), rig.detector, 20_000, 5000);
        rig.graph.stop();
    }
}
