package org.streamflex.runtime.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Period 80 as in the paper; times in the same unit. */
class ReleaseRuleTest {
    private static final long P = 80;

    @Test
    void aReleaseThatCompletesWithinItsPeriodIsFollowedByTheNextBoundary() {
        assertEquals(4, ReleaseRule.nextBoundary(3, 3 * P + 50, P));
        assertFalse(ReleaseRule.missed(3, 3 * P + 50, P));
    }

    @Test
    void completingExactlyAtTheDeadlineIsNotAMiss() {
        assertFalse(ReleaseRule.missed(3, 4 * P, P));
        assertEquals(4, ReleaseRule.nextBoundary(3, 4 * P, P));
    }

    @Test
    void anOverrunMissesAndSkipsToTheFirstBoundaryAfterCompletion() {
        // Released at 240, completed at 330: deadline 320 missed, next release at 400 (boundary 5).
        assertTrue(ReleaseRule.missed(3, 330, P));
        assertEquals(5, ReleaseRule.nextBoundary(3, 330, P));
    }

    @Test
    void aZeroLengthReleaseStillMovesToTheNextBoundary() {
        assertEquals(1, ReleaseRule.nextBoundary(0, 0, P));
    }
}
