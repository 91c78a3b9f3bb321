package org.streamflex.runtime.clock;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.runtime.graph.TestGraph;

/**
 * The release rule and miss accounting of a real clock thread, on a scripted time line: the
 * backend's clock only moves when a wait ends (possibly late, by script) or a release works (for a
 * scripted duration). The expected tables are worked by hand from the paper's definition,
 * e_i = p * (ceil(a_{i-1} / p) + 1), with p = 100 us.
 */
@Timeout(600) // a guard against a hang, not a limit on speed: a busy machine is slower, never wrong
class ScriptedClockTest {
    static final long US = 1000;

    /** A time line that moves only by script. */
    static final class ScriptedBackend implements ClockBackend {
        final long[] lateWakeUps;
        final long[] workDurations;
        volatile long now;
        int waits;
        int works;

        ScriptedBackend(long[] lateWakeUps, long[] workDurations) {
            this.lateWakeUps = lateWakeUps;
            this.workDurations = workDurations;
        }

        @Override
        public Thread newThread(String name, Runnable body) {
            return new Thread(body, name);
        }

        @Override
        public Entered enter() {
            return Entered.applied("scripted");
        }

        @Override
        public void begin(long startNanos) {
            now = startNanos;
        }

        @Override
        public boolean awaitNanos(long deadline, BooleanSupplier running) {
            if (waits == lateWakeUps.length) {
                while (running.getAsBoolean()) {
                    LockSupport.parkNanos(1_000_000);
                }
                return false;
            }
            now = Math.max(now, deadline) + lateWakeUps[waits++];
            return true;
        }

        @Override
        public long nanoTime() {
            return now;
        }

        @SuppressWarnings("NonAtomicVolatileUpdate") // only the clock thread writes it; the test thread reads it
        void work() {
            now += workDurations[works++];
        }
    }

    /** Works for the scripted duration; records what its time channel told it. */
    @SuppressWarnings("StreamFlex") // reads the test's script through a static field, on purpose
    public static final class Scripted extends Filter {
        static ScriptedBackend script;
        private TimeChannel timer;
        public final List<Long> times = new ArrayList<>();
        public final List<Integer> missedBefore = new ArrayList<>();

        @Override
        public void work() {
            times.add(timer.getTime());
            missedBefore.add(timer.missedDeadlines());
            script.work();
        }
    }

    @Test
    void missesAndSkippedPeriodsFollowThePapersRuleExactly() throws Exception {
        //              release:   0     1      2     3      4      5      6
        long[] late = {0, 0, 0, 0, 0, 0, 90 * US};
        long[] work = {30 * US, 120 * US, 50 * US, 250 * US, 100 * US, 101 * US, 20 * US};
        // release 0 at 0,    completes 30:    deadline 100, met;    next boundary 1
        // release 1 at 100,  completes 220:   deadline 200, missed; next ceil(2.2) = 3, skips 2
        // release 2 at 300,  completes 350:   deadline 400, met;    next 4
        // release 3 at 400,  completes 650:   deadline 500, missed; next ceil(6.5) = 7, skips 5 and 6
        // release 4 at 700,  completes 800:   deadline 800, met (not after it); next 8
        // release 5 at 800,  completes 901:   deadline 900, missed; next ceil(9.01) = 10, skips 9
        // release 6 at 1000 woken 90 late, completes 1110: deadline 1100, missed; next 12
        ScriptedBackend backend = new ScriptedBackend(late, work);
        Scripted.script = backend;
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        Scripted filter = g.filter(Scripted.class);
        g.link(clock, filter).check();
        RuntimeGraph runtime = (RuntimeGraph) ApiAccess.assemblyOf(g);
        runtime.chooseClockBackends((c, options) -> new ClockBackends.Choice(backend, null, false));
        List<long[]> observed = new ArrayList<>();
        runtime.observeReleases(clock, (boundary, start, completion, missed) ->
                observed.add(new long[] {boundary, start / US, completion / US, missed ? 1 : 0}));
        g.start();
        TestGraph.awaitReleases(clock, work.length);
        g.stop();
        assertTrue(g.awaitTermination(30, TimeUnit.SECONDS));

        assertEquals(List.of(0L, 100L, 300L, 400L, 700L, 800L, 1000L), filter.times);
        assertEquals(List.of(0, 0, 1, 0, 2, 0, 1), filter.missedBefore, "periods skipped before each release");
        assertEquals(4, clock.missedDeadlines());
        assertEquals(7, clock.releases());
        long[][] expected = {
            {0, 0, 30, 0}, {1, 100, 220, 1}, {3, 300, 350, 0}, {4, 400, 650, 1},
            {7, 700, 800, 0}, {8, 800, 901, 1}, {10, 1090, 1110, 1},
        };
        assertEquals(expected.length, observed.size());
        for (int i = 0; i < expected.length; i++) {
            assertArrayEquals(expected[i], observed.get(i), "release " + i + ": boundary, start, completion, missed");
        }
        assertEquals("scripted", clock.backend());
    }
}
