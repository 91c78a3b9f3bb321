package org.streamflex.spi;

/**
 * Implemented by the weaver on every class whose instances a transient region recycles:
 * {@code new C(args)} in filter code becomes {@link Regions#allocate(Class)} followed by the copy
 * of C's constructor; {@link #$sf$clear()} gives a recycled instance the zeroed fields a new one
 * would have. Not for hand-written code.
 */
public interface Recyclable {
    /** Zeroes every instance field, this class's and its superclasses'. */
    void $sf$clear();
}
