package org.streamflex.bench.hybrid;

import java.util.Locale;

/**
 * What a sink received in one run: how many items and the sum of their values in arrival order.
 * Compared bit for bit (a record compares its {@code double} as {@link Double#compare} does), so
 * a variant that lost, reordered or skipped the work on an item gives another checksum.
 *
 * <pre>{@code
 * Checksum got = variant.run(4096).checksum();
 * if (!got.equals(expected.of(4096))) { ... }
 * }</pre>
 *
 * @param items the items the sink took
 * @param sum the sum of their values, added in the order they arrived
 */
public record Checksum(long items, double sum) {
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d items, sum %s", items, Double.toString(sum));
    }
}
