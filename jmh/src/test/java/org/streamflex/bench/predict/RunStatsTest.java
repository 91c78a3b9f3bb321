package org.streamflex.bench.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RunStatsTest {
    static final long US = 1000;

    @Test
    void figuresOfAHandMadeRun() {
        ReleaseLog log = new ReleaseLog(6, 100 * US);
        // boundary, start, completion (us): release 2 misses (deadline 300) by 20 and skips boundary 3
        log.released(0, 0, 10 * US, false);
        log.released(1, 102 * US, 150 * US, false);
        log.released(2, 200 * US, 320 * US, true);
        log.released(4, 401 * US, 420 * US, false);
        log.released(5, 500 * US, 530 * US, false);
        log.released(6, 1700 * US, 1750 * US, true);
        RunStats s = RunStats.of(log);
        // inter-arrivals: 102, 98, 201, 99, 1200
        assertEquals(6, s.releases());
        assertEquals(98, s.minMicros());
        assertEquals(102, s.medianMicros());
        assertEquals(1200, s.maxMicros());
        assertEquals(1200, s.p99Micros());
        assertEquals(1200, s.p999Micros());
        assertEquals(2, s.overTwoPeriods());
        assertEquals(1, s.overOneMilli());
        assertEquals(2, s.misses(), "release 2 and release 5 (deadline 700, completed at 1750)");
        assertEquals(20 + 1050, s.lostMicros());
        assertEquals(1, s.skipped(), "boundaries 0..6 with 6 releases: boundary 3 was skipped");
        assertEquals(30, s.medianWorkMicros(), "work 10, 48, 120, 19, 30, 50: nearest-rank median");
    }
}
