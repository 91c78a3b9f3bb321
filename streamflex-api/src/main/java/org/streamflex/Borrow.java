package org.streamflex;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an argument of an {@link Atomic} method as borrowed: the filter reads it during the call
 * and never keeps a reference to it. All reference arguments are implicitly borrowed; the
 * annotation documents the intent, as in the StreamFlex paper.
 * <pre>{@code
 * @Atomic public int write(@Borrow short[] samples) { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface Borrow {
}
