package org.streamflex;

import org.streamflex.spi.FilterContext;

/**
 * A stream filter: its channels are fields, its activity is {@link #work()}.
 *
 * <p>Filters are created by {@link StreamFlexGraph#makeFilter(Class)} (any constructor
 * visibility, no parameters); the graph injects channels into the fields named in
 * {@code connect}. A filter is released when its {@link #trigger()} holds: by default when any
 * input channel, data or time, has something to take.
 *
 * <pre>{@code
 * public class Gen extends Filter {
 *     private TimeChannel timer;
 *     private IntChannel out;
 *     private int counter;
 *     public void work() { out.put(counter++); }
 * }
 * }</pre>
 */
public abstract class Filter {
    /** Set by the runtime when it creates the filter. */
    private FilterContext context;

    protected Filter() {
    }

    /** The activity, run when the trigger holds; its channel operations are one transaction. */
    public abstract void work();

    /**
     * Whether the filter is schedulable. Override with any predicate over the filter's channels,
     * for instance a rate: {@code return in.size() >= 2 * rate;}
     */
    protected boolean trigger() {
        return context().anyInputAvailable();
    }

    /**
     * A capsule from the runtime's pool. If this {@code work()} does not put it on an output
     * channel, it goes back to the pool when {@code work()} returns.
     *
     * <pre>{@code
     * Complex c = makeCapsule(Complex.class);
     * c.re = 1.0;
     * out.put(c);
     * }</pre>
     */
    protected final <C extends Capsule> C makeCapsule(Class<C> type) {
        return context().makeCapsule(type);
    }

    /**
     * Counts one occurrence of a rare condition, declared as a {@code static final} field of the
     * filter's class. Allocation-free for an event declared in the filter's class or a superclass
     * (its counter exists from the start); another event gets its counter when first raised. Call
     * it from {@code work()} or {@code trigger()}: the filter's own thread is the counter's one
     * writer.
     *
     * <pre>{@code
     * private static final FilterEvent MALFORMED = FilterEvent.named("malformed-frame");
     * public void work() {
     *     if (frame.length < 14) {
     *         raise(MALFORMED);   // counter filter.<name>.event.malformed-frame
     *     }
     * }
     * }</pre>
     */
    protected final void raise(FilterEvent event) {
        context().raise(event);
    }

    private FilterContext context() {
        FilterContext c = context;
        if (c == null) {
            throw new StreamFlexError(getClass().getName()
                    + " was created with new: create filters with makeFilter(Class) in a StreamFlexGraph");
        }
        return c;
    }
}
