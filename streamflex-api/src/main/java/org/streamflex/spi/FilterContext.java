package org.streamflex.spi;

import org.streamflex.Capsule;
import org.streamflex.FilterEvent;

/**
 * What the runtime provides to one filter instance. Not for filter authors: the methods of
 * {@link org.streamflex.Filter} delegate here, and so does the woven code of {@code @Atomic}
 * methods ({@code org.streamflex.abi.Atomics}):
 * <pre>{@code
 * Complex c = makeCapsule(Complex.class);   // context.makeCapsule(Complex.class)
 * }</pre>
 */
public interface FilterContext {
    /** A capsule of the given concrete type from the graph's pool, tracked by the current work(). */
    <C extends Capsule> C makeCapsule(Class<C> type);

    /** The default trigger: any input channel, data or time, has something to take. */
    boolean anyInputAvailable();

    /** The filter's instance name, as messages and errors name it ({@code "Sink#2"}). */
    String filterName();

    /**
     * The engine that runs the filter's {@code @Atomic} calls, or null if the filter has no
     * {@code @Atomic} method.
     */
    AtomicEngine atomic();

    /**
     * Counts one occurrence of {@code event}, on the filter's own thread, without allocating. The
     * default is for contexts that count nothing (stand-ins in tests); the runtime's counts.
     */
    default void raise(FilterEvent event) {
        throw new UnsupportedOperationException("this FilterContext does not count events: " + event);
    }
}
