package org.streamflex.bench.hybrid;

/**
 * The shape of a pipeline: {@code filters} filters between a source and a sink, each applying
 * the work unit ({@link WorkUnit}) {@code unitsPerFilter} times with {@code work} computations.
 * Every variant of an experiment row runs the same chain, so that they compute the same values.
 *
 * <pre>{@code
 * new Chain(8, 1, 10);    // 8 filters of 10 computations each (section 5.2.1)
 * new Chain(1, 2, 500);   // one filter doing two halves of W = 1000: two filters fused (5.1.2)
 * }</pre>
 *
 * @param filters the filters between source and sink, 1 or more
 * @param unitsPerFilter work units each filter applies in a row, 1 or more
 * @param work computations per unit, 0 for an identity filter
 */
public record Chain(int filters, int unitsPerFilter, int work) {
    public Chain {
        if (filters < 1 || unitsPerFilter < 1 || work < 0) {
            throw new IllegalArgumentException("a chain has at least one filter of at least one unit, and work >= 0: "
                    + filters + " filters, " + unitsPerFilter + " units, work " + work);
        }
    }

    /** Work units each item goes through, source to sink. */
    public int units() {
        return filters * unitsPerFilter;
    }
}
