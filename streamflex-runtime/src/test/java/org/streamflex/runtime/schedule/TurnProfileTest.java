package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TurnProfileTest {
    private static final long FROM = 1_000_000;
    private static final long LENGTH = 5_000;

    /** Ten turns of each unit in every 1,000 ns window, at the given cost per turn. */
    private static TurnProfile steady(long... perTurn) {
        TurnProfile p = new TurnProfile(perTurn.length, FROM, LENGTH);
        for (int w = 0; w < TurnProfile.WINDOWS; w++) {
            for (int turn = 0; turn < 10; turn++) {
                for (int u = 0; u < perTurn.length; u++) {
                    p.add(FROM + w * 1_000L + turn * 100L, u, perTurn[u]);
                }
            }
        }
        return p;
    }

    @Test
    void aSteadyUnitCostsItsTurnsTimesItsCostPerTurn() {
        assertArrayEquals(new long[] {50 * 7, 50 * 300}, steady(7, 300).costs());
    }

    @Test
    void oneInflatedTurnDoesNotMakeACheapUnitTheHeaviest() {
        TurnProfile p = steady(10, 40);
        p.add(FROM + 2_500, 0, 4_000_000); // 4 ms of page faults in the middle of unit 0's turn
        long[] costs = p.costs();
        // 51 turns at the median window's 10 ns; summed, it would have been 4,000,500.
        assertArrayEquals(new long[] {510, 2_000}, costs);
    }

    @Test
    void turnsBeforeTheProfileAreIgnored() {
        TurnProfile p = steady(10);
        p.add(FROM - 1, 0, 1_000_000);
        assertArrayEquals(new long[] {500}, p.costs());
    }

    @Test
    void aTurnAfterTheProfileCountsInItsLastWindow() {
        // A round longer than the profile (code still being compiled): its later units' turns end after it.
        TurnProfile p = new TurnProfile(2, FROM, LENGTH);
        p.add(FROM + 4_000, 0, 4_000);
        assertFalse(p.done(FROM + LENGTH), "unit 1 has no timed turn yet");
        assertEquals(1, p.untimed());
        p.add(FROM + 9_000, 1, 5_000);
        assertTrue(p.done(FROM + 9_000));
        assertArrayEquals(new long[] {4_000, 5_000}, p.costs());
    }

    @Test
    void theProfileIsDoneAfterItsLengthWhenEveryUnitHasATimedTurn() {
        TurnProfile p = steady(10, 20);
        assertFalse(p.done(FROM + LENGTH - 1));
        assertTrue(p.done(FROM + LENGTH));
        assertEquals(0, p.untimed());
    }

    @Test
    void aUnitThatNeverRanCostsNothing() {
        TurnProfile p = new TurnProfile(2, FROM, LENGTH);
        p.add(FROM, 1, 30);
        assertArrayEquals(new long[] {0, 30}, p.costs());
        assertEquals(1, p.untimed());
    }

    @Test
    void aUnitWithTurnsInTwoWindowsTakesTheCheaperOne() {
        // A turn longer than a window: only two windows see the unit, and the dearer one is the suspect.
        TurnProfile p = new TurnProfile(1, FROM, LENGTH);
        p.add(FROM + 100, 0, 100);
        p.add(FROM + 4_900, 0, 900);
        assertArrayEquals(new long[] {200}, p.costs());
    }

    @Test
    void aProfileTooShortToCutIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TurnProfile(1, FROM, TurnProfile.WINDOWS - 1));
    }
}
