package org.streamflex;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares how many items a filter's {@code work()} moves through one of its channels, every time
 * it runs: on an input, the items it takes ({@link #value()}) and, if it looks further ahead, the
 * items it peeks at ({@link #peek()}); on an output, the items it puts. A channel without it has a
 * dynamic rate, as every channel had before rates existed; an edge is static when both of its ends
 * declare a rate.
 *
 * <p>{@code validate()} checks the declarations (a rate on a field that is not a data channel, a
 * negative rate, a peek on an output or below the take rate) and works out, for each connected
 * part of the graph whose edges are all static, how many times each filter runs in one steady-state
 * iteration (StreamIt's balance equations): {@code StreamFlexGraph.schedule()} prints it. With
 * {@code -Dstreamflex.rates.check=true} the runtime counts each {@code work()}'s takes and puts on
 * the declared channels and stops the filter with a {@link RateViolationError} naming the channel
 * when they differ from the declaration. A filter whose rates are declared and whose class is
 * annotated {@link Stateless} may be run as parallel replicas (fission).
 *
 * <pre>{@code
 * public final class Decimate extends Filter {
 *     @Rate(2) private FloatChannel in;    // takes 2 items per work()
 *     @Rate(1) private FloatChannel out;   // puts 1
 *
 *     @Override public void work() {
 *         float a = in.take();
 *         float b = in.take();
 *         out.put((a + b) / 2);
 *     }
 * }
 *
 * public final class Fir3 extends Filter {
 *     @Rate(value = 1, peek = 3) private FloatChannel in;   // looks at 3, takes 1
 *     @Rate(1) private FloatChannel out;
 *     ...
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Rate {
    /** Items taken from this input, or put on this output, by every {@code work()}; 0 or more. */
    int value();

    /**
     * Items of this input that every {@code work()} may look at with {@code peek(i)}, counting those
     * it takes: at least {@link #value()}. 0, the default, means the same as {@link #value()}.
     * Inputs only.
     */
    int peek() default 0;
}
