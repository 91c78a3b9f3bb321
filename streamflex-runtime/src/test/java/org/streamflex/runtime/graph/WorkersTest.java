package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streamflex.BoundaryError;
import org.streamflex.Clock;
import org.streamflex.DataChannel;
import org.streamflex.FailurePolicy;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Rate;
import org.streamflex.StreamFlexError;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.TemporaryProperty;
import org.streamflex.runtime.clock.NativeLinuxScheduling;
import org.streamflex.runtime.flight.FlightRecording;
import org.streamflex.runtime.schedule.Workers;

/**
 * Worker threads: a graph's fused subgraphs and filters run in data-flow order on one thread per
 * core, over links that never drop, placed by measured cost or a profile file.
 */
class WorkersTest {
    /** How long a test waits for items before it gives up: generous, for a machine under load. */
    private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(60);

    /** Puts 1 to 7 consecutive numbers per release: a dynamic rate. */
    public static final class Numbers extends Filter {
        @SuppressWarnings("UnusedVariable") // released on, never read
        private TimeChannel timer;
        private IntChannel out;
        private int next;
        private int release;

        @Override
        public void work() {
            int n = 1 + release++ % 7;
            for (int i = 0; i < n; i++) {
                out.put(next++);
            }
        }
    }

    /** Puts {@code x % 4} copies of each x, 0 to 3: its output is bursty and sometimes nothing. */
    public static final class Expand extends Filter {
        private IntChannel in;
        private IntChannel out;

        @Override
        public void work() {
            int x = in.take();
            for (int i = 0; i < x % 4; i++) {
                out.put(x);
            }
        }
    }

    /** Adds one to each item; throws on {@link #failOn}. */
    public static final class Increment extends Filter {
        private IntChannel in;
        private IntChannel out;
        volatile int failOn = -1;

        @Override
        public void work() {
            int x = in.take();
            if (x == failOn) {
                throw new IllegalStateException("refuses " + x);
            }
            out.put(x + 1);
        }
    }

    /** Same as {@link Increment}, with declared rates: a static subgraph of its own. */
    public static final class RatedIncrement extends Filter {
        @Rate(1)
        private IntChannel in;
        @Rate(1)
        private IntChannel out;

        @Override
        public void work() {
            out.put(in.take() + 1);
        }
    }

    /**
     * Checks that it gets, in order, {@code x % 4} copies of {@code x + offset} for x = 0, 1, 2, ...;
     * with {@link #gaps}, whole groups may be missing (dropped upstream of the filter that makes them).
     */
    public static final class Check extends Filter {
        private IntChannel in;
        int offset;
        boolean gaps;
        private int x;
        private int copies;
        private long seen;
        volatile long count;
        /** The first item out of order, or -1; with what it was and what was expected. */
        volatile long wrongAt = -1;
        int wrongGot;
        int wrongExpected;

        @Override
        public void work() {
            int got = in.take();
            while (copies == x % 4) {
                x++;
                copies = 0;
            }
            if (gaps && copies == 0 && got > x + offset) {
                x = got - offset;
            }
            if (got != x + offset && wrongAt < 0) {
                wrongGot = got;
                wrongExpected = x + offset;
                wrongAt = seen;
            }
            copies++;
            count = ++seen; // one writer, the filter's thread; the test thread only reads it
        }
    }

    /** Puts 0 to {@link #BURST} - 1 in its first work(), then nothing: one transaction, published at once. */
    public static final class Burst extends Filter {
        static final int BURST = 50;
        @SuppressWarnings("UnusedVariable") // released on, never read
        private TimeChannel timer;
        private IntChannel out;
        private boolean done;

        @Override
        public void work() {
            if (!done) {
                for (int i = 0; i < BURST; i++) {
                    out.put(i);
                }
                done = true;
            }
        }
    }

    /** Counts what arrives. */
    public static final class Count extends Filter {
        private IntChannel in;
        private long seen;
        volatile long count;

        @Override
        public void work() {
            in.take();
            count = ++seen; // one writer, the filter's thread; the test thread only reads it
        }
    }

    /** Takes two items per work() and puts their sum: a batch's calls each move its take position by two. */
    public static final class Pairs extends Filter {
        private IntChannel in;
        private IntChannel out;

        @Override
        public void work() {
            out.put(in.take() + in.take());
        }
    }

    /** Never takes its input: each work() only counts itself. */
    public static final class Stubborn extends Filter {
        @SuppressWarnings("UnusedVariable") // connected, never taken from
        private IntChannel in;
        private long calls;
        volatile long count;

        @Override
        public void work() {
            count = ++calls; // one writer, the filter's thread; the test thread only reads it
        }
    }

    /** Sums what arrives, in order, and counts it. */
    public static final class Sum extends Filter {
        private IntChannel in;
        private long seen;
        private long total;
        private int last = Integer.MIN_VALUE;
        volatile long sum;
        volatile boolean ordered = true;
        /** Written last, so a test thread that sees it sees the sum and the order of as many items. */
        volatile long count;

        @Override
        public void work() {
            int x = in.take();
            if (x <= last) {
                ordered = false;
            }
            last = x;
            total += x;
            sum = total; // one writer, the filter's thread; the test thread only reads it
            count = ++seen;
        }
    }

    /** burst -> increment -> count on one worker: the increment runs the whole burst as one batch. */
    private static TestGraph burst(Increment inc, Count count, Burst burst, TestGraph g) {
        g.link(g.clock(0), burst).link(burst, inc, 64).link(inc, count, 64).check();
        return g;
    }

    private record Chain(TestGraph graph, Numbers source, Expand expand, Increment inc, Check check) {
    }

    /**
     * source -> expand -> increment -> rated increment -> rated increment -> check, free-running,
     * small links; the two rated filters are a static subgraph, one fused unit on one worker and a
     * unit each on more.
     */
    private static Chain chain(String cores, int capacity) {
        try (var _ = TemporaryProperty.set("streamflex.workers.cores", cores)) {
            TestGraph g = new TestGraph();
            Numbers source = g.filter(Numbers.class);
            Expand expand = g.filter(Expand.class);
            Increment inc = g.filter(Increment.class);
            RatedIncrement rated = g.filter("Rated1", RatedIncrement.class);
            RatedIncrement rated2 = g.filter("Rated2", RatedIncrement.class);
            Check check = g.filter(Check.class);
            check.offset = 3;
            Clock clock = g.clock(0);
            g.link(clock, source).link(source, expand, capacity).link(expand, inc, capacity).link(inc, rated, capacity)
                    .link(rated, rated2, capacity).link(rated2, check, capacity).check();
            return new Chain(g, source, expand, inc, check);
        }
    }

    /** Null if every item was right, else which was wrong. */
    private static String wrong(Check check) {
        long at = check.wrongAt;
        return at < 0 ? null : "item " + at + " is " + check.wrongGot + ", expected " + check.wrongExpected;
    }

    /** Waits for {@code condition}, failing naming {@code what} after {@link #PATIENCE_NANOS}. */
    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE_NANOS;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("gave up waiting for " + what);
            }
            Thread.sleep(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "2", "3"})
    void workersDeliverEveryItemInOrderWithoutDrops(String cores) throws InterruptedException {
        // Capacity 3: Numbers puts up to 7 and Expand up to 3 per work(), so links must spill.
        Chain c = chain(cores, 3);
        c.graph().start();
        try {
            await(() -> c.check().count >= 200_000 || c.check().wrongAt >= 0, "200,000 items");
        } finally {
            c.graph().stop();
        }
        assertEquals(null, wrong(c.check()));
        assertEquals(null, c.graph().failure());
        for (String[] end : new String[][] {{"expand", "in"}, {"inc", "in"}, {"check", "in"}}) {
            Filter f = switch (end[0]) {
                case "expand" -> c.expand();
                case "inc" -> c.inc();
                default -> c.check();
            };
            DataChannel ch = c.graph().channel(f, end[1]);
            assertEquals(0, ch.dropped(), end[0] + "." + end[1] + " dropped items");
        }
        String schedule = c.graph().schedule();
        int threads = Math.min(Integer.parseInt(cores), 4);
        assertTrue(schedule.contains("workers: " + threads + (threads == 1 ? " thread" : " threads")), schedule);
        if (threads == 3 && Runtime.getRuntime().availableProcessors() == 2
                && NativeLinuxScheduling.unavailableReason() == null) {
            // Two CPUs for three workers: the first two pinned, the third not; both said.
            assertTrue(schedule.matches("(?s).*pinned to CPUs \\[\\d+, \\d+\\], 1 unpinned \\(worker 2 has no CPU"
                    + " of its own: the thread that started the graph may run on CPUs \\[\\d+, \\d+\\]\\).*"),
                    schedule);
        }
        if (threads > Runtime.getRuntime().availableProcessors()) {
            // More workers than CPUs: a quiet worker parks after its 256 spinning turns (Worker.SPINS)
            // instead of spinning on for 100 us and keeping a neighbour it waits for off the CPU.
            var counters = c.graph().counters();
            for (int w = 0; w < threads; w++) {
                long busy = counters.value("worker.worker-" + w + ".busyTurns");
                long idle = counters.value("worker.worker-" + w + ".idleTurns");
                long parks = counters.value("worker.worker-" + w + ".parks");
                assertTrue(idle <= 256 * (busy + 1) + parks,
                        "worker " + w + " spun past its turns: busy " + busy + ", idle " + idle + ", parks " + parks);
            }
        }
    }

    @Test
    void schedulePrintsThePlacementAndEachUnitsMeasuredCost() throws InterruptedException {
        Chain c = chain("2", 64);
        c.graph().start();
        try {
            await(() -> c.graph().schedule().contains("worker 1:"), "the placement");
        } finally {
            c.graph().stop();
        }
        String s = c.graph().schedule();
        assertTrue(s.contains("workers: 2 threads"), s);
        assertTrue(s.contains("placed by a profile of 20 ms"), s);
        assertTrue(s.contains("  worker 0: Numbers"), s);
        for (String unit : new String[] {"Numbers=", "Expand=", "Increment=", "Rated1=", "Rated2=", "Check="}) {
            assertTrue(s.contains("  " + unit), unit + " in " + s);
        }
    }

    /** Passes items on, sleeping 1 ms every 16th: a turn long by the wall clock, nothing on the CPU. */
    public static final class Sleeper extends Filter {
        private IntChannel in;
        private IntChannel out;
        private int items;

        @Override
        public void work() {
            int x = in.take();
            if (++items % 16 == 0) {
                LockSupport.parkNanos(1_000_000);
            }
            out.put(x);
        }
    }

    /** Passes items on after about 40,000 floating-point operations each: a turn all on the CPU. */
    public static final class Burner extends Filter {
        private IntChannel in;
        private IntChannel out;
        private double sum;

        @Override
        public void work() {
            int x = in.take();
            double v = x;
            for (int i = 0; i < 20_000; i++) {
                v = v * 0.999_999 + 1.0;
            }
            sum += v; // kept, so that the loop is not dead code
            out.put(x + (sum < 0 ? 1 : 0));
        }
    }

    @Test
    void theProfileCostsATurnByWhatItRanNotByHowLongItWaited() throws InterruptedException {
        // Waiting for a CPU (a busy machine) or, here, asleep: timed by the wall clock, the Sleeper cost
        // 9.0 and 9.9 ms against the Burner's 14.5 and 13.5 ms, and the placement would be made for a
        // machine that is not there; by the CPU clock 1.3 and 1.6 ms against 17.4 and 18.3 ms.
        TestGraph g;
        try (var _ = TemporaryProperty.set("streamflex.workers.cores", "2")) {
            g = new TestGraph();
            Numbers source = g.filter(Numbers.class);
            Sleeper sleeper = g.filter(Sleeper.class);
            Burner burner = g.filter(Burner.class);
            Count count = g.filter(Count.class);
            g.link(g.clock(0), source).link(source, sleeper, 64).link(sleeper, burner, 64).link(burner, count, 64)
                    .check();
        }
        TestGraph graph = g;
        graph.start();
        try {
            await(() -> graph.schedule().contains("worker 1:"), "the placement");
        } finally {
            graph.stop();
        }
        String s = graph.schedule();
        long sleeper = cost(s, "Sleeper");
        long burner = cost(s, "Burner");
        assertTrue(sleeper * 3 < burner, "the Sleeper costs " + sleeper + " ns, the Burner " + burner + " ns:\n" + s);
    }

    /** The cost {@code schedule()} prints for {@code unit}. */
    private static long cost(String schedule, String unit) {
        return schedule.lines().map(String::strip).filter(l -> l.startsWith(unit + "="))
                .mapToLong(l -> Long.parseLong(l.substring(unit.length() + 1))).findFirst()
                .orElseThrow(() -> new AssertionError("no cost of " + unit + " in\n" + schedule));
    }

    @Test
    void eachWorkersTurnsAndParksAreCountersOfTheGraph() throws InterruptedException {
        Chain c = chain("2", 64);
        var counters = c.graph().counters();
        assertEquals(0, counters.value("worker.worker-1.busyTurns"), "registered at validate, 0 before start");
        c.graph().start();
        try {
            await(() -> c.check().count >= 10_000 && counters.value("worker.worker-0.busyTurns") > 0
                    && counters.value("worker.worker-1.busyTurns") > 0, "both workers busy");
        } finally {
            c.graph().stop();
        }
        for (String worker : new String[] {"worker-0", "worker-1"}) {
            long busy = counters.value("worker." + worker + ".busyTurns");
            long idle = counters.value("worker." + worker + ".idleTurns");
            assertTrue(busy > 0, worker + " busy " + busy);
            assertTrue(counters.value("worker." + worker + ".parks") <= idle, worker + ": a park follows idle turns");
        }
        assertEquals(false, counters.names().contains("worker.worker-2.busyTurns"), "two workers, not more");
    }

    @Test
    void aProfileFilePlacesTheUnitsWithoutMeasuring(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("costs.txt");
        // The heavy unit last: worker 1 gets it alone, worker 0 the four cheap ones.
        Files.writeString(file, """
                # measured elsewhere
                Numbers=10
                Expand=10
                Increment=10
                Rated1=10
                Rated2=10
                Check=1000
                """);
        Chain c;
        try (var _ = TemporaryProperty.set("streamflex.workers.profile", file.toString())) {
            c = chain("2", 64);
        }
        c.graph().start();
        try {
            await(() -> c.check().count >= 10_000, "10,000 items");
        } finally {
            c.graph().stop();
        }
        String s = c.graph().schedule();
        assertTrue(s.contains("placed by the profile file"), s);
        assertTrue(s.contains("  worker 0: Numbers, Expand, Increment, Rated1, Rated2\n"), s);
        assertTrue(s.contains("  worker 1: Check\n"), s);
        assertEquals(null, wrong(c.check()));
    }

    @Test
    void aStaticSubgraphIsCutAcrossTwoWorkersAndKeepsOrder(@TempDir Path dir) throws Exception {
        // Each rated filter as heavy as the rest together: the cut falls between them.
        String s = runPlacedByCosts(dir, "Numbers=10\nExpand=10\nIncrement=10\nRated1=1000\nRated2=1000\nCheck=10\n");
        assertTrue(s.contains("  worker 0: Numbers, Expand, Increment, Rated1\n"), s);
        assertTrue(s.contains("  worker 1: Rated2, Check\n"), s);
    }

    @Test
    void piecesOfAStaticSubgraphOnOneWorkerRunFusedAndKeepOrder(@TempDir Path dir) throws Exception {
        // Check alone on worker 1: both rated filters land on worker 0, next to each other; with
        // links of 3, Rated2's batches fill its link to Check, which must not spill.
        String s = runPlacedByCosts(dir, "Numbers=10\nExpand=10\nIncrement=10\nRated1=10\nRated2=10\nCheck=1000\n");
        assertTrue(s.contains("  worker 0: Numbers, Expand, Increment, Rated1, Rated2\n"), s);
        assertTrue(s.contains("  worker 0 fuses 2 units: Rated1 to Rated2\n"), s);
        assertEquals(false, s.contains("worker 1 fuses"), s);
    }

    @Test
    void unitsMovedBetweenWorkersWhileTheyRunKeepEveryItemInOrder(@TempDir Path dir) throws Exception {
        // The cut between Rated1 and Rated2: each move fuses the two pieces of the static subgraph
        // on one worker, and the link between them, held back while it crossed, is inside a unit.
        Path file = dir.resolve("costs.txt");
        Files.writeString(file, "Numbers=10\nExpand=10\nIncrement=10\nRated1=1000\nRated2=1000\nCheck=10\n");
        Chain c;
        // Only the test moves units: a busy machine could otherwise move them too, between its moves.
        try (var _ = TemporaryProperty.set("streamflex.workers.profile", file.toString());
                var _ = TemporaryProperty.set("streamflex.workers.move", "false")) {
            c = chain("2", 3);
        }
        c.graph().start();
        Workers workers = ((RuntimeGraph) ApiAccess.assemblyOf(c.graph())).workers();
        long changes = 0;
        try {
            // Bounded by time, not by count: as many moves as the machine gives in a second.
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            for (int i = 0; System.nanoTime() < end || changes < 3; i++) {
                boolean changed = switch (i % 3) {
                    case 0 -> workers.move(0, 1, "by the test to worker 1");
                    case 1 -> workers.move(1, 0, "by the test to worker 0");
                    default -> workers.restore("back by the test");
                };
                assertTrue(changed, "change " + i + ": " + c.graph().schedule());
                changes++;
                long seen = c.check().count;
                await(() -> c.check().count >= seen + 500 || c.check().wrongAt >= 0, "500 items after change " + i);
            }
        } finally {
            c.graph().stop();
        }
        String s = c.graph().schedule();
        assertEquals(null, wrong(c.check()), s);
        assertEquals(null, c.graph().failure(), s);
        for (Filter f : List.of(c.expand(), c.inc(), c.check())) {
            assertEquals(0, c.graph().channel(f, "in").dropped(), f + " dropped items\n" + s);
        }
        assertEquals(changes, workers.moved(), s);
        // What schedule() says: the placement of the file, then the moves and where the units are now.
        assertTrue(s.contains("  worker 0: Numbers, Expand, Increment, Rated1\n"), s);
        assertTrue(s.contains("  moved " + changes + " times, last "), s);
    }

    /**
     * Runs a chain on 2 workers with links of 3, placed by a profile file of {@code costs}, for
     * 100,000 items; checks they came whole, in order, none dropped; returns {@code schedule()}.
     */
    private static String runPlacedByCosts(Path dir, String costs) throws Exception {
        Path file = dir.resolve("costs.txt");
        Files.writeString(file, costs);
        Chain c;
        try (var _ = TemporaryProperty.set("streamflex.workers.profile", file.toString())) {
            c = chain("2", 3);
        }
        c.graph().start();
        try {
            await(() -> c.check().count >= 100_000 || c.check().wrongAt >= 0, "100,000 items");
        } finally {
            c.graph().stop();
        }
        String s = c.graph().schedule();
        assertEquals(null, wrong(c.check()), s);
        assertEquals(null, c.graph().failure(), s);
        assertEquals(0, c.graph().channel(c.check(), "in").dropped(), s);
        return s;
    }

    @Test
    void oneWorkerKeepsAStaticSubgraphWhole() throws InterruptedException {
        Chain c = chain("1", 64);
        c.graph().start();
        try {
            await(() -> c.check().count >= 10_000, "10,000 items");
        } finally {
            c.graph().stop();
        }
        String s = c.graph().schedule();
        assertTrue(s.contains("  worker 0: Numbers, Expand, Increment, static subgraph 1, Check\n"), s);
        assertEquals(null, wrong(c.check()));
    }

    @Test
    void aProfileFileWithoutAUnitIsRefusedAtStart(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("costs.txt");
        Files.writeString(file, "Numbers=10\nExpand=10\n");
        Chain c;
        try (var _ = TemporaryProperty.set("streamflex.workers.profile", file.toString())) {
            c = chain("2", 64);
        }
        StreamFlexError e = assertThrows(StreamFlexError.class, c.graph()::start);
        assertTrue(e.getMessage().contains("has no cost for Increment"), e.getMessage());
    }

    @Test
    void aFailureOnAWorkerStopsTheGraphNamingTheFilter() throws InterruptedException {
        Chain c = chain("2", 16);
        c.inc().failOn = 5_001; // 5001 % 4 == 1: Expand passes it on
        c.graph().start();
        BoundaryError e = assertThrows(BoundaryError.class, () -> c.graph().awaitTermination(60, TimeUnit.SECONDS));
        assertTrue(e.getMessage().contains("Increment"), e.getMessage());
        assertTrue(e.getMessage().contains("refuses 5001"), e.getMessage());
    }

    @Test
    void aWorkersBatchThatThrowsIsUndoneWholeAndTheErrorNamesTheFilter() throws InterruptedException {
        TestGraph g;
        Increment inc;
        try (var _ = TemporaryProperty.set("streamflex.workers.cores", "1")) {
            g = new TestGraph();
            Burst burst = g.filter(Burst.class);
            inc = g.filter(Increment.class);
            inc.failOn = 30;
            burst(inc, g.filter(Count.class), burst, g);
        }
        g.start();
        BoundaryError e = assertThrows(BoundaryError.class, () -> g.awaitTermination(60, TimeUnit.SECONDS));
        assertEquals("Increment", e.filterName());
        assertEquals("refuses 30", e.causeMessage());
        // The burst was published at once, so the increment's batch took all 50 and threw at the 31st: its 30
        // puts were never published and its 50 takes were undone.
        DataChannel in = g.channel(inc, "in");
        assertEquals(Burst.BURST, in.size(), "every take of the batch undone");
        assertEquals(0, g.channel(inc, "out").published(), "no put of the batch published");
        assertEquals(0, in.dropped() + g.channel(inc, "out").dropped());
        assertEquals(0, ((IntChannel) in).peek(0), "the batch's first item is at the head again");
    }

    @Test
    void aWorkersBatchThatThrowsUnderSkipDiscardsWhatItTookAndPublishesNoneOfItsPuts() throws InterruptedException {
        TestGraph g;
        Increment inc;
        Count count;
        try (var _ = TemporaryProperty.set("streamflex.workers.cores", "1")) {
            g = new TestGraph();
            Burst burst = g.filter(Burst.class);
            inc = g.filter(Increment.class);
            inc.failOn = 30;
            count = g.filter(Count.class);
            burst(inc, count, burst, g);
        }
        g.setFailurePolicy(FailurePolicy.skip(10));
        g.start();
        Count c = count;
        try {
            await(() -> c.count >= Burst.BURST - 31, "the items after the failed batch");
        } finally {
            g.stop();
        }
        // The batch took 0 to 30 and threw at 30: its 31 takes are consumed and counted, its 30 puts never
        // published; 31 to 49, not taken by it, go on in the next batch.
        assertEquals(31, g.discardedCount(inc), "every item the batch took is counted as discarded");
        assertEquals(1, g.failureCount(inc));
        assertEquals(0, g.channel(inc, "in").size());
        assertEquals(Burst.BURST - 31, g.channel(inc, "out").published(), "no put of the failed batch published");
        assertEquals(Burst.BURST - 31, count.count);
    }

    @Test
    void aWorkersBatchOfAFilterTakingTwoPerCallTakesEveryPairOnce() throws InterruptedException {
        TestGraph g;
        Pairs pairs;
        Sum sum;
        try (var _ = TemporaryProperty.set("streamflex.workers.cores", "1")) {
            g = new TestGraph();
            Burst burst = g.filter(Burst.class);
            pairs = g.filter(Pairs.class);
            sum = g.filter(Sum.class);
            g.link(g.clock(0), burst).link(burst, pairs, 64).link(pairs, sum, 64).check();
        }
        g.start();
        Sum s = sum;
        try {
            await(() -> s.count >= Burst.BURST / 2, "the pairs' sums");
        } finally {
            g.stop();
        }
        // The batch ends where its take position reaches the items it knew of: 25 calls for 50 items,
        // none of them taking past the burst (which would throw: nothing more ever comes).
        assertEquals(null, g.failure());
        assertEquals(Burst.BURST / 2, sum.count);
        assertTrue(sum.ordered, "the sums 1, 5, 9, ... in order");
        assertEquals((long) Burst.BURST * (Burst.BURST - 1) / 2, sum.sum, "every item in exactly one pair");
        assertEquals(0, g.channel(pairs, "in").size());
    }

    @Test
    void aWorkWhichTakesNothingEndsItsBatchAndRunsOncePerTurn() throws InterruptedException {
        TestGraph g;
        Stubborn stubborn;
        try (var _ = TemporaryProperty.set("streamflex.workers.cores", "1")) {
            g = new TestGraph();
            Burst burst = g.filter(Burst.class);
            stubborn = g.filter(Stubborn.class);
            g.link(g.clock(0), burst).link(burst, stubborn, 64).check();
        }
        var counters = g.counters();
        g.start();
        Stubborn s = stubborn;
        try {
            await(() -> s.count >= 1_000, "a thousand calls");
        } finally {
            g.stop();
        }
        g.awaitTermination(60, TimeUnit.SECONDS);
        // Its input holds the burst all along; a batch that went on after a call that took nothing would run
        // it up to the batch's bound (50 calls here) per turn.
        long turns = counters.value("worker.worker-0.busyTurns") + counters.value("worker.worker-0.idleTurns");
        assertTrue(stubborn.count <= turns + 1, stubborn.count + " calls in " + turns + " turns");
        assertEquals(Burst.BURST, g.channel(stubborn, "in").size(), "nothing taken");
    }

    @Test
    void aDriverRunsAGraphMeantForWorkersOnItsOwnThreadAsValidated() {
        Chain c = chain("2", 8);
        GraphDriver.of(c.graph()).run(2_000);
        // Every number is through, none dropped: each release runs every filter depth first, so a
        // link never holds more than one work()'s items.
        assertEquals(null, wrong(c.check()));
        int numbers = 0;
        for (int release = 0; release < 2_000; release++) {
            numbers += 1 + release % 7;
        }
        long expected = 0;
        for (int x = 0; x < numbers; x++) {
            expected += x % 4;
        }
        assertEquals(expected, c.check().count);
        assertFalse(c.graph().schedule().contains("worker 0"), c.graph().schedule());
    }

    @Test
    void workersOffRunsTheGraphOnItsClockThread() throws InterruptedException {
        Chain c;
        try (var _ = TemporaryProperty.set("streamflex.workers", "false")) {
            c = chain("2", 64);
        }
        assertTrue(c.graph().schedule().contains("workers are off"), c.graph().schedule());
        c.graph().start();
        try {
            await(() -> c.check().count >= 10_000, "10,000 items");
        } finally {
            c.graph().stop();
        }
        assertFalse(c.graph().schedule().contains("worker 0"), c.graph().schedule());
        assertEquals(null, wrong(c.check()));
    }

    @Test
    void aWorkerRecordsTheReleasesOfTheClockItReleases() throws InterruptedException {
        Chain c = chain("1", 64);
        try (FlightRecording recording = FlightRecording.everything()) {
            c.graph().start();
            try {
                await(() -> c.check().count >= 10_000, "10,000 items");
            } finally {
                c.graph().stop();
            }
            List<RecordedEvent> releases = recording.events("org.streamflex.Release");
            assertFalse(releases.isEmpty(), "release events");
            assertEquals("clock 0 (free-running)", releases.getFirst().getString("clock"));
            assertEquals("Numbers", releases.getFirst().getString("filter"));
            assertTrue(releases.getFirst().getThread().getJavaName().startsWith("streamflex-TestGraph-worker-"),
                    releases.getFirst().getThread().getJavaName());
        }
    }

    /** A periodic source putting one number per release. */
    public static final class Ticks extends Filter {
        @SuppressWarnings("UnusedVariable") // released on, never read
        private TimeChannel timer;
        private IntChannel out;
        private int next;

        @Override
        public void work() {
            out.put(next++);
        }
    }

    @Test
    void optedInFiltersRunOnWorkersAndThePeriodicClockKeepsItsThread() throws InterruptedException {
        TestGraph g = new TestGraph();
        Ticks ticks = g.filter(Ticks.class);
        Expand expand = g.filter(Expand.class);
        Check check = g.filter(Check.class);
        Clock clock = g.clock(200);
        check.gaps = true; // the clock's channel into the workers may drop, and counts what it drops
        g.link(clock, ticks).link(ticks, expand, 1024).link(expand, check, 4).workers(expand).check();
        assertTrue(g.schedule().contains("workers: 2 of 3 filters, placed when the graph starts"), g.schedule());
        g.start();
        try {
            await(() -> check.count >= 300, "300 items");
        } finally {
            g.stop();
        }
        assertEquals(null, wrong(check));
        assertTrue(clock.backend().length() > 0 && !clock.backend().equals("not started"), clock.backend());
        assertEquals(0, g.channel(check, "in").dropped());
        DataChannel fromClock = g.channel(expand, "in");
        assertEquals(ticks.next, fromClock.published() + fromClock.dropped(), "every tick's item delivered or counted");
    }

    @Test
    void optingInAFilterAPeriodicClockReleasesIsAValidateError() {
        TestGraph g = new TestGraph();
        Ticks ticks = g.filter(Ticks.class);
        Check check = g.filter(Check.class);
        Clock clock = g.clock(1000);
        g.link(clock, ticks).link(ticks, check, 4).workers(ticks);
        StreamFlexError e = assertThrows(StreamFlexError.class, g::check);
        assertTrue(e.getMessage().contains("runOnWorkers: Ticks is released by clock 0 (1000 us), which keeps its"
                + " real-time thread"), e.getMessage());
    }
}
