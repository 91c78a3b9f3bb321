package org.streamflex.bench.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoundsTest {
    /** Reports a fixed time per item, so that the rate, and the items chosen from it, are known. */
    static class Scripted implements Variant {
        final Chain chain = new Chain(1, 1, 0);
        final List<Long> asked = new ArrayList<>();
        final long nanosPerItem;
        final boolean wrong;

        Scripted(long nanosPerItem, boolean wrong) {
            this.nanosPerItem = nanosPerItem;
            this.wrong = wrong;
        }

        @Override
        public Chain chain() {
            return chain;
        }

        @Override
        public Run run(long items) {
            asked.add(items);
            Checksum right = new PlainChain(chain).run(items).checksum();
            Checksum c = wrong ? new Checksum(items, right.sum() + 1) : right;
            return new Run(c, items * nanosPerItem);
        }
    }

    @Test
    void roundsAreThePowerOfTwoThatLastsAboutTheRoundTime() throws InterruptedException {
        Scripted v = new Scripted(1000, false); // a million items per second
        Result r = Rounds.measure(v, new Expected(1, 0), new Rounds.Plan(0, 2, 4, 100, 60_000));
        assertTrue(r.valid(), String.valueOf(r.problem()));
        // 100 ms at 1 M/s is 100,000 items; the nearest power of two is 2^17 = 131,072
        assertEquals(List.of(Rounds.PROBE_ITEMS, 1L << 17, 1L << 17, 1L << 17, 1L << 17, 1L << 17, 1L << 17), v.asked);
        assertEquals(1L << 17, r.items());
        assertEquals(4, r.rates().size());
        assertEquals(1e6, r.mean(), 1e-6);
        assertEquals(0.0, r.halfInterval(), 1e-6);
    }

    @Test
    void theTimedRoundsOfVariantsMeasuredTogetherTakeTurns() throws InterruptedException {
        List<String> order = new ArrayList<>();
        List<Variant> variants = new ArrayList<>();
        for (String name : List.of("a", "b")) {
            variants.add(new Scripted(10, false) {
                @Override
                public Run run(long items) {
                    order.add(name);
                    return super.run(items);
                }
            });
        }
        Expected identity = new Expected(1, 0);
        List<Result> r = Rounds.measure(variants, List.of(identity, identity), new Rounds.Plan(64, 1, 3, 100, 60_000));
        // each warms up alone (a first run and one warm-up round), then the timed rounds alternate
        assertEquals(List.of("a", "a", "b", "b", "a", "b", "a", "b", "a", "b"), order);
        assertEquals(3, r.get(0).rates().size());
        assertEquals(3, r.get(1).rates().size());
    }

    @Test
    void fixedItemsAreUsedAsGiven() throws InterruptedException {
        Scripted v = new Scripted(10, false);
        Result r = Rounds.measure(v, new Expected(1, 0), new Rounds.Plan(64, 0, 1, 100, 60_000));
        assertEquals(List.of(64L, 64L), v.asked);
        assertEquals(1, r.rates().size());
        assertTrue(Double.isNaN(r.halfInterval()), "one round has no interval");
    }

    @Test
    void aWrongChecksumEndsTheVariantAndSaysSo() throws InterruptedException {
        Result r = Rounds.measure(new Scripted(10, true), new Expected(1, 0), new Rounds.Plan(64, 0, 3, 100, 60_000));
        assertFalse(r.valid());
        assertTrue(r.problem().startsWith("DIFFERS: got 64 items, sum 2017.0, expected 64 items, sum 2016.0"),
                r.problem());
    }

    @Test
    void aFailedRunIsReportedNotThrown() throws InterruptedException {
        Variant failing = new Variant() {
            @Override
            public Chain chain() {
                return new Chain(1, 1, 0);
            }

            @Override
            public Run run(long items) {
                throw new IllegalStateException("the sink received 3 of 64 items");
            }
        };
        Result r = Rounds.measure(failing, new Expected(1, 0), new Rounds.Plan(64, 0, 1, 100, 60_000));
        assertFalse(r.valid());
        assertTrue(r.problem().contains("the sink received 3 of 64 items"), r.problem());
    }

    @Test
    void aPlanOutsideItsRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Rounds.Plan(100, 0, 1, 100, 1000));
        assertThrows(IllegalArgumentException.class, () -> new Rounds.Plan(0, 0, 0, 100, 1000));
    }
}
