package org.streamflex.dsp.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.streamflex.dsp.testing.SegScript;
import org.streamflex.dsp.testing.SegSink;
import org.streamflex.dsp.testing.SegSource;
import org.streamflex.runtime.GraphDriver;

/**
 * Rewindow reads its input as a signal indexed by time: windows aligned on each gap-free run,
 * emitted as cuts of the input's memory as soon as complete, input de-duplicated by time, runs
 * ended by gaps and timebase changes; and WaveScript's rule
 * {@code rewindow(x, y, rewindow(a, b, s)) = rewindow(x, y, s)} holds exactly.
 */
class RewindowTest {
    private static final Timebase MIC = Timebase.of("rewindow-mic", 48_000, 0);
    private static final Timebase OTHER = Timebase.of("rewindow-other", 48_000, 1_000);
    private static final Timebase END = Timebase.of("rewindow-end", 48_000, 0);
    private static final int WIDE = 4096;

    /** source, rewindow(size, overlap), sink. */
    static final class RewindowGraph extends StreamFlexGraph {
        final SegSource source;
        final Rewindow<?> rewindow;
        final SegSink sink;

        RewindowGraph(int size, int overlap, GapPolicy policy, int outCapacity) {
            Clock clock = makeClock(100);
            source = makeFilter(SegSource.class, SegSource.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            rewindow = makeFilter(Rewindow.class);
            rewindow.configure(size, overlap);
            rewindow.onGap(policy);
            sink = makeFilter(SegSink.class, SegSink.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            connect(clock, source);
            connect(source, "out", rewindow, "in", WIDE);
            connect(rewindow, "out", sink, "in", outCapacity);
            validate();
        }

        RewindowGraph(int size, int overlap) {
            this(size, overlap, GapPolicy.EMIT_SHORT, WIDE);
        }

        long event(String name) {
            return counters().value(rewindow, "event." + name);
        }
    }

    /** source, rewindow(a, b), rewindow(x, y), sink. */
    static final class TwoRewindows extends StreamFlexGraph {
        final SegSource source;
        final Rewindow<?> inner;
        final Rewindow<?> outer;
        final SegSink sink;

        TwoRewindows(int a, int b, int x, int y) {
            Clock clock = makeClock(100);
            source = makeFilter(SegSource.class, SegSource.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            inner = makeFilter("Inner", Rewindow.class);
            inner.configure(a, b);
            outer = makeFilter("Outer", Rewindow.class);
            outer.configure(x, y);
            sink = makeFilter(SegSink.class, SegSink.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            connect(clock, source);
            connect(source, "out", inner, "in", WIDE);
            connect(inner, "out", outer, "in", WIDE);
            connect(outer, "out", sink, "in", WIDE);
            validate();
        }
    }

    /** Runs {@code script} through {@code graph} and returns what the sink took. */
    private static List<Window> run(RewindowGraph graph, SegScript script) {
        script.load(graph.source);
        GraphDriver.of(graph).run(script.lastRelease() + 2);
        List<Window> out = Recorded.of(graph.sink);
        assertEquals(0, Recorded.mismatches(graph.sink), "every sample is the one its time says");
        Recorded.assertCutFrom(out, script, graph.source);
        return out;
    }

    private static Extent at(Timebase tb, long start, int length) {
        return new Extent(TimebaseIds.id(tb), start, length);
    }

    @Test
    void windowsOfARunStartEveryHopAndCoverSizeSamples() {
        RewindowGraph graph = new RewindowGraph(8, 3);
        SegScript script = new SegScript().add(0, MIC, 100, 10).add(1, MIC, 110, 7).add(2, MIC, 117, 1)
                .add(3, MIC, 118, 12);
        List<Window> out = run(graph, script);
        assertEquals(List.of(at(MIC, 100, 8), at(MIC, 105, 8), at(MIC, 110, 8), at(MIC, 115, 8), at(MIC, 120, 8)),
                Recorded.extents(out), "windows every 5 samples from the run's first; 125.. waits for 133");
        assertEquals(reference(script, 8, 3, GapPolicy.EMIT_SHORT), Recorded.extents(out));
        assertEquals(2, out.get(2).pieces().size(), "110..117 from one input, 117 from the next: joined, not copied");
    }

    @Test
    void aWindowThatIsExactlyOneInputSegmentIsThatSegment() {
        RewindowGraph graph = new RewindowGraph(16, 0);
        SegScript script = new SegScript();
        for (int i = 0; i < 6; i++) {
            script.add(i, MIC, 16L * i, 16);
        }
        List<Window> out = run(graph, script);
        assertEquals(6, out.size());
        for (int i = 0; i < 6; i++) {
            assertEquals(Recorded.madeHeader(graph.source, i), out.get(i).header(), "window " + i + " is input " + i);
        }
    }

    @Test
    void overlappingInputIsDeduplicatedByTimeAndInputInThePastSkipped() {
        RewindowGraph graph = new RewindowGraph(10, 0);
        SegScript script = new SegScript().add(0, MIC, 0, 20).add(1, MIC, 12, 13).add(2, MIC, 3, 10)
                .add(3, MIC, 20, 5).add(4, MIC, 25, 5);
        List<Window> out = run(graph, script);
        assertEquals(List.of(at(MIC, 0, 10), at(MIC, 10, 10), at(MIC, 20, 10)), Recorded.extents(out),
                "the signal 0..30 once");
        assertEquals(1, graph.event("input-overlap"), "12..25 gave 20..25");
        assertEquals(2, graph.event("input-in-past"), "3..13 and 20..25 came after 25");
        assertEquals(0, graph.event("gap"));
    }

    @Test
    void aGapEndsTheRunAndItsUnfinishedWindowsGoOutCutAtItsEnd() {
        RewindowGraph graph = new RewindowGraph(10, 5);
        SegScript script = new SegScript().add(0, MIC, 0, 22).add(1, MIC, 30, 10);
        List<Window> out = run(graph, script);
        assertEquals(List.of(at(MIC, 0, 10), at(MIC, 5, 10), at(MIC, 10, 10), at(MIC, 15, 7), at(MIC, 20, 2),
                at(MIC, 30, 10)), Recorded.extents(out), "15 and 20 started before the gap; the next run aligns on 30");
        assertEquals(1, graph.event("gap"));
        assertEquals(0, graph.event("short-window-dropped"));
    }

    @Test
    void dropShortDropsTheUnfinishedWindowsAndCountsEach() {
        RewindowGraph graph = new RewindowGraph(10, 5, GapPolicy.DROP_SHORT, WIDE);
        SegScript script = new SegScript().add(0, MIC, 0, 22).add(1, MIC, 30, 10);
        List<Window> out = run(graph, script);
        assertEquals(List.of(at(MIC, 0, 10), at(MIC, 5, 10), at(MIC, 10, 10), at(MIC, 30, 10)),
                Recorded.extents(out));
        assertEquals(2, graph.event("short-window-dropped"));
    }

    @Test
    void aTimebaseChangeEndsTheRunAndTheNextAlignsOnItsOwnFirstSample() {
        RewindowGraph graph = new RewindowGraph(5, 0);
        SegScript script = new SegScript().add(0, MIC, 0, 12).add(1, OTHER, 0, 10).add(2, MIC, 12, 8);
        List<Window> out = run(graph, script);
        assertEquals(List.of(at(MIC, 0, 5), at(MIC, 5, 5), at(MIC, 10, 2), at(OTHER, 0, 5), at(OTHER, 5, 5),
                at(MIC, 12, 5)), Recorded.extents(out), "back on MIC is a new run at 12; 17..20 waits");
        assertEquals(2, graph.event("timebase-change"));
    }

    @Test
    void everyRandomInputGivesTheReferenceWindowsCutFromItsMemory() {
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 24; trial++) {
            int size = 1 + random.nextInt(20);
            int overlap = random.nextInt(size);
            GapPolicy policy = random.nextBoolean() ? GapPolicy.EMIT_SHORT : GapPolicy.DROP_SHORT;
            SegScript script = SegScript.random(random, 60, MIC, OTHER);
            RewindowGraph graph = new RewindowGraph(size, overlap, policy, WIDE);
            List<Window> out = run(graph, script);
            int[] dropped = new int[1];
            assertEquals(reference(script, size, overlap, policy, dropped), Recorded.extents(out),
                    "trial " + trial + ": rewindow(" + size + ", " + overlap + ") " + policy);
            assertEquals(dropped[0], graph.event("short-window-dropped"));
        }
    }

    @Test
    void rewindowOfRewindowIsRewindowWithGapsAndOverlaps() {
        SplittableRandom random = new SplittableRandom(5);
        for (int trial = 0; trial < 30; trial++) {
            int a = 1 + random.nextInt(20);
            int b = random.nextInt(a);
            int x = 1 + random.nextInt(20);
            int y = random.nextInt(x);
            SegScript script = SegScript.random(random, 60, MIC, OTHER);
            // The stream has no end: a last run on another timebase, long enough for the inner rewindow
            // to emit from it, ends the runs before it in both graphs.
            script.add(script.lastRelease() + 1, END, 0, a + x);
            TwoRewindows twice = new TwoRewindows(a, b, x, y);
            script.load(twice.source);
            GraphDriver.of(twice).run(script.lastRelease() + 2);
            RewindowGraph once = new RewindowGraph(x, y);
            script.load(once.source);
            GraphDriver.of(once).run(script.lastRelease() + 2);
            int end = TimebaseIds.id(END);
            List<Extent> composed = Recorded.extents(Recorded.of(twice.sink)).stream()
                    .filter(e -> e.timebase() != end).toList();
            List<Extent> direct = Recorded.extents(Recorded.of(once.sink)).stream()
                    .filter(e -> e.timebase() != end).toList();
            String law = "trial " + trial + ": rewindow(" + x + ", " + y + ", rewindow(" + a + ", " + b + ", s))";
            assertEquals(direct, composed, law);
            assertTrue(!direct.isEmpty(), law);
            assertEquals(0, Recorded.mismatches(twice.sink), law);
            Recorded.assertCutFrom(Recorded.of(twice.sink), script, twice.source);
        }
    }

    @Test
    void aBadConfigurationNamesTheFilterAndTheValues() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RewindowGraph(8, 8));
        assertEquals("Rewindow.configure(size 8, overlap 8): the size must be positive and the overlap from 0 to"
                + " size - 1 samples", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new RewindowGraph(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new RewindowGraph(4, -1));
    }

    @Test
    void aFullOutputChannelDropsTheWindowAndCountsIt() {
        RewindowGraph graph = new RewindowGraph(4, 0, GapPolicy.EMIT_SHORT, 2);
        SegScript script = new SegScript().add(0, MIC, 0, 20);
        List<Window> out = run(graph, script);
        assertEquals(List.of(at(MIC, 0, 4), at(MIC, 4, 4)), Recorded.extents(out));
        assertEquals(3, graph.channel(graph.rewindow, "out").dropped());
    }

    @Test
    void noHeapBytesPerSegmentAfterWarmUpAndEveryBufferBackInThePool() {
        RewindowGraph graph = new RewindowGraph(24, 8);
        SegScript script = SegScript.periodic(300, MIC, OTHER);
        Pools pools = Pools.baseline();
        script.load(graph.source);
        GraphDriver driver = GraphDriver.of(graph).run(1200);
        Heap.assertNone(graph, driver, 300, graph.rewindow);
        driver.run(script.lastRelease() + 2);
        assertTrue(graph.source.done());
        assertEquals(reference(script, 24, 8, GapPolicy.EMIT_SHORT), Recorded.extents(Recorded.of(graph.sink)));
        pools.assertEveryBufferIdle(graph.rewindow);
    }

    // ---- the reference: rewindow over the script's samples, written plainly

    static List<Extent> reference(SegScript script, int size, int overlap, GapPolicy policy) {
        return reference(script, size, overlap, policy, new int[1]);
    }

    static List<Extent> reference(SegScript script, int size, int overlap, GapPolicy policy, int[] dropped) {
        int hop = size - overlap;
        List<Extent> out = new ArrayList<>();
        int tb = -1;
        long next = 0;
        long received = 0;
        for (SegScript.Entry e : script.entries()) {
            if (e.length() == 0) {
                continue;
            }
            long start = e.start();
            if (tb != e.timebaseId()) {
                endRun(out, tb, next, received, hop, policy, dropped);
                tb = e.timebaseId();
                next = start;
            } else if (e.end() <= received) {
                continue;
            } else {
                start = Math.max(start, received);
                if (start > received) {
                    endRun(out, tb, next, received, hop, policy, dropped);
                    next = start;
                }
            }
            received = e.end();
            while (received - next >= size) {
                out.add(new Extent(tb, next, size));
                next += hop;
            }
        }
        return out;
    }

    private static void endRun(List<Extent> out, int tb, long next, long received, int hop, GapPolicy policy,
            int[] dropped) {
        for (long w = next; w < received; w += hop) {
            if (policy == GapPolicy.EMIT_SHORT) {
                out.add(new Extent(tb, w, (int) (received - w)));
            } else {
                dropped[0]++;
            }
        }
    }
}
