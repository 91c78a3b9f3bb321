package org.streamflex.abi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Added by the StreamFlex javac plugin to every class it rewrote: which ABI version the class
 * was woven for, and what was woven. The runtime reads it when a graph is built (a filter class
 * woven for another ABI version is refused, naming the class and the fix) and when a
 * {@code new} of the class in filter code is first linked (an unwoven or mismatched class is
 * allocated on the heap, said once in the log).
 *
 * <pre>{@code
 * @Woven(abi = 2, regions = true, recyclable = true)   // what javap -v shows on a woven helper
 * final class Accumulator { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Woven {
    /**
     * The ABI version this runtime speaks. 1 was the ABI in {@code org.streamflex.spi}, with one
     * allocation method per primitive type; 2 is this package.
     */
    int CURRENT_ABI = 2;

    /** The ABI version the class was woven for. */
    int abi();

    /** Its allocations go to the transient region of the filter whose {@code work()} runs. */
    boolean regions() default false;

    /**
     * Its instances can be recycled by a transient region: it has a constructor taking
     * {@link Blank}, a copy {@code $sf$init} of each constructor, and a factory {@code $sf$new}
     * for each, which {@code new} sites in filter code link to.
     */
    boolean recyclable() default false;

    /** Its {@code @Atomic} methods, and the methods they may call, have transactional copies. */
    boolean atomic() default false;

    /**
     * For a filter class: the channel fields its code takes from ({@code take}, {@code peek},
     * {@code untake}, {@code skip}, or the source of {@code transferTo}/{@code copyTo}), as the
     * plugin saw them. The runtime uses them to word its messages: an input is connected as the
     * consumer's end of a channel.
     */
    String[] inputs() default {};

    /** For a filter class: the channel fields its code puts on (or moves items to). */
    String[] outputs() default {};
}
