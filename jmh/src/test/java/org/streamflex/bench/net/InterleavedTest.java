package org.streamflex.bench.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Interleaved}: the order its rounds run in, the per-round ratios it reports, sessions joined. */
class InterleavedTest {
    @Test
    void roundsAlternateWhichSideRunsFirstAndEachSideCountsOnFromWhereItStopped() {
        List<String> calls = new ArrayList<>();
        Interleaved r = Interleaved.run(3, 2, v -> calls.add("b" + v), v -> calls.add("c" + v));
        // round 0 (warm-up) and even rounds: compared first; odd rounds: baseline first
        assertEquals(List.of("c0", "c1", "b0", "b1", // round 0, not reported
                "b2", "b3", "c2", "c3", // round 1
                "c4", "c5", "b4", "b5", // round 2
                "b6", "b7", "c6", "c7"), calls); // round 3
        assertEquals(3, r.rounds(), "the warm-up round is not reported");
        assertEquals(2, r.roundPings());
    }

    @Test
    void ratiosAreTakenPerRoundNotFromTheSidesOverallMedians() {
        // The baseline is slow in round 2 only: per round the compared side is 1.1x, 1.1x, 0.55x, 1.1x, 1.1x.
        Interleaved r = Interleaved.of(new double[] {10, 10, 20, 10, 10}, new double[] {11, 11, 11, 11, 11}, 2000);
        assertArrayEquals(new double[] {1.1, 1.1, 0.55, 1.1, 1.1}, r.ratios(), 1e-9);
        assertEquals(1.1, r.medianRatio(), 1e-9);
        assertEquals(0.55, r.minRatio(), 1e-9);
        assertEquals(1.1, r.maxRatio(), 1e-9);
        assertEquals(5, r.roundsAtMost(Interleaved.GOAL));
        assertEquals(10, r.baselineMedian(), 1e-9);
        assertEquals(11, r.comparedMedian(), 1e-9);
    }

    @Test
    void anEvenNumberOfRoundsTakesTheMeanOfTheMiddleTwoAndTheGoalCountsItsEdge() {
        Interleaved r = Interleaved.of(new double[] {10, 10, 10, 10}, new double[] {10, 12, 13, 20}, 20);
        assertEquals(1.25, r.medianRatio(), 1e-9);
        assertEquals(2, r.roundsAtMost(1.2), "1.2x itself meets the goal");
        String row = r.row("interleaved loop echo / raw Netty 512 B");
        assertTrue(row.matches("interleaved loop echo / raw Netty 512 B"
                + " +1\\.25x +1\\.00x +2\\.00x +10\\.0 +12\\.5 +2/4"), row);
    }

    @Test
    void joinedSessionsKeepEveryRoundOfEach() {
        Interleaved first = Interleaved.of(new double[] {10, 10}, new double[] {11, 12}, 100);
        Interleaved slowBaseline = Interleaved.of(new double[] {30, 30}, new double[] {12, 12}, 100);
        Interleaved third = Interleaved.of(new double[] {10}, new double[] {11}, 100);
        Interleaved all = Interleaved.join(first, slowBaseline, third);
        assertEquals(5, all.rounds());
        assertArrayEquals(new double[] {1.1, 1.2, 0.4, 0.4, 1.1}, all.ratios(), 1e-9);
        assertEquals(1.1, all.medianRatio(), 1e-9, "one pair's slow baseline does not make the median");
        assertEquals(100, all.roundPings());
    }

    @Test
    void roundsOfTheWholeRunsPingsAreATenthOfThemAtMostTwoThousand() {
        assertEquals(2000, Interleaved.roundPings(20_000));
        assertEquals(2000, Interleaved.roundPings(1_000_000));
        assertEquals(20, Interleaved.roundPings(200));
        assertEquals(1, Interleaved.roundPings(3));
        assertThrows(IllegalArgumentException.class, () -> Interleaved.run(0, 10, v -> { }, v -> { }));
        assertThrows(IllegalArgumentException.class, () -> Interleaved.of(new double[] {1}, new double[] {1, 2}, 1));
    }
}
