package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The least integer solutions of the balance equations, and what has none. */
class BalanceEquationsTest {
    private final List<String> problems = new ArrayList<>();

    private static RateEdge edge(String from, int push, String to, int pop) {
        return new RateEdge(from, "out", push, to, "in", pop, pop);
    }

    @Test
    void theRepetitionsAreTheLeastPositiveIntegers() {
        // A puts 2, B takes 3 and puts 5, C takes 4: 2 r(A) = 3 r(B) and 5 r(B) = 4 r(C), so
        // r(A) = 3/2 r(B) and r(C) = 5/4 r(B); the least B making both whole is 4: A 6, B 4, C 5.
        long[] r = BalanceEquations.solve(List.of("A", "B", "C"), List.of(edge("A", 2, "B", 3), edge("B", 5, "C",
                4)), problems);
        assertArrayEquals(new long[] {6, 4, 5}, r);
        assertEquals(List.of(), problems);
    }

    @Test
    void channelsWithBothRatesZeroConstrainNothing() {
        long[] r = BalanceEquations.solve(List.of("A", "B"), List.of(edge("A", 0, "B", 0)), problems);
        assertArrayEquals(new long[] {1, 1}, r);
    }

    @Test
    void anInconsistentCycleHasNoSteadyState() {
        // A feedback loop that doubles its items each time round.
        long[] r = BalanceEquations.solve(List.of("A", "B"), List.of(edge("A", 2, "B", 1), edge("B", 1, "A", 1)),
                problems);
        assertNull(r);
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).startsWith("rates do not balance on B.out -> A.in (1:1)"), problems.get(0));
    }

    @Test
    void repetitionsBeyondALongAreAProblemNotAWrongAnswer() {
        // Each hop multiplies the rate by a large prime: the product overflows a long.
        List<String> filters = new ArrayList<>();
        List<RateEdge> edges = new ArrayList<>();
        int[] primes = {1_000_003, 1_000_033, 1_000_037, 1_000_039};
        filters.add("F0");
        for (int i = 0; i < primes.length; i++) {
            filters.add("F" + (i + 1));
            edges.add(edge("F" + i, primes[i], "F" + (i + 1), 1));
        }
        long[] r = BalanceEquations.solve(filters, edges, problems);
        assertNull(r);
        assertTrue(problems.get(0).contains("needs more than 2^63 runs of a filter per iteration"), problems.get(0));
    }
}
