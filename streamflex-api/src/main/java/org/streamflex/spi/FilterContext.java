package org.streamflex.spi;

import org.streamflex.Capsule;

/**
 * What the runtime provides to one filter instance. Not for filter authors: use the methods of
 * {@link org.streamflex.Filter}, which delegate here:
 * <pre>{@code
 * Complex c = makeCapsule(Complex.class);   // context.makeCapsule(Complex.class)
 * }</pre>
 */
public interface FilterContext {
    /** A capsule of the given concrete type from the graph's pool, tracked by the current work(). */
    <C extends Capsule> C makeCapsule(Class<C> type);

    /** The default trigger: any input channel, data or time, has something to take. */
    boolean anyInputAvailable();
}
