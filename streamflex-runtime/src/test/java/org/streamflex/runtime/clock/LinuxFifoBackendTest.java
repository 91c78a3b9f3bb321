package org.streamflex.runtime.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
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

@Timeout(600) // a guard against a hang, not a limit on speed: a busy machine is slower, never wrong
class LinuxFifoBackendTest {
    static final String SPIN = "clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME) then 20 us spin";

    @Test
    void affinityAndMemoryLockComeBeforeTheRealTimePolicy() {
        FakeLinux kernel = new FakeLinux();
        LinuxFifoBackend backend = new LinuxFifoBackend(
                RealTime.defaults().withCpu(1).withLockMemory(true).withSpinMicros(20), kernel);
        ClockBackend.Entered entered = backend.enter();
        assertEquals(List.of("setAffinity 1", "lockAllMemory", "setFifo 80"), kernel.calls,
                "a thread already SCHED_FIFO would pass its policy to helpers started on the way");
        assertEquals("linux-fifo: SCHED_FIFO priority 80, cpu 1, memory locked, " + SPIN, entered.description());
        assertNull(entered.fallback());
        assertTrue(backend.isFifo());
        BooleanSupplier running = () -> true;
        long deadline = System.nanoTime() + 20_000_000;
        assertTrue(backend.awaitNanos(deadline, running));
        assertTrue(System.nanoTime() >= deadline, "returns at the deadline, not before");
        // How many slices depends on how the machine schedules this thread; what each slice is does not.
        for (long[] call : kernel.sleepCalls) {
            assertTrue(call[1] <= call[0] + 10_000_000, "a slice of at most 10 ms, so that a stop is seen");
            assertTrue(call[1] <= deadline - 20_000, "sleeps only to the 20 us spin tail, then spins");
        }
    }

    @Test
    void aRefusedAffinityOrMemoryLockIsReportedAndTheRestApplied() {
        FakeLinux kernel = new FakeLinux();
        kernel.affinityAnswer = 22;
        kernel.lockAnswer = 12;
        kernel.allowed.set(2, 4); // a container's CPU set: 2 and 3
        ClockBackend.Entered entered = new LinuxFifoBackend(
                RealTime.defaults().withCpu(7).withLockMemory(true).withSpinMicros(20), kernel).enter();
        assertEquals("linux-fifo: SCHED_FIFO priority 80, cpu any, memory not locked, " + SPIN, entered.description());
        assertEquals("sched_setaffinity to cpu 7 refused (EINVAL, invalid argument, this thread may run on CPUs"
                + " [2, 3]); mlockall refused"
                + " (ENOMEM, locked-memory limit too low: raise ulimit -l or grant CAP_IPC_LOCK)", entered.fallback());
    }

    @Test
    void aRefusedSchedSetschedulerFallsBackToParkSpin() {
        FakeLinux kernel = new FakeLinux();
        kernel.fifoAnswer = 1;
        LinuxFifoBackend backend = new LinuxFifoBackend(RealTime.defaults().withSpinMicros(20), kernel);
        ClockBackend.Entered entered = backend.enter();
        assertEquals("park-spin after refused SCHED_FIFO: normal thread, cpu any, memory not locked,"
                + " parkNanos then 20 us spin", entered.description());
        assertEquals("sched_setscheduler(SCHED_FIFO, 80) refused (EPERM, operation not permitted:"
                + " run as root, grant CAP_SYS_NICE or raise ulimit -r); using park-spin", entered.fallback());
        assertFalse(backend.isFifo());
        BooleanSupplier running = () -> true;
        assertTrue(backend.awaitNanos(System.nanoTime() + 20_000_000, running));
        assertEquals(0, kernel.sleeps, "after the refusal it waits as a normal thread");
        assertFalse(backend.awaitNanos(System.nanoTime() + 10_000_000_000L, () -> false),
                "a stopped graph's clock does not wait");
    }

    @Test
    void aGraphWhoseRealTimePolicyIsRefusedRunsOnAndWarnsOnce() throws Exception {
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Logger logger = Logger.getLogger("org.streamflex.runtime");
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        logger.addHandler(capture);
        try {
            TestGraph g = new TestGraph();
            Clock clock = g.clock(200);
            Counter counter = g.filter(Counter.class);
            IntSink sink = g.filter(IntSink.class);
            g.link(clock, counter).link(counter, sink, 64).check();
            g.setRealTime(RealTime.defaults().withBackend(Backend.LINUX_FIFO));
            FakeLinux refusing = new FakeLinux();
            refusing.fifoAnswer = 1;
            ((RuntimeGraph) ApiAccess.assemblyOf(g)).chooseClockBackends((c, options) ->
                    ClockBackends.choose(c.periodMicros(), options, new ClockPlatform(null, () -> refusing, null)));
            g.start();
            TestGraph.awaitReleases(clock, 20);
            g.stop();
            assertTrue(g.awaitTermination(30, TimeUnit.SECONDS));
            assertNull(g.failure());
            assertTrue(clock.backend().startsWith("park-spin after refused SCHED_FIFO"), clock.backend());
            assertEquals(counter.next, sink.received + g.channel(counter, "out").dropped());
            List<LogRecord> warnings = records.stream().filter(r -> Level.WARNING.equals(r.getLevel())).toList();
            assertEquals(1, warnings.size(), "one warning: " + records.stream().map(LogRecord::getMessage).toList());
            assertEquals("StreamFlex TestGraph, clock 0 (200 us): sched_setscheduler(SCHED_FIFO, 80) refused"
                    + " (EPERM, operation not permitted: run as root, grant CAP_SYS_NICE or raise ulimit -r);"
                    + " using park-spin", warnings.getFirst().getMessage());
            assertTrue(records.stream().anyMatch(r -> Level.INFO.equals(r.getLevel())
                    && r.getMessage().equals("StreamFlex TestGraph: clock 0 (200 us): " + clock.backend())));
        } finally {
            logger.removeHandler(capture);
        }
    }
}
