package org.streamflex;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that a filter's {@code work()} keeps no state between runs: what one run computes
 * depends only on the items it takes or peeks at and on configuration the filter was given before
 * the graph started. The runtime may then run replicas of the filter in parallel, each on its own
 * share of the input, when the filter's channels declare their rates with {@link Rate} (StreamIt's
 * fission: a round-robin split before the replicas, an order-preserving join after them).
 *
 * <pre>{@code
 * @Stateless
 * public final class Scale extends Filter {
 *     @Rate(1) private FloatChannel in;
 *     @Rate(1) private FloatChannel out;
 *     private float gain = 1;                 // configuration: set before the graph starts, read by work()
 *
 *     void gain(float g) { gain = g; }
 *
 *     @Override public void work() { out.put(in.take() * gain); }
 * }
 * }</pre>
 *
 * <p>The runtime trusts the annotation, as it trusts {@code @Rate}; the StreamFlex javac plugin is
 * what proves it. Its rule F1 rejects, in {@code work()}, {@code trigger()}, {@code @Atomic} methods
 * and the code they call, every write to a field of the filter or to a static field, every write
 * into an array or object a field holds, and every call or use that could change such an object
 * (see {@code streamflex-checker/README.md}, "F1 StatelessWork"). It is not inherited: each class
 * the runtime may replicate carries it, and is checked, itself.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Stateless {
}
