package org.streamflex;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Puts a library class in the reachable class set of its own compilation, as if a filter there
 * used it: the checker's rules apply to it, and the javac plugin weaves it, recyclable if it can
 * be. For classes a library offers for filter code in other compilations to allocate in
 * {@code work()}: without it, a class that no filter of the library itself reaches is not woven,
 * and its {@code new} in a user's filter allocates on the heap (said once in the log).
 *
 * <pre>{@code
 * @Reachable
 * public final class FloatCursor {          // new FloatCursor(seg) in any filter's work(): its transient region
 *     public FloatCursor(FloatSeg seg) { ... }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Reachable {
}
