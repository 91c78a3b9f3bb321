package org.streamflex.bench.hybrid;

import java.util.HashMap;
import java.util.Map;

/**
 * The checksum a pipeline must give, computed here by a plain loop with no pipeline at all: the
 * source's items {@code 0, 1, 2, ...} as doubles, each through {@code units} work units of
 * {@code work} computations, summed in order. Every variant's run is compared with it.
 *
 * <p>Runs ask for a power of two of items. The sum runs on from where the last request stopped
 * and is kept at every power of two it passes, so a chain computed once up to the largest request
 * answers every smaller one: the reference costs about one run of the plain baseline, whatever the
 * number of rounds.
 *
 * <pre>{@code
 * Expected expected = new Expected(8, 10);   // 8 filters of 10 computations each
 * Checksum c = expected.of(1 << 16);
 * }</pre>
 */
public final class Expected {
    private final int units;
    private final int work;
    private final Map<Long, Double> atPowersOfTwo = new HashMap<>();
    private long done;
    private double sum;

    /**
     * @param units work units applied to each item in a row (one per filter of a pipeline)
     * @param work computations per unit
     */
    public Expected(int units, int work) {
        this.units = units;
        this.work = work;
        atPowersOfTwo.put(0L, 0.0);
    }

    /**
     * The checksum of a run of {@code items} items.
     *
     * @throws IllegalArgumentException if {@code items} is not 0 or a power of two
     */
    public Checksum of(long items) {
        if (items < 0 || Long.bitCount(items) > 1) {
            throw new IllegalArgumentException("runs have a power of two of items, not " + items);
        }
        while (done < items) {
            sum += WorkUnit.applyUnits((double) done, units, work);
            done++;
            if (Long.bitCount(done) == 1) {
                atPowersOfTwo.put(done, sum);
            }
        }
        return new Checksum(items, atPowersOfTwo.get(items));
    }
}
