package org.streamflex.runtime.atomic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Clock;
import org.streamflex.fixtures.Soak;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.TemporaryProperty;
import org.streamflex.runtime.atomic.AtomicFilters.Hook;
import org.streamflex.runtime.atomic.AtomicFilters.PairFilter;
import org.streamflex.runtime.atomic.AtomicFilters.RingFilter;
import org.streamflex.runtime.graph.TestGraph;
import org.streamflex.runtime.schedule.FilterTask;

@Timeout(600) // a guard against a hang only: every wait below is bound by progress, not by time
class AtomicCallTest {
    static final int THREADS = 3;
    /** Calls each Java thread makes at least, however long the soak's time budget takes on a busy machine. */
    static final int MIN_CALLS_PER_THREAD = 2_000;

    static FilterAtomicity atomicityOf(org.streamflex.Filter filter) {
        return ((FilterTask) ApiAccess.context(filter)).atomicity();
    }

    @Test
    void javaThreadsAndAFastClockKeepTheRingConsistent() throws Exception {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(0); // free-running: releases back to back, the most contention there is
        RingFilter ring = g.filter(RingFilter.class);
        g.link(clock, ring).check();
        g.start();
        AtomicLong pushedSum = new AtomicLong();
        AtomicLong pushed = new AtomicLong();
        AtomicLong calls = new AtomicLong();
        Soak soak = Soak.start();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int id = t;
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    int[] values = new int[3];
                    int next = 0;
                    for (int call = 0; soak.more(call, MIN_CALLS_PER_THREAD); call++) {
                        calls.incrementAndGet();
                        for (int i = 0; i < values.length; i++) {
                            values[i] = id * 100_000_000 + next + i;
                        }
                        int n = call % 16 == 15 ? ring.size() * 0 : ring.push(values);
                        for (int i = 0; i < n; i++) {
                            pushedSum.addAndGet(values[i]);
                        }
                        pushed.addAndGet(n);
                        next += n;
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        // Let the filter drain what is left.
        Soak.awaitCondition(() -> ring.taken >= pushed.get(), "the filter to take every value pushed");
        g.stop();
        assertTrue(g.awaitTermination(30, TimeUnit.SECONDS));
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        FilterAtomicity atomicity = atomicityOf(ring);
        System.out.printf("@Atomic stress: %d calls from %d threads, %d values pushed, %d releases, %d commits,"
                + " %d turned back by the filter, %d attempts re-run%n", calls.get(), THREADS,
                pushed.get(), ring.works, atomicity.commits(), atomicity.rejections(), atomicity.retries());
        assertEquals(0, ring.violations, "every work() saw head, tail, count, sum and contents agree");
        assertEquals(pushed.get(), ring.taken, "every value pushed was taken once");
        assertEquals(pushedSum.get(), ring.takenSum, "and no value was changed or duplicated");
        assertTrue(ring.works > 0, "the clock kept releasing: " + ring.works);
    }

    @Test
    void aCallHeldMidwayIsInvisibleToReleasesAndThenAppliesExactlyOnce() throws Exception {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(200);
        PairFilter pair = g.filter(PairFilter.class);
        g.link(clock, pair).check();
        g.start();
        Hook.ARMED.set(true);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread caller = Thread.ofPlatform().start(() -> {
            try {
                pair.setBoth(7);
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        assertTrue(Hook.REACHED.await(10, TimeUnit.SECONDS), "the call reached the hook");
        long releasesAtHook = clock.releases();
        TestGraph.awaitReleases(clock, releasesAtHook + 50);
        assertEquals(0, pair.seenX, "releases during the call see the state from before it");
        assertEquals(0, pair.seenY);
        assertEquals(0, pair.seenCalls);
        assertTrue(caller.isAlive(), "the caller is still inside the call");
        Hook.RELEASE.countDown();
        caller.join(10_000);
        assertTrue(failure.get() == null, () -> "the call failed: " + failure.get());
        long releasesAfter = clock.releases();
        TestGraph.awaitReleases(clock, releasesAfter + 5);
        g.stop();
        assertTrue(g.awaitTermination(30, TimeUnit.SECONDS));
        assertEquals(7, pair.seenX);
        assertEquals(7, pair.seenY);
        assertEquals(1, pair.seenCalls, "applied exactly once, however often it ran");
        assertEquals(0, pair.torn, "no release saw x and y differ");
    }

    @Test
    void anExceptionRollsTheCallBackAndReachesTheCaller() throws Exception {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        PairFilter pair = g.filter(PairFilter.class);
        g.link(clock, pair).check();
        g.start();
        pair.setThenFail(5);
        int[] borrowed = {0, 0, 3};
        pair.readInto(borrowed);
        assertArrayEquals(new int[] {15, 15, 3}, borrowed, "writes into a borrowed array reach the caller");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> pair.setThenFail(-1));
        assertEquals("negative value -1", e.getMessage());
        assertEquals(5, pair.x(), "the failed call left nothing behind");
        long releases = clock.releases();
        TestGraph.awaitReleases(clock, releases + 5);
        g.stop();
        assertTrue(g.awaitTermination(30, TimeUnit.SECONDS));
        assertEquals(5, pair.seenX);
        assertEquals(1, pair.seenCalls, "only the successful call counted");
        assertEquals(0, pair.torn);
    }

    @Test
    void callsBeforeStartAndAfterStopApplyDirectly() throws Exception {
        TestGraph g = new TestGraph();
        PairFilter pair = g.filter(PairFilter.class);
        g.link(g.clock(100), pair).check();
        pair.setThenFail(3);
        assertEquals(3, pair.x());
        GraphDriver driver = GraphDriver.of(g);
        driver.run(2);
        assertEquals(3, pair.seenX);
        pair.setThenFail(4);
        driver.run(1);
        assertEquals(4, pair.seenX, "under the driver, a call between steps is seen by the next step");
        assertEquals(2, pair.seenCalls);
    }

    @Test
    void aBlockCopiedFromABorrowedArrayAppliesInOrderWithSingleWrites() throws Exception {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        AtomicFilters.BlockFilter block = g.filter(AtomicFilters.BlockFilter.class);
        g.link(clock, block).check();
        g.start();
        block.copyIn(new int[] {1, 2, 3, 4}, 2);
        assertEquals(-1, block.at(2), "a single write after the block wins");
        assertEquals(2, block.at(3), "the block wins over a single write before it");
        assertEquals(3, block.at(4));
        assertEquals(4, block.at(5));
        assertEquals(0, block.at(6));
        assertEquals(10 + 20 + 30, block.copyAndSum(new int[] {10, 20, 30}, 8), "the call reads its own block");
        assertEquals(20, block.at(9));
        g.stop();
        assertTrue(g.awaitTermination(30, TimeUnit.SECONDS));
    }

    @Test
    void blocksKeepTheirValuesWhenTheirArenaGrowsWithinACall() throws Exception {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        AtomicFilters.BlockFilter block = g.filter(AtomicFilters.BlockFilter.class);
        g.link(clock, block).check();
        g.start();
        block.copyIn(new int[] {7, 7, 7}, 0); // a small arena first
        for (int round = 1; round <= 3; round++) {
            int[] a = sequence(50, 1_000 * round);
            int[] b = sequence(700, 5_000 * round); // does not fit after a: b goes to a larger arena
            block.copyBoth(a, b, 100);
            for (int i = 0; i < a.length; i++) {
                assertEquals(a[i], block.at(100 + i), "round " + round + ", a[" + i + "]");
            }
            for (int i = 0; i < b.length; i++) {
                assertEquals(b[i], block.at(150 + i), "round " + round + ", b[" + i + "]");
            }
        }
        g.stop();
        assertTrue(g.awaitTermination(30, TimeUnit.SECONDS));
    }

    @Test
    void copyingABlockInDoesNotAllocateItsSizePerCall() {
        TestGraph g = new TestGraph();
        AtomicFilters.BlockFilter block = g.filter(AtomicFilters.BlockFilter.class);
        g.link(g.clock(100), block).check();
        int[] frames = sequence(4096, 1); // 16 KB a call
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().threadId();
        for (int i = 0; i < 200; i++) {
            block.copyIn(frames, 0); // the logs and the block arena grow to their size
        }
        int calls = 2_000;
        long before = threads.getThreadAllocatedBytes(id);
        for (int i = 0; i < calls; i++) {
            block.copyIn(frames, 0);
        }
        long perCall = (threads.getThreadAllocatedBytes(id) - before) / calls;
        // The call's boxed argument array remains (tens of bytes); a copy of the block would be 16 KB.
        assertTrue(perCall < 1_024, perCall + " heap bytes per call");
        assertEquals(-1, block.at(0));
        assertEquals(2, block.at(1));
        assertEquals(4096, block.at(4095));
    }

    private static int[] sequence(int length, int first) {
        int[] a = new int[length];
        for (int i = 0; i < length; i++) {
            a[i] = first + i;
        }
        return a;
    }

    @Test
    void aCallTouchingMoreThanItsGraphAllowsFailsNamingTheProperty() {
        TestGraph roomy = new TestGraph();
        PairFilter unbounded = roomy.filter(PairFilter.class);
        roomy.link(roomy.clock(100), unbounded).check();
        TestGraph tight;
        try (var _ = TemporaryProperty.set("streamflex.atomic.maxWrites", "2")) {
            tight = new TestGraph();
        }
        PairFilter bounded = tight.filter(PairFilter.class);
        tight.link(tight.clock(100), bounded).check();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> bounded.setThenFail(1));
        assertEquals("an @Atomic call touched more than 2 locations (writes); the filter's thread applies at most that"
                + " many per call. Split the call, or raise -Dstreamflex.atomic.maxWrites", e.getMessage());
        unbounded.setThenFail(1); // x, y and calls: three writes, within the limits of the graph built before
        assertEquals(1, unbounded.x());
    }
}
