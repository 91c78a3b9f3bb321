package org.streamflex.dsp.join;

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
import org.streamflex.dsp.testing.SyncSource;
import org.streamflex.dsp.testing.TupleSink;
import org.streamflex.runtime.GraphDriver;

/**
 * Sync joins its inputs on time ranges: a range every input holds is emitted at once, cut from
 * their memory; a range in the future waits; late ranges and ranges with missing data are dropped
 * or emitted partially, and counted; data is released after each range, bounded per input, and
 * data for released times is discarded and counted. Ranges are in nanoseconds, and each input gets
 * the samples of its own timebase that fall in them.
 */
class SyncTest {
    private static final Timebase MIC0 = Timebase.of("sync-mic-0", 48_000, 0);
    private static final Timebase MIC1 = Timebase.of("sync-mic-1", 48_000, 0);

    /** source (data on out[i], ranges on control), sync, sink. */
    static final class SyncGraph extends StreamFlexGraph {
        final SyncSource source;
        final Sync sync;
        final TupleSink sink;

        SyncGraph(int inputs, int maxSamples, SyncPolicy policy) {
            Clock clock = makeClock(100);
            source = makeFilter(SyncSource.class, SyncSource.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            sync = makeFilter(Sync.class);
            sync.configure(maxSamples, policy);
            sink = makeFilter(TupleSink.class, TupleSink.STABLE_BYTES, DEFAULT_TRANSIENT_BYTES);
            connect(clock, source);
            for (int i = 0; i < inputs; i++) {
                connect(source, "out", sync, "in", 256);
            }
            connect(source, "control", sync, "control", 64);
            connect(sync, "out", sink, "in", 256);
            validate();
        }

        SyncGraph(int inputs, SyncPolicy policy) {
            this(inputs, Sync.DEFAULT_MAX_SAMPLES, policy);
        }

        long event(String name) {
            return counters().value(sync, "event." + name);
        }

        List<List<Window>> tuples() {
            return Recorded.tuples(sink);
        }
    }

    /** Control tuples for a {@link SyncSource}. */
    static final class Ranges {
        private final List<long[]> ranges = new ArrayList<>();

        Ranges add(int release, long startNanos, long endNanos, boolean emit) {
            ranges.add(new long[] {release, startNanos, endNanos, emit ? 1 : 0});
            return this;
        }

        Ranges add(int release, long startNanos, long endNanos) {
            return add(release, startNanos, endNanos, true);
        }

        void load(SyncSource source) {
            int n = ranges.size();
            int[] release = new int[n];
            long[] start = new long[n];
            long[] end = new long[n];
            boolean[] emit = new boolean[n];
            for (int i = 0; i < n; i++) {
                long[] r = ranges.get(i);
                release[i] = (int) r[0];
                start[i] = r[1];
                end[i] = r[2];
                emit[i] = r[3] == 1;
            }
            source.loadRanges(release, start, end, emit);
        }
    }

    /** Samples {@code from .. to-1} of {@code tb} on {@code output} at {@code release}, in segments of {@code each}. */
    private static SegScript data(SegScript script, int release, int output, Timebase tb, long from, long to,
            int each) {
        for (long s = from; s < to; s += each) {
            script.add(release, output, tb, s, (int) Math.min(each, to - s));
        }
        return script;
    }

    /** The time of sample {@code n} of the first microphone. */
    private static long ns(long n) {
        return MIC0.timeNanos(n);
    }

    /**
     * The reference: the first sample of {@code tb} (a whole rate) at or after {@code t}, from the
     * definition, sample n being at {@code origin + ceil(n * 1e9 / rate)}.
     */
    private static long firstSample(Timebase tb, long t) {
        long rate = (long) tb.sampleRate();
        return Math.floorDiv((t - tb.originNanos() - 1) * rate, 1_000_000_000L) + 1;
    }

    private static Extent at(Timebase tb, long start, long length) {
        return new Extent(TimebaseIds.id(tb), start, (int) length);
    }

    private static void run(SyncGraph graph, SegScript script, Ranges ranges, int releases) {
        script.load(graph.source);
        ranges.load(graph.source);
        GraphDriver.of(graph).run(releases);
        assertEquals(0, Recorded.mismatches(graph.sink), "every sample is the one its time says");
        Recorded.assertCutFrom(Recorded.of(graph.sink), script, graph.source);
    }

    @Test
    void aRangeEveryInputHoldsIsEmittedAtOnceCutFromTheirMemory() {
        SyncGraph graph = new SyncGraph(2, SyncPolicy.DROP_INCOMPLETE);
        SegScript script = data(new SegScript(), 0, 0, MIC0, 0, 4_800, 480);
        data(script, 0, 1, MIC1, 0, 4_800, 480);
        run(graph, script, new Ranges().add(0, ns(1_000), ns(2_000)), 2);
        List<List<Window>> tuples = graph.tuples();
        assertEquals(1, tuples.size());
        assertEquals(List.of(at(MIC0, 1_000, 1_000), at(MIC1, 1_000, 1_000)), Recorded.extents(tuples.get(0)));
        assertEquals(3, tuples.get(0).get(0).pieces().size(), "parts of three segments, joined, not copied");
        assertEquals(List.of(0L), Recorded.tags(graph.sink));
    }

    @Test
    void aRangeInTheFutureWaitsUntilEveryInputHasReceivedItsEnd() {
        SyncGraph graph = new SyncGraph(2, SyncPolicy.DROP_INCOMPLETE);
        SegScript script = new SegScript().add(0, 0, MIC0, 0, 1_000).add(0, 1, MIC1, 0, 1_000)
                .add(1, 1, MIC1, 1_000, 1_000).add(3, 0, MIC0, 1_000, 500);
        script.load(graph.source);
        new Ranges().add(0, ns(500), ns(1_500)).load(graph.source);
        GraphDriver driver = GraphDriver.of(graph).run(3);
        assertEquals(0, graph.tuples().size(), "mic 0 has not reached 1500");
        assertEquals(1, graph.channel(graph.sync, "control").size(), "the range waits in its channel");
        driver.run(1);
        assertEquals(1, graph.tuples().size());
        assertEquals(List.of(at(MIC0, 500, 1_000), at(MIC1, 500, 1_000)), Recorded.extents(graph.tuples().get(0)));
        assertEquals(0, graph.event("range-late") + graph.event("range-missing-data"));
    }

    @Test
    void aLateRangeIsDroppedAndCountedUnderDropIncomplete() {
        SyncGraph graph = new SyncGraph(2, SyncPolicy.DROP_INCOMPLETE);
        SegScript script = data(new SegScript(), 0, 0, MIC0, 0, 4_800, 480);
        data(script, 0, 1, MIC1, 0, 4_800, 480);
        Ranges ranges = new Ranges().add(1, ns(2_000), ns(3_000)).add(1, ns(1_000), ns(1_500))
                .add(1, ns(2_900), ns(3_100)).add(1, ns(3_100), ns(3_200));
        run(graph, script, ranges, 3);
        assertEquals(List.of(0L, 3L), Recorded.tags(graph.sink), "the second and third came after 3000 was released");
        assertEquals(List.of(at(MIC0, 3_100, 100), at(MIC1, 3_100, 100)), Recorded.extents(graph.tuples().get(1)),
                "a dropped range releases data before its end too");
        assertEquals(2, graph.event("range-late"));
    }

    @Test
    void underEmitAvailableALateRangeGivesWhatEachInputStillHolds() {
        SyncGraph graph = new SyncGraph(2, SyncPolicy.EMIT_AVAILABLE);
        SegScript script = data(new SegScript(), 0, 0, MIC0, 0, 4_800, 480);
        data(script, 0, 1, MIC1, 0, 4_800, 480);
        Ranges ranges = new Ranges().add(1, ns(2_000), ns(3_000)).add(1, ns(2_900), ns(3_100))
                .add(1, ns(1_000), ns(1_500));
        run(graph, script, ranges, 3);
        List<List<Window>> tuples = graph.tuples();
        assertEquals(3, tuples.size());
        assertEquals(List.of(at(MIC0, 3_000, 100), at(MIC1, 3_000, 100)), Recorded.extents(tuples.get(1)),
                "what is left of 2900..3100");
        assertEquals(List.of(at(MIC0, 1_000, 0), at(MIC1, 1_000, 0)), Recorded.extents(tuples.get(2)),
                "all released: empty, where the range starts");
        assertEquals(2, graph.event("range-late"));
    }

    @Test
    void aGapInsideTheRangeIsMissingDataOnceTheInputHasPassedTheRange() {
        for (SyncPolicy policy : SyncPolicy.values()) {
            SyncGraph graph = new SyncGraph(2, policy);
            SegScript script = new SegScript().add(0, 0, MIC0, 0, 1_000).add(0, 1, MIC1, 0, 4_800)
                    .add(2, 0, MIC0, 1_200, 3_600);
            script.load(graph.source);
            new Ranges().add(0, ns(900), ns(1_300)).add(0, ns(4_000), ns(4_100)).load(graph.source);
            GraphDriver driver = GraphDriver.of(graph).run(2);
            assertEquals(0, graph.tuples().size(), policy + ": mic 0 may still send 1000..1300");
            driver.run(2);
            List<List<Extent>> tuples = graph.tuples().stream().map(Recorded::extents).toList();
            List<Extent> after = List.of(at(MIC0, 4_000, 100), at(MIC1, 4_000, 100));
            if (policy == SyncPolicy.DROP_INCOMPLETE) {
                assertEquals(List.of(after), tuples, policy.toString());
                assertEquals(List.of(1L), Recorded.tags(graph.sink));
            } else {
                assertEquals(List.of(List.of(at(MIC0, 900, 100), at(MIC1, 900, 400)), after), tuples,
                        policy + ": the longest part held, the earliest of equals");
            }
            assertEquals(1, graph.event("range-missing-data"), policy.toString());
            assertEquals(0, graph.event("range-late"), policy.toString());
            assertEquals(0, Recorded.mismatches(graph.sink));
            Recorded.assertCutFrom(Recorded.of(graph.sink), script, graph.source);
        }
    }

    @Test
    void aRangeWithEmitFalseReleasesEverythingBeforeItsEndWithoutEmitting() {
        SyncGraph graph = new SyncGraph(2, SyncPolicy.DROP_INCOMPLETE);
        SegScript script = data(new SegScript(), 0, 0, MIC0, 0, 4_800, 480);
        data(script, 0, 1, MIC1, 0, 4_800, 480);
        script.add(3, 0, MIC0, 4_800, 480).add(3, 1, MIC1, 4_800, 480);
        Pools pools = Pools.baseline();
        script.load(graph.source);
        new Ranges().add(1, 0, ns(4_800), false).add(2, ns(100), ns(200)).add(3, ns(4_800), ns(5_000))
                .load(graph.source);
        GraphDriver driver = GraphDriver.of(graph).run(2);
        assertEquals(0, graph.tuples().size());
        pools.assertEveryBufferIdle(); // nothing cleared: the sync let go of all it held
        driver.run(2);
        assertEquals(1, graph.event("range-late"), "100..200 was released");
        assertEquals(List.of(2L), Recorded.tags(graph.sink));
        assertEquals(List.of(at(MIC0, 4_800, 200), at(MIC1, 4_800, 200)), Recorded.extents(graph.tuples().get(0)));
    }

    @Test
    void dataForTimesAlreadyReleasedIsDiscardedAndCounted() {
        SyncGraph graph = new SyncGraph(1, SyncPolicy.DROP_INCOMPLETE);
        SegScript script = new SegScript().add(0, MIC0, 0, 1_000).add(1, MIC0, 1_500, 1_000).add(2, MIC0, 0, 500)
                .add(3, MIC0, 2_400, 200);
        Ranges ranges = new Ranges().add(0, 0, ns(2_000), false).add(4, ns(2_000), ns(2_600));
        run(graph, script, ranges, 5);
        assertEquals(2, graph.event("data-late"), "1500..2000 cut off, 0..500 dropped whole");
        assertEquals(1, graph.event("data-overlap"), "2400..2500 had arrived already");
        assertEquals(List.of(at(MIC0, 2_000, 600)), Recorded.extents(graph.tuples().get(0)));
        assertEquals(2, graph.tuples().get(0).get(0).pieces().size());
    }

    @Test
    void theBoundOnHeldSamplesReleasesTheOldestAndCountsIt() {
        SyncGraph graph = new SyncGraph(1, 1_000, SyncPolicy.DROP_INCOMPLETE);
        SegScript script = data(new SegScript(), 0, 0, MIC0, 0, 3_000, 300);
        Ranges ranges = new Ranges().add(1, ns(0), ns(500)).add(1, ns(2_200), ns(2_900));
        run(graph, script, ranges, 3);
        assertEquals(7, graph.event("data-overflow"), "each of the segments from the fourth on");
        assertEquals(1, graph.event("range-late"), "0..500 went to make room");
        assertEquals(List.of(at(MIC0, 2_200, 700)), Recorded.extents(graph.tuples().get(0)));
    }

    @Test
    void moreGapsThanAnInputKeepsRunsForReleaseTheOldestRunAndCountIt() {
        SyncGraph graph = new SyncGraph(1, SyncPolicy.DROP_INCOMPLETE);
        SegScript script = new SegScript();
        for (int k = 0; k < Sync.RUNS_PER_INPUT + 6; k++) {
            script.add(0, MIC0, 20L * k, 10); // 10 samples, then a gap of 10
        }
        Ranges ranges = new Ranges().add(1, ns(0), ns(10)).add(1, ns(20L * Sync.RUNS_PER_INPUT),
                ns(20L * Sync.RUNS_PER_INPUT + 10));
        run(graph, script, ranges, 3);
        assertEquals(6, graph.event("data-overflow"), "one run released for each run beyond the limit");
        assertEquals(1, graph.event("range-late"));
        assertEquals(List.of(at(MIC0, 20L * Sync.RUNS_PER_INPUT, 10)), Recorded.extents(graph.tuples().get(0)));
    }

    @Test
    void aTimebaseChangeOnAnInputDropsWhatItHeldAndCountsIt() {
        Timebase resampled = Timebase.of("sync-mic-0", 44_100, 0);
        SyncGraph graph = new SyncGraph(1, SyncPolicy.DROP_INCOMPLETE);
        SegScript script = new SegScript().add(0, MIC0, 0, 4_800).add(1, resampled, 4_410, 4_410);
        Ranges ranges = new Ranges().add(2, ns(0), ns(100)).add(2, resampled.timeNanos(5_000),
                resampled.timeNanos(6_000));
        run(graph, script, ranges, 3);
        assertEquals(1, graph.event("input-timebase-change"));
        assertEquals(1, graph.event("range-missing-data"), "0..100 went with the old timebase");
        assertEquals(List.of(at(resampled, 5_000, 1_000)), Recorded.extents(graph.tuples().get(0)));
    }

    @Test
    void fourDelayedMicrophonesGetTheirOwnSamplesOfTheSameInstants() {
        Timebase[] mics = new Timebase[4];
        SegScript script = new SegScript();
        for (int k = 0; k < 4; k++) {
            mics[k] = Timebase.of("sync-delayed-" + k, 48_000, 7_000L * k);
        }
        for (int release = 0; release < 36; release++) {
            for (int k = 0; k < 4; k++) {
                int j = release - k; // mic k's data arrives k releases late
                if (j >= 0 && j < 30) {
                    script.add(release, k, mics[k], 320L * j, 320);
                }
            }
        }
        SplittableRandom random = new SplittableRandom(31);
        Ranges ranges = new Ranges();
        List<long[]> asked = new ArrayList<>();
        long t = ns(100);
        for (int r = 0; r < 8; r++) {
            long start = t + random.nextLong(0, 200_000);
            long end = start + random.nextLong(0, 20_000_000);
            if (end > ns(9_000)) {
                break;
            }
            ranges.add(r, start, end);
            asked.add(new long[] {start, end});
            t = end;
        }
        SyncGraph graph = new SyncGraph(4, SyncPolicy.DROP_INCOMPLETE);
        run(graph, script, ranges, 40);
        List<List<Window>> tuples = graph.tuples();
        assertEquals(asked.size(), tuples.size());
        assertTrue(asked.size() >= 4, "enough ranges: " + asked.size());
        for (int r = 0; r < asked.size(); r++) {
            List<Extent> expected = new ArrayList<>();
            for (Timebase mic : mics) {
                long from = firstSample(mic, asked.get(r)[0]);
                expected.add(at(mic, from, firstSample(mic, asked.get(r)[1]) - from));
            }
            assertEquals(expected, Recorded.extents(tuples.get(r)), "range " + r);
        }
        assertEquals(0, graph.event("range-late") + graph.event("range-missing-data"));
    }

    @Test
    void rangesInNanosecondsHoldTheSamplesAtOrAfterTheirStartAndBeforeTheirEnd() {
        SyncGraph graph = new SyncGraph(1, SyncPolicy.DROP_INCOMPLETE);
        SegScript script = data(new SegScript(), 0, 0, MIC0, 0, 4_800, 480);
        // At 48 kHz sample 1 is at 20833.3 ns, so at 20834 ns; sample 2 at 41667 ns.
        long[][] asked = {{0, 1}, {1, 20_834}, {20_834, 20_835}, {20_835, 41_667}, {41_667, ns(100)},
                {ns(200) - 1, ns(300) + 1}};
        Ranges ranges = new Ranges();
        for (long[] range : asked) {
            ranges.add(1, range[0], range[1]);
        }
        run(graph, script, ranges, 3);
        List<Extent> expected = List.of(at(MIC0, 0, 1), at(MIC0, 1, 0), at(MIC0, 1, 1), at(MIC0, 2, 0),
                at(MIC0, 2, 98), at(MIC0, 200, 101));
        List<Extent> emitted = graph.tuples().stream().map(t -> t.get(0).extent()).toList();
        assertEquals(expected, emitted);
        for (int r = 0; r < asked.length; r++) {
            long from = firstSample(MIC0, asked[r][0]);
            assertEquals(at(MIC0, from, firstSample(MIC0, asked[r][1]) - from), emitted.get(r), "the reference");
        }
    }

    @Test
    void anInvertedRangeIsDroppedAndCountedAndStillReleases() {
        SyncGraph graph = new SyncGraph(1, SyncPolicy.DROP_INCOMPLETE);
        SegScript script = data(new SegScript(), 0, 0, MIC0, 0, 4_800, 480);
        Ranges ranges = new Ranges().add(1, ns(2_000), ns(1_000)).add(1, ns(500), ns(900))
                .add(1, ns(1_000), ns(1_100));
        run(graph, script, ranges, 2);
        assertEquals(1, graph.event("range-invalid"));
        assertEquals(1, graph.event("range-late"), "data before 1000 was released");
        assertEquals(List.of(2L), Recorded.tags(graph.sink));
    }

    @Test
    void aBadConfigurationNamesTheFilterAndTheValues() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SyncGraph(1, 0, SyncPolicy.EMIT_AVAILABLE));
        assertEquals("Sync.configure(maxSamplesPerInput 0, EMIT_AVAILABLE): each input must be allowed at least one"
                + " sample", e.getMessage());
    }

    @Test
    void noHeapBytesPerRangeAfterWarmUpAndEveryBufferBackInThePool() {
        Timebase[] mics = new Timebase[4];
        for (int k = 0; k < 4; k++) {
            mics[k] = Timebase.of("sync-steady-" + k, 48_000, 5_000L * k);
        }
        int releases = 3_000;
        SegScript script = new SegScript();
        Ranges ranges = new Ranges();
        for (int r = 0; r < releases; r++) {
            for (int k = 0; k < 4; k++) {
                if (k != 2 || r % 50 != 7) { // mic 2 drops a segment now and then: missing data
                    script.add(r, k, mics[k], 64L * r, 64);
                }
            }
            if (r % 4 == 3) {
                ranges.add(r, mics[0].timeNanos(64L * r - 150), mics[0].timeNanos(64L * r - 30), r % 20 != 3);
            }
        }
        SyncGraph graph = new SyncGraph(4, 2_000, SyncPolicy.EMIT_AVAILABLE);
        Pools pools = Pools.baseline();
        script.load(graph.source);
        ranges.load(graph.source);
        GraphDriver driver = GraphDriver.of(graph).run(1_200);
        Heap.assertNone(graph, driver, 300, graph.sync);
        driver.run(releases);
        assertEquals(0, Recorded.mismatches(graph.sink));
        assertTrue(graph.event("range-missing-data") > 0, "some ranges met mic 2's drop-outs");
        assertEquals(releases / 4 - releases / 20, graph.tuples().size(), "every range asked for");
        pools.assertEveryBufferIdle(graph.sync);
    }
}
