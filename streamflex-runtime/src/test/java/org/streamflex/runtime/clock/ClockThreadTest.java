package org.streamflex.runtime.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestFilters.Counter;
import org.streamflex.runtime.graph.TestFilters.IntSink;
import org.streamflex.runtime.graph.TestGraph;

class ClockThreadTest {

    /** Each release sleeps three periods: every release misses its deadline. */
    public static final class Overrun extends Filter {
        private TimeChannel timer;
        public int works;
        public int missedSeen;
        public long lastTime = -1;
        public boolean timesAreBoundaries = true;
        public boolean timesIncrease = true;
        public boolean interrupted;

        @Override
        public void work() {
            long time = timer.getTime();
            timesAreBoundaries &= time % 1000 == 0;
            timesIncrease &= time > lastTime;
            lastTime = time;
            missedSeen += timer.missedDeadlines();
            works++;
            try {
                Thread.sleep(3);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
    }

    @Test
    void releasesThatOverrunTheirPeriodAreCountedAsMissedAndSkipPeriods() throws Exception {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(1000);
        Overrun overrun = g.filter(Overrun.class);
        g.link(clock, overrun).check();
        g.start();
        TestGraph.awaitReleases(clock, 20);
        g.stop();
        assertTrue(g.awaitTermination(30, TimeUnit.SECONDS));
        long releases = clock.releases();
        assertEquals(releases, overrun.works);
        assertEquals(releases, clock.missedDeadlines(), "a 3 ms release misses a 1 ms deadline every time");
        assertTrue(overrun.missedSeen >= 2 * (releases - 1),
                "each release after the first sees at least two skipped periods: " + overrun.missedSeen);
        assertTrue(overrun.timesAreBoundaries, "tick times are multiples of the period");
        assertTrue(overrun.timesIncrease);
    }

    @Test
    void stopEndsTheClockThreadsAndKeepsWhatWasDelivered() throws Exception {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(200);
        Counter counter = g.filter(Counter.class);
        IntSink sink = g.filter(IntSink.class);
        g.link(clock, counter).link(counter, sink, 16).check();
        g.start();
        while (g.channel(counter, "out").published() < 50) {
            Thread.sleep(2);
        }
        g.stop();
        assertTrue(g.awaitTermination(30, TimeUnit.SECONDS));
        int received = sink.received;
        Thread.sleep(10);
        assertEquals(received, sink.received, "nothing runs after stop()");
        assertEquals(counter.next, sink.received + g.channel(counter, "out").dropped());
        assertEquals(sink.last, sink.received - 1, "in order, nothing lost");
    }

    @Test
    void theDriverDeliversTickTimesOfEveryClockInVirtualTime() {
        TestGraph g = new TestGraph();
        Counter fast = g.filter(Counter.class);
        Counter slow = g.filter(Counter.class);
        g.link(g.clock(100), fast).link(fast, g.filter(IntSink.class), 4);
        g.link(g.clock(250), slow).link(slow, g.filter(IntSink.class), 4);
        g.check();
        GraphDriver driver = GraphDriver.of(g).run(14);
        // Boundaries: 0(both) 100 200 250 300 400 500(both) 600 700 750 800 900 1000(both) 1100
        assertEquals(1100, driver.nowMicros());
        assertEquals(12, fast.next);
        assertEquals(5, slow.next);
        assertEquals(1100, fast.lastTime);
        assertEquals(1000, slow.lastTime);
        assertEquals(0, fast.missedSeen + slow.missedSeen);
    }
}
