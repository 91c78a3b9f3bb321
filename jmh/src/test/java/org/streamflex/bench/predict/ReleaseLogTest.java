package org.streamflex.bench.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReleaseLogTest {
    @TempDir
    Path dir;

    @Test
    void releasesBeyondTheCapacityAreCountedNotStored() {
        ReleaseLog log = new ReleaseLog(2, 1000);
        log.released(0, 0, 10, false);
        log.released(1, 1000, 1010, false);
        assertTrue(log.isFull());
        log.released(2, 2000, 2010, false);
        assertEquals(2, log.size());
    }

    @Test
    void theCsvReadsBackAsWritten() throws Exception {
        ReleaseLog log = new ReleaseLog(3, 100_000);
        log.released(0, 100, 50_000, false);
        log.released(1, 100_200, 250_000, true);
        log.released(3, 300_050, 310_000, false);
        Path csv = dir.resolve("run.csv");
        log.writeCsv(csv);
        List<String> lines = Files.readAllLines(csv);
        assertEquals("release,boundary,start_ns,completion_ns,inter_arrival_ns,missed,late_ns", lines.get(0));
        assertEquals("1,1,100200,250000,100100,1,50000", lines.get(2));
        ReleaseLog back = ReleaseLog.readCsv(csv, 100_000);
        assertEquals(3, back.size());
        assertEquals(199_850, back.interArrival(2));
        assertTrue(back.missed(1));
        assertFalse(back.missed(2));
    }

    @Test
    void aNativeRunThatBreaksThePapersRuleIsRejected() throws Exception {
        Path csv = dir.resolve("native.csv");
        Files.writeString(csv, "0,0,50000,0\n1,100000,250000,0\n");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ReleaseLog.readNative(csv, 100_000));
        assertEquals(csv + " line 2: the C loop says missed=0 but the paper's rule says true: the two loops disagree",
                e.getMessage());
        Files.writeString(csv, "0,0,50000,0\n2,200000,250000,0\n");
        e = assertThrows(IllegalStateException.class, () -> ReleaseLog.readNative(csv, 100_000));
        assertEquals(csv + " line 2: boundary 2 is not the release rule's next boundary after line 1", e.getMessage());
        Files.writeString(csv, "0,0,50000\n");
        assertEquals(csv + " line 1: expected 4 fields, got '0,0,50000'",
                assertThrows(IllegalArgumentException.class, () -> ReleaseLog.readNative(csv, 100_000)).getMessage());
    }
}
