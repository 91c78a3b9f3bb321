package org.streamflex.runtime.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.realtime.AbsoluteTime;
import javax.realtime.PeriodicParameters;
import javax.realtime.PriorityParameters;
import javax.realtime.PriorityScheduler;
import javax.realtime.RealtimeThread;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Clock;
import org.streamflex.RealTime;
import org.streamflex.RealTime.Backend;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.runtime.graph.TestFilters.Counter;
import org.streamflex.runtime.graph.TestFilters.IntSink;
import org.streamflex.runtime.graph.TestGraph;

/** The reflective RTSJ wiring, against the stand-in {@code javax.realtime} of the test sources. */
@Timeout(600) // a guard against a hang, not a limit on speed: a busy machine is slower, never wrong
class RtsjBackendTest {
    @Test
    void aClockOnAnRtsjVmRunsOnAPeriodicRealtimeThreadAtTheTopPriority() throws Exception {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(500);
        Counter counter = g.filter(Counter.class);
        g.link(clock, counter).link(counter, g.filter(IntSink.class), 64).check();
        g.setRealTime(RealTime.defaults().withBackend(Backend.RTSJ));
        AtomicReference<Thread> releasedOn = new AtomicReference<>();
        ((RuntimeGraph) ApiAccess.assemblyOf(g)).observeReleases(clock,
                (b, s, c, m) -> releasedOn.compareAndSet(null, Thread.currentThread()));
        long waitsBefore = RealtimeThread.WAITS.get();
        g.start();
        TestGraph.awaitReleases(clock, 20);
        g.stop();
        assertTrue(g.awaitTermination(30, TimeUnit.SECONDS));

        assertEquals("rtsj: javax.realtime.RealtimeThread, priority 97 (PriorityScheduler maximum),"
                + " waitForNextPeriod then 20 us spin", clock.backend());
        RealtimeThread thread = assertInstanceOf(RealtimeThread.class, releasedOn.get());
        assertEquals("streamflex-clock-0", thread.getName());
        PriorityParameters priority = assertInstanceOf(PriorityParameters.class, thread.getSchedulingParameters());
        assertEquals(PriorityScheduler.MAX_PRIORITY, priority.getPriority());
        PeriodicParameters periodic = assertInstanceOf(PeriodicParameters.class, thread.getReleaseParameters());
        assertEquals(0, periodic.getPeriod().getMilliseconds());
        assertEquals(500_000, periodic.getPeriod().getNanoseconds());
        assertInstanceOf(AbsoluteTime.class, periodic.getStart(), "releases aligned to the graph's boundary 0");
        assertTrue(RealtimeThread.WAITS.get() - waitsBefore >= clock.releases() - 1,
                "each release after the first waited for its period in waitForNextPeriod");
        assertEquals(0, counter.lastTime % 500, "tick times are period boundaries");
        assertTrue(counter.next >= 20);
    }
}
