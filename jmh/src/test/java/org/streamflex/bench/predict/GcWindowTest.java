package org.streamflex.bench.predict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class GcWindowTest {
    @Test
    void pausesOfG1AndZgcLogsInsideTheWindowAreCounted() {
        List<String> log = List.of(
                "[0.900s] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(64M) 9.999ms",
                "[1.100s] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(64M) 2.345ms",
                "[1.200s] GC(1)   Evacuate Collection Set: 1.9ms",
                "[1.300s] GC(2) y: Pause Mark Start 0.010ms",
                "[1.400s] GC(2) Minor Collection (Allocation Rate) 14M(22%)->4M(6%) 0.017s",
                "[1.500s] GC(3) Pause Remark 30M->30M(64M) 1.200ms",
                "[2.500s] GC(4) Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(64M) 7.000ms");
        assertArrayEquals(new double[] {3, 2345}, GcWindow.pausesIn(log, 1.0, 2.0), 1e-9);
    }
}
