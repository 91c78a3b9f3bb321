package org.streamflex.dsp.rewrite;

/**
 * How an {@link Op.Opaque} node becomes filters when its graph is validated: it makes them through
 * the {@link Maker} and says which field gives its output and which fields take its inputs.
 *
 * <pre>{@code
 * Lowering zip = maker -> {
 *     Zip z = maker.make("zip", Zip.class);
 *     return new Lowered(z, "out", List.of("in", "in"));
 * };
 * }</pre>
 */
@FunctionalInterface
public interface Lowering {
    /** Makes the node's filters. */
    Lowered lower(Maker maker);
}
