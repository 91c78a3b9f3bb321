package org.streamflex;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a public filter method that plain Java threads may call while the graph runs.
 *
 * <p>The call is atomic with respect to the filter's {@code work()}, and calls from several Java
 * threads are serializable. If the filter is released while the call is in flight and changes
 * what the call read, the call is rolled back and re-executed after the release. The filter's
 * thread never waits for the caller. The call's writes take effect at the next release of the
 * filter's clock, and the call returns once they have. An exception from the call rolls it back
 * and reaches the caller. Arguments are primitives or borrowed primitive arrays:
 * <pre>{@code
 * @Atomic public int write(@Borrow byte[] packet) { return buffer.write(packet); }
 * }</pre>
 *
 * <p>The StreamFlex javac plugin makes such methods transactional, and its checker keeps their code
 * within what that covers (see {@code streamflex-runtime/README.md}, "Calls from plain Java").
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Atomic {
}
