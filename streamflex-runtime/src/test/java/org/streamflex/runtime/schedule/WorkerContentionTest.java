package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.runtime.schedule.WorkerContention.Change;

/** When a worker's CPU counts as contended, and when as quiet again, from the run delay it reads per check. */
class WorkerContentionTest {
    private static final long BAR = 1_000_000;

    @Test
    void aCheckThatWaitedPastTheBarMakesItContended() {
        WorkerContention rule = new WorkerContention(BAR, 3, 5_000);
        assertFalse(rule.contended());
        assertEquals(Change.SAME, rule.check(5_000 + BAR)); // at the bar, not past it
        assertFalse(rule.contended());
        assertEquals(Change.CONTENDED, rule.check(5_000 + BAR + BAR + 1));
        assertTrue(rule.contended());
        assertEquals(Change.SAME, rule.check(5_000 + 5 * BAR)); // still contended: said once
    }

    @Test
    void theDelayCountsPerCheckNotSinceTheStart() {
        WorkerContention rule = new WorkerContention(BAR, 3, 0);
        long delay = 0;
        for (int i = 0; i < 100; i++) { // 90 ms waited in all, but never more than 0.9 ms in one check
            delay += BAR * 9 / 10;
            assertEquals(Change.SAME, rule.check(delay), "check " + i);
        }
        assertFalse(rule.contended());
    }

    @Test
    void itIsQuietAgainOnlyAfterEnoughQuietChecksInARow() {
        WorkerContention rule = new WorkerContention(BAR, 3, 0);
        long delay = 2 * BAR;
        assertEquals(Change.CONTENDED, rule.check(delay));
        assertEquals(Change.SAME, rule.check(delay));
        assertEquals(Change.SAME, rule.check(delay));
        delay += 2 * BAR; // contended again: the quiet run starts over
        assertEquals(Change.SAME, rule.check(delay));
        assertEquals(Change.SAME, rule.check(delay));
        assertEquals(Change.SAME, rule.check(delay));
        assertTrue(rule.contended());
        assertEquals(Change.QUIET, rule.check(delay));
        assertFalse(rule.contended());
        assertEquals(Change.CONTENDED, rule.check(delay + 2 * BAR));
    }

    @Test
    void withNoQuietChecksItStaysContended() {
        WorkerContention rule = new WorkerContention(BAR, 0, 0);
        assertEquals(Change.CONTENDED, rule.check(2 * BAR));
        for (int i = 0; i < 1_000; i++) {
            assertEquals(Change.SAME, rule.check(2 * BAR));
        }
        assertTrue(rule.contended());
    }

    @Test
    void anUnreadableCountChangesNothingAndTheNextIsMeasuredFromTheLastReadable() {
        WorkerContention rule = new WorkerContention(BAR, 1, 0);
        assertEquals(Change.SAME, rule.check(-1));
        assertFalse(rule.contended());
        assertEquals(Change.CONTENDED, rule.check(BAR + 1));
        assertEquals(Change.SAME, rule.check(-1));
        assertEquals(Change.QUIET, rule.check(BAR + 1 + BAR)); // BAR since the last readable count: quiet
    }

    @Test
    void negativeSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new WorkerContention(-1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new WorkerContention(BAR, -1, 0));
    }
}
