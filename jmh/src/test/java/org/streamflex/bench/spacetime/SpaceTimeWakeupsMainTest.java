package org.streamflex.bench.spacetime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code SpaceTimeWakeupsMain} with tiny settings: a row per mode, the peer JVMs gone, wake-ups counted. */
@Timeout(120) // a guard against a hang, not a limit on speed
class SpaceTimeWakeupsMainTest {
    private static final String NUMBER = "[0-9]+\\.[0-9]+";

    @Test
    void tinyRunPrintsARowPerModeWithTheRoundTripsWakeUps() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SpaceTimeWakeupsMain.run(1, 0.3, 0.2, List.of(512), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        for (String row : List.of("raw 512 B", "putThenGet 512 B")) {
            String line = lines.stream().filter(l -> l.contains(row)).findFirst().orElseThrow(() ->
                    new AssertionError("no row " + row + " in\n" + String.join("\n", lines)));
            assertTrue(line.matches(" +1  " + row + " +" + NUMBER + " +" + NUMBER + " +[0-9]+( +" + NUMBER + "){7}"),
                    line);
            String[] f = line.trim().split(" +", -1);
            long pings = Long.parseLong(f[f.length - 8]);
            assertTrue(pings > 0, line);
            if (Files.exists(Path.of("/proc/self/task"))) {
                // every round trip wakes the peer's event loop at least once (its answer is read there)
                assertTrue(Double.parseDouble(f[f.length - 5]) >= 0.5, "the peer's loop wake-ups per round trip: "
                        + line);
                assertTrue(Double.parseDouble(f[f.length - 4]) > 0, "the caller's CPU time per round trip: " + line);
            }
        }
    }

    @Test
    void threadsAreSortedByRoleFromTheirNames() {
        assertEquals(ThreadTimes.Role.CALLER, ThreadTimes.role(true, "java"));
        assertEquals(ThreadTimes.Role.LOOP, ThreadTimes.role(false, "multiThreadIoEv"));
        assertEquals(ThreadTimes.Role.LOOP, ThreadTimes.role(false, "spaceTimeEventL"));
        assertEquals(ThreadTimes.Role.OTHER, ThreadTimes.role(false, "C2 CompilerThre"));
    }

    @Test
    void aSnapshotLessAnEarlierOneCountsOnlyTheTimeBetween() throws Exception {
        long self = ProcessHandle.current().pid();
        long caller = ThreadTimes.currentThreadId();
        ThreadTimes before = ThreadTimes.of(self, caller);
        long end = System.nanoTime() + 50_000_000L;
        long spins = 0;
        while (System.nanoTime() < end) {
            spins++;
        }
        ThreadTimes between = ThreadTimes.of(self, caller).minus(before);
        assertTrue(spins > 0);
        if (Files.exists(Path.of("/proc/self/task"))) {
            // this thread is the caller: its 50 ms of spinning count as the caller's
            long spun = between.cpuNanos(ThreadTimes.Role.CALLER);
            assertTrue(spun > 0, "the caller's CPU time between the snapshots");
            assertTrue(spun < ThreadTimes.of(self, caller).cpuNanos(ThreadTimes.Role.CALLER),
                    "less than all of the caller's time since it started");
        }
    }
}
