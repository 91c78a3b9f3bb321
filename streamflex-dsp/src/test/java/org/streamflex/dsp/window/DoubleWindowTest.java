package org.streamflex.dsp.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.streamflex.Clock;
import org.streamflex.StreamFlexGraph;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.TimebaseIds;
import org.streamflex.dsp.testing.Heap;
import org.streamflex.dsp.testing.Pools;
import org.streamflex.dsp.testing.Recorded;
import org.streamflex.dsp.testing.Recorded.Extent;
import org.streamflex.dsp.testing.Recorded.Window;
import org.streamflex.dsp.testing.Samples;
import org.streamflex.dsp.testing.ScalarSink;
import org.streamflex.dsp.testing.ScalarSource;
import org.streamflex.dsp.testing.SegSink;
import org.streamflex.runtime.GraphDriver;

/**
 * Window turns a scalar stream into segments of n samples numbered on from a first sample; a
 * partial segment waits for its last sample; and WaveScript's rule
 * {@code rewindow(n, 0, window(m, s)) = window(n, s)} holds.
 */
class DoubleWindowTest {
    private static final Timebase SCORES = Timebase.of("window-scores", 1_000, 0);
    private static final int WIDE = 4096;

    /** scalars, window(n), sink; or scalars, window(m), rewindow(n, 0), sink. */
    static final class WindowGraph extends StreamFlexGraph {
        final ScalarSource source;
        final DoubleWindow window;
        final Rewindow<?> rewindow;
        final SegSink sink;

        WindowGraph(int n, long firstSample, int rewindowTo) {
            Clock clock = makeClock(100);
            source = makeFilter(ScalarSource.class, ScalarSource.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            window = makeFilter(DoubleWindow.class);
            window.configure(n, SCORES, firstSample);
            sink = makeFilter(SegSink.class, SegSink.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            connect(clock, source);
            connect(source, "out", window, "in", WIDE);
            if (rewindowTo > 0) {
                rewindow = makeFilter(Rewindow.class);
                rewindow.configure(rewindowTo, 0);
                connect(window, "out", rewindow, "in", WIDE);
                connect(rewindow, "out", sink, "in", WIDE);
            } else {
                rewindow = null;
                connect(window, "out", sink, "in", WIDE);
            }
            validate();
        }

        WindowGraph(int n, long firstSample) {
            this(n, firstSample, 0);
        }
    }

    /** scalars, window(n), dewindow, scalars. */
    static final class RoundTripGraph extends StreamFlexGraph {
        final ScalarSource source;
        final ScalarSink sink;

        RoundTripGraph(int n) {
            Clock clock = makeClock(100);
            source = makeFilter(ScalarSource.class, ScalarSource.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            DoubleWindow window = makeFilter(DoubleWindow.class);
            window.configure(n, SCORES, 0);
            DoubleDewindow dewindow = makeFilter(DoubleDewindow.class);
            sink = makeFilter(ScalarSink.class, ScalarSink.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            connect(clock, source);
            connect(source, "out", window, "in", WIDE);
            connect(window, "out", dewindow, "in", WIDE);
            connect(dewindow, "out", sink, "in", WIDE);
            validate();
        }
    }

    /** The values of samples {@code first .. first+count-1} of {@link #SCORES}. */
    private static double[] signal(long first, int count) {
        double[] values = new double[count];
        for (int k = 0; k < count; k++) {
            values[k] = Samples.value(TimebaseIds.id(SCORES), first + k);
        }
        return values;
    }

    private static List<Extent> windows(long first, int n, int count) {
        List<Extent> out = new ArrayList<>();
        for (int k = 0; k + n <= count; k += n) {
            out.add(new Extent(TimebaseIds.id(SCORES), first + k, n));
        }
        return out;
    }

    @Test
    void everyNScalarsBecomeOneSegmentNumberedOnFromTheFirstSample() {
        WindowGraph graph = new WindowGraph(8, 1_000);
        graph.source.load(signal(1_000, 40), 7);
        GraphDriver.of(graph).run(10);
        assertEquals(windows(1_000, 8, 40), Recorded.extents(Recorded.of(graph.sink)));
        assertEquals(0, Recorded.mismatches(graph.sink), "each scalar at the sample its place gives");
    }

    @Test
    void aPartialSegmentWaitsForItsLastSample() {
        WindowGraph graph = new WindowGraph(4, 0);
        graph.source.load(signal(0, 10), 3);
        GraphDriver driver = GraphDriver.of(graph).run(1);
        assertEquals(0, Recorded.of(graph.sink).size(), "3 of 4");
        driver.run(1);
        assertEquals(1, Recorded.of(graph.sink).size());
        driver.run(10);
        assertEquals(windows(0, 4, 8), Recorded.extents(Recorded.of(graph.sink)), "8 and 9 wait");
        graph.source.load(signal(10, 2), 2);
        driver.run(1);
        assertEquals(windows(0, 4, 12), Recorded.extents(Recorded.of(graph.sink)));
        assertEquals(0, Recorded.mismatches(graph.sink));
    }

    @Test
    void rewindowOfWindowIsWindow() {
        SplittableRandom random = new SplittableRandom(17);
        for (int trial = 0; trial < 20; trial++) {
            int m = 1 + random.nextInt(12);
            int n = 1 + random.nextInt(12);
            int count = random.nextInt(200);
            double[] values = signal(500, count);
            int perRelease = 1 + random.nextInt(9);
            WindowGraph composed = new WindowGraph(m, 500, n);
            composed.source.load(values, perRelease);
            GraphDriver.of(composed).run(count / perRelease + 2);
            WindowGraph direct = new WindowGraph(n, 500);
            direct.source.load(values, perRelease);
            GraphDriver.of(direct).run(count / perRelease + 2);
            String law = "rewindow(" + n + ", 0, window(" + m + ", s)) over " + count + " scalars";
            assertEquals(windows(500, n, count), Recorded.extents(Recorded.of(direct.sink)), law);
            // The stream has no end: window(m) still holds its partial segment, which rewindow has not seen.
            long seen = 500L + (long) count / m * m;
            assertEquals(Recorded.of(direct.sink).stream().filter(w -> w.end() <= seen).map(Window::extent).toList(),
                    Recorded.extents(Recorded.of(composed.sink)), law);
            assertEquals(0, Recorded.mismatches(composed.sink), law);
        }
    }

    @Test
    void dewindowOfWindowIsTheStream() {
        SplittableRandom random = new SplittableRandom(19);
        for (int trial = 0; trial < 10; trial++) {
            int n = 1 + random.nextInt(16);
            int count = random.nextInt(300);
            double[] values = new double[count];
            for (int k = 0; k < count; k++) {
                values[k] = random.nextDouble();
            }
            RoundTripGraph graph = new RoundTripGraph(n);
            graph.source.load(values, 7);
            GraphDriver.of(graph).run(count / 7 + 2);
            int through = count / n * n; // the stream has no end: the last partial segment waits
            assertEquals(through, graph.sink.count(), "dewindow(window(" + n + ", s))");
            for (int k = 0; k < through; k++) {
                assertEquals(values[k], graph.sink.value(k), "value " + k);
            }
        }
    }

    @Test
    void aBadConfigurationNamesTheFilterAndTheValues() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new WindowGraph(0, 5));
        assertEquals("DoubleWindow.configure(n 0, window-scores@1000Hz, first sample 5): a segment has at least one"
                + " sample", e.getMessage());
    }

    @Test
    void noHeapBytesPerSegmentAfterWarmUpAndEveryBufferBackInThePool() {
        WindowGraph graph = new WindowGraph(32, 0);
        Pools pools = Pools.baseline();
        graph.source.load(signal(0, 65_536), 20);
        GraphDriver driver = GraphDriver.of(graph).run(1_000);
        Heap.assertNone(graph, driver, 300, graph.window);
        driver.run(3_300);
        assertEquals(windows(0, 32, 65_536), Recorded.extents(Recorded.of(graph.sink)));
        assertEquals(0, Recorded.mismatches(graph.sink));
        pools.assertEveryBufferIdle(graph.window);
    }
}
