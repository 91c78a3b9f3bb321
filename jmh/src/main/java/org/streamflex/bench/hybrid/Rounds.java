package org.streamflex.bench.hybrid;

import java.util.ArrayList;
import java.util.List;

/**
 * How variants are measured. Each variant first runs {@value #PROBE_ITEMS} items, then its warm-up
 * rounds; then the timed rounds of the variants measured together (those of one line of an
 * experiment) take turns, one round each, so that a ratio between them compares rounds taken
 * side by side, under the same load, rather than minutes apart. Every run is checked against the
 * {@link Expected} checksum. The items per round are a power of two chosen from the last round's
 * rate so that a round lasts about the round time (or fixed by the plan): fast and slow variants
 * alike run long enough to time and no longer. The turns stop early when the budget (the plan's
 * budget per variant, times the variants) is spent, after at least three timed rounds each (fewer if
 * fewer are asked for); a warm-up stops when half a variant's budget is spent, after one round.
 *
 * <pre>{@code
 * List<Result> r = Rounds.measure(List.of(plain, graph), List.of(expected, expected), plan);
 * double ratio = r.get(0).mean() / r.get(1).mean();
 * }</pre>
 */
public final class Rounds {
    static final long PROBE_ITEMS = 1 << 10;
    static final long MIN_ITEMS = 1 << 6;
    static final long MAX_ITEMS = 1 << 27;
    private static final int MIN_ROUNDS = 3;

    private Rounds() {
    }

    /**
     * How long and how often to measure.
     *
     * @param items fixed items per round (a power of two), or 0 to choose them from the round time
     * @param warmup warm-up rounds at most
     * @param rounds timed rounds at most
     * @param roundMillis the target length of a round
     * @param budgetMillis what one variant may take
     */
    public record Plan(long items, int warmup, int rounds, long roundMillis, long budgetMillis) {
        public Plan {
            if (items < 0 || Long.bitCount(items) > 1 || warmup < 0 || rounds < 1 || roundMillis < 1
                    || budgetMillis < 1) {
                throw new IllegalArgumentException("items 0 or a power of two, warm-up >= 0, rounds >= 1, round and"
                        + " budget times >= 1 ms");
            }
        }
    }

    /** One variant's measurement under way. */
    private static final class Turn {
        final Variant variant;
        final Expected expected;
        final List<Double> rates = new ArrayList<>();
        long items;
        Variant.Run last;
        String problem;

        Turn(Variant variant, Expected expected) {
            this.variant = variant;
            this.expected = expected;
        }

        /** Runs a round; false, with the problem noted, if it failed or gave a wrong checksum. */
        boolean round() throws InterruptedException {
            try {
                Variant.Run run = variant.run(items);
                Checksum want = expected.of(items);
                if (!run.checksum().equals(want)) {
                    problem = "DIFFERS: got " + run.checksum() + ", expected " + want;
                    last = run;
                    return false;
                }
                last = run;
                return true;
            } catch (RuntimeException e) {
                problem = "failed: " + e;
                return false;
            }
        }

        Result result() {
            return new Result(items, rates, last == null ? null : last.checksum(), problem);
        }
    }

    /** Measures one variant alone. */
    public static Result measure(Variant variant, Expected expected, Plan plan) throws InterruptedException {
        return measure(List.of(variant), List.of(expected), plan).get(0);
    }

    /**
     * Measures the variants, their timed rounds taking turns; a wrong checksum or a failed run ends
     * that variant's measurement with the problem named in its result.
     *
     * @param expected the checksums each variant must give, in the same order
     */
    public static List<Result> measure(List<Variant> variants, List<Expected> expected, Plan plan)
            throws InterruptedException {
        long budget = plan.budgetMillis() * 1_000_000L;
        List<Turn> turns = new ArrayList<>();
        for (int i = 0; i < variants.size(); i++) {
            Turn turn = new Turn(variants.get(i), expected.get(i));
            turns.add(turn);
            warmUp(turn, plan, budget);
        }
        long timed = System.nanoTime();
        int least = Math.min(MIN_ROUNDS, plan.rounds());
        for (int round = 0; round < plan.rounds(); round++) {
            if (round >= least && System.nanoTime() - timed > budget * turns.size() / 2) {
                break;
            }
            for (Turn turn : turns) {
                if (turn.problem == null && turn.round()) {
                    turn.rates.add(turn.last.itemsPerSecond());
                }
            }
        }
        return turns.stream().map(Turn::result).toList();
    }

    private static void warmUp(Turn turn, Plan plan, long budget) throws InterruptedException {
        long begin = System.nanoTime();
        turn.items = plan.items() > 0 ? plan.items() : PROBE_ITEMS;
        if (!turn.round()) {
            return;
        }
        for (int i = 0; i < plan.warmup() && System.nanoTime() - begin < budget / 2; i++) {
            turn.items = next(plan, turn.last);
            if (!turn.round()) {
                return;
            }
        }
        turn.items = next(plan, turn.last);
    }

    /** The items for the next round: fixed, or the power of two nearest the round time at the last rate. */
    static long next(Plan plan, Variant.Run last) {
        if (plan.items() > 0) {
            return plan.items();
        }
        double wanted = last.itemsPerSecond() * plan.roundMillis() / 1e3;
        long power = Math.round(Math.log(Math.max(1, wanted)) / Math.log(2));
        return Math.max(MIN_ITEMS, Math.min(MAX_ITEMS, 1L << Math.min(62, power)));
    }
}
