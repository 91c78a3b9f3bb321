package org.streamflex.runtime.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
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

/** The real FFM calls, on this machine. They run on Linux only; elsewhere there is nothing to call. */
@Timeout(600) // a guard against a hang, not a limit on speed: a busy machine is slower, never wrong
class NativeLinuxSchedulingTest {
    @BeforeAll
    static void linuxOnly() {
        assumeTrue(NativeLinuxScheduling.unavailableReason() == null, NativeLinuxScheduling.unavailableReason());
    }

    @Test
    void clockNanosleepSharesNanoTimesTimeBaseAndNeverWakesEarly() {
        NativeLinuxScheduling calls = NativeLinuxScheduling.create();
        for (int i = 0; i < 20; i++) {
            long deadline = System.nanoTime() + 300_000;
            assertEquals(0, calls.sleepUntil(deadline));
            long now = System.nanoTime();
            assertTrue(now >= deadline, "woke " + (deadline - now) + " ns before the deadline");
        }
    }

    @Test
    void theKernelsRefusalComesBackAsAnErrorNumber() throws Exception {
        AtomicInteger answer = new AtomicInteger(-1);
        AtomicInteger policy = new AtomicInteger(-1);
        // On a thread of its own: a pinning that succeeded must not stay on a test thread.
        Thread t = new Thread(() -> {
            NativeLinuxScheduling calls = NativeLinuxScheduling.create();
            answer.set(calls.setAffinity(1000));
            policy.set(calls.policy());
        });
        t.start();
        t.join();
        assertEquals(22, answer.get(), "no machine here has a CPU 1000: EINVAL");
        assertEquals(0, policy.get(), "a new Java thread is SCHED_OTHER");
    }

    @Test
    void aLinuxFifoGraphRunsUnderSchedFifoOrSaysWhyNot() throws Exception {
        TestGraph g = new TestGraph();
        Clock clock = g.clock(200);
        Counter counter = g.filter(Counter.class);
        g.link(clock, counter).link(counter, g.filter(IntSink.class), 64).check();
        g.setRealTime(RealTime.defaults().withBackend(Backend.LINUX_FIFO).withPriority(10));
        AtomicInteger policySeen = new AtomicInteger(-99);
        ((RuntimeGraph) ApiAccess.assemblyOf(g)).observeReleases(clock, (b, s, c, m) -> {
            if (policySeen.get() == -99) {
                policySeen.set(NativeLinuxScheduling.create().policy());
            }
        });
        g.start();
        TestGraph.awaitReleases(clock, 20);
        g.stop();
        assertTrue(g.awaitTermination(30, TimeUnit.SECONDS));
        if (clock.backend().startsWith("linux-fifo: SCHED_FIFO priority 10")) {
            assertEquals(1, policySeen.get(), "the clock thread itself runs SCHED_FIFO");
        } else {
            assertTrue(clock.backend().startsWith("park-spin after refused SCHED_FIFO"), clock.backend());
            assertEquals(0, policySeen.get());
        }
    }
}
