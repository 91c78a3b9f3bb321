package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ContentionWatchTest {
    private static final long MS = 1_000_000;
    private static final long WINDOW = ContentionWatch.WINDOW_NANOS;

    /** A watch whose thread had run {@code run} and waited {@code wait} at time 0. */
    private static ContentionWatch at(long run, long wait) {
        ContentionWatch w = new ContentionWatch();
        w.restart(0, run, wait, 0);
        return w;
    }

    @Test
    void threeWindowsInARowWaitingAQuarterOfTheTimeMakeTheCpuShared() {
        ContentionWatch w = at(0, 0);
        assertFalse(w.due(WINDOW - 1));
        assertTrue(w.due(WINDOW));
        // Ran 10 ms, waited 10 ms: half.
        assertFalse(w.shared(WINDOW, 10 * MS, 10 * MS, 0), "one window is not enough");
        assertEquals(500, w.permille());
        assertFalse(w.shared(2 * WINDOW, 20 * MS, 20 * MS, 0), "nor two");
        assertTrue(w.shared(3 * WINDOW, 30 * MS, 30 * MS, 0));
        // The count starts again after a verdict.
        assertFalse(w.shared(4 * WINDOW, 40 * MS, 40 * MS, 0));
    }

    @Test
    void aWindowWithItsCpuToItselfStartsTheCountAgain() {
        ContentionWatch w = at(0, 0);
        assertFalse(w.shared(WINDOW, 10 * MS, 10 * MS, 0));
        assertFalse(w.shared(2 * WINDOW, 30 * MS, 10 * MS + 50_000, 0), "waited 50 us of 20 ms: free");
        assertEquals(2, w.permille());
        assertFalse(w.shared(3 * WINDOW, 40 * MS, 20 * MS + 50_000, 0), "the first shared window of a new count");
        assertFalse(w.shared(4 * WINDOW, 50 * MS, 30 * MS + 50_000, 0));
        assertTrue(w.shared(5 * WINDOW, 60 * MS, 40 * MS + 50_000, 0));
    }

    @Test
    void whatTheJvmsOtherThreadsRanIsTakenOffTheWait() {
        ContentionWatch w = new ContentionWatch();
        w.restart(0, 0, 0, 100 * MS);
        // Waited 10 ms of 20 while the JIT ran 8 ms: 2 ms for other processes, 10%.
        assertFalse(w.shared(WINDOW, 10 * MS, 10 * MS, 108 * MS));
        assertEquals(100, w.permille());
        // Waited 10 ms while the JVM's other threads ran 1 ms: 45%, three times.
        assertFalse(w.shared(2 * WINDOW, 20 * MS, 20 * MS, 109 * MS));
        assertFalse(w.shared(3 * WINDOW, 30 * MS, 30 * MS, 110 * MS));
        assertTrue(w.shared(4 * WINDOW, 40 * MS, 40 * MS, 111 * MS));
        assertEquals(450, w.permille());
    }

    @Test
    void whereTheOtherThreadsCannotBeMeasuredTheWholeWaitCounts() {
        ContentionWatch w = new ContentionWatch();
        w.restart(0, 0, 0, -1);
        assertFalse(w.shared(WINDOW, 10 * MS, 10 * MS, -1));
        assertFalse(w.shared(2 * WINDOW, 20 * MS, 20 * MS, -1));
        assertTrue(w.shared(3 * WINDOW, 30 * MS, 30 * MS, -1));
        assertEquals(7 * MS, ContentionWatch.outside(7 * MS, 5 * MS, -1));
        assertEquals(0, ContentionWatch.outside(7 * MS, 20 * MS, 5 * MS), "never below 0");
    }

    @Test
    void justUnderAQuarterIsNotShared() {
        ContentionWatch w = at(0, 0);
        // 249 of 1000 waited, twice.
        assertFalse(w.shared(WINDOW, 7_510_000, 2_490_000, 0));
        assertFalse(w.shared(2 * WINDOW, 15_020_000, 4_980_000, 0));
        assertEquals(249, w.permille());
    }

    @Test
    void aWorkerParkedMostOfTheWindowSaysNothingOfItsCpu() {
        ContentionWatch w = at(0, 0);
        // 4 ms of demand, all waited: under the 5 ms a window needs.
        long little = ContentionWatch.MIN_DEMAND_NANOS - MS;
        assertFalse(w.shared(WINDOW, little / 2, little / 2, 0));
        assertFalse(w.shared(2 * WINDOW, little, little, 0), "two windows, neither counted");
        assertEquals(500, w.permille(), "the share is still published for neighbours");
    }

    @Test
    void countsThatWentBackwardsAreIgnored() {
        ContentionWatch w = at(10 * MS, 10 * MS);
        assertFalse(w.shared(WINDOW, 5 * MS, 20 * MS, 0));
        assertEquals(-1, w.permille());
    }

    @Test
    void aProbeThatFindsTheCpuSharedWaitsTwiceAsLongBeforeTheNext() {
        ContentionWatch w = new ContentionWatch();
        w.movedAway(0);
        long gap = ContentionWatch.PROBE_GAP_NANOS;
        assertFalse(w.probeDue(gap - 1));
        assertTrue(w.probeDue(gap));
        assertFalse(w.probed(gap, 5 * MS, 5 * MS, 0), "waited half the probe: shared");
        assertEquals(2 * gap, w.probeGap());
        assertFalse(w.probeDue(gap + 2 * gap - 1));
        assertTrue(w.probeDue(3 * gap));
        for (int i = 0; i < 10; i++) {
            w.probed(3 * gap, 5 * MS, 5 * MS, 0);
        }
        assertEquals(ContentionWatch.MAX_PROBE_GAP_NANOS, w.probeGap(), "the gap stops growing");
    }

    @Test
    void unitsThatComeBackAndMoveAwayAgainSoonDoubleTheGap() {
        ContentionWatch w = new ContentionWatch();
        long gap = ContentionWatch.PROBE_GAP_NANOS;
        w.movedAway(0);
        assertTrue(w.probed(gap, 10 * MS, 50_000, 0), "waited 0.5% of the probe: free");
        w.movedAway(gap + 100 * MS);
        assertEquals(2 * gap, w.probeGap(), "moved away again 100 ms after coming back");
        assertTrue(w.probed(10 * gap, 10 * MS, 0, -1));
        w.movedAway(10 * gap + ContentionWatch.TOO_SOON_NANOS);
        assertEquals(gap, w.probeGap(), "a second after coming back: the first gap again");
    }

    @Test
    void aProbeWaitingForTheJvmsOwnThreadsFindsTheCpuFree() {
        ContentionWatch w = new ContentionWatch();
        w.movedAway(0);
        long gap = ContentionWatch.PROBE_GAP_NANOS;
        assertTrue(w.probed(gap, 5 * MS, 5 * MS, 5 * MS), "the JIT ran while the probe waited");
        w.movedAway(2 * gap);
        assertFalse(w.probed(3 * gap, 5 * MS, 5 * MS, MS), "4 ms of 10 waited for another process");
    }

    @Test
    void aMoveSaysHowMuchTheWorkerWaited() {
        ContentionWatch w = at(0, 0);
        w.shared(WINDOW, 10 * MS, 10 * MS, 0);
        w.shared(2 * WINDOW, 20 * MS, 20 * MS, 0);
        assertTrue(w.shared(3 * WINDOW, 28 * MS, 32 * MS, 0));
        assertEquals("worker 0's units to worker 1: it waited for its CPU 60% of the time it could run,"
                + " 3 windows of 20 ms in a row", w.describe(0, 1));
    }
}
