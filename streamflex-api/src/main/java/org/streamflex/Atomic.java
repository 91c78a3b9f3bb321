package org.streamflex;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a public filter method that plain Java threads may call while the graph runs.
 *
 * <p>The call is atomic with respect to the filter's {@code work()}; if the filter is released
 * while the call is in flight, the call is rolled back and re-executed after the release.
 * Arguments are primitives or borrowed primitive arrays:
 * <pre>{@code
 * @Atomic public void write(@Borrow byte[] packet) { buffer.write(packet); }
 * }</pre>
 *
 * <p>The annotation is part of the API now; the transactional implementation of such calls is
 * not built yet (see the README's status table).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Atomic {
}
