package org.streamflex.runtime.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Clock;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.TemporaryProperty;
import org.streamflex.runtime.clock.ScriptedClockTest.Scripted;
import org.streamflex.runtime.clock.ScriptedClockTest.ScriptedBackend;
import org.streamflex.runtime.example.SimpleGraph;
import org.streamflex.runtime.flight.FlightRecording;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.runtime.graph.TestGraph;

/**
 * The flight recorder events of a real clock thread, on {@link ScriptedClockTest}'s time line:
 * the same releases, worked by hand there, seen as {@code org.streamflex.Release} and
 * {@code org.streamflex.DeadlineMiss} events.
 */
@Timeout(600) // a guard against a hang, not a limit on speed
class ReleaseEventsTest {
    static final long US = 1000;

    @Test
    void everyReleaseAndEveryMissIsRecordedWithItsLatenessByTheReleaseRule() throws Exception {
        long[] late = {0, 0, 0, 0, 0, 0, 90 * US};
        long[] work = {30 * US, 120 * US, 50 * US, 250 * US, 100 * US, 101 * US, 20 * US};
        ScriptedBackend backend = new ScriptedBackend(late, work);
        Scripted.script = backend;
        TestGraph g = new TestGraph();
        Clock clock = g.clock(100);
        g.link(clock, g.filter(Scripted.class)).check();
        RuntimeGraph runtime = (RuntimeGraph) ApiAccess.assemblyOf(g);
        runtime.chooseClockBackends((c, options) -> new ClockBackends.Choice(backend, null, false));
        try (FlightRecording recording = FlightRecording.everything()) {
            g.start();
            TestGraph.awaitReleases(clock, work.length);
            g.stop();
            assertTrue(g.awaitTermination(30, TimeUnit.SECONDS));

            List<RecordedEvent> releases = recording.events("org.streamflex.Release");
            // boundary, lateness (start - boundary time), duration (completion - start), missed; in us
            long[][] expected = {
                {0, 0, 30, 0}, {1, 0, 120, 1}, {3, 0, 50, 0}, {4, 0, 250, 1},
                {7, 0, 100, 0}, {8, 0, 101, 1}, {10, 90, 20, 1},
            };
            assertEquals(expected.length, releases.size(), "one event per release");
            for (int i = 0; i < expected.length; i++) {
                RecordedEvent r = releases.get(i);
                assertEquals("clock 0 (100 us)", r.getString("clock"));
                assertEquals("Scripted", r.getString("filter"));
                assertEquals(100, r.getLong("period"));
                long[] seen = {r.getLong("boundary"), r.getLong("lateness") / US, r.getLong("releaseDuration") / US,
                    r.getBoolean("missed") ? 1 : 0};
                assertEquals(List.of(expected[i][0], expected[i][1], expected[i][2], expected[i][3]),
                        List.of(seen[0], seen[1], seen[2], seen[3]), "release " + i);
            }

            List<RecordedEvent> misses = recording.events("org.streamflex.DeadlineMiss");
            // boundary, lateness (completion - deadline), boundaries skipped, misses so far
            long[][] expectedMisses = {{1, 20, 1, 1}, {4, 150, 2, 2}, {8, 1, 1, 3}, {10, 10, 1, 4}};
            assertEquals(expectedMisses.length, misses.size(), "one event per missed deadline");
            for (int i = 0; i < expectedMisses.length; i++) {
                RecordedEvent m = misses.get(i);
                assertEquals("clock 0 (100 us)", m.getString("clock"));
                assertEquals("Scripted", m.getString("filter"));
                assertEquals(List.of(expectedMisses[i][0], expectedMisses[i][1], expectedMisses[i][2],
                        expectedMisses[i][3]), List.of(m.getLong("boundary"), m.getLong("lateness") / US,
                        m.getLong("skipped"), m.getLong("missedDeadlines")), "miss " + i);
            }
            assertEquals(clock.missedDeadlines(), misses.size());
        }
    }

    @Test
    void recordingEveryReleaseAllocatesNothingOnTheClockThread() throws Exception {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        SimpleGraph graph;
        // Free-running, it releases as fast as the machine goes; workers off, so on its clock's thread.
        try (var _ = TemporaryProperty.set("streamflex.workers", "false")) {
            graph = new SimpleGraph(0);
        }
        try (FlightRecording recording = FlightRecording.everything()) {
            graph.start();
            Thread clockThread = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("streamflex-clock-0") && t.isAlive()).findFirst().orElseThrow();
            Clock clock = graph.clock();
            TestGraph.awaitReleases(clock, 50_000); // warm-up: compiled code, the recorder's buffers in place
            long releasesBefore = clock.releases();
            long bytesBefore = threads.getThreadAllocatedBytes(clockThread.threadId());
            TestGraph.awaitReleases(clock, releasesBefore + 200_000);
            long bytes = threads.getThreadAllocatedBytes(clockThread.threadId()) - bytesBefore;
            long releases = clock.releases() - releasesBefore;
            graph.stop();
            assertTrue(graph.awaitTermination(10, TimeUnit.SECONDS));
            // A release event made per release would be 40 bytes or more each; a one-off
            // deoptimization may allocate a few hundred bytes once.
            assertTrue(bytes < releases / 100, bytes + " bytes over " + releases + " recorded releases");
            assertTrue(recording.count("org.streamflex.Release") >= 200_000, "every release was recorded");
        }
    }
}
