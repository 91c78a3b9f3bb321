package org.streamflex.runtime.schedule;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Solves StreamIt's balance equations for one connected static part: the least positive integers
 * {@code r} with {@code push(e) * r(producer) = pop(e) * r(consumer)} on every channel {@code e}.
 * Repetitions propagate from the first filter as exact fractions along the channels (breadth
 * first); a channel whose equation then fails, a channel that puts nothing for a consumer that
 * takes something (or the reverse), and a result beyond {@code long} are problems, named by channel.
 * A channel with both rates 0 constrains nothing.
 *
 * <pre>{@code
 * long[] r = BalanceEquations.solve(List.of("A", "B"), List.of(new RateEdge("A", "out", 3, "B", "in", 2, 2)),
 *         problems);   // {2, 3}
 * }</pre>
 */
public final class BalanceEquations {
    private BalanceEquations() {
    }

    /** A repetition count as a fraction in lowest terms. */
    private record Fraction(long num, long den) {
        static Fraction of(long num, long den) {
            long g = gcd(num, den);
            return new Fraction(num / g, den / g);
        }

        Fraction times(long mul, long div) {
            // Reduce crosswise first so that the products stay small.
            long g1 = gcd(num, div);
            long g2 = gcd(mul, den);
            return of(Math.multiplyExact(num / g1, mul / g2), Math.multiplyExact(den / g2, div / g1));
        }

        @Override
        public String toString() {
            return den == 1 ? Long.toString(num) : num + "/" + den;
        }
    }

    /**
     * The repetitions of {@code filters} (index for index), or null after adding to
     * {@code problems} why there are none.
     *
     * @param filters the part's filters
     * @param edges its static channels (both rates declared), each between two of {@code filters}
     * @param problems where to say what does not balance
     */
    public static long[] solve(List<String> filters, List<RateEdge> edges, List<String> problems) {
        Map<String, List<RateEdge>> touching = new LinkedHashMap<>();
        for (String f : filters) {
            touching.put(f, new ArrayList<>());
        }
        for (RateEdge e : edges) {
            if ((e.push() == 0) != (e.pop() == 0)) {
                problems.add("rates do not balance on " + e.name() + ": " + e.producer() + " puts " + e.push()
                        + " and " + e.consumer() + " takes " + e.pop() + " per work(), so no number of runs of"
                        + " each empties and refills the channel; declare both rates 0, or both above 0");
                return null;
            }
            if (e.push() != 0) {
                touching.get(e.producer()).add(e);
                touching.get(e.consumer()).add(e);
            }
        }
        Map<String, Fraction> rate = new LinkedHashMap<>();
        try {
            for (String root : filters) {
                if (rate.containsKey(root)) {
                    continue;
                }
                rate.put(root, new Fraction(1, 1));
                ArrayDeque<String> queue = new ArrayDeque<>(List.of(root));
                while (!queue.isEmpty()) {
                    String f = queue.poll();
                    for (RateEdge e : touching.get(f)) {
                        boolean forward = e.producer().equals(f);
                        String other = forward ? e.consumer() : e.producer();
                        Fraction known = rate.get(f);
                        Fraction implied = forward ? known.times(e.push(), e.pop()) : known.times(e.pop(), e.push());
                        Fraction had = rate.get(other);
                        if (had == null) {
                            rate.put(other, implied);
                            queue.add(other);
                        } else if (!had.equals(implied)) {
                            problems.add(inconsistent(e, root, rate.get(f), f, other, had, implied));
                            return null;
                        }
                    }
                }
            }
            long lcm = 1;
            for (Fraction r : rate.values()) {
                lcm = Math.multiplyExact(lcm / gcd(lcm, r.den()), r.den());
            }
            long[] repetitions = new long[filters.size()];
            long g = 0;
            for (int i = 0; i < repetitions.length; i++) {
                Fraction r = rate.get(filters.get(i));
                repetitions[i] = Math.multiplyExact(r.num(), lcm / r.den());
                g = gcd(g, repetitions[i]);
            }
            for (int i = 0; i < repetitions.length; i++) {
                repetitions[i] /= g;
            }
            return repetitions;
        } catch (ArithmeticException overflow) {
            problems.add("the steady state of " + filters + " needs more than 2^63 runs of a filter per iteration:"
                    + " its declared rates are too far apart to schedule statically");
            return null;
        }
    }

    private static String inconsistent(RateEdge e, String root, Fraction fromRate, String from, String other,
            Fraction had, Fraction implied) {
        return "rates do not balance on " + e.name() + " (" + e.push() + ":" + e.pop() + "): it needs " + other
                + " to run " + implied + " times per run of " + root + " (" + from + " running " + fromRate
                + " times), but other channels of the same part need " + had
                + "; a static part must come back to the same channel contents after each iteration";
    }

    static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return Math.abs(a);
    }
}
